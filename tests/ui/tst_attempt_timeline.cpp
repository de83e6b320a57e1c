// The attempt timeline as a user sees it: one bar per attempt, left to right in execution
// order, widths proportional to durations, and a retry arrow labelled with the fallback reason
// exactly when a failed filtered attempt was retried. Plus the attempts/candidates tables.

#include "attempts/attempt_candidates_model.h"
#include "attempts/attempt_timeline_data.h"
#include "attempts/attempt_timeline_widget.h"
#include "attempts/attempts_table_model.h"
#include "attempts/attempts_view.h"
#include "model/diagnosis_trace.h"
#include "model/lookup_result.h"
#include "model/retrieval_details.h"
#include "support/cli_runner.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;
using nlohmann::json;

namespace {

json readFixture(const QString& name)
{
    return test::readJsonFixture(QStringLiteral("details/") + name);
}

/// retrieval_details of a fixture: either a bare rag_lookup_v1 object or a whole invocation.
json detailsOf(const QString& name)
{
    const json j = readFixture(name);
    if (j.contains("audit_schema"))
        return j;
    return j.get<TraceInvocation>().retrievalDetails;
}

} // namespace

class TestAttemptTimeline : public QObject
{
    Q_OBJECT
private slots:
    void buildsFromRetrievalDetails_data();
    void buildsFromRetrievalDetails();
    void toleratesGarbage();
    void buildsFromLookupResult();
    void geometry_data();
    void geometry();
    void subMillisecondAttemptsKeepTheirOrder();
    void widthsFollowDurations();
    void captionsStayOffTheGauge();
    void tooltipsAndClicks();
    void rendersToImage();
    void attemptsTableModel();
    void candidatesForLookupResult();
};

void TestAttemptTimeline::buildsFromRetrievalDetails_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("attempts");
    QTest::addColumn<QString>("selected");
    QTest::addColumn<QString>("fallback");
    QTest::addColumn<bool>("retry");
    QTest::newRow("design example") << "timed_retry.details.json" << 2 << "UNFILTERED_VECTOR_RETRY"
                                    << "filtered_vector_low_quality" << true;
    QTest::newRow("demo low-quality retry")
        << "retry_low_quality.invocation.json" << 2 << "UNFILTERED_VECTOR_RETRY"
        << "filtered_vector_low_quality" << true;
    QTest::newRow("demo no-evidence retry")
        << "retry_no_evidence.invocation.json" << 2 << "UNFILTERED_VECTOR_RETRY"
        << "filtered_vector_no_evidence" << true;
    QTest::newRow("filtered usable")
        << "filtered_usable.invocation.json" << 1 << "FILTERED_VECTOR" << QString() << false;
    QTest::newRow("unfiltered no evidence")
        << "no_evidence.invocation.json" << 1 << "UNFILTERED_VECTOR" << QString() << false;
    QTest::newRow("errored filter")
        << "errored_filter_retry.details.json" << 2 << "UNFILTERED_VECTOR_RETRY"
        << "filtered_vector_no_evidence" << true;
}

void TestAttemptTimeline::buildsFromRetrievalDetails()
{
    QFETCH(QString, fixture);
    QFETCH(int, attempts);
    QFETCH(QString, selected);
    QFETCH(QString, fallback);
    QFETCH(bool, retry);
    const AttemptTimeline t = AttemptTimeline::fromRetrievalDetails(detailsOf(fixture));
    QCOMPARE(int(t.attempts.size()), attempts);
    QCOMPARE(t.selectedAttempt, selected);
    QCOMPARE(t.fallbackReason, fallback);
    QCOMPARE(t.retryPair().has_value(), retry);
    QCOMPARE(t.selectedIndex(), attempts - 1);
    QVERIFY(!t.hasCandidates);
    // Attempts are sequential: each starts where the previous ended.
    double expectedStart = 0;
    for (const AttemptBar& a : t.attempts) {
        QCOMPARE(a.startMs, expectedStart);
        expectedStart += a.durationMs;
    }
}

