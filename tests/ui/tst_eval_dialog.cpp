// The "Add to eval set" dialog: ticking the correct evidence writes a case to the chosen
// eval set; the same query again is skipped (the dialog stays open and names the case)
// or, when asked, updated in place.

#include "eval/add_to_eval_set_dialog.h"
#include "model/vocabulary.h"

#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::ui;

class TestEvalDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void dialogWritesAProblemQuery();
    void dialogSkipsADuplicateAndStaysOpen();
    void cutQueryIsFlagged();

private:
    QTemporaryDir m_dir;
};

void TestEvalDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(
        true); // the remembered target file stays out of the user's config
    QCoreApplication::setOrganizationName(QStringLiteral("raglens-tests"));
    QVERIFY(m_dir.isValid());
}

void TestEvalDialog::dialogWritesAProblemQuery()
{
    ProblemQuery p;
    p.query = QStringLiteral("order-service pool timeout after deploy");
    p.candidateEvidenceKeys = QStringList{"mysql/hikaricp-connection-timeout#chunk-1",
                                          "nginx/upstream-timed-out-504#chunk-0"};
    p.evidenceStatus = vocab::kEvidenceFound;
    AddToEvalSetDialog dialog(p);
    const QString path = m_dir.filePath(QStringLiteral("problems/library.jsonl"));
    dialog.setTargetFile(path);
    QVERIFY(dialog.messageText().contains(QStringLiteral("Tick")));
    QVERIFY(!dialog.setKeyChecked(QStringLiteral("not/listed#chunk-0"), true));
    QVERIFY(dialog.setKeyChecked(p.candidateEvidenceKeys[0], true));
    QCOMPARE(dialog.checkedKeys(), QStringList{p.candidateEvidenceKeys[0]});
    QSignalSpy written(&dialog, &AddToEvalSetDialog::caseWritten);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(written.count(), 1);
    QVERIFY(dialog.lastOutcome());
    QCOMPARE(dialog.lastOutcome()->action, AppendOutcome::Action::Added);

    auto set = loadEvalSet(path);
    QVERIFY(set.ok() && set->isValid());
    QCOMPARE(int(set->cases.size()), 1);
    QCOMPARE(set->cases[0].query, p.query);
    QCOMPARE(set->cases[0].expectedEvidenceKeys, QStringList{p.candidateEvidenceKeys[0]});
}

void TestEvalDialog::dialogSkipsADuplicateAndStaysOpen()
{
    const QString path = m_dir.filePath(QStringLiteral("dup.jsonl"));
    ProblemQuery p;
    p.query = QStringLiteral("why is redis slow");
    p.invocationId = 860;
    {
        AddToEvalSetDialog first(p);
        first.setTargetFile(path);
        first.setExpectNoEvidence(true);
        first.accept();
        QCOMPARE(first.result(), int(QDialog::Accepted));
    }
    ProblemQuery again = p;
    again.query = QStringLiteral("  Why is Redis SLOW ");
    AddToEvalSetDialog second(again);
    QVERIFY(second.windowTitle().contains(QStringLiteral("860")));
    second.setTargetFile(path);
    second.setExtraKeys(QStringLiteral("redis/latency-spikes#chunk-0"));
    second.accept(); // default policy: skip, and say so
    QVERIFY(second.result() != int(QDialog::Accepted));
    QCOMPARE(second.lastOutcome()->action, AppendOutcome::Action::SkippedDuplicate);
    QVERIFY(second.messageText().contains(second.lastOutcome()->caseId));

    second.setDuplicatePolicy(DuplicatePolicy::Update);
    second.accept();
    QCOMPARE(second.result(), int(QDialog::Accepted));
    auto set = loadEvalSet(path);
    QVERIFY(set.ok() && set->isValid());
    QCOMPARE(int(set->cases.size()), 1);
    QVERIFY(!set->cases[0].expectNoEvidence);
    QCOMPARE(set->cases[0].expectedEvidenceKeys, QStringList{"redis/latency-spikes#chunk-0"});
}

void TestEvalDialog::cutQueryIsFlagged()
{
    ProblemQuery p;
    p.query = QString(160, QLatin1Char('q'));
    p.queryMayBeCut = true;
    AddToEvalSetDialog dialog(p);
    dialog.setTargetFile(m_dir.filePath(QStringLiteral("cut.jsonl")));
    dialog.show();
    bool warned = false;
    for (QLabel* label : dialog.findChildren<QLabel*>())
        warned = warned || (label->isVisible() && label->text().contains(QStringLiteral("160")));
    QVERIFY(warned);
    // Nothing ticked yet: writing is refused with a reason, the file is not created.
    QVERIFY(!dialog.apply().ok());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("cut.jsonl"))));
}

QTEST_MAIN(TestEvalDialog)
#include "tst_eval_dialog.moc"
