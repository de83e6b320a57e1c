#pragma once
// The Sessions tab: the filter bar and the lazily loaded session tree on the left; on the
// right the selected run on a time axis over the drill-down of the selected invocation, its
// findings, or the trace JSON of a session or run. Until a database is open it says what to
// do instead. It owns the selection logic (which call explains a run, what shows while rows
// are read) and reads for the selection in the database worker; the window's actions work
// on what it shows (currentInvocation, currentRun, selectedRows, currentTraceIds).

#include "common/error.h"
#include "model/diagnosis_trace.h"
#include "sessions/tree_navigator.h"

#include <QPersistentModelIndex>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QLabel;
class QPlainTextEdit;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTreeView;

namespace raglens {
class AuditDatabase;
}

namespace raglens::interpret {
struct RunFallbackCause;
}

namespace raglens::ui {

class AppSettings;
class DatabaseWorker;
class FindingsView;
class InvocationView;
class RunView;
class SessionFilterBar;
class SessionSortProxy;
class SessionListNote;
class SessionTreeModel;

class SessionsPage : public QWidget
{
    Q_OBJECT
public:
    explicit SessionsPage(QWidget* parent = nullptr);
    ~SessionsPage() override;

    /// Shows `db` (read off the GUI thread by `worker`; null for ":memory:"), or the empty
    /// state when `db` is null. Both outlive the page's use of them: call with nulls first.
    void setDatabase(AuditDatabase* db, DatabaseWorker* worker);
    AuditDatabase* database() const { return m_db; }
    DatabaseWorker* worker() const { return m_worker; }

    SessionTreeModel* model() const { return m_model; }
    SessionSortProxy* proxy() const { return m_proxy; }
    /// What the list says where its rows would be when it shows none.
    SessionListNote* listNote() const { return m_listNote; }
    QTreeView* tree() const { return m_tree; }
    SessionFilterBar* filterBar() const { return m_filterBar; }
    RunView* runView() const { return m_runView; }
    QPlainTextEdit* traceText() const { return m_traceText; }
    InvocationView* invocationView() const { return m_invocationView; }
    FindingsView* findingsView() const { return m_findings; }

    /// The invocation in the drill-down (its full trace once read), if any.
    const std::optional<TraceInvocation>& currentInvocation() const { return m_currentInvocation; }
    /// The run of the tree's current item; null when it is not inside a run.
    const TraceRun* currentRun() const;
    /// The rows selected in the tree (Ctrl+click adds one), as indexes of model().
    std::vector<QModelIndex> selectedRows() const;
    /// The session and run whose trace the current tree item stands for (the run empty for
    /// a session); both empty without a selection.
    std::pair<QString, QString> currentTraceIds() const;
    /// Reads and prints that trace in the database worker (here for ":memory:") and hands
    /// the text, or the error, to `done` on the GUI thread.
    void readTraceJson(const std::pair<QString, QString>& ids,
                       std::function<void(Expected<QString>)> done);
    /// The trace JSON (as `raglens-cli trace` prints it) of the current session or run, read
    /// on the calling thread.
    QString currentTraceJson() const;

    /// Selects a session, run or invocation. When the session is not loaded, or `reload` says
    /// the data changed, the list is narrowed to that session first and the selection
    /// follows once it has loaded.
    void showInTree(const QString& sessionId, const QString& runId = {}, qint64 invocationId = 0,
                    bool reload = false);
    /// Moves the tree's current item to the next/previous target; false when none is loaded.
    bool navigate(NavigationTargetKind kind, bool forward);
    /// Makes the first session current unless the user already chose a row.
    void selectFirstSession();
    /// Reads the ratings of the run shown again (after one was written).
    void readRunFeedback(const QString& runId);

