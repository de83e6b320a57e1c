#pragma once
// Session → Run → Step → Tool invocation, loaded lazily from an AuditBrowser.
//
// Sessions arrive a page at a time from a worker thread (filtered and ordered in SQL);
// a session's runs are read when it is expanded, and a run's steps and invocations
// together when the run is expanded, both on the database worker's connection, so no
// click waits for a query. A database with a million invocations therefore opens with
// one page of session rows and nothing else.

#include "trace/audit_browser.h"

#include <QAbstractItemModel>

#include <functional>
#include <memory>
#include <variant>

namespace raglens::ui {

class DatabaseWorker;
class SessionPageLoader;
struct SessionPage;

class SessionTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        // Ordered for reading: what happened (outcome, evidence, attempt, relevance) first.
        NameColumn,
        OutcomeColumn,
        EvidenceStatusColumn,
        SelectedAttemptColumn,
        RelevanceColumn,
        StartedColumn,
        DurationColumn,
        ToolCallsColumn,
        TokensColumn,
        ToolColumn,
        ContentTypeColumn,
        SuccessColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    enum Role
    {
        SortRole = Qt::UserRole + 1,
        KindRole, ///< Kind as int
        SessionIdRole,
        RunIdRole,  ///< runs, steps and invocations
        StepIdRole, ///< steps (their id) and invocations (their step, or null)
        InvocationIdRole,
        OutcomeRole,          ///< release outcome of a run; a session's outcome over all runs
        EvidenceStatusRole,   ///< invocations: effective evidence status (interpretation)
        FailureKindRole,      ///< invocations: none, tool_error, lookup_error, no_evidence
        SelectedAttemptRole,  ///< invocations
        RetryReasonRole,      ///< invocations: the lookup's retry reason
        FallbackCauseRole,    ///< runs: why the run fell back, once its invocations are loaded
        FallbackRunCountRole, ///< sessions
        NoEvidenceCountRole,  ///< sessions
        ToneRole,             ///< badge tone (Tone as int) of the cell, or null for no badge
        ChildrenLoadingRole,  ///< sessions and runs: their children are being read
        ChildrenErrorRole,    ///< sessions and runs: why reading their children failed
        RoleCount
    };

    enum class Kind
    {
        Root,
        Session,
        Run,
        Step,
        Invocation
    };
    Q_ENUM(Kind)

    explicit SessionTreeModel(QObject* parent = nullptr);
    ~SessionTreeModel() override;

    /// The database to browse (not owned; must outlive the model or be unset first). With
    /// a worker, runs and a run's rows are read on its connection and arrive later
    /// (childrenLoaded); without one (":memory:") they are read at once.
    void setDatabase(AuditDatabase* db, DatabaseWorker* worker = nullptr);
    AuditDatabase* database() const { return m_db; }
    /// Pages and counts asked from now on are read from this facts index (empty: from the
    /// database). The tree is kept: the index gives the same rows, only sooner.
    void setFactsIndex(const QString& path);
    void setFilter(const SessionFilter& filter);
    const SessionFilter& filter() const { return m_filter; }
    void setPageSize(int pageSize) { m_pageSize = qMax(1, pageSize); }
    int pageSize() const { return m_pageSize; }

    /// Sessions matching the filter in the database; -1 until the first page arrived.
    int matchingSessions() const { return m_total; }
    /// Why the sessions could not be counted (then matchingSessions() stays -1); empty while
    /// counting and once counted.
    QString countError() const { return m_countError; }
    int loadedSessions() const;
    bool isLoading() const { return m_pagePending; }
    /// Rows read from the database so far, of every kind (tests check laziness with it).
    qint64 rowsFetched() const { return m_rowsFetched; }

    Kind kindOf(const QModelIndex& index) const;
    const SessionRow* sessionAt(const QModelIndex& index) const;
    const TraceRun* runAt(const QModelIndex& index) const;
    const TraceStep* stepAt(const QModelIndex& index) const;
    const TraceInvocation* invocationAt(const QModelIndex& index) const;
    /// The run an index belongs to (itself, or its ancestor), or an invalid index.
    QModelIndex runIndexOf(const QModelIndex& index) const;
    /// Finds a node under `run` among its loaded children (see whenChildrenLoaded).
    QModelIndex findUnderRun(const QModelIndex& run, Kind kind, qint64 id) const;
    /// Whether a session's runs or a run's rows are being read.
    bool isLoadingChildren(const QModelIndex& index) const;
    /// Whether a session's runs or a run's rows are in the tree (other kinds: always).
    bool hasLoadedChildren(const QModelIndex& index) const;
    /// Calls `then` once the children of a session or run are loaded: at once when they
    /// are, else after they arrived (asking for them if nobody has). Dropped when the
    /// tree is reset before that, since the index no longer exists.
    void whenChildrenLoaded(const QModelIndex& index, std::function<void()> then);
    /// Steps and invocations of a loaded run, as loaded for the tree.
    std::vector<TraceStep> stepsOfRun(const QModelIndex& run) const;
    std::vector<TraceInvocation> invocationsOfRun(const QModelIndex& run) const;

