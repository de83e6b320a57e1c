#include "uisupport/filled_window.h"

#include "auditcheck/audit_check_panel.h"
#include "console/lookup_console_widget.h"
#include "eval/eval_panel.h"
#include "health/health_panel.h"
#include "invocation/invocation_view.h"
#include "mainwindow/main_window.h"
#include "run/run_view.h"
#include "sessions/session_tree_model.h"

#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

namespace raglens::test {

using ui::MainWindow;

namespace {

/// Waits for `done` to hold, for up to `ms`; false when it never did.
bool waitFor(const std::function<bool()>& done, int ms = 30000)
{
    return QTest::qWaitFor(done, ms);
}

} // namespace

QString fillEveryPanel(MainWindow& window, const QString& workspaceDir,
                       const std::function<void(QWidget* page)>& onTab)
{
    if (!window.openWorkspace(workspaceDir))
        return QStringLiteral("the workspace %1 did not open").arg(workspaceDir);
    QAbstractItemModel* tree = window.sessionTree()->model();
    if (!waitFor([&] { return tree->rowCount() > 0; }))
        return QStringLiteral("no sessions");
    // A session with a FALLBACK run whose lookups found nothing: the richest drill-down.
    for (int r = 0; r < tree->rowCount(); ++r)
        if (tree->index(r, 0).data(ui::SessionTreeModel::SessionIdRole).toString() ==
            QLatin1String("sess-demo-006"))
            window.sessionTree()->setCurrentIndex(tree->index(r, 0));
    if (!waitFor([&] { return window.invocationView()->showsRetrieval(); }))
        return QStringLiteral("the drill-down never showed a lookup");
    QTabWidget* tabs = window.workTabs();
    for (int t = 0; t < tabs->count(); ++t) {
        tabs->setCurrentIndex(t);
        QWidget* page = tabs->currentWidget();
        if (auto* health = qobject_cast<ui::HealthPanel*>(page)) {
            if (!waitFor([&] { return !health->isComputing(); }))
                return QStringLiteral("health never finished");
        } else if (auto* console = qobject_cast<ui::LookupConsoleWidget*>(page)) {
            QSignalSpy done(console, &ui::LookupConsoleWidget::lookupFinished);
            console->runQuery(QStringLiteral("HikariPool connection is not available"));
            if (!done.wait(30000))
                return QStringLiteral("the console lookup never finished");
        } else if (auto* eval = qobject_cast<ui::EvalPanel*>(page)) {
            QSignalSpy done(eval, &ui::EvalPanel::runFinished);
            QSignalSpy failed(eval, &ui::EvalPanel::runFailed);
            eval->startRun();
            if (!waitFor([&] { return done.count() + failed.count() > 0; }, 60000))
                return QStringLiteral("the eval run never finished");
            if (!failed.isEmpty())
                return failed.value(0).value(0).toString();
        } else if (auto* check = qobject_cast<ui::AuditCheckPanel*>(page)) {
            QSignalSpy done(check, &ui::AuditCheckPanel::checkFinished);
            check->runCheck();
            if (!done.wait(30000))
                return QStringLiteral("the audit check never finished");
        }
        QTest::qWait(50); // late layouts
        if (onTab)
            onTab(page);
    }
    tabs->setCurrentIndex(0);
    QTest::qWait(50);
    if (onTab)
        onTab(tabs->currentWidget());
    return {};
}

} // namespace raglens::test
