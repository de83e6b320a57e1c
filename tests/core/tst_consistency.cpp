// One interpretation, every view: on the demo workspace, the production fixture and a
// generated database of 12,000 random rows (legacy, missing keys, wrong types, failed
// tools, orphans), the SQL filters, the session list, health, findings and the CLI's
// `trace`, `sessions` and `diagnose` must say what core's interpretation says about every
// invocation, run and session. Any disagreement fails, naming the row.

#include "check/audit_check.h"
#include "db/sql_dialect.h"
#include "demo/demo_workspace.h"
#include "diagnostics/health_report.h"
#include "diagnostics/invocation_findings.h"
#include "eval/problem_library.h"
#include "support/audit_facts.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/random_audit_db.h"
#include "support/sqlite_statements.h"
#include "trace/audit_browser.h"
#include "trace/fact_sql.h"
#include "trace/trace_service.h"

#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace raglens;
using namespace raglens::test;
using interpret::EvidenceStatus;
using interpret::FailureKind;

namespace {

constexpr int kGeneratedInvocations = 12000;

std::set<QString> toSet(const std::vector<SessionRow>& rows)
{
    std::set<QString> out;
    for (const SessionRow& r : rows)
        out.insert(r.sessionId);
    return out;
}

// A JSON string, or empty for null or a missing key.
QString text(const nlohmann::json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                 : QString();
}

QString firstDifference(const std::set<QString>& a, const std::set<QString>& b)
{
    for (const QString& s : a)
        if (!b.count(s))
            return QStringLiteral("only in the view: ") + s;
    for (const QString& s : b)
        if (!a.count(s))
            return QStringLiteral("only in core: ") + s;
    return {};
}

} // namespace