    /// Follow mode: reads the newest `window` sessions that match the filter (in the worker)
    /// and brings the tree up to date without moving anything the user has: new sessions are
    /// inserted at the top (and shown bold until acknowledged), changed ones redrawn, and the
    /// runs and rows of the ones already opened read again, new rows appended. `done` gets
    /// what changed, or why the read failed; not called when the tree was
    /// reset meanwhile.
    struct FollowUpdate
    {
        int added = 0;   ///< new sessions, inserted at the top
        int changed = 0; ///< sessions whose row changed
    };
    void pollForChanges(int window, std::function<void(Expected<FollowUpdate>)> done);
    /// The sessions shown bold since they arrived become plain.
    void acknowledgeNewSessions();
    /// Sessions follow mode inserted and not acknowledged yet.
    int freshSessions() const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

signals:
    void matchingSessionsChanged(int count);
    void loadingChanged(bool loading);
    void loadFailed(const QString& message);
    /// A session's runs or a run's rows arrived (or failed to) and are in the tree.
    void childrenLoaded(const QModelIndex& parent);
    /// Follow mode read a shown run's steps and calls again (some may be new).
    void runRowsRefreshed(const QModelIndex& run);

private:
    struct Node;
    Node* nodeOf(const QModelIndex& index) const;
    QModelIndex indexOfNode(const Node* node, int column = 0) const;
    void restart();
    void endInsert();
    void requestPage(bool withCount);
    /// Where the next page starts in the list the pages are read from.
    int nextPageOffset() const;
    void onPageReady(const SessionPage& page);
    void loadRuns(Node* session);
    void loadRunChildren(Node* run);
    template <typename R, typename Read, typename Insert>
    void readChildren(Node* node, Read read, Insert insert);
    void insertRuns(Node* session, std::vector<TraceRun> runs);
    struct RunRows;
    /// Reads a run's steps and calls, in the worker, when it is opened and when follow mode
    /// reads it again (AuditBrowser::invocationsOfSessionRuns()); the empty run id (with its
    /// session) reads the session's calls recorded without a run id.
    static Expected<RunRows> readRunRows(AuditDatabase& db, const TraceRun& run);
    void insertRunRows(Node* run, RunRows rows);
    void childrenArrived(Node* node);
    // session_tree_model_follow.cpp
    FollowUpdate applyFollowed(std::vector<SessionRow> window);
    void insertNewSessions(std::vector<SessionRow> rows);
    void refreshRuns(Node* session);
    void refreshRunRows(Node* run);
    void mergeRuns(Node* session, std::vector<TraceRun> runs);
    void mergeRunRows(Node* run, RunRows rows);
    /// Reads `read` in the worker for a node already shown and hands the rows to `merge`.
    template <typename R, typename Read, typename Merge>
    void rereadChildren(Node* node, Read read, Merge merge);
    /// Keeps `error` on the node whose children could not be read, and reports it.
    void failChildren(Node* node, const QString& error);
    QVariant displayData(const Node& node, int column) const;
    QVariant sessionDisplay(const Node& node, int column) const;
    QVariant runDisplay(const Node& node, int column) const;
    QVariant stepDisplay(const Node& node, int column) const;
    QVariant invocationDisplay(const Node& node, int column) const;
    QVariant sortData(const Node& node, int column) const;
    QVariant toneData(const Node& node, int column) const;
    QVariant toolTipData(const Node& node, int column) const;
    QVariant roleData(const Node& node, int role) const;

    AuditDatabase* m_db = nullptr;
    DatabaseWorker* m_worker = nullptr;
    SessionFilter m_filter;
    std::unique_ptr<Node> m_root;
    SessionPageLoader* m_loader = nullptr;
    quint64 m_generation = 0;
    int m_pageSize = 200;
    int m_total = -1;
    QString m_countError;
    bool m_pagePending = false;
    bool m_countAfterPage = false; ///< the match count is asked for when the page arrives
    qint64 m_rowsFetched = 0;
    bool m_readsFacts = false; ///< pages come from the facts index
    int m_followInserted = 0;  ///< sessions follow mode inserted at the top
    int m_notifying = 0;       ///< inside an endInsertRows() notification
    /// whenChildrenLoaded() callbacks per node; cleared with the tree.
    std::vector<std::pair<const Node*, std::function<void()>>> m_waiters;
};

} // namespace raglens::ui