void TestAttemptTimeline::toleratesGarbage()
{
    const AttemptTimeline t =
        AttemptTimeline::fromRetrievalDetails(detailsOf("garbage_attempts.details.json"));
    // Two non-object entries are skipped; three objects remain.
    QCOMPARE(int(t.attempts.size()), 3);
    // A number is not an attempt name: it is read as none, and noted as a problem.
    QVERIFY(t.selectedAttempt.isEmpty());
    QVERIFY(RetrievalDetailsV1::fromJson(detailsOf("garbage_attempts.details.json"))
                .problems.contains(QStringLiteral("selected_attempt: expected a string")));
    QVERIFY(t.fallbackReason.isEmpty());
    const AttemptBar& first = t.attempts[0];
    QCOMPARE(first.candidateCount, 3); // numbers written as strings are read
    QCOMPARE(first.durationMs, 7.0);
    QVERIFY(first.topSimilarity.has_value());
    QCOMPARE(*first.topSimilarity, 0.25);
    QVERIFY(!first.usable);
    const AttemptBar& second = t.attempts[1];
    QCOMPARE(second.candidateCount, 0); // negative counts clamp to 0
    QCOMPARE(second.durationMs, 0.0);
    QVERIFY(!second.topSimilarity.has_value());
    QVERIFY(second.usable);
    QCOMPARE(t.attempts[2].startMs, 7.0);
    QCOMPARE(t.attempts[2].durationMs, 0.0); // "inf" is not finite: ignored

    // Not an object at all.
    QVERIFY(AttemptTimeline::fromRetrievalDetails(json("text")).attempts.empty());
    QVERIFY(AttemptTimeline::fromRetrievalDetails(json()).attempts.empty());
    QVERIFY(AttemptTimeline::fromRetrievalDetails(json{{"attempts", 5}}).attempts.empty());
}

void TestAttemptTimeline::buildsFromLookupResult()
{
    LookupResult r = readFixture("retry_low_quality.lookup_result.json").get<LookupResult>();
    r.settings.minUsableQuality = 0.4;
    const AttemptTimeline t = AttemptTimeline::fromLookupResult(r);
    QCOMPARE(int(t.attempts.size()), 2);
    QVERIFY(t.hasCandidates);
    QCOMPARE(t.usableThreshold, 0.4);
    QCOMPARE(t.fallbackReason, QStringLiteral("filtered_vector_low_quality"));
    QCOMPARE(int(t.attempts[0].candidates.size()), 20);
    QCOMPARE(t.attempts[0].candidates[0].rank, 1);
    QVERIFY(t.attempts[1].startMs > 0);
    QCOMPARE(t.attempts[1].startMs, t.attempts[0].durationMs);
}

void TestAttemptTimeline::geometry_data()
{
    buildsFromRetrievalDetails_data();
}

void TestAttemptTimeline::geometry()
{
    QFETCH(QString, fixture);
    QFETCH(int, attempts);
    QFETCH(QString, fallback);
    QFETCH(bool, retry);
    AttemptTimelineWidget w;
    w.resize(1000, 200);
    w.setTimeline(AttemptTimeline::fromRetrievalDetails(detailsOf(fixture)));
    const QVector<QRectF> bars = w.barRects();
    QCOMPARE(bars.size(), attempts);
    for (int i = 0; i < bars.size(); ++i) {
        QVERIFY(bars[i].width() > 0);
        QVERIFY(QRectF(w.rect()).contains(bars[i]));
        if (i > 0) {
            // Left to right in execution order, one lane per attempt, top to bottom.
            QVERIFY(bars[i].left() >= bars[i - 1].right() - 0.5);
            QVERIFY(bars[i].top() > bars[i - 1].bottom());
        }
    }
    QCOMPARE(w.retryArrow().has_value(), retry);
    if (retry) {
        const QLineF arrow = *w.retryArrow();
        // From the failed attempt down to the start of the retry.
        QCOMPARE(arrow.p1().y(), bars[0].bottom());
        QCOMPARE(arrow.p2().y(), bars[1].top());
        QVERIFY(arrow.p1().x() >= bars[0].left() && arrow.p1().x() <= bars[0].right());
        QVERIFY(arrow.p2().x() >= bars[1].left() && arrow.p2().x() <= bars[1].right());
        QCOMPARE(w.retryArrowLabel(), fallback);
    } else {
        QVERIFY(w.retryArrowLabel().isEmpty());
    }
    QCOMPARE(w.gaugeRects().size(), attempts);
    QVERIFY(w.sizeHint().height() >= bars.back().bottom());
}

void TestAttemptTimeline::subMillisecondAttemptsKeepTheirOrder()
{
    // The demo's audit rows round both attempts to 0 ms: the bars must still be visible, in
    // order, and of equal size rather than collapsing onto one pixel.
    AttemptTimelineWidget w;
    w.resize(900, 200);
    w.setTimeline(
        AttemptTimeline::fromRetrievalDetails(detailsOf("retry_low_quality.invocation.json")));
    const auto bars = w.barRects();
    QCOMPARE(bars.size(), 2);
    QVERIFY(bars[0].width() > 100);
    QCOMPARE(bars[0].width(), bars[1].width());
    QVERIFY(bars[1].left() >= bars[0].right() - 0.5);
    QVERIFY(w.ticks().isEmpty()); // no fake time scale
}

