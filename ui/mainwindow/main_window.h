#pragma once
// The RagLens main window: opens an audit database (dialog, drag and drop, recent list,
// command line, default workspace) and shows it in its tabs — the Sessions page
// (SessionsPage), Health, the lookup console, the knowledge base, evaluation and the audit
// check — with the menus, the status bar and the controllers of the actions on what the
// Sessions page shows (InvocationActions, CompareAction, RunRatingAction, ExportActions).

#include "common/error.h"
#include "model/diagnosis_trace.h"
#include "sessions/tree_navigator.h"

#include <QMainWindow>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QToolButton;
class QTreeView;

namespace raglens {
class AuditDatabase;
struct DatabaseLocation;
struct DatabaseSummary;
struct SavedView;
} // namespace raglens

namespace raglens::serve {
class TraceApiServer;
struct ServeOptions;
struct TraceApiEndpoint;
} // namespace raglens::serve

class QTemporaryDir;

namespace raglens::ui {

class AuditCheckPanel;
class CompareAction;
class DatabaseWorker;
class DemoWorkspaceJob;
class EvalPanel;
class ExportActions;
class FactsIndexJob;
class FindingsView;
class FollowController;
class HealthPanel;
class InvocationActions;
class InvocationView;
class KnowledgeBasePanel;
class LookupConsoleWidget;
class RunRatingAction;
class RunView;
class SessionFilterBar;
class SessionTreeModel;
class SessionsPage;
class WindowController;

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
    SessionsPage* sessionsPage() const { return m_sessions; }
    SessionTreeModel* sessionModel() const;
    QSortFilterProxyModel* sessionProxy() const;
    QTreeView* sessionTree() const;
    SessionFilterBar* filterBar() const;
    RunView* runView() const;
    QPlainTextEdit* traceText() const;
    InvocationView* invocationView() const;
    FindingsView* findingsView() const;
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
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // main_window.cpp
    void buildCentralWidget();
    void buildStatusBar();
    void connectSessionsPage();
    void restoreLayout();
    void saveLayout() const;
    void reportError(const QString& title, const QString& message);
    void showStatusMessage(const QString& text, int timeoutMs);
    /// A read that found the file damaged: status bar, access label and Recent follow.
    void noteDatabaseDamage(const QString& message);
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
    /// The status bar's totals: sessions, runs (FALLBACK runs), invocations.
    QString totalsText() const;
    // main_window_panels.cpp
    void createPanels();
    void updatePanelsForDatabase();
    void onWorkTabChanged();
    // main_window_invocation.cpp
    /// The Invocation menu: its controllers, wired to the status bar and error reporting.
    void createInvocationActions();
    /// Its status notes go to the status bar, its errors to reportError().
    void connectController(WindowController* controller);
    /// View → Saved Views: named filter sets, Alt+1…9, copied and pasted as a line of text.
    void createSavedViewsMenu(QMenu* view);
    void rebuildSavedViewsMenu();
    void saveCurrentView();
    void pasteView();

public:
    /// Applies a saved view to the filter bar; says in the status bar what it could not show.
    void applySavedView(const raglens::SavedView& view);

private:
    // main_window_follow.cpp
    void createFollowActions(QMenu* view);
    void updateFollowStatus();
    // main_window_trace_api.cpp
    void createTraceApiActions(QMenu* file, QAction* before);
    void showServeTraceApiDialog();
    void showOpenTraceApiDialog();
    void updateServingStatus();

    std::unique_ptr<AuditDatabase> m_db;
    /// Reads for the selection (a call's full trace, a trace's JSON) off the GUI thread, on
    /// a connection of its own; null for ":memory:", which cannot be reopened.
    std::unique_ptr<DatabaseWorker> m_worker;
    QString m_lastLanguageNotice; ///< what View → Language said last, in both languages
    SessionsPage* m_sessions = nullptr;
    InvocationActions* m_invocationActions = nullptr;
    RunRatingAction* m_runRating = nullptr;
    ExportActions* m_exports = nullptr;
    QMenu* m_savedViewsMenu = nullptr;
    QString m_dbEntry;         ///< what the recent list remembers for the open database
    QStringList m_schemaNotes; ///< what the open database's schema lacks, in words
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
    QMenu* m_recentMenu = nullptr;
    QActionGroup* m_themeGroup = nullptr;
    QActionGroup* m_languageGroup = nullptr;
    QList<QAction*> m_shortcutActions;
    ErrorReporter m_reportError;
    int m_totalSessions = -1;
    QString m_summaryError; ///< why the counts could not be read (e.g. a corrupt file)
    int m_totalRuns = -1;
    int m_totalInvocations = -1;
    int m_totalFallbackRuns = -1;
    quint64 m_summaryGeneration = 0;
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
