// The console on the demo knowledge base (resources/demo/kb): the over-filter decoy makes
// the L0 hints pick the wrong category, the filtered attempt is poor, and the unfiltered
// retry rescues the lookup — the attempt ladder a user should see. With
// RAGLENS_SCREENSHOT_DIR set, the console, the KB panel and a replay diff are saved as
// PNGs there (how docs/screenshots are made: run under Xvfb with QT_QPA_PLATFORM=xcb).

#include "console/console_result_panes.h"
#include "console/lookup_console_widget.h"
#include "db/audit_database.h"
#include "invocation/agent_view.h"
#include "invocation/evidence_blocks_view.h"
#include "invocation/lookup_result_view.h"
#include "kb/knowledge_base_panel.h"
#include "model/vocabulary.h"
#include "replay/replay_dialog.h"
#include "support/cli_runner.h"
#include "trace/audit_browser.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::ui;

namespace {
const QString kDecoyQuery = QStringLiteral(
    "connection pool exhausted, hikari pool size too small, requests wait for a connection");

void maybeSave(QWidget& w, const QString& name)
{
    const QString dir = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QTest::qWait(300); // let late layouts and fonts settle
    QVERIFY(w.grab().save(QDir(dir).filePath(name)));
}
} // namespace

class TestConsoleDemo : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void decoyCategoryRetry();
    void replayAfterRunbookRemoved();
    void kbPanelOnDemo();

private:
    QTemporaryDir m_dir;
    std::shared_ptr<KnowledgeBase> m_kb;
};

void TestConsoleDemo::initTestCase()
{
    QVERIFY(m_dir.isValid());
    auto summary = ingestFolder(test::sourcePath(QStringLiteral("resources/demo/kb")),
                                m_dir.filePath(QStringLiteral("kb")));
    QVERIFY2(summary.ok(), qPrintable(summary.ok() ? QString() : summary.error()));
    QVERIFY(summary->documents > 20);
    auto kb = KnowledgeBase::open(m_dir.filePath(QStringLiteral("kb")));
    QVERIFY(kb.ok());
    m_kb = *kb;
}

void TestConsoleDemo::decoyCategoryRetry()
{
    const QString dbPath = m_dir.filePath(QStringLiteral("audit.db"));
    QVERIFY(AuditDatabase::open(dbPath, AccessMode::Create).ok());
    LookupConsoleWidget console;
    console.resize(1560, 960);
    console.setKnowledgeBase(m_kb);
    console.setAuditDatabase(dbPath);
    console.setRecording(true);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QSignalSpy recorded(&console, &LookupConsoleWidget::recorded);
    QSignalSpy finished(&console, &LookupConsoleWidget::lookupFinished);
    console.runQuery(kDecoyQuery);
    QTRY_COMPARE(finished.count(), 1);

    const LookupResult& r = console.lastResult();
    const RetrievalTrace& t = r.retrievalTrace;
    QCOMPARE(int(t.attempts.size()), 2);
    QCOMPARE(t.attempts[0].name, vocab::kFilteredVector);
    QCOMPARE(t.attempts[0].categoryFilter, QStringLiteral("pool-tuning-legacy"));
    QVERIFY(!t.attempts[0].usable);
    QCOMPARE(t.selectedAttempt, vocab::kUnfilteredVectorRetry);
    QCOMPARE(t.fallbackReason, vocab::kFilteredLowQuality);
    QCOMPARE(r.evidenceStatus, vocab::kEvidenceFound);
    QVERIFY(r.evidenceBlocks.front().category != QLatin1String("pool-tuning-legacy"));
    QCOMPARE(console.resultPanes()->resultView()->evidenceView()->blockCount(),
             int(r.evidenceBlocks.size()));
    // The agent is told what was found, never how the ladder went.
    const QString agent = console.resultPanes()->agentView()->jsonText();
    QVERIFY(agent.contains(r.evidenceBlocks.front().evidenceKey));
    QVERIFY(!agent.contains(vocab::kUnfilteredVectorRetry));
    QCOMPARE(recorded.count(), 1);
    maybeSave(console, QStringLiteral("console.png"));

    // Replay the recording unchanged: same decisions.
    auto db = AuditDatabase::open(dbPath, AccessMode::Inspect);
    auto inv = AuditBrowser(**db).invocation(recorded.at(0).at(2).toLongLong());
    QVERIFY(inv.ok());
    ReplayDialog dialog;
    dialog.resize(1200, 800);
    dialog.setKnowledgeBase(m_kb);
    dialog.setInvocation(*inv);
    dialog.show();
    QSignalSpy replayed(&dialog, &ReplayDialog::replayFinished);
    dialog.replay();
    QTRY_COMPARE(replayed.count(), 1);
    QVERIFY(!dialog.diff().hasChanges());
}

