// The lookup console, driven the way a user drives it: type a question, press Enter or the
// button, wait for the worker, read the trace pane and the agent pane; change options;
// record into an audit database and find the recording with the browser and the tree.

#include "console/console_result_panes.h"
#include "console/lookup_console_widget.h"
#include "console/lookup_options_panel.h"
#include "db/audit_database.h"
#include "invocation/agent_view.h"
#include "invocation/evidence_blocks_view.h"
#include "invocation/lookup_result_view.h"
#include "invocation/summary_card.h"
#include "model/vocabulary.h"
#include "sessions/session_tree_model.h"
#include "support/fixture_db.h"
#include "support/mini_kb.h"
#include "trace/audit_browser.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::ui;

class TestConsole : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void typeAndRun();
    void categoryOptions_data();
    void categoryOptions();
    void denseMode();
    void thresholdOverrideAndReset();
    void recordIntoDatabase();
    void foreignDatabaseIsNotRecordable();
    void newestQueryWins();
    void noKnowledgeBase();

private:
    void runAndWait(LookupConsoleWidget& console, const QString& query);

    QTemporaryDir m_dir;
    std::shared_ptr<KnowledgeBase> m_kb;
};

void TestConsole::initTestCase()
{
    QVERIFY(m_dir.isValid());
    auto kb = test::buildMiniKb(m_dir.filePath(QStringLiteral("src")),
                                m_dir.filePath(QStringLiteral("kb")));
    QVERIFY2(kb.ok(), qPrintable(kb.ok() ? QString() : kb.error()));
    m_kb = *kb;
}

void TestConsole::runAndWait(LookupConsoleWidget& console, const QString& query)
{
    QSignalSpy finished(&console, &LookupConsoleWidget::lookupFinished);
    console.queryEdit()->clear();
    QTest::keyClicks(console.queryEdit(), query);
    QTest::keyClick(console.queryEdit(), Qt::Key_Return);
    QTRY_COMPARE(finished.count(), 1);
}

void TestConsole::typeAndRun()
{
    LookupConsoleWidget console;
    console.setKnowledgeBase(m_kb);
    console.show();
    QVERIFY(!console.runButton()->isEnabled());       // nothing typed yet
    QVERIFY(!console.addToEvalButton()->isEnabled()); // no result to keep yet
    // Before any question: no facts about a lookup nobody ran.
    {
        LookupResultView* empty = console.resultPanes()->resultView();
        QVERIFY(!empty->summaryCard()->isFieldShown(SummaryCard::SuccessField));
        QVERIFY(!empty->summaryCard()->isFieldShown(SummaryCard::ToolField));
        QVERIFY(empty->evidenceView()->toPlainText().trimmed().isEmpty());
    }
    QTest::keyClicks(console.queryEdit(), test::minikb::kPoolQuery);
    QVERIFY(console.runButton()->isEnabled());
    QSignalSpy finished(&console, &LookupConsoleWidget::lookupFinished);
    QTest::mouseClick(console.runButton(), Qt::LeftButton);
    QTRY_COMPARE(finished.count(), 1);

    QVERIFY(console.hasResult());
    QVERIFY(console.addToEvalButton()->isEnabled());
    QSignalSpy addToEval(&console, &LookupConsoleWidget::addToEvalSetRequested);
    QTest::mouseClick(console.addToEvalButton(), Qt::LeftButton);
    QCOMPARE(addToEval.count(), 1);
    const LookupResult& r = console.lastResult();
    QCOMPARE(r.query, test::minikb::kPoolQuery);
    QCOMPARE(r.evidenceStatus, vocab::kEvidenceFound);
    QVERIFY(!r.evidenceBlocks.empty());
    QVERIFY(r.evidenceBlocks.front().evidenceKey.startsWith(test::minikb::kPoolDoc));

    // The trace pane shows the evidence; the agent pane shows the projection of it.
    LookupResultView* view = console.resultPanes()->resultView();
    QCOMPARE(view->evidenceView()->blockCount(), int(r.evidenceBlocks.size()));
    const QString agentJson = console.resultPanes()->agentView()->jsonText();
    QVERIFY(agentJson.contains(r.evidenceBlocks.front().evidenceKey));
    QVERIFY(agentJson.contains(QStringLiteral("EVIDENCE_FOUND")));
    QVERIFY(!agentJson.contains(QStringLiteral("FILTERED_VECTOR"))); // never the trace
    QCOMPARE(console.lastAgentResult().returnedCount, int(r.evidenceBlocks.size()));
    QVERIFY(console.statusLabel()->text().contains(vocab::kEvidenceFound));
    QVERIFY(console.runButton()->isEnabled());
}