    void restoreLayout(const AppSettings& settings);
    void saveLayout(AppSettings& settings) const;

signals:
    /// The drill-down shows another invocation, or none.
    void currentInvocationChanged();
    /// The run view shows another run, or none.
    void runShown();
    /// A note for the status bar.
    void statusMessage(const QString& text, int timeoutMs);
    /// Reading the list failed (e.g. the file is damaged).
    void readFailed(const QString& message);
    /// The empty state's button.
    void openDatabaseRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    // sessions_page.cpp
    void buildSessionTree();
    void showColumnMenu(const QPoint& pos);
    /// The run view and the invocation drill-down beside `left` (the filter bar and tree).
    QSplitter* buildDetailPane(QWidget* left);
    QWidget* buildEmptyPage();
    void connectParts();
    void clearDetail();
    void sizeSplitterOnce();
    void fetchMoreIfNearEnd();
    // sessions_page_selection.cpp
    void onCurrentChanged(const QModelIndex& current);
    /// A run or step: the call that explains it (core decides which), or why there is none.
    void showTellingCallOf(const QModelIndex& source, const QModelIndex& runIndex);
    /// Whether a session's runs or a run's rows are in the tree; if not, asks for them and
    /// shows `current` (a proxy index) again once they are, if it is still current.
    bool childrenReadyFor(const QModelIndex& source, const QModelIndex& current);
    /// When a session's runs or a run's rows could not be read, says so in the drill-down
    /// (true); false when they were read.
    bool showUnreadable(const QModelIndex& source);
    /// `runCause`: why the invocation's run fell back, shown above the lookup.
    void showInvocation(const TraceInvocation& row,
                        const interpret::RunFallbackCause* runCause = nullptr);
    void setCurrentInvocation(std::optional<TraceInvocation> invocation);
    /// Shows the run of `source` (a model index) in the run view; `again` even when it is
    /// the run shown (follow mode read it again).
    void showRunOf(const QModelIndex& source, bool again = false);
    void selectFromRunView(int kind, qint64 id);
    // sessions_page_trace.cpp
    void showTraceEvent(qint64 eventId);
    /// Fills the Trace JSON tab for the current selection when it is shown and stale.
    void refreshTraceTextIfShown();
    void showTraceJsonFor(const QModelIndex& sourceIndex);
    // sessions_page_navigation.cpp
    bool selectInTree(const QString& sessionId, const QString& runId, qint64 invocationId);
    void selectBelow(const QPersistentModelIndex& session, const QString& runId,
                     qint64 invocationId);
    void retryPendingSelection();

    AuditDatabase* m_db = nullptr;
    DatabaseWorker* m_worker = nullptr;
    quint64 m_invocationGeneration = 0; ///< answers for an older selection are dropped
    quint64 m_traceGeneration = 0;
    quint64 m_runEventsGeneration = 0;  ///< the run view's timeline events and ratings
    quint64 m_navigationGeneration = 0; ///< a search waiting for children is superseded
    SessionTreeModel* m_model = nullptr;
    SessionSortProxy* m_proxy = nullptr;
    SessionListNote* m_listNote = nullptr;
    QStackedWidget* m_pages = nullptr; ///< empty state / browser
    QSplitter* m_mainSplitter = nullptr;
    QSplitter* m_rightSplitter = nullptr;
    SessionFilterBar* m_filterBar = nullptr;
    QTreeView* m_tree = nullptr;
    RunView* m_runView = nullptr;
    QTabWidget* m_detail = nullptr; ///< the invocation drill-down, findings, the trace JSON
    QPlainTextEdit* m_traceText = nullptr;
    InvocationView* m_invocationView = nullptr;
    FindingsView* m_findings = nullptr;
    int m_readingWidth = 0; ///< the session tree's name and reading columns side by side
    bool m_splitterSized = false;
    bool m_traceDirty = false;           ///< the Trace JSON tab does not show the current selection
    QByteArray m_headerState;            ///< across model resets
    std::vector<TraceEvent> m_runEvents; ///< of the run in the run view
    std::optional<TraceInvocation> m_currentInvocation; ///< shown in the drill-down
    struct PendingSelection
    {
        QString sessionId;
        QString runId;
        qint64 invocationId = 0;
    };
    std::optional<PendingSelection> m_pendingSelection;
};

} // namespace raglens::ui
