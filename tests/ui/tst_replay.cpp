// Replay end to end: record a lookup into an audit database, change the knowledge base
// (a runbook removed, another added, re-ingested), replay the recorded invocation from the
// dialog and from `raglens-cli replay`, and check that the drift is shown: lost keys red,
// gained keys green, changed decisions flagged.

#include "console/console_recorder.h"
#include "db/audit_database.h"
#include "invocation/lookup_result_view.h"
#include "model/vocabulary.h"
#include "replay/replay_dialog.h"
#include "replay/replay_diff_view.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "support/mini_kb.h"
#include "trace/audit_browser.h"

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::ui;

namespace {

QStringList keysWithChange(QTableWidget* table, const QString& change)
{
    QStringList keys;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, ReplayDiffView::KeyColumn)
                ->data(ReplayDiffView::ChangeRole)
                .toString() == change)
            keys << table->item(r, ReplayDiffView::KeyColumn)->text();
    return keys;
}

QStringList jsonList(const nlohmann::json& j)
{
    return j.get<QStringList>();
}

} // namespace

class TestReplay : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void unchangedKbHasNoChanges();
    void driftIsShown();
    void cliReplay();
    void notReplayable_data();
    void notReplayable();
    void productionRowReplays();

private:
    qint64 recordPoolLookup();
    TraceInvocation recordedInvocation(qint64 id);
    void changeKnowledgeBase();
    void replayInDialog(ReplayDialog& dialog);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_src, m_kbDir, m_db;
    std::shared_ptr<KnowledgeBase> m_kb;
};

void TestReplay::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_src = m_dir->filePath(QStringLiteral("src"));
    m_kbDir = m_dir->filePath(QStringLiteral("kb"));
    m_db = m_dir->filePath(QStringLiteral("audit.db"));
    auto kb = test::buildMiniKb(m_src, m_kbDir);
    QVERIFY2(kb.ok(), qPrintable(kb.ok() ? QString() : kb.error()));
    m_kb = *kb;
    QVERIFY(AuditDatabase::open(m_db, AccessMode::Create).ok());
}

qint64 TestReplay::recordPoolLookup()
{
    const LookupEngine engine(m_kb);
    LookupRequest request;
    request.query = test::minikb::kPoolQuery;
    auto location = DatabaseLocation::parse(m_db);
    auto rec = recordConsoleLookup(engine, request, *location, QStringLiteral("replay-test"));
    if (!rec) {
        qWarning() << rec.error();
        return 0;
    }
    return rec->invocationId;
}

TraceInvocation TestReplay::recordedInvocation(qint64 id)
{
    auto db = AuditDatabase::open(m_db, AccessMode::Inspect);
    auto inv = AuditBrowser(**db).invocation(id);
    return inv ? *inv : TraceInvocation{};
}

void TestReplay::changeKnowledgeBase()
{
    // The pool runbook goes away; a new one about pool sizing takes its place.
    QVERIFY(QFile::remove(QDir(m_src).filePath(test::minikb::kPoolDoc + QStringLiteral(".md"))));
    QVERIFY(test::writeDocument(
        m_src, QStringLiteral("mysql/pool-sizing"),
        QStringLiteral("# Connection pool sizing\n\n## Symptoms\n\nHikariPool connection is not "
                       "available, request timed out: the connection pool is too small for the "
                       "number of worker threads.\n\n## Fix\n\nSize maximumPoolSize from the "
                       "database's core count and the request concurrency.\n")));
    auto summary = ingestFolder(m_src, m_kbDir);
    QVERIFY2(summary.ok(), qPrintable(summary.ok() ? QString() : summary.error()));
    QCOMPARE(summary->removed, 1);
    QCOMPARE(summary->added, 1);
    auto kb = KnowledgeBase::open(m_kbDir);
    QVERIFY(kb.ok());
    m_kb = *kb;
}

void TestReplay::replayInDialog(ReplayDialog& dialog)
{
    QSignalSpy finished(&dialog, &ReplayDialog::replayFinished);
    QVERIFY(dialog.replayButton()->isEnabled());
    QTest::mouseClick(dialog.replayButton(), Qt::LeftButton);
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY2(dialog.hasDiff(), qPrintable(dialog.statusLabel()->text()));
}