void TestConsole::categoryOptions_data()
{
    QTest::addColumn<QString>("category");
    QTest::addColumn<QString>("firstAttempt");
    QTest::addColumn<QString>("filter");

    QTest::newRow("forced redis") << QStringLiteral("redis") << vocab::kFilteredVector
                                  << QStringLiteral("redis");
    QTest::newRow("no filter") << LookupOptionsPanel::noCategory() << vocab::kUnfilteredVector
                               << QString();
}

void TestConsole::categoryOptions()
{
    QFETCH(QString, category);
    QFETCH(QString, firstAttempt);
    QFETCH(QString, filter);
    LookupConsoleWidget console;
    console.setKnowledgeBase(m_kb);
    QComboBox* combo = console.options()->categoryCombo();
    // Automatic, none, then the KB's categories.
    QCOMPARE(combo->count(), 2 + 3);
    QVERIFY(combo->findData(QStringLiteral("mysql")) >= 0);
    combo->setCurrentIndex(combo->findData(category));
    runAndWait(console, test::minikb::kPoolQuery);
    const RetrievalTrace& t = console.lastResult().retrievalTrace;
    QVERIFY(!t.attempts.empty());
    QCOMPARE(t.attempts.front().name, firstAttempt);
    QCOMPARE(t.attempts.front().categoryFilter, filter);
    if (category == QLatin1String("redis")) {
        // A pool question filtered to redis finds nothing useful: the retry rescues it.
        QCOMPARE(t.selectedAttempt, vocab::kUnfilteredVectorRetry);
        QVERIFY(!t.fallbackReason.isEmpty());
        QVERIFY(console.statusLabel()->text().contains(t.fallbackReason));
    }
}

void TestConsole::denseMode()
{
    LookupConsoleWidget console;
    console.setKnowledgeBase(m_kb);
    QComboBox* mode = console.options()->modeCombo();
    mode->setCurrentIndex(mode->findData(vocab::kModeDense));
    console.options()->topKSpin()->setValue(1);
    runAndWait(console, test::minikb::kPoolQuery);
    QCOMPARE(console.lastResult().retrievalTrace.searchMode, vocab::kModeDense);
    QCOMPARE(int(console.lastResult().evidenceBlocks.size()), 1);
}

void TestConsole::thresholdOverrideAndReset()
{
    LookupConsoleWidget console;
    console.setKnowledgeBase(m_kb);
    LookupOptionsPanel* o = console.options();
    const LookupSettings stored = m_kb->settingsSnapshot();
    QCOMPARE(o->minEvidenceSpin()->value(), stored.minEvidenceQuality);

    QTest::mouseClick(o->overrideCheck(), Qt::LeftButton);
    QVERIFY(o->overridesThresholds());
    o->minEvidenceSpin()->setValue(1.0); // nothing can pass
    o->preciseSpin()->setValue(0.99);
    runAndWait(console, test::minikb::kPoolQuery);
    QCOMPARE(console.lastResult().evidenceStatus, vocab::kNoEvidence);
    QCOMPARE(console.lastResult().settings.minEvidenceQuality, 1.0);
    QCOMPARE(console.lastAgentResult().evidenceStatus, vocab::kNoEvidence);

    QTest::mouseClick(o->resetButton(), Qt::LeftButton);
    QVERIFY(!o->overridesThresholds());
    QCOMPARE(o->minEvidenceSpin()->value(), stored.minEvidenceQuality);
    QCOMPARE(o->preciseSpin()->value(), stored.preciseQuality);
    runAndWait(console, test::minikb::kPoolQuery);
    QCOMPARE(console.lastResult().evidenceStatus, vocab::kEvidenceFound);
    QCOMPARE(console.lastResult().settings.minEvidenceQuality, stored.minEvidenceQuality);
}

