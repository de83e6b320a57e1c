// The documented limits on what RagLens reads from outside (README, "Reliability"): a trace
// file over 64 MB or an endless device is refused unread; a database cell over 16 MB is
// flagged with its first 1 MB kept while the rest of the session reads on; a question is
// read up to 4,000 characters; a lookup's attempts up to 1,000. Each limit is met by a
// clear statement, never by a crash, an unbounded allocation or a silent cut.

#include "common/input_guard.h"
#include "model/retrieval_details.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;
using nlohmann::json;

class TestInputLimits : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// Runs one UPDATE on a fresh copy of the production fixture; returns its path.
    QString fixtureWith(const QString& name, const QString& sql, const QVariant& value)
    {
        const QString path = m_dir.filePath(name + QStringLiteral(".db"));
        if (!writeProductionFixture(path).isEmpty())
            return {};
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(path);
            if (!db.open())
                return {};
            QSqlQuery q(db);
            q.prepare(sql);
            q.addBindValue(value);
            if (!q.exec())
                return {};
        }
        QSqlDatabase::removeDatabase(name);
        return path;
    }

private slots:
    // A key written twice in one object: the first is read, as SQLite's json_extract() and
    // MariaDB's JSON_EXTRACT() read it, at every depth, and the row says so.
    void repeatedKeysReadTheFirstAsSqlDoes()
    {
        QString note;
        auto parsed = input_guard::parseJson(
            R"({"evidence_status": "NO_EVIDENCE", "attempts": [{"n": 1, "n": 2}, {"n": 3}],
                "inner": {"a": {"x": 1, "x": {"y": 1, "y": 2}}, "a": {"x": 9}},
                "evidence_status": "EVIDENCE_FOUND", "big": 1e400})",
            {}, &note);
        QVERIFY(parsed.ok());
        QVERIFY((*parsed)["evidence_status"] == json("NO_EVIDENCE"));
        QVERIFY((*parsed)["attempts"] == json::parse(R"([{"n": 1}, {"n": 3}])"));
        QVERIFY((*parsed)["inner"] == json::parse(R"({"a": {"x": 1}})"));
        QVERIFY((*parsed)["big"].is_null());
        QVERIFY2(note.contains(QLatin1String("repeated in one object: the first is read")),
                 qPrintable(note));
        QVERIFY2(note.contains(QLatin1String("too large")), qPrintable(note));
        // No note when nothing repeats, also with the same key in sibling objects.
        note.clear();
        QVERIFY(input_guard::parseJson(R"([{"a": 1}, {"a": 2}, {"b": {"a": 3}}])", {}, &note));
        QVERIFY2(note.isEmpty(), qPrintable(note));
    }

    // A \uD800-\uDFFF escape without its other half: SQLite's json_valid() takes the
    // document, so the trace reads it too (the half as U+FFFD) and says so; pairs, other
    // escapes and a lone half beside a number too large for a double read as before.
    void loneSurrogateEscapesReadAsSqlReadsThem()
    {
        QString note;
        // In the JSON: two lone halves, a pair, an escaped backslash before "ud800" (no
        // escape), an escaped quote, and a lone low half.
        const std::string text = "{\"evidence_status\": \"NO_EVIDENCE\", \"note\": "
                                 "\"\\ud800 \\udc00 \\ud83d\\ude00 \\\\ud800 \\\"\", "
                                 "\"big\": 1e400, \"low\": \"x\\uDFFF\"}";
        auto parsed = input_guard::parseJson(text, {}, &note);
        QVERIFY2(parsed.ok(), qPrintable(parsed.ok() ? QString() : parsed.error()));
        QVERIFY((*parsed)["evidence_status"] == json("NO_EVIDENCE"));
        QCOMPARE(QString::fromStdString((*parsed)["note"].get<std::string>()),
                 QString::fromUtf8("\uFFFD \uFFFD \U0001F600 \\ud800 \""));
        QCOMPARE(QString::fromStdString((*parsed)["low"].get<std::string>()),
                 QString::fromUtf8("x\uFFFD"));
        QVERIFY((*parsed)["big"].is_null());
        QVERIFY2(note.contains(QLatin1String("lone surrogate escape")), qPrintable(note));
        QVERIFY2(note.contains(QLatin1String("too large")), qPrintable(note));
        // Still malformed: a document broken otherwise.
        QVERIFY(!input_guard::parseJson("{\"note\": \"\\ud800\", }", {}, &note).ok());
    }

    void traceFileOverTheLimitIsRefusedUnread()
    {
        const QString big = m_dir.filePath(QStringLiteral("big-trace.json"));
        QFile f(big);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(input_guard::kMaxTraceFileBytes + 1)); // sparse: no disk used
        f.close();
        const QString target = m_dir.filePath(QStringLiteral("import-target.db"));
        const CliResult r = runCli({QStringLiteral("import"), QStringLiteral("--db"), target, big});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("imports traces of up to 64 MB"), r.err.constData());
    }

    void endlessDeviceIsReadOnlyUpToTheLimit()
    {
        // /dev/zero reports size 0; without a bound it would be read until memory runs out.
        const QString target = m_dir.filePath(QStringLiteral("import-zero.db"));
        const CliResult r = runCli({QStringLiteral("import"), QStringLiteral("--db"), target,
                                    QStringLiteral("/dev/zero")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("imports traces of up to 64 MB"), r.err.constData());
    }

    void inputFilesAreReadUpToTheirLimit()
    {
        // Eval sets, baselines, golden sets, fixtures and a query on stdin are read so.
        QFile zero(QStringLiteral("/dev/zero"));
        QVERIFY(zero.open(QIODevice::ReadOnly));
        auto endless = raglens::input_guard::readAtMost(zero, QStringLiteral("zeros"), 3 << 20);
        QVERIFY(!endless.ok());
        QVERIFY2(endless.error().contains("zeros is larger than the 3 MB"),
                 qPrintable(endless.error()));
        QFile small(m_dir.filePath(QStringLiteral("small.jsonl")));
        QVERIFY(small.open(QIODevice::WriteOnly));
        small.write(QByteArray(5000, 'x'));
        small.close();
        QVERIFY(small.open(QIODevice::ReadOnly));
        auto whole = raglens::input_guard::readAtMost(small, small.fileName(), 5000);
        QVERIFY(whole.ok());
        QCOMPARE(whole->size(), 5000);
        // A read that fails (here the process's own memory at address 0, EIO) is an error,
        // not the end of a shorter input.
        QFile failing(QStringLiteral("/proc/self/mem"));
        if (failing.open(QIODevice::ReadOnly)) {
            auto broken = raglens::input_guard::readAtMost(failing, QStringLiteral("memory"));
            QVERIFY(!broken.ok());
            QVERIFY2(broken.error().contains("memory could not be read"),
                     qPrintable(broken.error()));
        }
    }

    void oversizedCellIsFlaggedAndTheSessionReadsOn()
    {
        const QByteArray pad(int(input_guard::kMaxCellBytes) + 10, 'x');
        const QString cell =
            QStringLiteral("{\"pad\":\"") + QString::fromLatin1(pad) + QStringLiteral("\"}");
        const QString db = fixtureWith(
            QStringLiteral("big-cell"),
            QStringLiteral("UPDATE tool_invocation SET retrieval_details = ? WHERE id = %1")
                .arg(fixture::kInvocation860),
            cell);
        QVERIFY(!db.isEmpty());
        const CliResult r = runCli(
            {QStringLiteral("trace"), QStringLiteral("--db"), db, fixture::kFallbackSession});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const json& invocations = r.json.at("toolInvocations");
        QCOMPARE(invocations.size(), size_t(2)); // the harness row is still there
        bool flagged = false;
        for (const json& inv : invocations) {
            if (inv.at("id") != fixture::kInvocation860)
                continue;
            flagged = true;
            const json& errorCell = inv.at("retrievalDetailsError");
            const QString error =
                errorCell.is_string() ? QString::fromStdString(errorCell.get<std::string>()) : "";
            QVERIFY2(error.contains(QStringLiteral("bytes")), qPrintable(error));
            const QString raw = QString::fromStdString(inv.at("retrievalDetailsRaw"));
            QVERIFY(raw.size() < input_guard::kMaxRawCellChars + 200);
            QVERIFY(raw.endsWith(QStringLiteral("%1 characters").arg(cell.size())));
        }
        QVERIFY(flagged);
    }

    void longQuestionIsReadUpToTheLimit()
    {
        const QString question = QString(200000, QLatin1Char('q'));
        const QString db =
            fixtureWith(QStringLiteral("long-question"),
                        QStringLiteral("UPDATE diagnosis_run SET question = ? WHERE run_id = '%1'")
                            .arg(fixture::kRetryRun),
                        question);
        QVERIFY(!db.isEmpty());
        const CliResult trace =
            runCli({QStringLiteral("trace"), QStringLiteral("--db"), db, fixture::kRetrySession});
        QVERIFY2(trace.exitCode == 0, trace.err.constData());
        const std::string shown = trace.json.at("runs").at(0).at("question");
        QCOMPARE(int(shown.size()), input_guard::kMaxQuestionChars);
        const CliResult sessions = runCli({QStringLiteral("sessions"), QStringLiteral("--db"), db});
        QVERIFY2(sessions.exitCode == 0, sessions.err.constData());
        QVERIFY(sessions.out.size() < 64 * 1024);
    }

    void attemptsAreReadUpToTheLimit()
    {
        json attempts = json::array();
        for (int i = 0; i < input_guard::kMaxAttempts + 500; ++i)
            attempts.push_back({{"name", "FILTERED_VECTOR"}, {"candidate_count", i}});
        const RetrievalDetailsV1 d = RetrievalDetailsV1::fromJson(
            {{"audit_schema", "rag_lookup_v1"}, {"attempts", attempts}});
        QCOMPARE(int(d.attempts.size()), input_guard::kMaxAttempts);
        QVERIFY(d.problems.join(QLatin1Char('\n'))
                    .contains(QStringLiteral("1500 attempts, only the first 1000 read")));
    }
};

QTEST_GUILESS_MAIN(TestInputLimits)
#include "tst_input_limits.moc"
