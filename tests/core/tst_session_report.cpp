// The report to attach to a ticket (core/report, `raglens-cli report`): one self-contained
// HTML file with the verdicts, attempt timelines, evidence keys and chunk texts, findings and
// the trace JSON; hostile audit text shown, never run; nothing loaded from anywhere; and a
// real headless browser (Debian's chromium) renders it with no console message.

#include "db/audit_database.h"
#include "interpret/invocation_facts.h"
#include "kb/knowledge_base.h"
#include "report/session_report.h"
#include "support/cli_runner.h"
#include "support/sqlite_statements.h"
#include "trace/trace_service.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;

namespace {

/// What headless chromium did with a file: its DOM after loading, and the console messages
/// and policy violations it logged.
struct BrowserLoad
{
    bool ran = false;
    QString dom;
    QStringList consoleLines;
    bool screenshot = false;
};

BrowserLoad loadInChromium(const QString& html, const QString& dir)
{
    BrowserLoad load;
    const QString chromium = QStandardPaths::findExecutable(QStringLiteral("chromium"));
    if (chromium.isEmpty())
        return load;
    const QStringList common = {QStringLiteral("--headless"),
                                QStringLiteral("--no-sandbox"),
                                QStringLiteral("--disable-gpu"),
                                QStringLiteral("--enable-logging=stderr"),
                                QStringLiteral("--v=0"),
                                QStringLiteral("--user-data-dir=") + dir + QStringLiteral("/chr")};
    const QString url = QUrl::fromLocalFile(html).toString();
    QProcess p;
    p.start(chromium, common + QStringList{QStringLiteral("--dump-dom"), url});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return load;
    load.ran = true;
    load.dom = QString::fromUtf8(p.readAllStandardOutput());
    // Console messages (and script errors) are logged as "CONSOLE"; a blocked load as a
    // Content-Security-Policy refusal.
    for (const QString& line : QString::fromUtf8(p.readAllStandardError()).split(QLatin1Char('\n')))
        if (line.contains(QLatin1String("CONSOLE")) || line.contains(QLatin1String("Refused to")) ||
            line.contains(QLatin1String("Uncaught")))
            load.consoleLines << line;
    const QString png = dir + QStringLiteral("/shot.png");
    QFile::remove(png);
    p.start(chromium, common + QStringList{QStringLiteral("--window-size=1100,1600"),
                                           QStringLiteral("--screenshot=") + png, url});
    load.screenshot = p.waitForFinished(60000) && p.exitCode() == 0 && QFile(png).size() > 10000;
    return load;
}

void skipOrFailWithoutChromium()
{
    if (qEnvironmentVariableIsSet("CI"))
        QFAIL("chromium is not installed (scripts/install-deps.sh installs it)");
    QSKIP("chromium is not installed");
}

bool writeFile(const QString& path, const QString& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text.toUtf8()) > 0;
}

/// A session whose every text field is hostile: markup, quotes, a closing </pre>, and a
/// retrieval_details cell that is not JSON.
DiagnosisTraceResponse hostileTrace()
{
    DiagnosisTraceResponse trace;
    trace.sessionId = QStringLiteral("s\"><script>alert(1)</script>");
    TraceRun run;
    run.runId = QStringLiteral("r<img src=x onerror=alert(2)>");
    run.sessionId = trace.sessionId;
    run.question = QStringLiteral("</dd><script>alert(3)</script> & <b>bold</b>");
    run.releaseOutcome = QStringLiteral("FALLBACK");
    trace.runs.push_back(run);
    TraceInvocation inv;
    inv.id = 7;
    inv.runId = run.runId;
    inv.sessionId = trace.sessionId;
    inv.toolName = QStringLiteral("lookup_knowledge");
    inv.retrievalDetailsRaw = QStringLiteral("{\"evidence_keys\": [\"</pre><script>alert(4)");
    inv.retrievalDetailsError = QStringLiteral("unexpected end of input <script>");
    inv.inputParams = nlohmann::json{{"query", "<script>alert(5)</script>"}};
    inv.success = false;
    inv.errorMessage = QStringLiteral("<iframe src=\"http://example.com\"></iframe>");
    trace.toolInvocations.push_back(inv);
    RunFeedback feedback;
    feedback.runId = run.runId;
    feedback.satisfied = false;
    feedback.comment = QStringLiteral("<a href=\"https://evil.example\">click</a>");
    trace.feedback.push_back(feedback);
    return trace;
}

} // namespace