void TestAttemptTimeline::captionsStayOffTheGauge()
{
    // One attempt under a millisecond fills the plot, so its caption goes over the bar; in
    // a narrow panel it used to run on over the similarity gauge.
    AttemptTimeline t;
    AttemptBar a;
    a.name = QStringLiteral("FILTERED_VECTOR");
    a.candidateCount = 20;
    a.topSimilarity = 0.73;
    a.usable = true;
    t.attempts.push_back(a);
    AttemptTimelineWidget w;
    w.setTimeline(t);
    for (int width : {320, 420, 520, 900}) {
        w.resize(width, 120);
        const auto captions = w.captions();
        QCOMPARE(captions.size(), 1);
        const QRectF gauge = w.gaugeRects().front();
        QVERIFY2(captions.front().second.right() <= gauge.left(),
                 qPrintable(QString::number(width)));
        QVERIFY(!captions.front().first.isEmpty());
    }
    // With room, the caption is whole.
    QVERIFY(w.captions().front().first.endsWith(QLatin1String("20")));
}

void TestAttemptTimeline::widthsFollowDurations()
{
    AttemptTimelineWidget w;
    w.resize(1200, 200);
    w.setTimeline(AttemptTimeline::fromRetrievalDetails(detailsOf("timed_retry.details.json")));
    const auto bars = w.barRects();
    // 12 ms then 20 ms.
    QVERIFY(qAbs(bars[1].width() / bars[0].width() - 20.0 / 12.0) < 0.01);
    // The ticks are in ms, start at 0 and cover the 32 ms.
    const auto ticks = w.ticks();
    QVERIFY(ticks.size() >= 3);
    QCOMPARE(ticks.front().label, QStringLiteral("0 ms"));
    QCOMPARE(ticks.front().x, bars[0].left());
    QVERIFY(ticks.back().x <= bars[1].right() + 0.5);
    for (int i = 1; i < ticks.size(); ++i)
        QVERIFY(ticks[i].x > ticks[i - 1].x);
    // Wider widget, wider bars, same proportions.
    w.resize(1600, 200);
    const auto wide = w.barRects();
    QVERIFY(wide[0].width() > bars[0].width());
    QVERIFY(qAbs(wide[1].width() / wide[0].width() - 20.0 / 12.0) < 0.01);
}

void TestAttemptTimeline::tooltipsAndClicks()
{
    AttemptTimelineWidget w;
    w.resize(1000, 200);
    w.setTimeline(AttemptTimeline::fromRetrievalDetails(detailsOf("timed_retry.details.json")));
    const auto bars = w.barRects();
    QCOMPARE(w.attemptAt(bars[0].center()), 0);
    QCOMPARE(w.attemptAt(bars[1].center()), 1);
    QCOMPARE(w.attemptAt(QPointF(5, 2)), -1);
    const QString tip = w.toolTipFor(0);
    QVERIFY(tip.contains(QStringLiteral("FILTERED_VECTOR")));
    QVERIFY(tip.contains(QStringLiteral("overfilter-decoy")));
    QVERIFY(tip.contains(QStringLiteral("0.30")));
    QVERIFY(tip.contains(QStringLiteral("filtered_vector_low_quality")));
    QVERIFY(w.toolTipFor(1).contains(QStringLiteral("selected")));

    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy clicked(&w, &AttemptTimelineWidget::attemptClicked);
    QTest::mouseClick(&w, Qt::LeftButton, {}, bars[0].center().toPoint());
    QCOMPARE(clicked.size(), 1);
    QCOMPARE(clicked.at(0).at(0).toInt(), 0);
    QTest::mouseMove(&w, bars[1].center().toPoint());
    QCOMPARE(w.hoveredAttempt(), 1);

    // Keyboard: the selected attempt has focus first; Up/Down walk the ladder.
    clicked.clear();
    w.setTimeline(w.timeline());
    QCOMPARE(w.currentAttempt(), 1);
    QTest::keyClick(&w, Qt::Key_Up);
    QCOMPARE(w.currentAttempt(), 0);
    QCOMPARE(clicked.size(), 1);
    QCOMPARE(clicked.at(0).at(0).toInt(), 0);
    QTest::keyClick(&w, Qt::Key_Up); // already at the top: nothing
    QCOMPARE(clicked.size(), 1);
    QTest::keyClick(&w, Qt::Key_End);
    QCOMPARE(w.currentAttempt(), 1);
}