void TestReplay::unchangedKbHasNoChanges()
{
    const qint64 id = recordPoolLookup();
    QVERIFY(id > 0);
    ReplayDialog dialog;
    dialog.setInvocation(recordedInvocation(id));
    dialog.setKnowledgeBase(m_kb);
    replayInDialog(dialog);
    const ReplayDiff& d = dialog.diff();
    QCOMPARE(d.basis, QStringLiteral("full_trace")); // the console keeps the whole trace
    QVERIFY(!d.hasChanges());
    QVERIFY(d.keysLost.isEmpty());
    QVERIFY(d.keysGained.isEmpty());
    QVERIFY(!d.keysKept.isEmpty());
    QVERIFY(dialog.diffView()->verdictLabel()->text().contains(QStringLiteral("No change")));
    QCOMPARE(keysWithChange(dialog.diffView()->keysTable(), QStringLiteral("kept")), d.keysKept);
}

void TestReplay::driftIsShown()
{
    const qint64 id = recordPoolLookup();
    QVERIFY(id > 0);
    const TraceInvocation recorded = recordedInvocation(id);
    changeKnowledgeBase();

    ReplayDialog dialog;
    dialog.setInvocation(recorded);
    dialog.setKnowledgeBase(m_kb);
    dialog.show();
    replayInDialog(dialog);
    const ReplayDiff& d = dialog.diff();
    QVERIFY(d.hasChanges());
    QVERIFY(!d.keysLost.isEmpty());
    for (const QString& k : d.keysLost)
        QVERIFY2(k.startsWith(test::minikb::kPoolDoc), qPrintable(k));
    QVERIFY(!d.keysGained.isEmpty());
    QVERIFY(std::any_of(d.keysGained.begin(), d.keysGained.end(), [](const QString& k) {
        return k.startsWith(QStringLiteral("mysql/pool-sizing#"));
    }));

    // The table shows the same, coloured: lost rows and gained rows look different.
    ReplayDiffView* view = dialog.diffView();
    QCOMPARE(keysWithChange(view->keysTable(), QStringLiteral("lost")), d.keysLost);
    QCOMPARE(keysWithChange(view->keysTable(), QStringLiteral("gained")), d.keysGained);
    int lostRow = -1, gainedRow = -1;
    for (int r = 0; r < view->keysTable()->rowCount(); ++r) {
        const QString c =
            view->keysTable()->item(r, 0)->data(ReplayDiffView::ChangeRole).toString();
        if (c == QLatin1String("lost"))
            lostRow = r;
        if (c == QLatin1String("gained"))
            gainedRow = r;
    }
    QVERIFY(lostRow >= 0 && gainedRow >= 0);
    QVERIFY(view->keysTable()->item(lostRow, 0)->background().color() !=
            view->keysTable()->item(gainedRow, 0)->background().color());
    QVERIFY(view->keysTable()->item(lostRow, ReplayDiffView::ReplayedRankColumn)->text().isEmpty());
    QVERIFY(view->verdictLabel()->text().contains(QStringLiteral("lost")));
    QVERIFY(view->verdictLabel()->text().contains(QStringLiteral("gained")));
    // The replayed lookup itself is one tab away.
    QVERIFY(dialog.replayedView()->summaryCard() != nullptr);
}

