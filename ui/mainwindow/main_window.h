#pragma once
// The RagLens main window: opens an audit database (dialog, drag and drop, recent list,
// command line, default workspace), shows its sessions in a lazily loaded tree with the
// filter bar above it, and on the right the selected run on a time axis over the
// drill-down of the selected invocation (or the trace JSON of a session or run).

#include "common/error.h"
#include "model/diagnosis_trace.h"
#include "sessions/tree_navigator.h"

#include <QMainWindow>
#include <QPersistentModelIndex>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QToolButton;
class QTreeView;

namespace raglens {
class AuditDatabase;
struct DatabaseLocation;
struct ProblemQuery;
struct DatabaseSummary;
struct SavedView;
} // namespace raglens

namespace raglens::interpret {
struct RunFallbackCause;
}

namespace raglens::serve {
class TraceApiServer;
struct ServeOptions;
struct TraceApiEndpoint;
} // namespace raglens::serve

class QTemporaryDir;

namespace raglens::ui {

class AuditCheckPanel;
class DatabaseWorker;
class DemoWorkspaceJob;
class EvalPanel;
class FactsIndexJob;
class FindingsView;
class FollowController;
class HealthPanel;
class InvocationView;
class KnowledgeBasePanel;
class LookupConsoleWidget;
class RunView;
class SessionFilterBar;
class SessionSortProxy;
class SessionTreeModel;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    /// Where problems go: a message box by default; tests install their own.
    using ErrorReporter = std::function<void(const QString& title, const QString& message)>;

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens an SQLite file or server URL; reports failure and keeps the current database.
    bool openDatabase(const QString& pathOrUrl, const QString& password = {});
    /// Opens DIR/audit.db. When `createDemo` and the folder holds no database yet, starts
    /// creating the demo workspace there instead (a DemoWorkspaceJob, with a progress dialog
    /// that can cancel) and returns true: the workspace opens when it is done
    /// (databaseOpened), or an error is reported.
    bool openWorkspace(const QString& dir, bool createDemo = false);
    void closeDatabase();

    void setErrorReporter(ErrorReporter reporter) { m_reportError = std::move(reporter); }
    AuditDatabase* database() const { return m_db.get(); }

    // For tests and the shortcut dialog.
    SessionTreeModel* sessionModel() const { return m_model; }
    QSortFilterProxyModel* sessionProxy() const;
    QTreeView* sessionTree() const { return m_tree; }
    SessionFilterBar* filterBar() const { return m_filterBar; }
    RunView* runView() const { return m_runView; }
    QPlainTextEdit* traceText() const { return m_traceText; }
    InvocationView* invocationView() const { return m_invocationView; }
    FindingsView* findingsView() const { return m_findings; }
    QList<QAction*> shortcutActions() const;
    QAction* action(const QString& objectName) const;
    QString statusText() const;
    /// What the last View → Language choice said (in the language chosen, then the current).
    QString lastLanguageNotice() const { return m_lastLanguageNotice; }
    QTabWidget* workTabs() const { return m_workTabs; }
    HealthPanel* healthPanel() const { return m_health; }
    AuditCheckPanel* auditCheckPanel() const { return m_auditCheck; }

    /// Selects a session, run or invocation in the tree (switching to the Sessions tab).
    /// When the session is not loaded, or `reload` says the data changed, the list is
    /// narrowed to that session first and the selection follows once it has loaded.
    void showInTree(const QString& sessionId, const QString& runId = {}, qint64 invocationId = 0,
                    bool reload = false);

    /// The trace JSON (as `raglens-cli trace` prints it) of the current session or run, read
    /// on the calling thread (the window's own views read it in the database worker).
    QString currentTraceJson() const;
    /// Moves the tree's current item to the next/previous target; false when none is loaded.
    bool navigate(NavigationTargetKind kind, bool forward);