class TestSessionReport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_demoDb;
    QString m_kb;

    DiagnosisTraceResponse demoTrace(const QString& session, const QString& run = {})
    {
        auto db = AuditDatabase::open(m_demoDb);
        if (!db)
            return {};
        auto trace = TraceService(**db).getTrace(session, run);
        return trace ? *trace : DiagnosisTraceResponse{};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        m_demoDb = makeDemoWorkspace(m_dir.filePath(QStringLiteral("demo")), &error);
        QVERIFY2(!m_demoDb.isEmpty(), qPrintable(error));
        m_kb = m_dir.filePath(QStringLiteral("demo/kb"));
    }

    // Everything support staff need from a session is in the file: the verdict of each
    // lookup, the run's fallback cause, the attempt ladder, the evidence keys with the chunk
    // text, the findings, and the trace JSON.
    void holdsTheSessionsFacts()
    {
        const DiagnosisTraceResponse trace = demoTrace(QStringLiteral("sess-demo-011"));
        QCOMPARE(trace.runs.size(), size_t(2));
        auto kb = KnowledgeBase::open(m_kb);
        QVERIFY(kb.ok());
        ReportOptions options;
        options.databaseDisplay = m_demoDb;
        options.knowledgeBase = *kb;
        const SessionReport report = buildSessionReport(trace, options);
        QCOMPARE(report.runs, 2);
        QCOMPARE(report.invocations, int(trace.toolInvocations.size()));
        QVERIFY(report.lookups >= 2);
        QVERIFY(report.evidenceTexts > 0);
        QCOMPARE(report.evidenceMissing, 0);
        const QString& html = report.html;
        for (const TraceInvocation& inv : trace.toolInvocations) {
            const interpret::InvocationFacts facts = interpret::interpretInvocation(inv);
            QVERIFY2(html.contains(facts.verdict.toHtmlEscaped()), qPrintable(facts.verdict));
            for (const QString& key : inv.details.evidenceKeys) {
                QVERIFY(html.contains(key.toHtmlEscaped()));
                const auto chunk = (*kb)->chunk(key);
                QVERIFY(chunk);
                QVERIFY(html.contains(chunk->content.toHtmlEscaped()));
            }
            for (const DetailsAttempt& a : facts.attempts)
                QVERIFY(html.contains(QStringLiteral(">%1</text>").arg(a.name)));
        }
        // One SVG ladder per lookup, the fallback cause of the run that fell back.
        QCOMPARE(html.count(QStringLiteral("<svg class=\"attempts\"")), report.lookups);
        QVERIFY(html.contains(QStringLiteral("class=\"cause\"")));
        QVERIFY(html.contains(QStringLiteral("INSUFFICIENT_EVIDENCE")));
        QVERIFY(html.contains(QStringLiteral("filtered_vector_low_quality")));
        QVERIFY(html.contains(QStringLiteral("&quot;sessionId&quot;: &quot;sess-demo-011&quot;")));
        // It says what it holds.
        QVERIFY(html.contains(QStringLiteral("sanitised")));

        // Without a knowledge base the keys stay and the report says why no text is there.
        options.knowledgeBase.reset();
        const SessionReport keysOnly = buildSessionReport(trace, options);
        QCOMPARE(keysOnly.evidenceTexts, 0);
        QCOMPARE(keysOnly.evidenceMissing, report.evidenceTexts);
        QVERIFY(keysOnly.html.contains(QStringLiteral("no knowledge base was given")));
    }

    // A report of one run holds that run only.
    void oneRun()
    {
        const DiagnosisTraceResponse trace =
            demoTrace(QStringLiteral("sess-demo-011"), QStringLiteral("run-demo-011-b"));
        ReportOptions options;
        options.runId = QStringLiteral("run-demo-011-b");
        const SessionReport report = buildSessionReport(trace, options);
        QCOMPARE(report.runs, 1);
        QVERIFY(
            report.html.contains(QStringLiteral("Run run-demo-011-b of session sess-demo-011")));
        QVERIFY(!report.html.contains(QStringLiteral("Run run-demo-011-a")));
    }

    // Audit text is shown, never interpreted: no element, attribute or script comes from a
    // row, and the file loads nothing from anywhere.
    void hostileTextIsShownNotRun()
    {
        const SessionReport report = buildSessionReport(hostileTrace(), {});
        const QString& html = report.html;
        QVERIFY(!html.contains(QStringLiteral("<script"), Qt::CaseInsensitive));
        QVERIFY(!html.contains(QStringLiteral("<img"), Qt::CaseInsensitive));
        QVERIFY(!html.contains(QStringLiteral("<iframe"), Qt::CaseInsensitive));
        QVERIFY(!html.contains(QStringLiteral("<a "), Qt::CaseInsensitive));
        QVERIFY(html.contains(QStringLiteral("&lt;script&gt;alert(3)&lt;/script&gt;")));
        QVERIFY(html.contains(QStringLiteral("&lt;/pre&gt;&lt;script&gt;alert(4)")));
        // Self-contained: no tag with a src or href attribute (every "<" of a row's text is
        // escaped, so each tag is the report's own), no url() in the styles, and a policy
        // that forbids loading anything.
        QVERIFY(!html.contains(QRegularExpression(QStringLiteral("<[^>]*\\s(src|href)\\s*="))));
        QVERIFY(!html.contains(QStringLiteral("url(")));
        QVERIFY(html.contains(QStringLiteral("default-src 'none'")));
    }

    // Debian's chromium, headless: the demo report and the hostile one render (DOM and a
    // screenshot), with no console message and nothing refused by the policy. A page that
    // does log to the console is caught, so the check can fail.
    void rendersInARealBrowser()
    {
        const QString dir = m_dir.filePath(QStringLiteral("browser"));
        QVERIFY(QDir().mkpath(dir));
        const QString demo = dir + QStringLiteral("/demo.html");
        const CliResult r = runCli({QStringLiteral("report"), QStringLiteral("--db"), m_demoDb,
                                    QStringLiteral("sess-demo-011"), QStringLiteral("--kb"), m_kb,
                                    QStringLiteral("--out"), demo});
        QCOMPARE(r.exitCode, 0);
        const BrowserLoad load = loadInChromium(demo, dir);
        if (!load.ran && QStandardPaths::findExecutable(QStringLiteral("chromium")).isEmpty())
            skipOrFailWithoutChromium();
        QVERIFY(load.ran);
        QVERIFY2(load.consoleLines.isEmpty(), qPrintable(load.consoleLines.join('\n')));
        QVERIFY(load.dom.contains(QStringLiteral("<svg class=\"attempts\"")));
        QVERIFY(load.dom.contains(QStringLiteral("Session sess-demo-011")));
        QVERIFY(load.screenshot);
        // With RAGLENS_SCREENSHOT_DIR set, the README's picture of it is kept.
        if (const QString shots = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR");
            !shots.isEmpty()) {
            QFile::remove(shots + QStringLiteral("/report.png"));
            QVERIFY(QFile::copy(dir + QStringLiteral("/shot.png"),
                                shots + QStringLiteral("/report.png")));
        }

        const QString hostile = dir + QStringLiteral("/hostile.html");
        QVERIFY(writeFile(hostile, buildSessionReport(hostileTrace(), {}).html));
        const BrowserLoad hostileLoad = loadInChromium(hostile, dir);
        QVERIFY(hostileLoad.ran);
        QVERIFY2(hostileLoad.consoleLines.isEmpty(),
                 qPrintable(hostileLoad.consoleLines.join('\n')));
        QVERIFY(!hostileLoad.dom.contains(QStringLiteral("<script"), Qt::CaseInsensitive));
        QVERIFY(hostileLoad.dom.contains(QStringLiteral("&lt;script&gt;alert(3)")));

        const QString noisy = dir + QStringLiteral("/noisy.html");
        QVERIFY(
            writeFile(noisy, QStringLiteral("<!DOCTYPE html><html><body><p>x</p><script>"
                                            "console.error('broken');</script></body></html>")));
        QVERIFY(!loadInChromium(noisy, dir).consoleLines.isEmpty());
    }

    // raglens-cli report: the file and what was written; bad input explained, nothing
    // written.
    void cli()
    {
        const QString out = m_dir.filePath(QStringLiteral("cli.html"));
        CliResult r = runCli({QStringLiteral("report"), QStringLiteral("--db"), m_demoDb,
                              QStringLiteral("sess-demo-006"), QStringLiteral("--run"),
                              QStringLiteral("run-demo-006-b"), QStringLiteral("--out"), out});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json["runs"].get<int>(), 1);
        QCOMPARE(r.json["sessionId"].get<std::string>(), std::string("sess-demo-006"));
        QVERIFY(r.json["knowledgeBase"].is_null());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(qint64(r.json["bytes"].get<qint64>()), file.size());
        QVERIFY(file.readAll().contains("run-demo-006-b"));

        const QString missing = m_dir.filePath(QStringLiteral("missing.html"));
        r = runCli({QStringLiteral("report"), QStringLiteral("--db"), m_demoDb,
                    QStringLiteral("no-such-session"), QStringLiteral("--out"), missing});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!QFile::exists(missing));
        r = runCli({QStringLiteral("report"), QStringLiteral("--db"), m_demoDb,
                    QStringLiteral("sess-demo-006")});
        QCOMPARE(r.exitCode, 2);
        r = runCli({QStringLiteral("report"), QStringLiteral("--db"), m_demoDb,
                    QStringLiteral("sess-demo-006"), QStringLiteral("--kb"),
                    m_dir.filePath(QStringLiteral("nowhere")), QStringLiteral("--out"), missing});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.err.isEmpty());
        QVERIFY(!QFile::exists(missing));
    }

    // What the database lacks is said in the report itself: an empty timeline or feedback
    // section read as "none recorded" where the table does not exist.
    void saysWhatTheDatabaseLacks()
    {
        const QString db = m_dir.filePath(QStringLiteral("no-timeline.db"));
        QVERIFY(QFile::copy(m_demoDb, db));
        QFile::setPermissions(db, QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(execOnSqliteFile(db, {QStringLiteral("DROP TABLE diagnosis_trace"),
                                       QStringLiteral("DROP TABLE run_feedback")}),
                 QString());
        const QString out = m_dir.filePath(QStringLiteral("no-timeline.html"));
        const CliResult r = runCli({QStringLiteral("report"), QStringLiteral("--db"), db,
                                    QStringLiteral("sess-demo-006"), QStringLiteral("--out"), out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QVERIFY2(html.contains(QLatin1String("no diagnosis_trace table")),
                 qPrintable(html.left(3000)));
        QVERIFY(html.contains(QLatin1String("no run_feedback table")));
    }
};

QTEST_GUILESS_MAIN(TestSessionReport)
#include "tst_session_report.moc"