void TestReplay::cliReplay()
{
    const qint64 id = recordPoolLookup();
    QVERIFY(id > 0);
    const QStringList args{QStringLiteral("replay"),
                           QStringLiteral("--kb"),
                           m_kbDir,
                           QStringLiteral("--db"),
                           m_db,
                           QStringLiteral("--invocation"),
                           QString::number(id)};
    auto same = test::runCli(args + QStringList{QStringLiteral("--check")});
    QCOMPARE(same.exitCode, 0);
    QCOMPARE(same.json["hasChanges"].get<bool>(), false);

    changeKnowledgeBase();
    auto changed = test::runCli(args);
    QCOMPARE(changed.exitCode, 0);
    QVERIFY(changed.json.is_object());
    QCOMPARE(changed.json["invocationId"].get<qint64>(), id);
    QCOMPARE(changed.json["basis"].get<std::string>(), std::string("full_trace"));
    QVERIFY(!jsonList(changed.json["keysLost"]).isEmpty());
    QVERIFY(!jsonList(changed.json["keysGained"]).isEmpty());
    auto check = test::runCli(args + QStringList{QStringLiteral("--check")});
    QCOMPARE(check.exitCode, 1);
    QVERIFY(!check.err.isEmpty());

    // Bad usage and bad input: clear messages, exit 2 and 1, never a crash.
    auto noId = test::runCli(
        {QStringLiteral("replay"), QStringLiteral("--kb"), m_kbDir, QStringLiteral("--db"), m_db});
    QCOMPARE(noId.exitCode, 2);
    auto badId = test::runCli({QStringLiteral("replay"), QStringLiteral("--kb"), m_kbDir,
                               QStringLiteral("--db"), m_db, QStringLiteral("--invocation"),
                               QStringLiteral("abc")});
    QCOMPARE(badId.exitCode, 1); // ids may be text: no call "abc" here
    QVERIFY(badId.err.contains("abc"));
    auto unknown = test::runCli({QStringLiteral("replay"), QStringLiteral("--kb"), m_kbDir,
                                 QStringLiteral("--db"), m_db, QStringLiteral("--invocation"),
                                 QStringLiteral("99999")});
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY(!unknown.crashed);
    auto noKb = test::runCli({QStringLiteral("replay"), QStringLiteral("--kb"),
                              m_dir->filePath(QStringLiteral("missing")), QStringLiteral("--db"),
                              m_db, QStringLiteral("--invocation"), QString::number(id)});
    QCOMPARE(noKb.exitCode, 1);
}

void TestReplay::notReplayable_data()
{
    QTest::addColumn<qint64>("invocation");
    QTest::newRow("harness tool") << test::fixture::kHarnessInvocation;
    QTest::newRow("legacy without query") << test::fixture::kLegacyNoEvidenceInvocation;
}

void TestReplay::notReplayable()
{
    QFETCH(qint64, invocation);
    const QString prod = m_dir->filePath(QStringLiteral("prod.db"));
    QCOMPARE(test::writeProductionFixture(prod), QString());
    auto db = AuditDatabase::open(prod, AccessMode::Inspect);
    QVERIFY(db.ok());
    auto inv = AuditBrowser(**db).invocation(invocation);
    QVERIFY(inv.ok());
    ReplayDialog dialog;
    dialog.setKnowledgeBase(m_kb);
    dialog.setInvocation(*inv);
    if (!inv->inputParams.is_object() || !inv->inputParams.contains("query") ||
        inv->toolName != vocab::kLookupKnowledge) {
        QVERIFY(!dialog.canReplay());
        QVERIFY(!dialog.replayButton()->isEnabled());
        QVERIFY(dialog.statusLabel()->text().contains(QString::number(invocation)));
    }
}

void TestReplay::productionRowReplays()
{
    // A foreign database's row (no full trace here) replays from its query preview.
    const QString prod = m_dir->filePath(QStringLiteral("prod.db"));
    QCOMPARE(test::writeProductionFixture(prod), QString());
    auto db = AuditDatabase::open(prod, AccessMode::Inspect);
    auto inv = AuditBrowser(**db).invocation(test::fixture::kInvocation860);
    QVERIFY(inv.ok());
    ReplayDialog dialog;
    dialog.setKnowledgeBase(m_kb);
    dialog.setInvocation(*inv);
    replayInDialog(dialog);
    const ReplayDiff& d = dialog.diff();
    QCOMPARE(d.query, test::fixture::kQueryPreview);
    // Recorded NO_EVIDENCE; our KB has the pool runbook.
    QCOMPARE(d.evidenceStatus.recorded, vocab::kNoEvidence);
    QCOMPARE(d.evidenceStatus.replayed, vocab::kEvidenceFound);
    QVERIFY(d.hasChanges());
}

QTEST_MAIN(TestReplay)
#include "tst_replay.moc"
