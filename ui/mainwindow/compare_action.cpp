#include "mainwindow/compare_action.h"

#include "common/database_worker.h"
#include "compare/compare_dialog.h"
#include "db/audit_database.h"
#include "model/vocabulary.h"
#include "sessions/session_tree_model.h"
#include "sessionspage/sessions_page.h"
#include "trace/audit_browser.h"

#include <QAction>

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

CompareAction::CompareAction(SessionsPage* page, QWidget* window)
    : WindowController(window), m_page(page), m_window(window)
{
    m_action = new QAction(tr("&Compare Selected"), window);
    m_action->setObjectName(QStringLiteral("compareSelected"));
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_action->setStatusTip(
        tr("Two runs or two lookups selected in the tree (Ctrl+click the second) side by side"));
    connect(m_action, &QAction::triggered, this, &CompareAction::compareSelected);
}

void CompareAction::reportCompareError(const QString& message)
{
    emit errorOccurred(tr("Cannot compare"), message);
}

// Reads the pair in the worker (here for ":memory:") and opens the window on it with `fill`,
// or says why it could not.
template <class Read, class Fill>
void CompareAction::readPairThenCompare(Read read, Fill fill, const QString& busy)
{
    AuditDatabase& db = *m_page->database();
    using P = decltype(read(db));
    const auto show = [this, fill](const P& pair) {
        if (!pair.a || !pair.b) {
            reportCompareError(!pair.a ? pair.a.error() : pair.b.error());
            return;
        }
        auto* dialog = new CompareDialog(m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        fill(*dialog, *pair.a, *pair.b);
        dialog->show();
    };
    if (!busy.isEmpty() && m_page->worker())
        emit statusMessage(busy, 3000);
    readOpenDatabase<P>(m_page->worker(), db, this, read, [this, show](Expected<P> pair) {
        if (!pair)
            reportCompareError(pair.error());
        else
            show(*pair);
    });
}

void CompareAction::compareRuns(const TraceRun& x, const TraceRun& y)
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

void CompareAction::compareLookups(const TraceInvocation& x, const TraceInvocation& y)
{
    // The older call first, in the store's id order.
    const bool xFirst = !row_id::less(y.id, y.idText, x.id, x.idText);
    const QVariant a = xFirst ? x.storedId() : y.storedId();
    const QVariant b = xFirst ? y.storedId() : x.storedId();
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

void CompareAction::compareSelected()
{
    const auto explain = [this] {
        emit statusMessage(tr("Compare needs two runs, or two lookup_knowledge calls: "
                              "select one, Ctrl+click the other, then press Ctrl+D."),
                           6000);
    };
    if (!m_page->database())
        return explain();
    const SessionTreeModel* model = m_page->model();
    const std::vector<QModelIndex> rows = m_page->selectedRows();
    if (rows.size() != 2 || model->kindOf(rows[0]) != model->kindOf(rows[1]))
        return explain();
    if (model->kindOf(rows[0]) == Kind::Run) {
        const TraceRun* x = model->runAt(rows[0]);
        const TraceRun* y = model->runAt(rows[1]);
        if (!x || !y)
            return explain();
        return compareRuns(*x, *y);
    }
    if (model->kindOf(rows[0]) == Kind::Invocation) {
        const TraceInvocation* x = model->invocationAt(rows[0]);
        const TraceInvocation* y = model->invocationAt(rows[1]);
        if (!x || !y || x->toolName != vocab::kLookupKnowledge ||
            y->toolName != vocab::kLookupKnowledge)
            return explain();
        return compareLookups(*x, *y);
    }
    explain();
}

} // namespace raglens::ui
