// A large audit database (10 000 sessions, 200 000 invocations) opens with one page of
// sessions and nothing else read; more arrives only as the user scrolls or expands.
// Asserts on rows fetched, not on time (the time is printed for the curious).

#include "db/audit_database.h"
#include "mainwindow/main_window.h"
#include "run/run_view.h"
#include "sessions/session_tree_model.h"

#include <QElapsedTimer>
#include <QSortFilterProxyModel>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;

namespace {
constexpr int kSessions = 10000;
constexpr int kInvocationsPerRun = 20;
constexpr int kStepsPerRun = 2;
} // namespace

class TestSessionTreeLarge : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;

    static QString iso(const QDateTime& t) { return t.toString(Qt::ISODateWithMs); }

    // One prepared statement per table, executed with bound batches inside one transaction.
    static QString writeLargeDatabase(const QString& path)
    {
        auto db = AuditDatabase::open(path, AccessMode::Create);
        if (!db)
            return db.error();
        QSqlDatabase& sql = (*db)->sql();
        if (!sql.transaction())
            return sql.lastError().text();
        QVariantList runId, sessionId, user, question, outcome, started, finished;
        QVariantList stepId, stepRun, stepIndex, stepStart, stepEnd;
        QVariantList invId, invRun, invSession, invStep, invDetails, invCreated;
        const QDateTime t0 = QDateTime(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);
        qint64 nextStep = 1, nextInv = 1;
        for (int s = 0; s < kSessions; ++s) {
            const QString run = QStringLiteral("run-%1").arg(s, 6, 10, QLatin1Char('0'));
            const QDateTime start = t0.addSecs(60LL * s);
            runId << run;
            sessionId << QStringLiteral("sess-%1").arg(s, 6, 10, QLatin1Char('0'));
            user << QStringLiteral("user-%1").arg(s % 50);
            question << QStringLiteral("question %1").arg(s);
            outcome << (s % 10 == 0 ? QStringLiteral("FALLBACK") : QStringLiteral("SUCCESS"));
            started << iso(start);
            finished << iso(start.addSecs(20));
            for (int k = 0; k < kStepsPerRun; ++k) {
                stepId << nextStep;
                stepRun << run;
                stepIndex << k;
                stepStart << iso(start.addSecs(10 * k));
                stepEnd << iso(start.addSecs(10 * k + 9));
                for (int i = 0; i < kInvocationsPerRun / kStepsPerRun; ++i) {
                    invId << nextInv++;
                    invRun << run;
                    invSession << sessionId.last();
                    invStep << nextStep;
                    invDetails << QStringLiteral(
                        "{\"audit_schema\":\"rag_lookup_v1\",\"selected_attempt\":"
                        "\"FILTERED_VECTOR\",\"evidence_status\":\"EVIDENCE_FOUND\"}");
                    invCreated << iso(start.addSecs(10 * k + i));
                }
                ++nextStep;
            }
        }
        QSqlQuery runs(sql);
        runs.prepare(QStringLiteral(
            "INSERT INTO diagnosis_run (run_id, session_id, user_id, question, status, "
            "release_outcome, tool_call_count, started_at, finished_at) "
            "VALUES (?, ?, ?, ?, 'COMPLETED', ?, 20, ?, ?)"));
        for (const QVariantList& column :
             {runId, sessionId, user, question, outcome, started, finished})
            runs.addBindValue(column);
        if (!runs.execBatch())
            return runs.lastError().text();
        QSqlQuery steps(sql);
        steps.prepare(QStringLiteral("INSERT INTO agent_step (id, run_id, step_index, agent_name, "
                                     "has_tool_call, started_at, finished_at) "
                                     "VALUES (?, ?, ?, 'retriever', 1, ?, ?)"));
        for (const QVariantList& column : {stepId, stepRun, stepIndex, stepStart, stepEnd})
            steps.addBindValue(column);
        if (!steps.execBatch())
            return steps.lastError().text();
        QSqlQuery invocations(sql);
        invocations.prepare(QStringLiteral(
            "INSERT INTO tool_invocation (id, run_id, session_id, step_id, tool_name, "
            "retrieval_layer, retrieval_details, duration_ms, success, created_at) "
            "VALUES (?, ?, ?, ?, 'lookup_knowledge', 'L1', ?, 40, 1, ?)"));
        for (const QVariantList& column :
             {invId, invRun, invSession, invStep, invDetails, invCreated})
            invocations.addBindValue(column);
        if (!invocations.execBatch())
            return invocations.lastError().text();
        if (!sql.commit())
            return sql.lastError().text();
        return {};
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RagLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_session_tree_large"));
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("large.db"));
        QElapsedTimer timer;
        timer.start();
        const QString error = writeLargeDatabase(m_path);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        qInfo("wrote %d invocations in %lld ms", kSessions * kInvocationsPerRun, timer.elapsed());
    }

    void modelReadsOnePageAtATime()
    {
        auto db = AuditDatabase::open(m_path);
        QVERIFY(db.ok());
        SessionTreeModel model;
        model.setPageSize(100);
        QElapsedTimer timer;
        timer.start();
        model.setDatabase(db->get());
        QTRY_VERIFY(!model.isLoading() && model.rowCount() > 0);
        qInfo("first page after %lld ms", timer.elapsed());
        QTRY_COMPARE(model.matchingSessions(), kSessions); // the count arrives on its own
        QCOMPARE(model.rowCount(), 100);
        QCOMPARE(model.rowsFetched(), qint64(100)); // no runs, steps or invocations read
        QVERIFY(model.canFetchMore({}));
        model.fetchMore({});
        QTRY_COMPARE(model.rowCount(), 200);
        QCOMPARE(model.rowsFetched(), qint64(200));
        // Expanding one session reads its run; expanding the run reads its rows only.
        const QModelIndex session = model.index(0, 0);
        model.fetchMore(session);
        QCOMPARE(model.rowCount(session), 1);
        const QModelIndex run = model.index(0, 0, session);
        model.fetchMore(run);
        QCOMPARE(model.rowCount(run), kStepsPerRun);
        QCOMPARE(model.rowCount(model.index(0, 0, run)), kInvocationsPerRun / kStepsPerRun);
        QCOMPARE(model.rowsFetched(), qint64(200 + 1 + kStepsPerRun + kInvocationsPerRun));
    }

    void fallbackFilterCountsInSql()
    {
        auto db = AuditDatabase::open(m_path);
        QVERIFY(db.ok());
        SessionTreeModel model;
        model.setPageSize(50);
        model.setDatabase(db->get());
        SessionFilter filter;
        filter.outcome = QStringLiteral("FALLBACK");
        model.setFilter(filter);
        QTRY_VERIFY(!model.isLoading() && model.matchingSessions() >= 0);
        QCOMPARE(model.matchingSessions(), kSessions / 10);
        QCOMPARE(model.rowCount(), 50);
        for (int r = 0; r < model.rowCount(); ++r)
            QCOMPARE(model.index(r, 0).data(SessionTreeModel::OutcomeRole).toString(),
                     QStringLiteral("FALLBACK"));
    }

    void windowShowsFirstPageOnly()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDatabase(m_path));
        SessionTreeModel* model = window.sessionModel();
        QTRY_VERIFY(!model->isLoading() && model->rowCount() > 0);
        // As the locale writes the number ("200,000" in English).
        QTRY_VERIFY(window.statusText().contains(QLocale().toString(200000) +
                                                 QStringLiteral(" invocation")));
        QCOMPARE(model->rowCount(), model->pageSize()); // the view did not pull more pages
        // The newest session is shown at once: only its own rows were read besides the page.
        QCOMPARE(window.sessionTree()->currentIndex().row(), 0);
        QTRY_VERIFY(!window.runView()->runId().isEmpty());
        const std::function<qint64(const QModelIndex&)> rowsBelow = [&](const QModelIndex& at) {
            qint64 n = model->rowCount(at);
            for (int r = 0; r < model->rowCount(at); ++r)
                n += rowsBelow(model->index(r, 0, at));
            return n;
        };
        QCOMPARE(model->rowsFetched(), qint64(model->pageSize()) + rowsBelow(model->index(0, 0)));
        // Scrolling to the end asks for the next page.
        window.sessionTree()->scrollToBottom();
        QTRY_VERIFY(model->rowCount() > model->pageSize());
    }
};

QTEST_MAIN(TestSessionTreeLarge)
#include "tst_session_tree_large.moc"