void TestAttemptTimeline::rendersToImage()
{
    AttemptTimelineWidget w;
    w.setTimeline(AttemptTimeline::fromRetrievalDetails(detailsOf("timed_retry.details.json")));
    const QImage image = w.renderToImage();
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), w.sizeHint());
    // Something was drawn: not a single flat colour.
    const QRgb corner = image.pixel(0, 0);
    bool varied = false;
    for (int y = 0; y < image.height() && !varied; y += 3)
        for (int x = 0; x < image.width() && !varied; x += 3)
            varied = image.pixel(x, y) != corner;
    QVERIFY(varied);
    QVERIFY(!AttemptTimelineWidget().renderToImage().isNull()); // empty timeline too

    // PNG export writes a 2x image a user can open; a bad path fails cleanly.
    QTemporaryDir tmp;
    const QString png = tmp.filePath(QStringLiteral("timeline.png"));
    QVERIFY(w.saveImage(png));
    QImage saved(png);
    QCOMPARE(saved.width(), image.width() * 2);
    QVERIFY(!w.saveImage(tmp.filePath(QStringLiteral("no/such/dir/x.png"))));

    // Dark palette: still drawn, with the dark badge colours (and saved for a look).
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
    dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
    w.setPalette(dark);
    const QImage darkImage = w.renderToImage();
    QCOMPARE(darkImage.pixelColor(0, 0), QColor(0x1e, 0x1e, 0x1e));
    const QString dir = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        image.save(dir + QStringLiteral("/attempt-timeline-light.png"));
        darkImage.save(dir + QStringLiteral("/attempt-timeline-dark.png"));
    }
}

void TestAttemptTimeline::attemptsTableModel()
{
    AttemptsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTimeline(
        AttemptTimeline::fromRetrievalDetails(detailsOf("errored_filter_retry.details.json")));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(AttemptsTableModel::ColumnCount));
    auto cell = [&](int row, int column) { return model.index(row, column).data().toString(); };
    QCOMPARE(cell(0, AttemptsTableModel::NameColumn), QStringLiteral("FILTERED_VECTOR"));
    QCOMPARE(cell(0, AttemptsTableModel::CategoryFilterColumn), QStringLiteral("redis"));
    QCOMPARE(cell(0, AttemptsTableModel::ErrorColumn), QStringLiteral("category index missing"));
    QCOMPARE(cell(0, AttemptsTableModel::TopSimilarityColumn), QString()); // unknown, not 0
    QCOMPARE(cell(1, AttemptsTableModel::TopSimilarityColumn), QStringLiteral("0.610"));
    QCOMPARE(cell(1, AttemptsTableModel::CandidatesColumn), QStringLiteral("4"));
    QCOMPARE(cell(1, AttemptsTableModel::DurationColumn), QStringLiteral("17 ms"));
    QVERIFY(model.index(1, 0).data(AttemptsTableModel::SelectedRole).toBool());
    QVERIFY(!model.index(0, 0).data(AttemptsTableModel::SelectedRole).toBool());
    // Sorting is numeric through SortRole.
    QCOMPARE(model.index(1, AttemptsTableModel::DurationColumn)
                 .data(AttemptsTableModel::SortRole)
                 .toDouble(),
             17.0);
    model.setTimeline({});
    QCOMPARE(model.rowCount(), 0);
}

void TestAttemptTimeline::candidatesForLookupResult()
{
    const LookupResult r = readFixture("retry_low_quality.lookup_result.json").get<LookupResult>();
    AttemptsView view;
    QAbstractItemModelTester t1(view.attemptsModel(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(view.candidatesModel(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    view.setTimeline(AttemptTimeline::fromLookupResult(r));
    QVERIFY(view.candidatesShown());
    // Starts on the selected attempt (the retry) and lists its candidates by rank.
    QCOMPARE(view.currentAttempt(), 1);
    QCOMPARE(view.candidatesModel()->rowCount(),
             int(r.retrievalTrace.attempts[1].candidates.size()));
    const auto& first = r.retrievalTrace.attempts[1].candidates.front();
    QCOMPARE(view.candidatesModel()
                 ->index(0, AttemptCandidatesModel::EvidenceKeyColumn)
                 .data()
                 .toString(),
             first.evidenceKey);
    view.selectAttempt(0);
    QCOMPARE(view.candidatesModel()
                 ->index(0, AttemptCandidatesModel::EvidenceKeyColumn)
                 .data()
                 .toString(),
             r.retrievalTrace.attempts[0].candidates.front().evidenceKey);
    // Sorting the candidates by quality through the proxy puts the best first.
    view.candidatesTable()->sortByColumn(AttemptCandidatesModel::QualityColumn,
                                         Qt::DescendingOrder);
    const double top = view.candidatesTable()
                           ->model()
                           ->index(0, AttemptCandidatesModel::QualityColumn)
                           .data(AttemptCandidatesModel::SortRole)
                           .toDouble();
    for (const auto& c : r.retrievalTrace.attempts[0].candidates)
        QVERIFY(c.quality <= top + 1e-9);

    // A persisted row has no candidates: the second table is not offered.
    view.setTimeline(AttemptTimeline::fromRetrievalDetails(detailsOf("timed_retry.details.json")));
    QVERIFY(!view.candidatesShown());
}

QTEST_MAIN(TestAttemptTimeline)
#include "tst_attempt_timeline.moc"