void TestConsoleDemo::replayAfterRunbookRemoved()
{
    // Record the demo's first question, then rebuild the KB without the runbook that
    // answered it: the replay must show its chunks lost and the relevance drop.
    const QString dbPath = m_dir.filePath(QStringLiteral("drift.db"));
    QVERIFY(AuditDatabase::open(dbPath, AccessMode::Create).ok());
    LookupConsoleWidget console;
    console.setKnowledgeBase(m_kb);
    console.setAuditDatabase(dbPath);
    console.setRecording(true);
    QSignalSpy recorded(&console, &LookupConsoleWidget::recorded);
    console.runQuery(QStringLiteral(
        "HikariPool-1 - Connection is not available, request timed out after 30000ms"));
    QTRY_COMPARE(recorded.count(), 1);
    QCOMPARE(console.lastResult().relevanceLevel, vocab::kPrecise);
    const QString answer = console.lastResult().evidenceBlocks.front().source;

    const QString src = m_dir.filePath(QStringLiteral("drift-src"));
    const QString demo = test::sourcePath(QStringLiteral("resources/demo/kb"));
    QDirIterator it(demo, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString rel = QDir(demo).relativeFilePath(file);
        if (rel == answer + QStringLiteral(".md"))
            continue;
        QVERIFY(QDir().mkpath(QFileInfo(QDir(src).filePath(rel)).absolutePath()));
        QVERIFY(QFile::copy(file, QDir(src).filePath(rel)));
    }
    const QString kbDir = m_dir.filePath(QStringLiteral("drift-kb"));
    QVERIFY(ingestFolder(src, kbDir).ok());
    auto drifted = KnowledgeBase::open(kbDir);
    QVERIFY(drifted.ok());

    auto db = AuditDatabase::open(dbPath, AccessMode::Inspect);
    auto inv = AuditBrowser(**db).invocation(recorded.at(0).at(2).toLongLong());
    QVERIFY(inv.ok());
    ReplayDialog dialog;
    dialog.resize(1200, 760);
    dialog.setKnowledgeBase(*drifted);
    dialog.setInvocation(*inv);
    dialog.show();
    QSignalSpy replayed(&dialog, &ReplayDialog::replayFinished);
    QTest::mouseClick(dialog.replayButton(), Qt::LeftButton);
    QTRY_COMPARE(replayed.count(), 1);
    const ReplayDiff& d = dialog.diff();
    QVERIFY(d.hasChanges());
    QVERIFY(!d.keysLost.isEmpty());
    for (const QString& k : d.keysLost)
        QVERIFY2(k.startsWith(answer + QLatin1Char('#')), qPrintable(k));
    QVERIFY(d.relevanceLevel.changed());
    QVERIFY(*d.replayedBestQuality < *d.recordedBestQuality);
    maybeSave(dialog, QStringLiteral("replay-diff.png"));
}

void TestConsoleDemo::kbPanelOnDemo()
{
    KnowledgeBasePanel panel;
    panel.resize(1400, 900);
    panel.show();
    QSignalSpy changed(&panel, &KnowledgeBasePanel::knowledgeBaseChanged);
    panel.openKnowledgeBase(m_dir.filePath(QStringLiteral("kb")));
    QTRY_COMPARE(changed.count(), 1);
    QCOMPARE(panel.knowledgeBase()->stats().categories.size(), size_t(9));
    maybeSave(panel, QStringLiteral("kb-panel.png"));
}

QTEST_MAIN(TestConsoleDemo)
#include "tst_console_demo.moc"