    /// Serves the open database's traces over HTTP (File → Serve Trace API…); the address
    /// is shown in the status bar. Reports and returns false when it cannot start.
    bool startServingTraceApi(const serve::ServeOptions& options);
    void stopServingTraceApi();
    serve::TraceApiServer* traceApiServer() const { return m_traceApiServer.get(); }
    /// Fetches a session's trace from a Trace API in the background and shows it (a local
    /// copy, never written back); databaseOpened() follows, or the error is reported.
    void openTraceApi(const serve::TraceApiEndpoint& endpoint, const QString& sessionId);

    /// View → Follow New Sessions: the tree picks up what the agent writes (see
    /// FollowController). A SQLite file read without seeing other writers is reopened live.
    void setFollowing(bool on);
    bool isFollowing() const;
    FollowController* followController() const { return m_follow; }

    /// Writes the selected session or run as an HTML report (File → Export Report…) in
    /// the background; reportExported() follows, or the error is reported.
    void exportReport(const QString& path);

signals:
    void databaseOpened(const QString& display);
    void reportExported(const QString& path);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // main_window.cpp
    void buildCentralWidget();
    void buildSessionTree();
    /// The run view and the invocation drill-down beside `left` (the filter bar and tree).
    void buildDetailPane(QWidget* left);
    /// Shown until a database is open: what to do next, not a blank window.
    QWidget* buildEmptyPage();
    void buildStatusBar();
    void connectSessionsPage();
    void restoreLayout();
    void saveLayout() const;
    void reportError(const QString& title, const QString& message);
    void sizeSplitterOnce();
    // main_window_actions.cpp
    void createActions();
    void createFileMenu();
    void createEditMenu();
    void createGoMenu();
    void createViewMenu();
    void createHelpMenu();
    void rebuildRecentMenu();
    void showOpenDialog();
    void showOpenWorkspaceDialog();
    void showShortcuts();
    void exportTraceJson();
    void exportTimelinePng();
    void copyTraceJson();
    void setTheme(int theme);
    void setLanguage(const QString& locale);
    // main_window_database.cpp
    /// Shows `db`; `schemaNotes` are what its schema lacks, computed here when not given.
    bool adoptDatabase(std::unique_ptr<AuditDatabase> db, const QString& recentEntry,
                       std::optional<QStringList> schemaNotes = std::nullopt);
    /// Opens and inspects a database in the background while the window paints (a remote
    /// server, a slow disk, a file copied first), then opens this thread's connection from
    /// what was learned, without a statement here; also what its schema lacks.
    Expected<std::unique_ptr<AuditDatabase>> openInBackground(const DatabaseLocation& location,
                                                              QStringList* schemaNotes);
    void startDemoWorkspace(const QString& dir);
    void selectFirstSessionOnce();
    void refreshSummary();
    void updateStatus();
    /// Builds or refreshes the facts index of a database RagLens did not create, in the
    /// background; lists, counts and health read it once it is ready.
    void startFactsIndex();
    void stopFactsIndex();
    void setupFactsIndexStatus();
    void updateCounts();
    // main_window_panels.cpp
    void createPanels();
    void updatePanelsForDatabase();
    void onWorkTabChanged();
    bool selectInTree(const QString& sessionId, const QString& runId, qint64 invocationId);
    void selectBelow(const QPersistentModelIndex& session, const QString& runId,
                     qint64 invocationId);
    void retryPendingSelection();
    // main_window_invocation.cpp
    void createInvocationActions();
    /// View → Saved Views: named filter sets, Alt+1…9, copied and pasted as a line of text.
    void createSavedViewsMenu(QMenu* view);
    void rebuildSavedViewsMenu();
    void saveCurrentView();
    void pasteView();

public:
    /// Applies a saved view to the filter bar; says in the status bar what it could not show.
    void applySavedView(const raglens::SavedView& view);

private:
    void setCurrentInvocation(std::optional<TraceInvocation> invocation);
    void replayCurrentInvocation();
    /// Ctrl+D: the two runs, or two lookups, selected in the tree side by side.
    void compareSelected();
    void compareRuns(const TraceRun& x, const TraceRun& y);
    void compareLookups(const TraceInvocation& x, const TraceInvocation& y);
    void reportCompareError(const QString& message);
    template <class Read, class Fill>
    void readPairThenCompare(Read read, Fill fill, const QString& busy);
    QString defaultEvalSetPath() const;
    void addInvocationToEvalSet(const std::optional<TraceInvocation>& invocation);
    void addRunToEvalSet(const QString& runId);
    void openAddToEvalSetDialog(const ProblemQuery& problem);
    // main_window_feedback.cpp
    void createRateRunAction(QMenu* menu);
    QString whyRunsCannotBeRated() const;
    void updateRateRunAction();
    void readRunFeedback(const QString& runId);
    void rateCurrentRun();
    // main_window_report.cpp
    QAction* createReportAction();
    // main_window_follow.cpp
    void createFollowActions(QMenu* view);
    void updateFollowStatus();
    // main_window_trace_api.cpp
    void createTraceApiActions(QMenu* file, QAction* before);
    void showServeTraceApiDialog();
    void showOpenTraceApiDialog();
    void updateServingStatus();
    // main_window_selection.cpp
    void onCurrentChanged(const QModelIndex& current);
    void fetchMoreIfNearEnd();
    /// `again`: show it anew even when it is the run shown (follow mode read it again).
    void showRunOf(const QModelIndex& sourceIndex, bool again = false);
    /// Whether a session's runs or a run's rows are in the tree; if not, asks for them and
    /// shows `current` (a proxy index) again once they are, if it is still current.
    bool childrenReadyFor(const QModelIndex& source, const QModelIndex& current);
    /// When a session's runs or a run's rows could not be read, says so in the drill-down
    /// (true); false when they were read.
    bool showUnreadable(const QModelIndex& source);
    void selectFromRunView(int kind, qint64 id);
    void showTraceEvent(qint64 eventId);
    void showTraceJsonFor(const QModelIndex& sourceIndex);
    /// The session and run whose trace the current tree item stands for (the run empty for
    /// a session); both empty without a selection.
    std::pair<QString, QString> currentTraceIds() const;
    /// Reads and prints that trace in the database worker (here for ":memory:") and hands
    /// the text, or the error, to `done` on the GUI thread.
    void readTraceJson(const std::pair<QString, QString>& ids,
                       std::function<void(Expected<QString>)> done);
    /// Fills the Trace JSON tab for the current selection when it is shown and stale.
    void refreshTraceTextIfShown();
    /// `runCause`: why the invocation's run fell back, shown above the lookup.
    /// A read that found the file damaged: status bar, access label and Recent follow.
    void noteDatabaseDamage(const QString& message);
    void showInvocation(const TraceInvocation& row,
                        const interpret::RunFallbackCause* runCause = nullptr);

