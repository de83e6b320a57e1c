// MainWindow: Ctrl+D compares the two runs, or the two lookups, selected in the session tree
// (the older one as A). Their rows are read in the database worker; the comparison itself is
// core's (compare/run_comparison), the same the CLI prints.

#include "mainwindow/main_window.h"

#include "common/database_worker.h"
#include "compare/compare_dialog.h"
#include "db/audit_database.h"
#include "model/vocabulary.h"
#include "sessions/session_sort_proxy.h"
#include "sessions/session_tree_model.h"
#include "trace/audit_browser.h"

#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTreeView>

namespace raglens::ui {

namespace {

using Kind = SessionTreeModel::Kind;

/// Two sides read for a comparison (runs or lookups), each with its own error.
template <typename T> struct Pair
{
    Expected<T> a = Error{QString()};
    Expected<T> b = Error{QString()};
};

} // namespace

void MainWindow::reportCompareError(const QString& message)
{
    reportError(tr("Cannot compare"), message);
}

// Reads the pair in the worker (here for ":memory:") and opens the window on it with `fill`,
// or says why it could not.
template <class Read, class Fill>
void MainWindow::readPairThenCompare(Read read, Fill fill, const QString& busy)
{
    using P = decltype(read(*m_db));
    const auto show = [this, fill](const P& pair) {
        if (!pair.a || !pair.b) {
            reportCompareError(!pair.a ? pair.a.error() : pair.b.error());
            return;
        }
        auto* dialog = new CompareDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        fill(*dialog, *pair.a, *pair.b);
        dialog->show();
    };
    if (!m_worker)
        return show(read(*m_db));
    if (!busy.isEmpty())
        statusBar()->showMessage(busy, 3000);
    m_worker->read<P>(this, read, [this, show](Expected<P> pair) {
        if (!pair)
            reportCompareError(pair.error());
        else
            show(*pair);
    });
}

void MainWindow::compareRuns(const TraceRun& x, const TraceRun& y)
{
    // The run that started first is A.
    const bool xFirst =
        !y.startedAt.isValid() || (x.startedAt.isValid() && x.startedAt <= y.startedAt);
    const QString a = xFirst ? x.runId : y.runId;
    const QString b = xFirst ? y.runId : x.runId;
    readPairThenCompare(
        [a, b](AuditDatabase& db) {
            const AuditBrowser browser(db);
            return Pair<compare::RunData>{compare::loadRun(browser, a),
                                          compare::loadRun(browser, b)};
        },
        [](CompareDialog& dialog, const compare::RunData& ra, const compare::RunData& rb) {
            dialog.setRuns(ra, rb);
        },
        tr("Reading the two runs…"));
}

void MainWindow::compareLookups(const TraceInvocation& x, const TraceInvocation& y)
{
    const qint64 a = std::min(x.id, y.id);
    const qint64 b = std::max(x.id, y.id);
    readPairThenCompare(
        [a, b](AuditDatabase& db) {
            const AuditBrowser browser(db);
            return Pair<TraceInvocation>{browser.invocation(a), browser.invocation(b)};
        },
        [](CompareDialog& dialog, const TraceInvocation& ia, const TraceInvocation& ib) {
            dialog.setLookups(ia, ib);
        },
        QString());
}

void MainWindow::compareSelected()
{
    const auto explain = [this] {
        statusBar()->showMessage(tr("Compare needs two runs, or two lookup_knowledge calls: "
                                    "select one, Ctrl+click the other, then press Ctrl+D."),
                                 6000);
    };
    if (!m_db)
        return explain();
    std::vector<QModelIndex> rows;
    for (const QModelIndex& row : m_tree->selectionModel()->selectedRows(0))
        rows.push_back(m_proxy->mapToSource(row));
    if (rows.size() != 2 || m_model->kindOf(rows[0]) != m_model->kindOf(rows[1]))
        return explain();
    if (m_model->kindOf(rows[0]) == Kind::Run) {
        const TraceRun* x = m_model->runAt(rows[0]);
        const TraceRun* y = m_model->runAt(rows[1]);
        if (!x || !y)
            return explain();
        return compareRuns(*x, *y);
    }
    if (m_model->kindOf(rows[0]) == Kind::Invocation) {
        const TraceInvocation* x = m_model->invocationAt(rows[0]);
        const TraceInvocation* y = m_model->invocationAt(rows[1]);
        if (!x || !y || x->toolName != vocab::kLookupKnowledge ||
            y->toolName != vocab::kLookupKnowledge)
            return explain();
        return compareLookups(*x, *y);
    }
    explain();
}

} // namespace raglens::ui