void TestConsole::recordIntoDatabase()
{
    QTemporaryDir dir;
    const QString dbPath = dir.filePath(QStringLiteral("audit.db"));
    {
        auto created = AuditDatabase::open(dbPath, AccessMode::Create);
        QVERIFY2(created.ok(), qPrintable(created.ok() ? QString() : created.error()));
    }
    LookupConsoleWidget console;
    console.setKnowledgeBase(m_kb);
    console.setAuditDatabase(dbPath);
    QVERIFY(console.canRecord());
    QVERIFY(console.recordCheck()->isEnabled());
    console.recordCheck()->setChecked(true);

    QSignalSpy recorded(&console, &LookupConsoleWidget::recorded);
    runAndWait(console, test::minikb::kPoolQuery);
    QCOMPARE(recorded.count(), 1);
    const QString sessionId = recorded.at(0).at(0).toString();
    const QString runId = recorded.at(0).at(1).toString();
    const qint64 invocationId = recorded.at(0).at(2).toLongLong();
    QCOMPARE(sessionId, console.sessionId());
    QVERIFY(invocationId > 0);
    QVERIFY(console.statusLabel()->text().contains(QString::number(invocationId)));

    auto db = AuditDatabase::open(dbPath, AccessMode::Inspect);
    QVERIFY(db.ok());
    AuditBrowser browser(**db);
    auto inv = browser.invocation(invocationId);
    QVERIFY2(inv.ok(), qPrintable(inv.ok() ? QString() : inv.error()));
    QCOMPARE(inv->toolName, vocab::kLookupKnowledge);
    QCOMPARE(inv->sessionId, sessionId);
    QCOMPARE(inv->runId, runId);
    QVERIFY(inv->stepId.has_value());
    QCOMPARE(QString::fromStdString(inv->inputParams.value("query", std::string())),
             test::minikb::kPoolQuery);
    QCOMPARE(QString::fromStdString(inv->retrievalDetails.value("selected_attempt", std::string())),
             console.lastResult().retrievalTrace.selectedAttempt);
    // The console keeps the whole trace with the row.
    QVERIFY(inv->fullTrace.is_object());
    auto runs = browser.runsOfSession(sessionId);
    QVERIFY(runs.ok());
    QCOMPARE(int(runs->size()), 1);
    QCOMPARE(runs->front().question, test::minikb::kPoolQuery);
    QCOMPARE(runs->front().releaseOutcome, vocab::kSuccess);

    // A second lookup is a second run of the same local session.
    runAndWait(console, QStringLiteral("redis OOM command not allowed"));
    QCOMPARE(recorded.count(), 2);
    QCOMPARE(recorded.at(1).at(0).toString(), sessionId);
    QCOMPARE(int(browser.runsOfSession(sessionId)->size()), 2);

    // And the session tree lists the console's session.
    SessionTreeModel model;
    model.setDatabase(db->get());
    QTRY_VERIFY(model.matchingSessions() >= 0 && !model.isLoading());
    bool found = false;
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.index(row, 0).data(SessionTreeModel::SessionIdRole).toString() == sessionId)
            found = true;
    QVERIFY(found);
    model.setDatabase(nullptr);
}

void TestConsole::foreignDatabaseIsNotRecordable()
{
    QTemporaryDir dir;
    const QString dbPath = dir.filePath(QStringLiteral("prod.db"));
    QCOMPARE(test::writeProductionFixture(dbPath), QString());
    LookupConsoleWidget console;
    console.setKnowledgeBase(m_kb);
    console.setAuditDatabase(dbPath);
    QVERIFY(!console.canRecord());
    QVERIFY(!console.recordCheck()->isEnabled());
    QVERIFY(!console.recordCheck()->toolTip().isEmpty());
    console.setRecording(true);
    QVERIFY(!console.isRecording());
    QSignalSpy recorded(&console, &LookupConsoleWidget::recorded);
    runAndWait(console, test::minikb::kPoolQuery);
    QCOMPARE(recorded.count(), 0);
    QVERIFY(console.hasResult());
}

void TestConsole::newestQueryWins()
{
    // Asking again while a lookup runs does not start a second worker; the newest question
    // runs next and is what the panes end up showing.
    LookupConsoleWidget console;
    console.setKnowledgeBase(m_kb);
    console.runQuery(test::minikb::kPoolQuery);
    console.runQuery(QStringLiteral("redis OOM command not allowed"));
    QTRY_COMPARE(console.lastResult().query, QStringLiteral("redis OOM command not allowed"));
    QTRY_VERIFY(!console.isRunning());
    QCOMPARE(console.lastResult().query, QStringLiteral("redis OOM command not allowed"));
    QVERIFY(console.lastResult().evidenceBlocks.front().evidenceKey.startsWith("redis/oom#"));
    QCOMPARE(console.queryEdit()->text(), QStringLiteral("redis OOM command not allowed"));
}

void TestConsole::noKnowledgeBase()
{
    LookupConsoleWidget console;
    QVERIFY(!console.queryEdit()->isEnabled());
    QVERIFY(!console.runButton()->isEnabled());
    console.runQuery(QStringLiteral("anything"));
    QVERIFY(!console.isRunning());
    QVERIFY(!console.hasResult());
    QVERIFY(!console.statusLabel()->text().isEmpty());
}

QTEST_MAIN(TestConsole)
#include "tst_console.moc"
