// Two runs or two lookups side by side (core/compare), and `raglens-cli compare`:
// steps aligned by index and agent, calls by tool name in order, one-sided steps and calls
// listed, each pair of lookups compared by the replay diff engine with A as "before".

#include "compare/run_comparison.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"

#include "common/json_qt.h"

#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::compare;
using nlohmann::json;

namespace {

QString text(const json& j)
{
    return j.is_string() ? j.get<QString>() : QString::fromStdString(j.dump());
}

TraceStep step(qint64 id, int index, const QString& agent)
{
    TraceStep s;
    s.id = id;
    s.stepIndex = index;
    s.agentName = agent;
    return s;
}

TraceInvocation call(qint64 id, std::optional<qint64> stepId, const QString& tool)
{
    TraceInvocation c;
    c.id = id;
    c.stepId = stepId;
    c.toolName = tool;
    return c;
}

} // namespace

class TestRunComparison : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_demo;
    QString m_fixture;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        m_demo = test::makeDemoWorkspace(m_dir.filePath(QStringLiteral("demo")), &error);
        QVERIFY2(!m_demo.isEmpty(), qPrintable(error));
        m_fixture = m_dir.filePath(QStringLiteral("fixture.db"));
        QCOMPARE(test::writeProductionFixture(m_fixture), QString());
    }

    void stepsAndCallsAreAligned()
    {
        // B inserted a step (index 1, "checker") and, in the shared step 2, a query_logs call
        // before the same lookup A made; A alone has a call bound to no step.
        RunData a, b;
        a.run.runId = QStringLiteral("A");
        b.run.runId = QStringLiteral("B");
        a.steps = {step(10, 0, QStringLiteral("planner")), step(12, 2, QStringLiteral("reporter"))};
        b.steps = {step(20, 0, QStringLiteral("planner")), step(21, 1, QStringLiteral("checker")),
                   step(22, 2, QStringLiteral("reporter"))};
        a.invocations = {call(100, 12, QStringLiteral("search_tickets")),
                         call(101, std::nullopt, QStringLiteral("legacy_tool"))};
        b.invocations = {call(200, 22, QStringLiteral("query_logs")),
                         call(201, 22, QStringLiteral("search_tickets")),
                         call(202, 21, QStringLiteral("check"))};
        const RunComparison c = compareRuns(a, b);
        QCOMPARE(int(c.steps.size()), 4); // three indexed steps and the unbound group
        QCOMPARE(c.steps[0].stepIndex, 0);
        QVERIFY(c.steps[0].aStepId && c.steps[0].bStepId);
        QCOMPARE(c.steps[1].agentName, QStringLiteral("checker"));
        QVERIFY(!c.steps[1].aStepId && c.steps[1].bStepId);
        QCOMPARE(c.stepsOnlyInA, 0);
        QCOMPARE(c.stepsOnlyInB, 1);
        // Step 2: query_logs on B's side only, then search_tickets paired.
        const auto& calls = c.steps[2].calls;
        QCOMPARE(int(calls.size()), 2);
        QVERIFY(calls[0].onlyInB());
        QCOMPARE(calls[0].toolName, QStringLiteral("query_logs"));
        QCOMPARE(calls[1].aId, std::optional<qint64>(100));
        QCOMPARE(calls[1].bId, std::optional<qint64>(201));
        QVERIFY(!calls[1].lookup); // not lookups: paired, not diffed
        // The unbound group holds A's call without a step.
        QCOMPARE(c.steps[3].stepIndex, -1);
        QVERIFY(c.steps[3].calls.front().onlyInA());
        QCOMPARE(c.callsOnlyInA, 1);
        QCOMPARE(c.callsOnlyInB, 2); // query_logs and B's check
        const json j = c;
        QCOMPARE(text(j["steps"][1]["side"]), QStringLiteral("b"));
        QCOMPARE(text(j["steps"][3]["side"]), QStringLiteral("unbound"));
        QCOMPARE(text(j["steps"][2]["calls"][0]["side"]), QStringLiteral("b"));
    }

    void stepsWithTheIdsMinusOneAndZeroAreSteps()
    {
        // Ids -1 and 0 are ids a store may hold (steps read without an id column read 0).
        // Their calls were counted twice, once under the step and once as calls bound to no
        // step, and a step without index and agent was shown as the unbound group.
        RunData a, b;
        a.run.runId = QStringLiteral("A");
        b.run.runId = QStringLiteral("B");
        a.steps = {step(-1, 0, QStringLiteral("planner")), step(0, -1, QString())};
        b.steps = {step(-1, 0, QStringLiteral("planner"))};
        a.invocations = {call(1, -1, QStringLiteral("search_tickets")),
                         call(2, 0, QStringLiteral("check")),
                         call(3, std::nullopt, QStringLiteral("legacy_tool"))};
        b.invocations = {call(1, -1, QStringLiteral("search_tickets")),
                         call(3, std::nullopt, QStringLiteral("legacy_tool"))};
        const RunComparison c = compareRuns(a, b);
        QCOMPARE(int(c.steps.size()), 3); // step -1 paired, step 0 in A only, the unbound group
        QCOMPARE(c.stepsOnlyInA, 1);
        QCOMPARE(c.stepsOnlyInB, 0);
        QCOMPARE(c.callsOnlyInA, 1); // the check of step 0
        QCOMPARE(c.callsOnlyInB, 0);
        int calls = 0;
        for (const StepComparison& s : c.steps)
            calls += int(s.calls.size());
        QCOMPARE(calls, 3);
        const json j = c;
        QCOMPARE(text(j["steps"][0]["side"]), QStringLiteral("a")); // index -1 sorts first
        QCOMPARE(text(j["steps"][1]["side"]), QStringLiteral("both"));
        QCOMPARE(text(j["steps"][2]["side"]), QStringLiteral("unbound"));
        QCOMPARE(j["steps"][2]["calls"].size(), size_t(1));
    }

    void aRunComparedWithItselfHasNoChange()
    {
        const test::CliResult r =
            test::runCli({QStringLiteral("compare"), QStringLiteral("--db"), m_demo,
                          QStringLiteral("--run"), QStringLiteral("run-demo-007-a"),
                          QStringLiteral("--run"), QStringLiteral("run-demo-007-a")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json["lookupsChanged"].get<qint64>(), qint64(0));
        QCOMPARE(r.json["lookupsCompared"].get<int>(), 2); // two lookups and a metrics call
        QCOMPARE(r.json["callsOnlyInA"].get<qint64>(), qint64(0));
        QCOMPARE(r.json["callsOnlyInB"].get<qint64>(), qint64(0));
        QCOMPARE(text(r.json["a"]["fallbackCause"]["kind"]),
                 text(r.json["b"]["fallbackCause"]["kind"]));
    }

    void theRunThatWorkedAgainstTheOneThatFellBack()
    {
        // sess-demo-011: run a fell back on weak evidence, run b succeeded.
        const test::CliResult r =
            test::runCli({QStringLiteral("compare"), QStringLiteral("--db"), m_demo,
                          QStringLiteral("--run"), QStringLiteral("run-demo-011-a"),
                          QStringLiteral("--run"), QStringLiteral("run-demo-011-b")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(text(r.json["a"]["outcome"]), QStringLiteral("FALLBACK"));
        QCOMPARE(text(r.json["a"]["fallbackCause"]["kind"]), QStringLiteral("weak_evidence"));
        QCOMPARE(text(r.json["b"]["fallbackCause"]["kind"]), QStringLiteral("not_fallback"));
        QCOMPARE(r.json["lookupsCompared"].get<qint64>(), qint64(1));
        QCOMPARE(r.json["lookupsChanged"].get<qint64>(), qint64(1));
        json lookup;
        for (const json& s : r.json["steps"])
            for (const json& c : s["calls"])
                if (!c["lookup"].is_null())
                    lookup = c["lookup"];
        QVERIFY(lookup.is_object());
        const json& diff = lookup["diff"];
        // A retried without its filter and found nothing relevant; B's filtered attempt held.
        QCOMPARE(text(diff["selectedAttempt"]["a"]), QStringLiteral("UNFILTERED_VECTOR_RETRY"));
        QCOMPARE(text(diff["selectedAttempt"]["b"]), QStringLiteral("FILTERED_VECTOR"));
        QVERIFY(diff["selectedAttempt"]["changed"].get<bool>());
        QVERIFY(diff["bBestQuality"].get<double>() > diff["aBestQuality"].get<double>());
        // Keys: what B found and A did not, and the reverse, never both.
        for (const json& k : diff["keysGained"])
            QVERIFY(std::find(diff["keysLost"].begin(), diff["keysLost"].end(), k) ==
                    diff["keysLost"].end());
        QVERIFY(lookup["queryChanged"].get<bool>());
        bool retryOnlyInA = false;
        for (const json& at : diff["attempts"])
            retryOnlyInA = retryOnlyInA || (at["name"] == "UNFILTERED_VECTOR_RETRY" &&
                                            at["a"] == true && at["b"] == false);
        QVERIFY(retryOnlyInA);
    }

    void twoLookupsFromTwoDatabases()
    {
        // A lookup of the production fixture against one of the demo workspace (--db-b).
        const test::CliResult r = test::runCli(
            {QStringLiteral("compare"), QStringLiteral("--db"), m_fixture, QStringLiteral("--db-b"),
             m_demo, QStringLiteral("--invocation"), QString::number(test::fixture::kInvocation860),
             QStringLiteral("--invocation"), QStringLiteral("18")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json["a"]["invocationId"].get<qint64>(), qint64(test::fixture::kInvocation860));
        QCOMPARE(r.json["b"]["invocationId"].get<qint64>(), qint64(18));
        QCOMPARE(text(r.json["diff"]["evidenceStatus"]["a"]), QStringLiteral("NO_EVIDENCE"));
        QVERIFY(!r.json["diff"]["keysGained"].empty());
        QVERIFY(r.json["diff"]["keysLost"].empty());
    }

    void badRequestsAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("one run") << QStringList{QStringLiteral("--run"), QStringLiteral("x")} << 2
                                 << "twice";
        QTest::newRow("run and invocation")
            << QStringList{QStringLiteral("--run"), QStringLiteral("x"),
                           QStringLiteral("--invocation"), QStringLiteral("1")}
            << 2 << "twice";
        // Ids may be text (stores keyed by UUID): one that is not there is named.
        QTest::newRow("no such text id")
            << QStringList{QStringLiteral("--invocation"), QStringLiteral("call-nope"),
                           QStringLiteral("--invocation"), QStringLiteral("1")}
            << 1 << "call-nope";
        QTest::newRow("no such run")
            << QStringList{QStringLiteral("--run"), QStringLiteral("nope"), QStringLiteral("--run"),
                           QStringLiteral("run-demo-001-a")}
            << 1 << "nope";
        QTest::newRow("not a lookup")
            << QStringList{QStringLiteral("--invocation"), QStringLiteral("18"),
                           QStringLiteral("--invocation"), QStringLiteral("999999")}
            << 1 << "999999";
    }

    void badRequestsAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const test::CliResult r = test::runCli(
            QStringList{QStringLiteral("compare"), QStringLiteral("--db"), m_demo} + args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!r.crashed);
    }
};

QTEST_GUILESS_MAIN(TestRunComparison)
#include "tst_run_comparison.moc"