class TestConsistency : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::map<QString, QString> m_paths; ///< data tag -> database file
    std::map<QString, std::unique_ptr<AuditDatabase>> m_dbs;
    std::map<QString, AuditFacts> m_facts;

    void addDatabases()
    {
        QTest::addColumn<QString>("name");
        for (const auto& [name, path] : m_paths)
            QTest::newRow(qPrintable(name)) << name;
    }
    AuditDatabase& db(const QString& name) { return *m_dbs.at(name); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString demo = m_dir.filePath(QStringLiteral("demo"));
        QVERIFY2(DemoWorkspace::create(demo).ok(), "demo workspace");
        m_paths[QStringLiteral("demo")] = demo + QStringLiteral("/audit.db");
        m_paths[QStringLiteral("fixture")] = m_dir.filePath(QStringLiteral("fixture.db"));
        QCOMPARE(writeProductionFixture(m_paths[QStringLiteral("fixture")]), QString());
        m_paths[QStringLiteral("generated")] = m_dir.filePath(QStringLiteral("generated.db"));
        QCOMPARE(writeRandomAuditDb(m_paths[QStringLiteral("generated")],
                                    {kGeneratedInvocations, 20261130}),
                 QString());
        // A smaller generated store, its success flags in a REAL column as some writers
        // keep them (1.0 and 0.0, numbers that are neither, single bytes), which SQL once read as
        // text
        // ("1.0": a failed call) where the trace read a number (success).
        m_paths[QStringLiteral("real-flags")] = m_dir.filePath(QStringLiteral("real-flags.db"));
        QCOMPARE(writeRandomAuditDb(m_paths[QStringLiteral("real-flags")],
                                    {kGeneratedInvocations / 6, 20261205}),
                 QString());
        QCOMPARE(test::execOnSqliteFile(
                     m_paths[QStringLiteral("real-flags")],
                     {QStringLiteral("ALTER TABLE tool_invocation ADD COLUMN success_real REAL"),
                      QStringLiteral("UPDATE tool_invocation SET success_real = success"),
                      QStringLiteral("UPDATE tool_invocation SET success_real = 2.0 WHERE id % 11 "
                                     "= 0"),
                      QStringLiteral("UPDATE tool_invocation SET success_real = 0.5 WHERE id % 13 "
                                     "= 0"),
                      // One byte 1 or 0, as a blob or a text, which the trace read as
                      // MariaDB's BIT(1) and SQL as neither (a failed call).
                      QStringLiteral("UPDATE tool_invocation SET success_real = x'01' WHERE id % "
                                     "17 = 0"),
                      QStringLiteral("UPDATE tool_invocation SET success_real = x'00' WHERE id % "
                                     "19 = 0"),
                      QStringLiteral("UPDATE tool_invocation SET success_real = char(1) WHERE id "
                                     "% 23 = 0"),
                      // Words other writers use (an ENUM('Y','N'), yes/no, on/off).
                      QStringLiteral("UPDATE tool_invocation SET success_real = 'Y' WHERE id % "
                                     "29 = 0"),
                      QStringLiteral("UPDATE tool_invocation SET success_real = 'no' WHERE id % "
                                     "31 = 0"),
                      QStringLiteral("UPDATE tool_invocation SET success_real = 'On' WHERE id % "
                                     "37 = 0"),
                      // A call's outcome as a word (an ENUM('SUCCESS','ERROR')).
                      QStringLiteral("UPDATE tool_invocation SET success_real = 'SUCCESS' WHERE "
                                     "id % 41 = 0"),
                      QStringLiteral("UPDATE tool_invocation SET success_real = 'Error' WHERE "
                                     "id % 43 = 0"),
                      QStringLiteral("UPDATE tool_invocation SET success_real = 'failed' WHERE "
                                     "id % 47 = 0"),
                      QStringLiteral("ALTER TABLE tool_invocation RENAME COLUMN success TO "
                                     "success_as_written"),
                      QStringLiteral("ALTER TABLE tool_invocation RENAME COLUMN success_real TO "
                                     "success")}),
                 QString());
        // Cells whose readings SQLite's functions once took otherwise than the trace: a status
        // holding an escaped NUL (json_extract() ends the string there: NO_EVIDENCE), a start
        // in the hour 24 past 24:00 (julianday() rolls it into the next day; the trace reads no
        // time), and the one instant of that hour the trace reads.
        m_paths[QStringLiteral("odd-cells")] = m_dir.filePath(QStringLiteral("odd-cells.db"));
        QCOMPARE(writeRandomAuditDb(m_paths[QStringLiteral("odd-cells")],
                                    {kGeneratedInvocations / 6, 20261207}),
                 QString());
        QCOMPARE(
            test::execOnSqliteFile(
                m_paths[QStringLiteral("odd-cells")],
                {QStringLiteral("UPDATE tool_invocation SET retrieval_details = "
                                "replace(retrieval_details, '\"NO_EVIDENCE\"', "
                                "'\"NO_EVIDENCE\\u0000x\"') WHERE id % 3 = 0"),
                 QStringLiteral("UPDATE tool_invocation SET retrieval_details = "
                                "replace(retrieval_details, '\"EVIDENCE_FOUND\"', "
                                "'\"EVIDENCE_FOUND\", \"note\": \"a\\u0000\"') WHERE id % "
                                "5 = 0"),
                 QStringLiteral("UPDATE diagnosis_run SET started_at = substr(started_at, 1, "
                                "11) || '24:30:00Z' WHERE rowid % 7 = 0 AND typeof(started_at) "
                                "= 'text' AND length(started_at) >= 19"),
                 QStringLiteral("UPDATE diagnosis_run SET started_at = substr(started_at, 1, "
                                "11) || '24:00:00.000Z' WHERE rowid % 7 = 1 AND "
                                "typeof(started_at) = 'text' AND length(started_at) >= 19")}),
            QString());
        for (const auto& [name, path] : m_paths) {
            auto opened = AuditDatabase::open(path);
            QVERIFY2(opened.ok(), opened.ok() ? "" : qPrintable(opened.error()));
            m_dbs[name] = std::move(*opened);
            QCOMPARE(m_facts[name].read(*m_dbs[name]), QString());
        }
        QVERIFY(m_facts[QStringLiteral("generated")].rows.size() >= size_t(kGeneratedInvocations));
        QSqlQuery reals(db(QStringLiteral("real-flags")).sql());
        QVERIFY(reals.exec(QStringLiteral("SELECT COUNT(*) FROM tool_invocation WHERE "
                                          "typeof(success) = 'real' AND success = 1")));
        QVERIFY(reals.next() && reals.value(0).toInt() > 0);
    }

    // The generated data really holds the quirks the interpretation must survive.
    void generatedDataCoversTheQuirks()
    {
        const AuditFacts& f = m_facts.at(QStringLiteral("generated"));
        std::map<EvidenceStatus, int> statuses;
        std::map<FailureKind, int> failures;
        int legacy = 0, malformed = 0, problems = 0, orphans = 0, truncatedUnknownKind = 0;
        int tooDeep = 0, overflow = 0, encodedTwice = 0, byteOrderMark = 0, repeatedKeys = 0;
        int strays = 0; // calls naming another session than their run row
        int loneSurrogates = 0;
        std::map<QString, std::set<QString>> orphanSessions; // sessions named by an orphan's calls
        for (const auto& [id, facts] : f.invocations) {
            ++statuses[facts.evidenceStatus];
            ++failures[facts.failureKind];
            legacy += facts.legacyRow;
            malformed += facts.detailsMalformed;
            problems += !f.rows.at(id).details.problems.isEmpty();
            orphans += !f.runs.count(f.rows.at(id).runId);
            if (const auto run = f.runs.find(f.rows.at(id).runId); run != f.runs.end())
                strays += run->second.sessionId != f.rows.at(id).sessionId;
            else if (!f.rows.at(id).runId.isEmpty())
                orphanSessions[f.rows.at(id).runId].insert(f.rows.at(id).sessionId);
            truncatedUnknownKind += facts.truncation.kindUnknown();
            tooDeep += facts.detailsError.contains(QStringLiteral("nested more than"));
            overflow += f.rows.at(id).details.problems.join(' ').contains(QStringLiteral("null"));
            encodedTwice +=
                f.rows.at(id).details.present &&
                f.rows.at(id).details.problems.join(' ').contains(QStringLiteral("encoded twice"));
            byteOrderMark += facts.detailsError.contains(QStringLiteral("byte-order mark"));
            repeatedKeys +=
                f.rows.at(id).details.problems.join(' ').contains(QStringLiteral("repeated"));
            loneSurrogates +=
                f.rows.at(id).details.problems.join(' ').contains(QStringLiteral("surrogate"));
        }
        for (EvidenceStatus s :
             {EvidenceStatus::NotApplicable, EvidenceStatus::Unknown, EvidenceStatus::EvidenceFound,
              EvidenceStatus::NoEvidence, EvidenceStatus::Error})
            QVERIFY2(statuses[s] > 50, qPrintable(interpret::evidenceStatusName(s)));
        for (FailureKind k : {FailureKind::None, FailureKind::ToolError, FailureKind::LookupError,
                              FailureKind::NoEvidence})
            QVERIFY2(failures[k] > 50, qPrintable(interpret::failureKindName(k)));
        QVERIFY(legacy > 100);
        QVERIFY(malformed > 100);
        QVERIFY(problems > 100);
        QVERIFY(orphans > 50);
        QVERIFY(strays > 50); // shown under their run's session, as the list counts them
        const auto split = std::count_if(orphanSessions.begin(), orphanSessions.end(),
                                         [](const auto& o) { return o.second.size() > 1; });
        QVERIFY2(split > 0, qPrintable(QString::number(split)));
        QVERIFY(truncatedUnknownKind > 50);
        QVERIFY(tooDeep > 20);       // hostile cells are flagged rows, not failures
        QVERIFY(overflow > 20);      // numbers past a double are read as null, and noted
        QVERIFY(encodedTwice > 5);   // details stored as a JSON string are read inside
        QVERIFY(byteOrderMark > 5);  // malformed to SQL, so malformed to the row decoder too
        QVERIFY(repeatedKeys > 5);   // the first of a repeated key, as SQLite reads it
        QVERIFY(loneSurrogates > 5); // read as U+FFFD, as SQLite reads the document as valid
        std::map<interpret::FallbackCauseKind, int> causes;
        for (const auto& [run, cause] : f.causes)
            ++causes[cause.kind];
        QVERIFY(causes.size() >= 5);
    }

    void sqlFactsMatchCore_data() { addDatabases(); }
    void sqlFactsMatchCore()
    {
        // Row by row: the SQL spelling of each fact selects exactly the rows core names.
        QFETCH(QString, name);
        const AuditFacts& f = m_facts.at(name);
        const SqlDialect dialect(db(name));
        const FactSql sql(db(name), dialect);
        QSqlQuery q(db(name).sql());
        QVERIFY(q.exec(
            QStringLiteral("SELECT i.id, %1, %2, %3, %4 FROM tool_invocation i")
                .arg(sql.evidenceStatus(), sql.failureKind(), sql.isLookup(), sql.toolFailed())));
        size_t seen = 0;
        while (q.next()) {
            ++seen;
            const qint64 id = q.value(0).toLongLong();
            const interpret::InvocationFacts& facts = f.invocations.at(id);
            const QString where = QStringLiteral("invocation %1 (%2)")
                                      .arg(id)
                                      .arg(f.rows.at(id).retrievalDetailsRaw.left(120));
            QVERIFY2(
                q.value(1).toString() == interpret::evidenceStatusName(facts.evidenceStatus),
                qPrintable(where + QStringLiteral(": evidence status ") + q.value(1).toString()));
            QVERIFY2(q.value(2).toString() == interpret::failureKindName(facts.failureKind),
                     qPrintable(where + QStringLiteral(": failure kind")));
            QVERIFY2(q.value(3).toBool() == facts.isLookup, qPrintable(where));
            QVERIFY2(q.value(4).toBool() == facts.toolFailed, qPrintable(where));
        }
        QCOMPARE(seen, f.invocations.size());
    }

    void filtersMatchCore_data() { addDatabases(); }
    void filtersMatchCore()
    {
        QFETCH(QString, name);
        const AuditFacts& f = m_facts.at(name);
        const AuditBrowser browser(db(name));
        const auto filtered = [&](const SessionFilter& filter) {
            auto rows = browser.sessions(filter, 0, 1 << 20);
            return rows ? toSet(*rows) : std::set<QString>{};
        };
        for (EvidenceStatus s : {EvidenceStatus::Unknown, EvidenceStatus::EvidenceFound,
                                 EvidenceStatus::NoEvidence, EvidenceStatus::Error}) {
            SessionFilter filter;
            filter.evidenceStatus = interpret::evidenceStatusName(s);
            const auto expected = f.sessionsWhere(
                [s](const interpret::InvocationFacts& x) { return x.evidenceStatus == s; });
            QVERIFY2(filtered(filter) == expected,
                     qPrintable(filter.evidenceStatus + QStringLiteral(": ") +
                                firstDifference(filtered(filter), expected)));
            auto count = browser.countSessions(filter);
            QVERIFY(count.ok());
            QCOMPARE(size_t(*count), expected.size());
        }
        for (FailureKind k : {FailureKind::ToolError, FailureKind::LookupError,
                              FailureKind::NoEvidence, FailureKind::None}) {
            SessionFilter filter;
            filter.failureKind = interpret::failureKindName(k);
            const auto expected = f.sessionsWhere(
                [k](const interpret::InvocationFacts& x) { return x.failureKind == k; });
            QVERIFY2(filtered(filter) == expected,
                     qPrintable(filter.failureKind + QStringLiteral(": ") +
                                firstDifference(filtered(filter), expected)));
            auto count = browser.countSessions(filter);
            QVERIFY(count.ok());
            QCOMPARE(size_t(*count), expected.size());
        }
        // Session outcome: the filter, and the outcome every listed row carries.
        for (const QString& outcome : interpret::sessionOutcomePrecedence()) {
            SessionFilter filter;
            filter.sessionOutcome = outcome;
            std::set<QString> expected;
            for (const auto& [session, o] : f.sessions)
                if (o.outcome == outcome)
                    expected.insert(session);
            QVERIFY2(filtered(filter) == expected,
                     qPrintable(outcome + QStringLiteral(": ") +
                                firstDifference(filtered(filter), expected)));
            auto count = browser.countSessions(filter);
            QVERIFY(count.ok());
            QCOMPARE(size_t(*count), expected.size());
        }
        for (const SessionFilter& filter : {SessionFilter{}, [] {
                                                SessionFilter fallbackRuns;
                                                fallbackRuns.outcome = QStringLiteral("FALLBACK");
                                                return fallbackRuns;
                                            }()}) {
            auto rows = browser.sessions(filter, 0, 1 << 20);
            QVERIFY(rows.ok());
            for (const SessionRow& row : *rows) {
                const interpret::SessionOutcome& o = f.sessions.at(row.sessionId);
                QVERIFY2(row.outcome.outcome == o.outcome && row.outcome.runs == o.runs &&
                             row.outcome.matchingRuns == o.matchingRuns,
                         qPrintable(row.sessionId));
            }
        }
    }

    // A run fell back by interpret::isFallbackRun() (release_outcome FALLBACK or content_type
    // SAFE_FALLBACK) in the list's count and the run-outcome filter, as in health and trace.
    void fallbackRunsMatchCore_data() { addDatabases(); }
    void fallbackRunsMatchCore()
    {
        QFETCH(QString, name);
        const AuditFacts& f = m_facts.at(name);
        std::map<QString, int> fallbacks;
        for (const auto& [runId, run] : f.runs)
            if (interpret::isFallbackRun(run))
                ++fallbacks[run.sessionId];
        const AuditBrowser browser(db(name));
        SessionFilter filter;
        filter.outcome = QStringLiteral("FALLBACK");
        auto matching = browser.sessions(filter, 0, 1 << 20);
        QVERIFY(matching.ok());
        std::set<QString> expected;
        for (const auto& [session, n] : fallbacks)
            expected.insert(session);
        QVERIFY2(toSet(*matching) == expected,
                 qPrintable(firstDifference(toSet(*matching), expected)));
        auto all = browser.sessions(SessionFilter{}, 0, 1 << 20);
        QVERIFY(all.ok());
        for (const SessionRow& row : *all)
            QVERIFY2(row.fallbackRunCount == fallbacks[row.sessionId], qPrintable(row.sessionId));
    }

    // Every call the list counts for a session is in that session's trace: calls of runs
    // never recorded and calls without a run id included.
    void traceHoldsEveryCallTheListCounts_data() { addDatabases(); }
    void traceHoldsEveryCallTheListCounts()
    {
        QFETCH(QString, name);
        auto all = AuditBrowser(db(name)).sessions(SessionFilter{}, 0, 1 << 20);
        QVERIFY(all.ok());
        QVERIFY(!all->empty());
        for (const SessionRow& row : *all) {
            auto trace = TraceService(db(name)).getTrace(row.sessionId);
            QVERIFY2(trace.ok(), qPrintable(row.sessionId));
            QVERIFY2(int(trace->toolInvocations.size()) == row.invocationCount,
                     qPrintable(QStringLiteral("%1: trace %2, list %3")
                                    .arg(row.sessionId)
                                    .arg(trace->toolInvocations.size())
                                    .arg(row.invocationCount)));
        }
    }

    void healthMatchesCore_data() { addDatabases(); }
    void healthMatchesCore()
    {
        QFETCH(QString, name);
        const AuditFacts& f = m_facts.at(name);
        auto health = computeHealth(db(name), {}, {});
        QVERIFY2(health.ok(), health.ok() ? "" : qPrintable(health.error()));
        int invocations = 0, lookups = 0, empty = 0, errors = 0, retries = 0, fallbackRuns = 0;
        int runless = 0;
        for (const auto& [runId, ids] : f.runInvocations) {
            // Calls of runs never recorded, and without a run id, count too (by their own
            // time; the window here is open).
            if (!f.runs.count(runId))
                runless += int(ids.size());
            for (qint64 id : ids) {
                const interpret::InvocationFacts& x = f.invocations.at(id);
                ++invocations;
                errors += x.toolFailed;
                if (!x.isLookup)
                    continue;
                ++lookups;
                empty += x.evidenceStatus == EvidenceStatus::NoEvidence;
                retries += x.retried();
            }
        }
        for (const auto& [runId, run] : f.runs)
            fallbackRuns += interpret::isFallbackRun(run);
        QCOMPARE(health->invocations, invocations);
        QCOMPARE(health->callsWithoutRun, runless);
        QCOMPARE(health->lookups, lookups);
        QCOMPARE(health->emptyRetrievals, empty);
        QCOMPARE(health->errors, errors);
        QCOMPARE(health->fallbackRetries, retries);
        QCOMPARE(health->fallbackRuns, fallbackRuns);
    }

    void findingsMatchCore_data() { addDatabases(); }
    void findingsMatchCore()
    {
        QFETCH(QString, name);
        const AuditFacts& f = m_facts.at(name);
        for (const auto& [id, row] : f.rows) {
            const interpret::InvocationFacts& x = f.invocations.at(id);
            const InvocationDiagnosis d = diagnoseInvocation(row);
            QStringList codes;
            for (const Finding& finding : d.findings)
                codes << finding.code;
            const QString where = QStringLiteral("invocation %1: %2").arg(id).arg(codes.join(','));
            QVERIFY2(codes.contains(QStringLiteral("tool_error")) == x.toolFailed,
                     qPrintable(where));
            QVERIFY2(codes.contains(QStringLiteral("empty_retrieval")) ==
                         (x.isLookup && x.evidenceStatus == EvidenceStatus::NoEvidence),
                     qPrintable(where));
            QVERIFY2(codes.contains(QStringLiteral("lookup_error")) ==
                         (x.isLookup && x.failureKind == FailureKind::LookupError),
                     qPrintable(where));
            QVERIFY2(codes.contains(QStringLiteral("evidence_truncated")) ==
                         (x.isLookup && x.truncation.any),
                     qPrintable(where));
            QVERIFY2(codes.contains(QStringLiteral("fallback_retry")) ==
                         (x.isLookup && x.retried()),
                     qPrintable(where));
            QVERIFY2(codes.contains(QStringLiteral("legacy_row")) == x.legacyRow,
                     qPrintable(where));
            QCOMPARE(d.verdict, x.verdict);
        }
    }

    void cliMatchesCore_data() { addDatabases(); }
    void cliMatchesCore()
    {
        // The CLI is a separate process reading the same file: `sessions` for every session,
        // `trace` and `diagnose --run` for every session of the small databases and a
        // spread of the generated one.
        QFETCH(QString, name);
        const AuditFacts& f = m_facts.at(name);
        const QString path = m_paths.at(name);
        const CliResult list = runCli({QStringLiteral("sessions"), QStringLiteral("--db"), path,
                                       QStringLiteral("--limit"), QStringLiteral("100000")});
        QCOMPARE(list.exitCode, 0);
        size_t listed = 0;
        for (const auto& s : list.json.at("sessions")) {
            ++listed;
            const QString id = QString::fromStdString(s.at("sessionId").get<std::string>());
            const interpret::SessionOutcome& o = f.sessions.at(id);
            QCOMPARE(text(s.at("outcome"), "outcome"), o.outcome);
            QCOMPARE(s.at("outcome").at("matchingRuns").get<int>(), o.matchingRuns);
        }
        QCOMPARE(listed, f.sessions.size());

        int step = std::max<int>(1, int(f.sessions.size()) / 40);
        int i = 0;
        for (const auto& [session, outcome] : f.sessions) {
            if (i++ % step != 0)
                continue;
            const CliResult trace =
                runCli({QStringLiteral("trace"), QStringLiteral("--db"), path, session});
            QVERIFY2(trace.exitCode == 0, trace.err.constData());
            QCOMPARE(text(trace.json.at("sessionOutcome"), "outcome"), outcome.outcome);
            for (const auto& inv : trace.json.at("toolInvocations")) {
                const qint64 id = inv.at("id").get<qint64>();
                const interpret::InvocationFacts& x = f.invocations.at(id);
                const auto& j = inv.at("interpretation");
                const QString where = QStringLiteral("%1 invocation %2").arg(session).arg(id);
                QVERIFY2(text(j, "evidenceStatus") ==
                             interpret::evidenceStatusName(x.evidenceStatus),
                         qPrintable(where));
                QVERIFY2(QString::fromStdString(j.at("failureKind").get<std::string>()) ==
                             interpret::failureKindName(x.failureKind),
                         qPrintable(where));
                QVERIFY2(j.at("truncation").at("any").get<bool>() == x.truncation.any,
                         qPrintable(where));
                QVERIFY2(
                    QString::fromStdString(j.at("truncation").at("label").get<std::string>()) ==
                        interpret::truncationLabel(x.truncation),
                    qPrintable(where));
                QVERIFY2(text(j, "verdict") == x.verdict, qPrintable(where));
            }
            for (const auto& run : trace.json.at("runs")) {
                const QString runId = QString::fromStdString(run.at("runId").get<std::string>());
                if (run.value("orphan", false)) { // calls without a run row are listed too
                    QVERIFY(!f.runs.count(runId));
                    QVERIFY(!f.runInvocations.at(runId).empty());
                    continue;
                }
                const QString kind =
                    QString::fromStdString(run.at("fallbackCause").at("kind").get<std::string>());
                QCOMPARE(kind, interpret::fallbackCauseName(f.causes.at(runId).kind));
                const CliResult diagnose =
                    runCli({QStringLiteral("diagnose"), QStringLiteral("--db"), path,
                            QStringLiteral("--run"), runId});
                QVERIFY2(diagnose.exitCode == 0, diagnose.err.constData());
                QCOMPARE(QString::fromStdString(
                             diagnose.json.at("fallbackCause").at("kind").get<std::string>()),
                         kind);
                QCOMPARE(text(diagnose.json, "verdict"), f.causes.at(runId).sentence);
            }
        }
    }

    // The cases seen on the demo workspace, each pinned.
    // A writer that lower-cases its enums, or a padded CHAR column, stores the same facts:
    // every list, filter and health figure reads them as the contract's words.
    void contractWordsInAnyCaseReadAlike()
    {
        const QString respelled = m_dir.filePath(QStringLiteral("respelled.db"));
        QVERIFY(QFile::copy(m_paths.at(QStringLiteral("demo")), respelled));
        QCOMPARE(test::execOnSqliteFile(
                     respelled,
                     {QStringLiteral("UPDATE diagnosis_run SET release_outcome = "
                                     "lower(release_outcome), status = status || '  ', "
                                     "content_type = ' ' || lower(content_type)"),
                      QStringLiteral("UPDATE tool_invocation SET relevance_level = "
                                     "lower(relevance_level) || ' '"),
                      QStringLiteral("UPDATE tool_invocation SET retrieval_details = "
                                     "replace(replace(replace(replace(replace(retrieval_details, "
                                     "'\"NO_EVIDENCE\"', '\"no_evidence\"'), "
                                     "'\"EVIDENCE_FOUND\"', '\"Evidence_Found \"'), "
                                     "'_VECTOR_RETRY\"', '_vector_retry\"'), "
                                     "'\"filtered_vector_', '\"FILTERED_VECTOR_'), "
                                     "'\"PRECISE\"', '\"precise\"')")}),
                 QString());
        auto opened = AuditDatabase::open(respelled);
        QVERIFY(opened.ok());
        const AuditBrowser original(db(QStringLiteral("demo")));
        const AuditBrowser other(**opened);
        std::vector<SessionFilter> filters(1);
        const auto add = [&](QString SessionFilter::*field, const QString& value) {
            SessionFilter f;
            f.*field = value;
            filters.push_back(f);
        };
        add(&SessionFilter::outcome, QStringLiteral("FALLBACK"));
        add(&SessionFilter::outcome, QStringLiteral("SUCCESS"));
        add(&SessionFilter::sessionOutcome, QStringLiteral("FALLBACK"));
        add(&SessionFilter::evidenceStatus, QStringLiteral("NO_EVIDENCE"));
        add(&SessionFilter::evidenceStatus, QStringLiteral("EVIDENCE_FOUND"));
        add(&SessionFilter::relevanceLevel, QStringLiteral("PRECISE"));
        add(&SessionFilter::relevanceLevel, QStringLiteral("NONE"));
        add(&SessionFilter::selectedAttempt, QStringLiteral("UNFILTERED_VECTOR_RETRY"));
        add(&SessionFilter::retryReason, QStringLiteral("filtered_vector_no_evidence"));
        for (const SessionFilter& f : filters) {
            const nlohmann::json want = original.sessions(f, 0, 1000).value();
            QVERIFY(!want.empty());
            QCOMPARE(
                QString::fromStdString(nlohmann::json(other.sessions(f, 0, 1000).value()).dump()),
                QString::fromStdString(want.dump()));
        }
        const nlohmann::json health = computeHealth(db(QStringLiteral("demo")), {}, {}).value();
        QCOMPARE(
            QString::fromStdString(nlohmann::json(computeHealth(**opened, {}, {}).value()).dump()),
            QString::fromStdString(health.dump()));
        // The trace reads the same fallback causes.
        AuditFacts respelledFacts;
        QCOMPARE(respelledFacts.read(**opened), QString());
        const AuditFacts& facts = m_facts.at(QStringLiteral("demo"));
        QCOMPARE(respelledFacts.causes.size(), facts.causes.size());
        for (const auto& [run, cause] : facts.causes)
            QCOMPARE(respelledFacts.causes.at(run).sentence, cause.sentence);
        // Nothing is respelled silently: `check` names each word read otherwise.
        const nlohmann::json report = check::runAuditCheck(**opened, {}, {}).value();
        const std::string reasons = report.dump();
        for (const char* said : {"release_outcome: 'fallback' read as FALLBACK",
                                 "status: 'COMPLETED  ' read as COMPLETED",
                                 "evidence_status: 'no_evidence' read as NO_EVIDENCE",
                                 "relevance_level: 'precise' read as PRECISE"})
            QVERIFY2(reasons.find(said) != std::string::npos, said);
    }

    // Only lookups have a relevance level: another tool's relevance_level cell, whatever it
    // holds, finds no session by level, as health counts no level for it and the trace says
    // the call is no lookup.
    void levelsOfOtherToolsAreNoLevels()
    {
        const QString copy = m_dir.filePath(QStringLiteral("levelled-tools.db"));
        QVERIFY(QFile::copy(m_paths.at(QStringLiteral("demo")), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(test::execOnSqliteFile(
                     copy, {QStringLiteral("UPDATE tool_invocation SET relevance_level = "
                                           "'PRECISE' WHERE tool_name <> 'lookup_knowledge' AND "
                                           "COALESCE(retrieval_layer, '') <> 'L1'")}),
                 QString());
        auto opened = AuditDatabase::open(copy);
        QVERIFY(opened.ok());
        const AuditBrowser original(db(QStringLiteral("demo")));
        const AuditBrowser levelled(**opened);
        for (const char* level : {"PRECISE", "REFERENCE", "NONE"}) {
            SessionFilter f;
            f.relevanceLevel = QString::fromLatin1(level);
            QCOMPARE(QString::fromStdString(
                         nlohmann::json(levelled.sessions(f, 0, 1000).value()).dump()),
                     QString::fromStdString(
                         nlohmann::json(original.sessions(f, 0, 1000).value()).dump()));
        }
        QCOMPARE(
            QString::fromStdString(nlohmann::json(computeHealth(**opened, {}, {}).value()).dump()),
            QString::fromStdString(
                nlohmann::json(computeHealth(db(QStringLiteral("demo")), {}, {}).value()).dump()));
    }

    // A rating that is neither true nor false ('maybe', 'unsure', -1, 2) is no verdict anywhere:
    // the trace shows none, health does not count it, problems does not take it for a
    // dislike. Before, the trace read each as false and problems listed the run.
    void ratingsNeitherTrueNorFalseAreNoVerdict()
    {
        const QString copy = m_dir.filePath(QStringLiteral("odd-ratings.db"));
        QVERIFY(QFile::copy(m_paths.at(QStringLiteral("demo")), copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(test::execOnSqliteFile(
                     copy,
                     {QStringLiteral("INSERT INTO run_feedback (run_id, satisfied, comment, "
                                     "created_at) SELECT run_id, CASE rowid % 4 WHEN 0 "
                                     "THEN 'maybe' WHEN 1 THEN 'unsure' WHEN 2 THEN -1 ELSE 2 END, "
                                     "'odd', started_at FROM diagnosis_run")}),
                 QString());
        auto opened = AuditDatabase::open(copy);
        QVERIFY(opened.ok());
        AuditDatabase& demo = db(QStringLiteral("demo"));
        const HealthReport before = computeHealth(demo, {}, {}).value();
        const HealthReport after = computeHealth(**opened, {}, {}).value();
        QCOMPARE(after.ratings, before.ratings);
        QCOMPARE(after.satisfiedRatings, before.satisfiedRatings);
        QCOMPARE(QString::fromStdString(nlohmann::json(after.problemRuns).dump()),
                 QString::fromStdString(nlohmann::json(before.problemRuns).dump()));
        QCOMPARE(collectProblemQueries(**opened).value().entries.size(),
                 collectProblemQueries(demo).value().entries.size());
        int odd = 0;
        const auto sessions = AuditBrowser(**opened).sessions({}, 0, 1000);
        QVERIFY(sessions.ok());
        for (const auto& session : *sessions) {
            auto trace = TraceService(**opened).getTrace(session.sessionId);
            QVERIFY2(trace.ok(), trace.ok() ? "" : qPrintable(trace.error()));
            for (const RunFeedback& f : trace->feedback)
                if (f.comment == QLatin1String("odd")) {
                    ++odd;
                    QVERIFY2(!f.satisfied.has_value(), qPrintable(f.runId));
                }
        }
        QVERIFY(odd > 0);
    }

    void demoSessionWithOneFallbackRunIsFallback()
    {
        const AuditFacts& f = m_facts.at(QStringLiteral("demo"));
        const interpret::SessionOutcome& o = f.sessions.at(QStringLiteral("sess-demo-011"));
        QCOMPARE(o.outcome, QStringLiteral("FALLBACK"));
        QCOMPARE(o.label(), QStringLiteral("FALLBACK · 1 of 2 runs"));
    }

    void demoToolErrorRunNamesItsCause()
    {
        const AuditFacts& f = m_facts.at(QStringLiteral("demo"));
        const interpret::RunFallbackCause& c = f.causes.at(QStringLiteral("run-demo-014-a"));
        QCOMPARE(c.kind, interpret::FallbackCauseKind::ToolError);
        QCOMPARE(c.toolName, QStringLiteral("query_logs"));
        QVERIFY(c.sentence.contains(QStringLiteral("log query timed out")));
        QVERIFY(c.invocationId.has_value());
    }

    void stepShowsItsOwnCall()
    {
        // The run's cause is a failed call in step 1; step 2's lookup is what step 2 shows.
        TraceRun run;
        run.runId = QStringLiteral("r");
        run.releaseOutcome = QStringLiteral("FALLBACK");
        TraceInvocation failed;
        failed.id = 1;
        failed.runId = run.runId;
        failed.toolName = QStringLiteral("query_logs");
        failed.success = false;
        TraceInvocation lookup;
        lookup.id = 2;
        lookup.runId = run.runId;
        lookup.toolName = QStringLiteral("lookup_knowledge");
        lookup.setRetrievalDetails({{"evidence_status", "EVIDENCE_FOUND"}});
        const auto cause = interpret::runFallbackCause(run, {failed, lookup});
        QCOMPARE(cause.kind, interpret::FallbackCauseKind::WeakEvidence);
        failed.toolName = QStringLiteral("lookup_knowledge"); // now the failed call is a lookup
        const auto lookupCause = interpret::runFallbackCause(run, {failed, lookup});
        QCOMPARE(lookupCause.kind, interpret::FallbackCauseKind::ToolError);
        QCOMPARE(interpret::mostTellingCall({failed, lookup}, lookupCause),
                 std::optional<qint64>(1));
        QCOMPARE(interpret::mostTellingCall({lookup}, lookupCause), std::optional<qint64>(2));
    }

    void theFirstFailedCallIsTheFirstMadeWhateverTheListOrder()
    {
        // Views list a run's calls in different orders (the tree by id, the trace by time);
        // the culprit they name is the same: the call made first, calls without a time last.
        TraceRun run;
        run.runId = QStringLiteral("r");
        run.releaseOutcome = QStringLiteral("FALLBACK");
        const auto failed = [&run](qint64 id, const QString& at) {
            TraceInvocation inv;
            inv.id = id;
            inv.runId = run.runId;
            inv.toolName = QStringLiteral("query_logs");
            inv.success = false;
            inv.createdAt = QDateTime::fromString(at, Qt::ISODate);
            return inv;
        };
        const TraceInvocation late = failed(1, QStringLiteral("2026-01-02T10:00:09Z"));
        const TraceInvocation early = failed(2, QStringLiteral("2026-01-02T10:00:01Z"));
        const TraceInvocation timeless = failed(-7, QString());
        for (const auto& order :
             {std::vector{late, early, timeless}, std::vector{timeless, early, late},
              std::vector{early, timeless, late}}) {
            const auto c = interpret::runFallbackCause(run, order);
            QCOMPARE(c.kind, interpret::FallbackCauseKind::ToolError);
            QCOMPARE(c.invocationId, std::optional<qint64>(2));
        }
        // Same time: the store's id order decides (numbers before text handles).
        const TraceInvocation twin = failed(3, QStringLiteral("2026-01-02T10:00:01Z"));
        QCOMPARE(interpret::runFallbackCause(run, {twin, early}).invocationId,
                 std::optional<qint64>(2));
        QVERIFY(interpret::callBefore(early, late));
        QVERIFY(interpret::callBefore(late, timeless));
        QVERIFY(!interpret::callBefore(timeless, early));
    }

    void unexplainedFallbackSaysOnlyWhatIsTrue()
    {
        // One lookup found PRECISE evidence, one found none, one could not be read: nothing
        // explains the fallback, and the sentence must not claim the lookups all found
        // relevant evidence.
        TraceRun run;
        run.runId = QStringLiteral("r");
        run.releaseOutcome = QStringLiteral("FALLBACK");
        run.fallbackReason = QStringLiteral("%2 %3"); // a hostile recorded reason, kept as is
        const auto lookup = [&run](qint64 id, const nlohmann::json& details, const char* level) {
            TraceInvocation inv;
            inv.id = id;
            inv.runId = run.runId;
            inv.toolName = QStringLiteral("lookup_knowledge");
            inv.relevanceLevel = QString::fromLatin1(level);
            if (!details.is_null())
                inv.setRetrievalDetails(details);
            return inv;
        };
        const TraceInvocation found = lookup(1, {{"evidence_status", "EVIDENCE_FOUND"}}, "PRECISE");
        const TraceInvocation empty = lookup(2, {{"evidence_status", "NO_EVIDENCE"}}, "");
        const TraceInvocation unread = lookup(3, nullptr, "");
        const auto mixed = interpret::runFallbackCause(run, {found, empty, unread});
        QCOMPARE(mixed.kind, interpret::FallbackCauseKind::Unrecorded);
        QVERIFY2(!mixed.sentence.contains(QStringLiteral("its lookups found relevant evidence")),
                 qPrintable(mixed.sentence));
        QVERIFY2(mixed.sentence.contains(QStringLiteral("recorded as %2 %3")),
                 qPrintable(mixed.sentence));
        QVERIFY2(mixed.sentence.contains(QStringLiteral("of its 3 lookups, 1 found relevant "
                                                        "evidence, 0 found evidence without a "
                                                        "relevance level, 1 found none")),
                 qPrintable(mixed.sentence));
        QVERIFY2(mixed.sentence.contains(QStringLiteral("1 could not be read")),
                 qPrintable(mixed.sentence));
        // Every lookup relevant, no call failed: the short sentence.
        const auto clean = interpret::runFallbackCause(run, {found});
        QVERIFY2(clean.sentence.contains(QStringLiteral("its lookups found relevant evidence and "
                                                        "no call failed")),
                 qPrintable(clean.sentence));
    }

    void seedStyleEmptyRunBlamesTheBackend()
    {
        // The seed's acceptance run: one UNFILTERED_VECTOR attempt with 0 candidates.
        TraceInvocation inv;
        inv.toolName = QStringLiteral("lookup_knowledge");
        inv.setRetrievalDetails(
            {{"audit_schema", "rag_lookup_v1"},
             {"selected_attempt", "UNFILTERED_VECTOR"},
             {"attempts", {{{"name", "UNFILTERED_VECTOR"}, {"candidate_count", 0}}}},
             {"evidence_status", "NO_EVIDENCE"}});
        const interpret::InvocationFacts x = interpret::interpretInvocation(inv);
        QCOMPARE(x.emptyCause, interpret::EmptyCause::BackendReturnedNothing);
        QVERIFY(x.verdict.contains(QStringLiteral("search backend returned nothing")));
        QVERIFY(!x.verdict.contains(QStringLiteral("knowledge base has nothing")));
        // Candidates below the threshold are the knowledge base's coverage, not the backend.
        inv.setRetrievalDetails(
            {{"selected_attempt", "UNFILTERED_VECTOR"},
             {"attempts",
              {{{"name", "UNFILTERED_VECTOR"}, {"candidate_count", 4}, {"top_similarity", 0.1}}}},
             {"evidence_status", "NO_EVIDENCE"}});
        QCOMPARE(interpret::interpretInvocation(inv).emptyCause,
                 interpret::EmptyCause::BelowThreshold);
    }

    // A run whose report is the SAFE_FALLBACK is a FALLBACK whatever release_outcome holds
    // (interpret::runOutcome()): the list and the trace said so while compare, the HTML
    // report, health's problem runs and diagnose showed the stored SUCCESS (or nothing), and
    // check passed the run.
    void aSafeFallbackReportIsAFallbackInEveryView()
    {
        const QString path = m_dir.filePath(QStringLiteral("safe-fallback.db"));
        QVERIFY(QFile::copy(m_paths.at(QStringLiteral("demo")), path));
        QCOMPARE(test::execOnSqliteFile(
                     path, {QStringLiteral("UPDATE diagnosis_run SET content_type = "
                                           "'SAFE_FALLBACK' WHERE run_id = 'run-demo-009-a' AND "
                                           "release_outcome = 'SUCCESS'"),
                            QStringLiteral("UPDATE diagnosis_run SET release_outcome = NULL WHERE "
                                           "run_id = 'run-demo-005-a' AND content_type = "
                                           "'SAFE_FALLBACK'")}),
                 QString());
        const QString other = QStringLiteral("run-demo-001-a");
        for (const QString& run :
             {QStringLiteral("run-demo-009-a"), QStringLiteral("run-demo-005-a")}) {
            const std::string label = run.toStdString();
            const CliResult diagnose = runCli({QStringLiteral("diagnose"), QStringLiteral("--db"),
                                               path, QStringLiteral("--run"), run});
            QVERIFY2(diagnose.exitCode == 0, diagnose.err.constData());
            QVERIFY2(diagnose.json.at("outcome") == "FALLBACK", label.c_str());
            QVERIFY(diagnose.json.at("fallbackCause").at("kind") != "not_fallback");
            const CliResult compare =
                runCli({QStringLiteral("compare"), QStringLiteral("--db"), path,
                        QStringLiteral("--run"), run, QStringLiteral("--run"), other});
            QVERIFY2(compare.exitCode == 0, compare.err.constData());
            QVERIFY2(compare.json.at("a").at("outcome") == "FALLBACK", compare.out.constData());
            const CliResult trace =
                runCli({QStringLiteral("trace"), QStringLiteral("--db"), path,
                        diagnose.json.at("sessionId").get<std::string>().c_str(),
                        QStringLiteral("--run"), run});
            QVERIFY2(trace.exitCode == 0, trace.err.constData());
            QVERIFY(trace.json.at("sessionOutcome").at("outcome") == "FALLBACK");
            // The HTML report's run heading carries the same badge.
            const QString html = m_dir.filePath(QStringLiteral("report-%1.html").arg(run));
            const CliResult report =
                runCli({QStringLiteral("report"), QStringLiteral("--db"), path,
                        diagnose.json.at("sessionId").get<std::string>().c_str(),
                        QStringLiteral("--run"), run, QStringLiteral("--out"), html});
            QVERIFY2(report.exitCode == 0, report.err.constData());
            QFile file(html);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(file.readAll());
            const qsizetype heading = text.indexOf(QStringLiteral("<h2>Run ") + run);
            QVERIFY(heading >= 0);
            const QString headingText =
                text.mid(heading, text.indexOf(QStringLiteral("</h2>"), heading) - heading);
            QVERIFY2(headingText.contains(QStringLiteral(">FALLBACK<")), qPrintable(headingText));
        }
        // Health names both as problem runs with the outcome they fell back with.
        auto opened = AuditDatabase::open(path);
        QVERIFY(opened.ok());
        const HealthReport health = computeHealth(**opened, {}, {}).value();
        int seen = 0;
        for (const ProblemRun& p : health.problemRuns)
            if (p.runId == QLatin1String("run-demo-009-a") ||
                p.runId == QLatin1String("run-demo-005-a")) {
                ++seen;
                QCOMPARE(p.releaseOutcome, QStringLiteral("FALLBACK"));
                QVERIFY(p.reasons.contains(QStringLiteral("fallback_outcome")));
            }
        QCOMPARE(seen, 2);
        // check names the contradiction.
        const std::string said =
            nlohmann::json(check::runAuditCheck(**opened, {}, {}).value()).dump();
        QVERIFY(said.find("release_outcome is SUCCESS but content_type is SAFE_FALLBACK") !=
                std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestConsistency)
#include "tst_consistency.moc"
