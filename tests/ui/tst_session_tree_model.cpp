// The session tree model against the production-shaped fixture: every model check of
// QAbstractItemModelTester, the columns a user reads per session/run/step/invocation,
// lazy loading, SQL filtering ("Fallback runs") and the next-FALLBACK/NO_EVIDENCE/retry walk.

#include "common/database_worker.h"
#include "db/audit_database.h"
#include "sessions/session_sort_proxy.h"
#include "sessions/session_tree_model.h"
#include "sessions/tree_navigator.h"
#include "support/fixture_db.h"
#include "support/sqlite_statements.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;
using Kind = SessionTreeModel::Kind;
namespace fx = raglens::test::fixture;

class TestSessionTreeModel : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<AuditDatabase> m_db;

    static void waitLoaded(SessionTreeModel& model)
    {
        QTRY_VERIFY(!model.isLoading() && model.matchingSessions() >= 0);
    }
    // Expands everything, as a user clicking every arrow would.
    static void fetchAll(QAbstractItemModel& model, const QModelIndex& parent = {})
    {
        if (model.canFetchMore(parent))
            model.fetchMore(parent);
        for (int r = 0; r < model.rowCount(parent); ++r)
            fetchAll(model, model.index(r, 0, parent));
    }
    static QModelIndex sessionIndex(const SessionTreeModel& model, const QString& id)
    {
        for (int r = 0; r < model.rowCount(); ++r) {
            const QModelIndex i = model.index(r, 0);
            if (i.data(SessionTreeModel::SessionIdRole).toString() == id)
                return i;
        }
        return {};
    }
    // Depth-first search of the loaded tree for an item of `kind` whose `role` is `value`.
    static QModelIndex find(const QAbstractItemModel& model, Kind kind, int role,
                            const QVariant& value, const QModelIndex& parent = {})
    {
        for (int r = 0; r < model.rowCount(parent); ++r) {
            const QModelIndex i = model.index(r, 0, parent);
            if (Kind(i.data(SessionTreeModel::KindRole).toInt()) == kind && i.data(role) == value)
                return i;
            if (QModelIndex found = find(model, kind, role, value, i); found.isValid())
                return found;
        }
        return {};
    }
    // One press of F7/F8/F9: waits for children read in the background, as the window does.
    static QModelIndex navigateOnce(SessionTreeModel& model, const QModelIndex& from,
                                    const NavigationTarget& t, bool forward)
    {
        for (int rounds = 0; rounds < 1000; ++rounds) {
            const NavigationResult result = findNavigationTarget(&model, from, t, forward);
            if (!result.waitingFor.isValid())
                return result.found;
            const QPersistentModelIndex waiting(result.waitingFor);
            if (!QTest::qWaitFor([&] { return !model.isLoadingChildren(waiting); }, 5000))
                return {};
        }
        return {};
    }
    static QString cell(const QModelIndex& i, int column)
    {
        return i.siblingAtColumn(column).data().toString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("audit.db"));
        QCOMPARE(test::writeProductionFixture(path), QString());
        auto db = AuditDatabase::open(path);
        QVERIFY2(db.ok(), qPrintable(db ? QString() : db.error()));
        m_db = std::move(*db);
    }

    void passesModelTester()
    {
        SessionTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPageSize(2); // forces paging through fetchMore on the root
        model.setDatabase(m_db.get());
        waitLoaded(model);
        QCOMPARE(model.rowCount(), 2);
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QTRY_VERIFY(!model.isLoading());
        }
        QCOMPARE(model.rowCount(), fx::kSessionCount);
        fetchAll(model);
        SessionSortProxy proxy(&model); // what the window's tree shows
        QAbstractItemModelTester proxyTester(
            &proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(SessionTreeModel::StartedColumn, Qt::DescendingOrder);
        QCOMPARE(proxy.index(0, 0).data(SessionTreeModel::SessionIdRole).toString(),
                 fx::kTruncatedSession);
        QVERIFY(!proxy.canFetchMore({})); // the root is paced by the window, not the view
        model.setFilter({});              // a reset, then pages and expansions again
        waitLoaded(model);
        QVERIFY(proxy.fetchMoreSessions() || model.rowCount() == fx::kSessionCount);
        QTRY_COMPARE(proxy.rowCount(), fx::kSessionCount);
        fetchAll(proxy);
    }

    void passesModelTesterWithWorker()
    {
        // Children inserted when the worker's answers arrive keep the model consistent.
        DatabaseWorker reader(m_db->inspection());
        SessionTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDatabase(m_db.get(), &reader);
        waitLoaded(model);
        std::function<void(const QModelIndex&)> expandAll = [&](const QModelIndex& parent) {
            if (model.canFetchMore(parent))
                model.fetchMore(parent);
            QTRY_VERIFY(!model.isLoadingChildren(parent));
            for (int r = 0; r < model.rowCount(parent); ++r)
                expandAll(model.index(r, 0, parent));
        };
        expandAll({});
        QCOMPARE(model.rowCount(), fx::kSessionCount);
        QVERIFY(model.rowsFetched() > fx::kSessionCount);
    }

    void sessionsNewestFirst()
    {
        SessionTreeModel model;
        model.setDatabase(m_db.get());
        waitLoaded(model);
        QCOMPARE(model.matchingSessions(), fx::kSessionCount);
        const QStringList expected = {fx::kTruncatedSession, fx::kRetrySession,
                                      fx::kFallbackSession, fx::kLegacySession};
        QStringList shown;
        for (int r = 0; r < model.rowCount(); ++r)
            shown << model.index(r, 0).data(SessionTreeModel::SessionIdRole).toString();
        QCOMPARE(shown, expected);
        const QModelIndex fallback = sessionIndex(model, fx::kFallbackSession);
        QCOMPARE(cell(fallback, SessionTreeModel::NameColumn),
                 fx::kFallbackSession + QStringLiteral(" · u-ops-17")); // who asked
        QCOMPARE(cell(fallback, SessionTreeModel::OutcomeColumn), QStringLiteral("FALLBACK"));
        QCOMPARE(cell(fallback, SessionTreeModel::ToolCallsColumn), QStringLiteral("2"));
        QCOMPARE(cell(fallback, SessionTreeModel::TokensColumn),
                 QLocale().toString(5123)); // "5,123"
        QVERIFY(
            cell(fallback, SessionTreeModel::EvidenceStatusColumn).contains(QLatin1String("1")));
        QVERIFY(fallback.siblingAtColumn(SessionTreeModel::OutcomeColumn)
                    .data(SessionTreeModel::ToneRole)
                    .isValid());
    }

    void runColumns_data()
    {
        QTest::addColumn<QString>("session");
        QTest::addColumn<QString>("run");
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<QString>("contentType");
        QTest::addColumn<QString>("fallbackReason");
        QTest::addColumn<QString>("calls");
        QTest::addColumn<QString>("tokens");
        QTest::addColumn<qint64>("durationMs");
        QTest::addColumn<int>("children");
        QTest::newRow("fallback") << fx::kFallbackSession << fx::kFallbackRun << "FALLBACK"
                                  << "SAFE_FALLBACK"
                                  << "INSUFFICIENT_EVIDENCE"
                                  << "2" << QLocale().toString(5123) << qint64(9750) << 2;
        QTest::newRow("retry") << fx::kRetrySession << fx::kRetryRun << "SUCCESS"
                               << "DIAGNOSIS_REPORT"
                               << ""
                               << "1" << QLocale().toString(4210) << qint64(6250) << 2;
        QTest::newRow("legacy, no steps") << fx::kLegacySession << fx::kLegacyRun << "SUCCESS"
                                          << "DIAGNOSIS_REPORT"
                                          << ""
                                          << "2" << QLocale().toString(2900) << qint64(7500) << 2;
        QTest::newRow("truncated") << fx::kTruncatedSession << fx::kTruncatedRun << "SUCCESS"
                                   << "DIAGNOSIS_REPORT"
                                   << ""
                                   << "1" << QLocale().toString(3100) << qint64(5000) << 1;
    }

    void runColumns()
    {
        QFETCH(QString, session);
        QFETCH(QString, run);
        SessionTreeModel model;
        model.setDatabase(m_db.get());
        waitLoaded(model);
        const QModelIndex s = sessionIndex(model, session);
        QVERIFY(s.isValid());
        QVERIFY(model.hasChildren(s));
        QCOMPARE(model.rowCount(s), 0); // nothing read before the user expands
        QVERIFY(model.canFetchMore(s));
        model.fetchMore(s);
        QCOMPARE(model.rowCount(s), 1);
        const QModelIndex r = model.index(0, 0, s);
        QCOMPARE(r.data(SessionTreeModel::RunIdRole).toString(), run);
        QVERIFY(cell(r, SessionTreeModel::NameColumn).startsWith(run));
        QTEST(cell(r, SessionTreeModel::OutcomeColumn), "outcome");
        QTEST(cell(r, SessionTreeModel::ContentTypeColumn), "contentType");
        QTEST(cell(r, SessionTreeModel::EvidenceStatusColumn), "fallbackReason");
        QTEST(cell(r, SessionTreeModel::ToolCallsColumn), "calls");
        QTEST(cell(r, SessionTreeModel::TokensColumn), "tokens");
        QTEST(r.siblingAtColumn(SessionTreeModel::DurationColumn)
                  .data(SessionTreeModel::SortRole)
                  .toLongLong(),
              "durationMs");
        QVERIFY(!cell(r, SessionTreeModel::DurationColumn).isEmpty());
        model.fetchMore(r);
        QTEST(model.rowCount(r), "children");
    }

    void invocationColumns_data()
    {
        QTest::addColumn<qint64>("id");
        QTest::addColumn<QString>("session");
        QTest::addColumn<int>("parentKind");
        QTest::addColumn<qint64>("parentStep");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("relevance");
        QTest::addColumn<QString>("attempt");
        QTest::addColumn<QString>("evidence");
        QTest::addColumn<QString>("status");
        QTest::newRow("860 lookup under step 962")
            << fx::kInvocation860 << fx::kFallbackSession << int(Kind::Step) << fx::kStep962
            << "lookup_knowledge"
            << ""
            << "UNFILTERED_VECTOR_RETRY"
            << "NO_EVIDENCE"
            << "ok";
        QTest::newRow("859 harness tool under step 962")
            << fx::kHarnessInvocation << fx::kFallbackSession << int(Kind::Step) << fx::kStep962
            << "get_service_metrics"
            << ""
            << ""
            << ""
            << "ok";
        QTest::newRow("870 retry") << fx::kRetryInvocation << fx::kRetrySession << int(Kind::Step)
                                   << qint64(970) << "lookup_knowledge"
                                   << "PRECISE"
                                   << "UNFILTERED_VECTOR_RETRY"
                                   << "EVIDENCE_FOUND"
                                   << "ok";
        QTest::newRow("700 legacy level") << fx::kLegacyInvocation << fx::kLegacySession
                                          << int(Kind::Run) << qint64(0) << "lookup_knowledge"
                                          << "legacy: EVIDENCE_FOUND"
                                          << ""
                                          << "EVIDENCE_FOUND"
                                          << "ok";
        QTest::newRow("702 legacy no evidence")
            << fx::kLegacyNoEvidenceInvocation << fx::kLegacySession << int(Kind::Run) << qint64(0)
            << "lookup_knowledge"
            << "legacy: NO_EVIDENCE"
            << ""
            << "NO_EVIDENCE"
            << "ok";
        QTest::newRow("701 truncated json") << fx::kTruncatedInvocation << fx::kTruncatedSession
                                            << int(Kind::Run) << qint64(0) << "lookup_knowledge"
                                            << "REFERENCE"
                                            << ""
                                            // unreadable details: the status is unknown
                                            << "UNKNOWN"
                                            << "ok";
    }

    void invocationColumns()
    {
        QFETCH(qint64, id);
        QFETCH(QString, session);
        QFETCH(int, parentKind);
        QFETCH(qint64, parentStep);
        SessionTreeModel model;
        model.setDatabase(m_db.get());
        waitLoaded(model);
        fetchAll(model, sessionIndex(model, session));
        const QModelIndex inv =
            find(model, Kind::Invocation, SessionTreeModel::InvocationIdRole, id);
        QVERIFY(inv.isValid());
        QCOMPARE(int(model.kindOf(inv.parent())), parentKind);
        if (parentKind == int(Kind::Step))
            QCOMPARE(inv.parent().data(SessionTreeModel::StepIdRole).toLongLong(), parentStep);
        QVERIFY(cell(inv, SessionTreeModel::NameColumn).contains(QString::number(id)));
        QTEST(cell(inv, SessionTreeModel::ToolColumn), "tool");
        QTEST(cell(inv, SessionTreeModel::RelevanceColumn), "relevance");
        QTEST(cell(inv, SessionTreeModel::SelectedAttemptColumn), "attempt");
        QTEST(cell(inv, SessionTreeModel::EvidenceStatusColumn), "evidence");
        QTEST(cell(inv, SessionTreeModel::SuccessColumn), "status");
        QVERIFY(!cell(inv, SessionTreeModel::StartedColumn).isEmpty());
        QVERIFY(!cell(inv, SessionTreeModel::DurationColumn).isEmpty());
    }

    void stepColumns()
    {
        SessionTreeModel model;
        model.setDatabase(m_db.get());
        waitLoaded(model);
        fetchAll(model, sessionIndex(model, fx::kFallbackSession));
        const QModelIndex step =
            find(model, Kind::Step, SessionTreeModel::StepIdRole, fx::kStep962);
        QVERIFY(step.isValid());
        QCOMPARE(cell(step, SessionTreeModel::NameColumn),
                 QStringLiteral("Step 0 · diagnosis-planner"));
        QCOMPARE(cell(step, SessionTreeModel::ToolCallsColumn), QStringLiteral("2"));
        QCOMPARE(cell(step, SessionTreeModel::TokensColumn), QLocale().toString(1830));
        QCOMPARE(step.siblingAtColumn(SessionTreeModel::DurationColumn)
                     .data(SessionTreeModel::SortRole)
                     .toLongLong(),
                 qint64(3210));
        QCOMPARE(model.rowCount(step), 2);
        const QModelIndex step963 =
            find(model, Kind::Step, SessionTreeModel::StepIdRole, fx::kStep963);
        QVERIFY(!model.hasChildren(step963));
    }

    void cellsOutsideTheirDomainShowWhatTheyHold()
    {
        // A step_index of 1e20, a token count of -5: the row reader keeps 0 for them and
        // names the cells; the tree shows what they hold, marked, never "Step 0".
        const QString path = m_dir.filePath(QStringLiteral("odd-numbers.db"));
        QCOMPARE(test::writeProductionFixture(path), QString());
        QCOMPARE(test::execOnSqliteFile(
                     path, {QStringLiteral("UPDATE agent_step SET step_index = 1e20, token_count "
                                           "= -5 WHERE id = %1")
                                .arg(fx::kStep962),
                            QStringLiteral("UPDATE diagnosis_run SET total_token_count = 'many' "
                                           "WHERE session_id = '%1'")
                                .arg(fx::kFallbackSession)}),
                 QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        SessionTreeModel model;
        model.setDatabase(db->get());
        waitLoaded(model);
        fetchAll(model, sessionIndex(model, fx::kFallbackSession));
        const QModelIndex step =
            find(model, Kind::Step, SessionTreeModel::StepIdRole, fx::kStep962);
        QVERIFY(step.isValid());
        // Short in the column (elided, "Step 1e+20 (not a step index) · …" hid the agent);
        // what the cell holds in the tooltip.
        QCOMPARE(cell(step, SessionTreeModel::NameColumn),
                 QStringLiteral("Step ? · diagnosis-planner"));
        QVERIFY2(step.data(Qt::ToolTipRole)
                     .toString()
                     .startsWith(QStringLiteral("Step 1e+20 (not a step index) (id ")),
                 qPrintable(step.data(Qt::ToolTipRole).toString()));
        QCOMPARE(cell(step, SessionTreeModel::TokensColumn), QStringLiteral("-5 (not a count)"));
        QCOMPARE(cell(step.parent(), SessionTreeModel::TokensColumn),
                 QStringLiteral("many (not a count)"));
    }

    void loadsLazily()
    {
        SessionTreeModel model;
        model.setDatabase(m_db.get());
        waitLoaded(model);
        QCOMPARE(model.rowsFetched(), qint64(fx::kSessionCount));
        model.fetchMore(sessionIndex(model, fx::kFallbackSession));
        QCOMPARE(model.rowsFetched(), qint64(fx::kSessionCount + 1));
    }

    void readsChildrenInTheWorker()
    {
        DatabaseWorker reader(m_db->inspection());
        SessionTreeModel model;
        model.setDatabase(m_db.get(), &reader);
        waitLoaded(model);
        QSignalSpy arrived(&model, &SessionTreeModel::childrenLoaded);
        const QModelIndex session = sessionIndex(model, fx::kFallbackSession);
        QVERIFY(!model.hasLoadedChildren(session));
        model.fetchMore(session);
        // Asked for, not there yet: the arrow stays, nothing is read on this thread.
        QVERIFY(model.isLoadingChildren(session));
        QVERIFY(session.data(SessionTreeModel::ChildrenLoadingRole).toBool());
        QVERIFY(model.hasChildren(session));
        QCOMPARE(model.rowCount(session), 0);
        QVERIFY(!model.canFetchMore(session)); // never asked twice
        bool called = false;
        model.whenChildrenLoaded(session, [&] { called = true; });
        QTRY_VERIFY(called);
        QCOMPARE(arrived.count(), 1);
        QCOMPARE(arrived.first().first().value<QModelIndex>(), QModelIndex(session));
        QVERIFY(model.hasLoadedChildren(session));
        QVERIFY(model.rowCount(session) > 0);
        // A run's steps and invocations, then its fallback cause.
        const QModelIndex run = model.index(0, 0, session);
        QCOMPARE(run.data(SessionTreeModel::RunIdRole).toString(), fx::kFallbackRun);
        called = false;
        model.whenChildrenLoaded(run, [&] { called = true; });
        QTRY_VERIFY(called);
        QVERIFY(model.rowCount(run) > 0);
        QVERIFY(!run.data(SessionTreeModel::FallbackCauseRole).toString().isEmpty());
        // Loaded already: the callback runs at once.
        called = false;
        model.whenChildrenLoaded(run, [&] { called = true; });
        QVERIFY(called);
        // An answer for a tree that was reset meanwhile is dropped, and so is its callback.
        const QModelIndex other = sessionIndex(model, fx::kRetrySession);
        called = false;
        model.whenChildrenLoaded(other, [&] { called = true; });
        model.setFilter({});
        waitLoaded(model);
        // The worker answers in the order it was asked: once a read asked now has answered,
        // the stale one has been delivered (and dropped) too.
        bool barrier = false;
        reader.read<int>(
            &model, [](AuditDatabase&) { return 0; }, [&](Expected<int>) { barrier = true; });
        QTRY_VERIFY(barrier);
        QVERIFY(!called);
        QVERIFY(!model.hasLoadedChildren(sessionIndex(model, fx::kRetrySession)));
    }

    void fallbackFilterLeavesOnlyFallbackRuns()
    {
        SessionTreeModel model;
        model.setDatabase(m_db.get());
        SessionFilter filter;
        filter.outcome = QStringLiteral("FALLBACK");
        model.setFilter(filter);
        waitLoaded(model);
        QCOMPARE(model.matchingSessions(), 1);
        QCOMPARE(model.rowCount(), 1);
        fetchAll(model);
        int runs = 0;
        for (int s = 0; s < model.rowCount(); ++s) {
            const QModelIndex session = model.index(s, 0);
            for (int r = 0; r < model.rowCount(session); ++r, ++runs)
                QCOMPARE(model.index(r, 0, session).data(SessionTreeModel::OutcomeRole).toString(),
                         QStringLiteral("FALLBACK"));
        }
        QCOMPARE(runs, 1);
    }

    void filterByText()
    {
        SessionTreeModel model;
        model.setDatabase(m_db.get());
        SessionFilter filter;
        filter.text = QStringLiteral("Kafka");
        model.setFilter(filter);
        waitLoaded(model);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, 0).data(SessionTreeModel::SessionIdRole).toString(),
                 fx::kLegacySession);
    }

    void sortsByValueNotText()
    {
        SessionTreeModel model;
        model.setDatabase(m_db.get());
        waitLoaded(model);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(SessionTreeModel::SortRole);
        // Tokens as numbers: 2900 < 3100 < 4210 < 5123 (as text "2900" < "3100" too, so
        // check the descending tool-call order where text and number disagree is not
        // needed; compare against the raw numbers instead).
        proxy.sort(SessionTreeModel::TokensColumn, Qt::AscendingOrder);
        qint64 previous = -1;
        for (int r = 0; r < proxy.rowCount(); ++r) {
            const qint64 tokens = proxy.index(r, SessionTreeModel::TokensColumn)
                                      .data(SessionTreeModel::SortRole)
                                      .toLongLong();
            QVERIFY(tokens >= previous);
            previous = tokens;
        }
        proxy.sort(SessionTreeModel::StartedColumn, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, 0).data(SessionTreeModel::SessionIdRole).toString(),
                 fx::kLegacySession);
    }

    void navigation_data()
    {
        QTest::addColumn<bool>("worker");
        QTest::addColumn<int>("target");
        QTest::addColumn<bool>("forward");
        QTest::addColumn<QList<qint64>>("invocations"); // expected ids in order; runs use 0
        QTest::addColumn<QStringList>("runs");
        for (const bool worker : {false, true}) {
            const QByteArray mode = worker ? "worker: " : "direct: ";
            QTest::newRow((mode + "next FALLBACK run").constData())
                << worker << int(NavigationTargetKind::FallbackRun) << true << QList<qint64>{}
                << QStringList{fx::kFallbackRun};
            QTest::newRow((mode + "previous FALLBACK run").constData())
                << worker << int(NavigationTargetKind::FallbackRun) << false << QList<qint64>{}
                << QStringList{fx::kFallbackRun};
            QTest::newRow((mode + "next NO_EVIDENCE").constData())
                << worker << int(NavigationTargetKind::NoEvidenceInvocation) << true
                << QList<qint64>{fx::kInvocation860, fx::kLegacyNoEvidenceInvocation}
                << QStringList{};
            QTest::newRow((mode + "previous NO_EVIDENCE").constData())
                << worker << int(NavigationTargetKind::NoEvidenceInvocation) << false
                << QList<qint64>{fx::kLegacyNoEvidenceInvocation, fx::kInvocation860}
                << QStringList{};
            QTest::newRow((mode + "next retry").constData())
                << worker << int(NavigationTargetKind::RetryInvocation) << true
                << QList<qint64>{fx::kRetryInvocation, fx::kInvocation860} << QStringList{};
        }
    }

    void navigation()
    {
        QFETCH(bool, worker);
        QFETCH(int, target);
        QFETCH(bool, forward);
        QFETCH(QList<qint64>, invocations);
        QFETCH(QStringList, runs);
        DatabaseWorker reader(m_db->inspection());
        SessionTreeModel model;
        model.setDatabase(m_db.get(), worker ? &reader : nullptr);
        waitLoaded(model);
        const NavigationTarget t = navigationTarget(NavigationTargetKind(target));
        QModelIndex current;
        for (qint64 id : invocations) {
            current = navigateOnce(model, current, t, forward);
            QVERIFY(current.isValid());
            QCOMPARE(current.data(SessionTreeModel::InvocationIdRole).toLongLong(), id);
        }
        for (const QString& run : runs) {
            current = navigateOnce(model, current, t, forward);
            QVERIFY(current.isValid());
            QCOMPARE(current.data(SessionTreeModel::RunIdRole).toString(), run);
        }
        // Past the last match there is nothing more.
        QVERIFY(!navigateOnce(model, current, t, forward).isValid());
    }
};

QTEST_MAIN(TestSessionTreeModel)
#include "tst_session_tree_model.moc"