    std::unique_ptr<AuditDatabase> m_db;
    /// Reads for the selection (a call's full trace, a trace's JSON) off the GUI thread, on
    /// a connection of its own; null for ":memory:", which cannot be reopened.
    std::unique_ptr<DatabaseWorker> m_worker;
    quint64 m_invocationGeneration = 0; ///< answers for an older selection are dropped
    quint64 m_traceGeneration = 0;
    quint64 m_runEventsGeneration = 0;  ///< the run view's timeline events
    quint64 m_navigationGeneration = 0; ///< a search waiting for children is superseded
    QString m_lastLanguageNotice;       ///< what View → Language said last, in both languages
    QString m_dbEntry;                  ///< what the recent list remembers for the open database
    QStringList m_schemaNotes;          ///< what the open database's schema lacks, in words
    SessionTreeModel* m_model = nullptr;
    SessionSortProxy* m_proxy = nullptr;
    QStackedWidget* m_pages = nullptr; ///< empty state / browser
    QLabel* m_emptyState = nullptr;
    QSplitter* m_mainSplitter = nullptr;
    QSplitter* m_rightSplitter = nullptr;
    SessionFilterBar* m_filterBar = nullptr;
    QTreeView* m_tree = nullptr;
    RunView* m_runView = nullptr;
    QTabWidget* m_detail = nullptr; ///< the invocation drill-down and the trace JSON
    QPlainTextEdit* m_traceText = nullptr;
    InvocationView* m_invocationView = nullptr;
    QLabel* m_dbLabel = nullptr;
    QLabel* m_accessLabel = nullptr;
    QLabel* m_countsLabel = nullptr;
    QLabel* m_factsLabel = nullptr;       ///< the facts index: building, ready, unavailable
    QToolButton* m_factsCancel = nullptr; ///< cancels building it
    FactsIndexJob* m_factsJob = nullptr;
    DemoWorkspaceJob* m_demoJob = nullptr; ///< creating the demo workspace on first start
    QString m_factsIndex;                  ///< the open database's facts index, once ready
    bool m_factsAfterFirstPage = false;    ///< totals and facts index wait for the first page
    /// The first session is made current when the first page arrives, unless the user chose.
    bool m_selectFirstOnLoad = false;
    int m_readingWidth = 0; ///< the session tree's name and reading columns side by side
    QMenu* m_recentMenu = nullptr;
    QActionGroup* m_themeGroup = nullptr;
    QActionGroup* m_languageGroup = nullptr;
    QList<QAction*> m_shortcutActions;
    ErrorReporter m_reportError;
    int m_totalSessions = -1;
    QString m_summaryError;    ///< why the counts could not be read (e.g. a corrupt file)
    bool m_traceDirty = false; ///< the Trace JSON tab does not show the current selection
    int m_totalRuns = -1;
    int m_totalInvocations = -1;
    int m_totalFallbackRuns = -1;
    quint64 m_summaryGeneration = 0;
    bool m_splitterSized = false;
    bool m_fittedToScreen = false;    ///< the first show brought the frame onto the screen
    QTabWidget* m_workTabs = nullptr; ///< Sessions, Health, Lookup console, KB, Evaluation
    HealthPanel* m_health = nullptr;
    LookupConsoleWidget* m_console = nullptr;
    KnowledgeBasePanel* m_kbPanel = nullptr;
    EvalPanel* m_evalPanel = nullptr;
    AuditCheckPanel* m_auditCheck = nullptr;
    bool m_auditCheckStale = true; ///< the Audit Check tab shows another database
    bool m_healthStale = true;     ///< the Health tab shows another database than the open one
    QString m_kbOpened;            ///< knowledge base folder given to the KB panel
    struct PendingSelection
    {
        QString sessionId;
        QString runId;
        qint64 invocationId = 0;
    };
    std::optional<PendingSelection> m_pendingSelection;
    QByteArray m_headerState;            ///< across model resets
    std::vector<TraceEvent> m_runEvents; ///< of the run in the run view
    FindingsView* m_findings = nullptr;
    QAction* m_replayAction = nullptr;
    QAction* m_rateRunAction = nullptr;
    QAction* m_compareAction = nullptr;
    QMenu* m_savedViewsMenu = nullptr;
    QAction* m_addToEvalAction = nullptr;
    std::optional<TraceInvocation> m_currentInvocation; ///< shown in the drill-down
    std::unique_ptr<serve::TraceApiServer> m_traceApiServer;
    QAction* m_serveAction = nullptr;
    QLabel* m_servingLabel = nullptr;
    std::unique_ptr<QTemporaryDir> m_fetchedTraces; ///< local copies of traces opened by URL
    quint64 m_fetchGeneration = 0;
    QString m_fetchedFrom; ///< "session · URL" while a fetched trace's copy is open
    FollowController* m_follow = nullptr;
    QAction* m_followAction = nullptr;
    QToolButton* m_followButton = nullptr; ///< "Following", "3 new sessions", an error
    /// Databases are opened so that other writers' commits are seen (once following).
    bool m_readLive = false;
};

} // namespace raglens::ui
