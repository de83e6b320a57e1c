// The drill-down of one invocation as a user reads it: the summary card's fields for a retry,
// a NO_EVIDENCE, a legacy and a malformed row; the thin view of a HARNESS tool; the full-trace
// tab of a sampled LookupResult; the lookup-result and agent views of the console.
// With RAGLENS_SCREENSHOT_DIR set, it also saves the PNGs used by the documentation.

#include "attempts/attempt_candidates_model.h"
#include "attempts/attempt_timeline_widget.h"
#include "attempts/attempts_table_model.h"
#include "attempts/attempts_view.h"
#include "common/badge_colors.h"
#include "invocation/agent_view.h"
#include "invocation/badge_label.h"
#include "invocation/context_pack_view.h"
#include "invocation/evidence_blocks_view.h"
#include "invocation/invocation_view.h"
#include "invocation/key_value_table.h"
#include "invocation/lookup_result_view.h"
#include "invocation/summary_card.h"
#include "model/diagnosis_trace.h"
#include "model/lookup_result.h"
#include "model/rag_tool_result.h"
#include "support/cli_runner.h"
#include "json/json_tree_model.h"
#include "json/json_tree_view.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;
using nlohmann::json;

namespace {

json readFixture(const QString& name)
{
    return test::readJsonFixture(QStringLiteral("details/") + name);
}

TraceInvocation invocation(const QString& name)
{
    return readFixture(name).get<TraceInvocation>();
}

void saveScreenshot(QWidget* w, const QString& name)
{
    const QString dir = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    w->grab().save(dir + QLatin1Char('/') + name);
}

} // namespace

class TestInvocationView : public QObject
{
    Q_OBJECT
private slots:
    void narrowDrillDownDoesNotScrollSideways_data();
    void narrowDrillDownDoesNotScrollSideways();
    void lookupHintsListTheTranslatedTerms()
    {
        // A Chinese question over English runbooks: the Full trace's hints say which English
        // terms the dictionary added, for which word, and how much each weighs.
        LookupResult r;
        r.query = QStringLiteral("内存泄漏");
        r.retrievalTrace.searchMode = QStringLiteral("hybrid");
        r.retrievalTrace.queryTranslations = {{QStringLiteral("memory"), r.query, 0.71},
                                              {QStringLiteral("leak"), r.query, 0.71}};
        LookupResultView view;
        view.setLookupResult(r);
        QString shown;
        for (const KeyValueTable* table : view.findChildren<KeyValueTable*>())
            if (const QString v = table->valueOf(LookupResultView::tr("translated terms"));
                !v.isEmpty())
                shown = v;
        QVERIFY2(shown.contains(QStringLiteral("memory ← 内存泄漏")), qPrintable(shown));
        QVERIFY(shown.contains(QStringLiteral("leak ← 内存泄漏")));
        // Without translations the row is absent rather than empty.
        r.retrievalTrace.queryTranslations.clear();
        view.setLookupResult(r);
        for (const KeyValueTable* table : view.findChildren<KeyValueTable*>())
            QVERIFY(table->valueOf(LookupResultView::tr("translated terms")).isEmpty());
    }

    void summaryFields_data();
    void summaryFields();
    void legacyRelevanceReadFromRawValue();
    void summaryFitsNarrowPanels();
    void retryInvocation();
    void noEvidenceInvocation();
    void harnessInvocation_data();
    void harnessInvocation();
    void malformedInvocation();
    void fullTraceTab();
    void lookupResultView();
    void agentView();
    void clearAfterUse();
    void badgesFollowTheTheme();
    void evidenceCardsFollowTheTheme();
};

void TestInvocationView::summaryFields_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QString>("success");
    QTest::addColumn<QString>("evidence");
    QTest::addColumn<QString>("relevance");
    QTest::addColumn<QString>("selected");
    QTest::addColumn<QString>("fallback");
    QTest::addColumn<bool>("legacy");
    QTest::addColumn<bool>("malformed");
    QTest::addColumn<QString>("verdict");
    // clang-format off
    QTest::newRow("retry")
        << "retry_low_quality.invocation.json" << "yes" << "EVIDENCE_FOUND" << "REFERENCE"
        << "UNFILTERED_VECTOR_RETRY" << "filtered_vector_low_quality" << false << false
        << "The filtered attempt (pool-tuning-legacy) was not usable — top similarity 0.23 under "
           "the threshold 0.40 — so the lookup retried without the filter. "
           "UNFILTERED_VECTOR_RETRY returned evidence (top similarity 0.64); relevance REFERENCE. "
           "The evidence was truncated (the row does not say which way).";
    QTest::newRow("no evidence")
        << "no_evidence.invocation.json" << "yes" << "NO_EVIDENCE" << "none"
        << "UNFILTERED_VECTOR" << "none (no retry)" << false << false
        << "Its best candidate scored 0.13, under the usable threshold 0.40, and nothing passed "
           "the minimum evidence quality: NO_EVIDENCE.";
    QTest::newRow("legacy row")
        << "legacy_row.invocation.json" << "yes" << "EVIDENCE_FOUND" << "none (legacy row)"
        << "FILTERED_VECTOR" << "none (no retry)" << true << false
        << "FILTERED_VECTOR returned evidence (top similarity 0.48); relevance unknown (legacy row). "
           "The evidence was truncated (the row does not say which way).";
    QTest::newRow("malformed row")
        << "malformed.invocation.json" << "yes" << "unknown" << "REFERENCE" << "none"
        << "none (no retry)" << false << true
        << "The stored retrieval details are not valid JSON, so the attempts cannot be shown; "
           "read the raw text in the retrieval_details tab.";
    // clang-format on
}

void TestInvocationView::summaryFields()
{
    QFETCH(QString, fixture);
    QFETCH(QString, success);
    QFETCH(QString, evidence);
    QFETCH(QString, relevance);
    QFETCH(QString, selected);
    QFETCH(QString, fallback);
    QFETCH(bool, legacy);
    QFETCH(bool, malformed);
    QFETCH(QString, verdict);
    SummaryCard card;
    card.setInvocation(invocation(fixture));
    QCOMPARE(card.fieldText(SummaryCard::ToolField), QStringLiteral("lookup_knowledge"));
    QCOMPARE(card.fieldText(SummaryCard::SuccessField), success);
    QCOMPARE(card.fieldText(SummaryCard::EvidenceStatusField), evidence);
    QCOMPARE(card.fieldText(SummaryCard::RelevanceField), relevance);
    QCOMPARE(card.fieldText(SummaryCard::SelectedAttemptField), selected);
    QCOMPARE(card.fieldText(SummaryCard::RetryReasonField), fallback);
    QCOMPARE(card.isLegacyWarningShown(), legacy);
    QCOMPARE(card.isMalformedWarningShown(), malformed);
    QVERIFY(!card.isFieldShown(SummaryCard::ErrorField));
    QCOMPARE(card.verdictText(), verdict);
    if (legacy) // the legacy value is shown so the user knows what the row held
        QVERIFY(card.legacyWarningText().contains(QStringLiteral("EVIDENCE_FOUND")));
    if (malformed)
        QVERIFY(card.malformedWarningText().contains(QStringLiteral("unexpected end of input")));
    // Colours come from the shared badge tones, as in the session tree.
    QCOMPARE(card.fieldTone(SummaryCard::EvidenceStatusField), toneOf(evidence));
}

void TestInvocationView::legacyRelevanceReadFromRawValue()
{
    // A reader that did not flag the quirk: relevanceLevel still holds the evidence status.
    TraceInvocation inv = invocation("filtered_usable.invocation.json");
    inv.relevanceLevel = QStringLiteral("NO_EVIDENCE");
    SummaryCard card;
    card.setInvocation(inv);
    QVERIFY(card.isLegacyWarningShown());
    QVERIFY(card.legacyWarningText().contains(QStringLiteral("NO_EVIDENCE")));
    QCOMPARE(card.fieldText(SummaryCard::RelevanceField), QStringLiteral("none (legacy row)"));
}

void TestInvocationView::summaryFitsNarrowPanels()
{
    SummaryCard card;
    card.setInvocation(invocation("retry_low_quality.invocation.json"));
    card.resize(1400, 200);
    card.show();
    QVERIFY(QTest::qWaitForWindowExposed(&card));
    QCOMPARE(card.pairsPerRow(), 3);
    // A narrow detail panel gets fewer columns rather than a horizontal scroll bar.
    card.resize(520, 300);
    QTRY_VERIFY(card.pairsPerRow() < 3);
    QVERIFY(card.minimumSizeHint().width() <= 520);
}

void TestInvocationView::narrowDrillDownDoesNotScrollSideways_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::newRow("audit row") << "retry_low_quality.invocation.json";
    QTest::newRow("full trace") << "retry_low_quality.full.invocation.json";
}

void TestInvocationView::narrowDrillDownDoesNotScrollSideways()
{
    // Beside the session tree on a 1280×720 screen the drill-down is about 480 px wide: every
    // tab fits it (the timeline's label and gauge columns give way) instead of scrolling.
    QFETCH(QString, fixture);
    InvocationView view;
    view.setInvocation(invocation(fixture));
    view.resize(480, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (int tab = 0; tab < view.tabs()->count(); ++tab) {
        if (!view.tabs()->isTabVisible(tab))
            continue;
        view.tabs()->setCurrentIndex(tab);
        QTest::qWait(0);
        QVERIFY2(view.minimumSizeHint().width() <= 480,
                 qPrintable(QStringLiteral("%1: %2 px")
                                .arg(view.tabs()->tabText(tab))
                                .arg(view.minimumSizeHint().width())));
        for (QAbstractScrollArea* area : view.findChildren<QAbstractScrollArea*>())
            if (area->isVisible() && area->horizontalScrollBar()->maximum() > 0 &&
                qobject_cast<QScrollArea*>(area))
                QFAIL(qPrintable(QStringLiteral("%1 scrolls sideways by %2 px")
                                     .arg(view.tabs()->tabText(tab))
                                     .arg(area->horizontalScrollBar()->maximum())));
    }
    // The timeline keeps every column apart at that width.
    AttemptTimelineWidget* timeline = view.timeline();
    const QVector<QRectF> bars = timeline->barRects();
    const QVector<QRectF> gauges = timeline->gaugeRects();
    QCOMPARE(bars.size(), gauges.size());
    for (int i = 0; i < bars.size(); ++i) {
        QVERIFY(bars[i].right() < gauges[i].left());
        QVERIFY(gauges[i].right() <= timeline->width());
    }
}

void TestInvocationView::retryInvocation()
{
    InvocationView view;
    view.resize(1200, 1100);
    view.setInvocation(invocation("retry_low_quality.invocation.json"));
    QVERIFY(view.showsRetrieval());
    QVERIFY(!view.hasFullTrace());
    QCOMPARE(view.timeline()->barRects().size(), 2);
    QVERIFY(view.timeline()->retryArrow().has_value());
    QCOMPARE(view.timeline()->retryArrowLabel(), QStringLiteral("filtered_vector_low_quality"));
    QCOMPARE(view.attemptsView()->attemptsModel()->rowCount(), 2);
    QCOMPARE(view.attemptsView()->currentAttempt(), 1); // the selected attempt
    QCOMPARE(view.summaryCard()->fieldText(SummaryCard::SearchModeField), QStringLiteral("hybrid"));
    QCOMPARE(view.summaryCard()->fieldText(SummaryCard::TruncationField),
             QStringLiteral("truncated, returned: 5"));
    QCOMPARE(view.summaryCard()->fieldText(SummaryCard::CandidatesField),
             QStringLiteral("20 candidates / 5 blocks"));
    // retrieval_details tab: the tree and the text.
    QVERIFY(view.tabs()->isTabVisible(1));
    QVERIFY(!view.detailsTree()->hasError());
    QVERIFY(view.detailsTree()->model()->rowCount() > 10);
    QVERIFY(view.detailsTree()->rawView()->toPlainText().contains(QStringLiteral("rag_lookup_v1")));
    QCOMPARE(view.inputParamsTable()->valueOf(QStringLiteral("tool_call_id")),
             QStringLiteral("call-run-demo-002-a-1-1"));
    // Clicking a bar picks the attempt in the table.
    emit view.timeline()->attemptClicked(0);
    QCOMPARE(view.attemptsView()->currentAttempt(), 0);
    view.attemptsView()->selectAttempt(1);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    saveScreenshot(&view, QStringLiteral("invocation-retry.png"));
    saveScreenshot(view.timeline(), QStringLiteral("attempt-timeline-retry.png"));
    view.resize(800, 1100); // a detail panel beside the session tree
    QTest::qWait(50);
    saveScreenshot(&view, QStringLiteral("invocation-retry-narrow.png"));
    view.resize(1200, 1100);
    view.tabs()->setCurrentIndex(1);
    QCOMPARE(view.detailsTree()->search(QStringLiteral("top_similarity")), 2);
    saveScreenshot(&view, QStringLiteral("details-json-tree.png"));
}

void TestInvocationView::noEvidenceInvocation()
{
    InvocationView view;
    view.resize(1200, 1000);
    view.setInvocation(invocation("no_evidence.invocation.json"));
    QVERIFY(view.showsRetrieval());
    QCOMPARE(view.timeline()->barRects().size(), 1);
    QVERIFY(!view.timeline()->retryArrow());
    QCOMPARE(view.summaryCard()->fieldTone(SummaryCard::EvidenceStatusField), Tone::Critical);
    QCOMPARE(view.summaryCard()->fieldText(SummaryCard::CandidatesField).right(8),
             QStringLiteral("0 blocks"));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    saveScreenshot(&view, QStringLiteral("invocation-no-evidence.png"));
}

void TestInvocationView::harnessInvocation_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<bool>("success");
    QTest::newRow("failed query_logs") << "harness_failed.invocation.json" << false;
    QTest::newRow("fetch_metrics") << "harness_ok.invocation.json" << true;
}

void TestInvocationView::harnessInvocation()
{
    QFETCH(QString, fixture);
    QFETCH(bool, success);
    const TraceInvocation inv = invocation(fixture);
    InvocationView view;
    view.resize(1000, 700);
    view.setInvocation(inv);
    // A thin view: no empty timeline, attempts or JSON tabs for a tool that has none.
    QVERIFY(!view.showsRetrieval());
    QVERIFY(view.timeline()->isHidden() || view.timeline()->parentWidget()->isHidden());
    QVERIFY(!view.tabs()->isTabVisible(1));
    QVERIFY(!view.tabs()->isTabVisible(2));
    SummaryCard* card = view.summaryCard();
    QCOMPARE(card->fieldText(SummaryCard::ToolField), inv.toolName);
    QCOMPARE(card->fieldText(SummaryCard::SuccessField),
             success ? QStringLiteral("yes") : QStringLiteral("no"));
    QVERIFY(!card->isFieldShown(SummaryCard::EvidenceStatusField));
    QVERIFY(!card->isFieldShown(SummaryCard::SelectedAttemptField));
    QCOMPARE(card->isFieldShown(SummaryCard::ErrorField), !success);
    if (!success)
        QCOMPARE(card->fieldText(SummaryCard::ErrorField), inv.errorMessage);
    QVERIFY(view.inputParamsTable()->keyValueModel()->rowCount() >= 2);
    QCOMPARE(view.inputParamsTable()->valueOf(QStringLiteral("tool_call_id")), inv.toolCallId);
    QAbstractItemModelTester tester(view.inputParamsTable()->keyValueModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto labels = view.findChildren<QLabel*>();
    const bool previewShown = std::any_of(
        labels.begin(), labels.end(), [&](QLabel* l) { return l->text() == inv.outputPreview; });
    QVERIFY(previewShown);
    if (!success) {
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        saveScreenshot(&view, QStringLiteral("invocation-harness.png"));
    }
}

void TestInvocationView::malformedInvocation()
{
    const TraceInvocation inv = invocation("malformed.invocation.json");
    InvocationView view;
    view.setInvocation(inv);
    QVERIFY(view.summaryCard()->isMalformedWarningShown());
    QVERIFY(view.tabs()->isTabVisible(1));
    QVERIFY(view.detailsTree()->hasError());
    QCOMPARE(view.detailsTree()->rawView()->toPlainText(), inv.retrievalDetailsRaw);
    QCOMPARE(view.detailsTree()->model()->rowCount(), 0);
    QCOMPARE(view.timeline()->barRects().size(), 0);
    view.resize(1000, 500);
    view.tabs()->setCurrentIndex(1);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    saveScreenshot(&view, QStringLiteral("details-malformed.png"));
}

void TestInvocationView::fullTraceTab()
{
    InvocationView view;
    view.resize(1200, 1000);
    view.setInvocation(invocation("retry_low_quality.full.invocation.json"));
    QVERIFY(view.hasFullTrace());
    auto* full = view.findChild<LookupResultView*>();
    QVERIFY(full);
    QCOMPARE(full->timeline()->barRects().size(), 2);
    QVERIFY(full->attemptsView()->candidatesShown());
    QCOMPARE(full->attemptsView()->candidatesModel()->rowCount(), 20);
    QCOMPARE(full->evidenceView()->blockCount(), 5);
    QVERIFY(full->jsonView()->model()->rowCount() > 5);
    // Shown in a small drill-down (a 1280×720 screen), the summary, verdict and timeline get
    // the larger part of the height, not the few lines the evidence tabs' size hint leaves.
    view.resize(460, 420);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.tabs()->setCurrentWidget(full);
    QTRY_VERIFY(full->isVisible());
    const auto split = [full] { return full->splitter()->sizes(); };
    QTRY_VERIFY2(split().size() == 2 && split()[0] >= (split()[0] + split()[1]) / 2,
                 qPrintable(QStringLiteral("%1 / %2").arg(split().value(0)).arg(split().value(1))));
    // Moving to a row without a sample hides the tab again.
    view.setInvocation(invocation("retry_low_quality.invocation.json"));
    QVERIFY(!view.hasFullTrace());
    // A sample that is not valid JSON (cut by a size limit) keeps its tab, which says so and
    // shows the text it holds: it was dropped without a word.
    TraceInvocation cut = invocation("retry_low_quality.invocation.json");
    cut.fullTraceRaw = QStringLiteral("{\"retrievalTrace\": {\"selectedAtt");
    cut.fullTraceError = QStringLiteral("malformed JSON: unexpected end of input");
    view.setInvocation(cut);
    QVERIFY(view.hasFullTrace());
    // Not read as a LookupResult holding nothing ("0 candidates", "no evidence status").
    QVERIFY(!view.tabs()->isTabVisible(view.tabs()->indexOf(full)));
    auto* unreadable = qobject_cast<JsonTreeView*>(view.tabs()->widget(view.tabs()->count() - 1));
    QVERIFY(unreadable);
    QVERIFY(view.tabs()->isTabVisible(view.tabs()->count() - 1));
    QVERIFY(unreadable->hasError());
    QCOMPARE(unreadable->rawView()->toPlainText(), cut.fullTraceRaw);
    view.tabs()->setCurrentWidget(unreadable);
    saveScreenshot(&view, QStringLiteral("full-trace-cut.png"));
}

void TestInvocationView::lookupResultView()
{
    const LookupResult r = readFixture("retry_low_quality.lookup_result.json").get<LookupResult>();
    LookupResultView view;
    view.resize(1200, 1000);
    view.setLookupResult(r);
    QCOMPARE(view.summaryCard()->fieldText(SummaryCard::SelectedAttemptField),
             QStringLiteral("UNFILTERED_VECTOR_RETRY"));
    QCOMPARE(view.summaryCard()->fieldText(SummaryCard::RelevanceField), r.relevanceLevel);
    QCOMPARE(view.timeline()->timeline().usableThreshold, r.settings.minUsableQuality);
    QVERIFY(view.timeline()->retryArrow().has_value());
    QCOMPARE(view.evidenceView()->blockCount(), int(r.evidenceBlocks.size()));
    QVERIFY(view.evidenceView()->toPlainText().contains(r.evidenceBlocks.front().evidenceKey));
    QVERIFY(
        view.contextPackView()->summaryText().contains(QString::number(r.contextPack.budgetChars)));
    QCOMPARE(view.contextPackView()->summaryText().contains(QStringLiteral("truncated:")),
             r.contextPack.truncated);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    saveScreenshot(&view, QStringLiteral("lookup-result-view.png"));

    // A stored document with wrong field types still opens.
    LookupResultView broken;
    broken.setLookupResultJson(json{{"evidenceStatus", 5}, {"retrievalTrace", "x"}},
                               QStringLiteral("note"));
    QCOMPARE(broken.timeline()->barRects().size(), 0);
}

void TestInvocationView::agentView()
{
    RagToolResult r;
    r.evidenceStatus = QStringLiteral("EVIDENCE_FOUND");
    r.relevanceLevel = QStringLiteral("REFERENCE");
    r.completenessHint = QStringLiteral("Partial match: verify before acting.");
    r.evidence.push_back({QStringLiteral("mysql/pool#chunk-0"), QStringLiteral("mysql/pool"),
                          QStringLiteral("Raise maximumPoolSize <b>carefully</b>."), 0.62});
    r.truncated = true;
    r.returnedCount = 1;
    AgentView view;
    view.setResult(r);
    const json shown = json::parse(view.jsonText().toStdString());
    QCOMPARE(shown, json(r)); // exactly the wire format
    const QString readable = view.readableView()->toPlainText();
    QVERIFY(readable.contains(QStringLiteral("mysql/pool#chunk-0")));
    QVERIFY(readable.contains(QStringLiteral("<b>carefully</b>")));   // escaped, not rendered
    QVERIFY(readable.contains(QStringLiteral("agent excerpts cut"))); // the agent's own cut
    QVERIFY(readable.contains(QStringLiteral("verify before acting")));
}

void TestInvocationView::clearAfterUse()
{
    InvocationView view;
    view.setInvocation(invocation("retry_low_quality.full.invocation.json"));
    view.clear();
    QVERIFY(!view.showsRetrieval());
    QVERIFY(!view.hasFullTrace());
    QCOMPARE(view.timeline()->barRects().size(), 0);
    QCOMPARE(view.detailsTree()->model()->rowCount(), 0);
}

void TestInvocationView::badgesFollowTheTheme()
{
    // Switching View → Theme replaces the application palette; a badge must re-colour.
    const QPalette original = QApplication::palette();
    QWidget parent;
    auto* badge = new BadgeLabel(&parent);
    badge->setBadge(QStringLiteral("FALLBACK"), Tone::Critical);
    badge->resize(badge->sizeHint());
    parent.show();
    auto backgroundPixel = [badge] {
        const QImage image = badge->grab().toImage();
        return QColor(image.pixel(image.width() / 2, 1)).name();
    };
    QPalette light;
    light.setColor(QPalette::Window, QColor(0xf0, 0xf0, 0xf0));
    QApplication::setPalette(light);
    QTRY_COMPARE(backgroundPixel(), badgeBackground(Tone::Critical, light).name());
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    QApplication::setPalette(dark);
    QVERIFY(badgeBackground(Tone::Critical, dark) != badgeBackground(Tone::Critical, light));
    QTRY_COMPARE(backgroundPixel(), badgeBackground(Tone::Critical, dark).name());
    QApplication::setPalette(original);
}

void TestInvocationView::evidenceCardsFollowTheTheme()
{
    // Cards already shown take the new theme's colours, not only the next lookup's.
    const QPalette original = QApplication::palette();
    QPalette light;
    light.setColor(QPalette::Window, QColor(0xf0, 0xf0, 0xf0));
    QApplication::setPalette(light);
    EvidenceBlocksView view;
    EvidenceBlock block;
    block.rank = 1;
    block.evidenceKey = QStringLiteral("mysql/pool#chunk-0");
    block.quality = 0.9;
    view.setBlocks({block}, nullptr, 0.7, 0.45);
    view.show();
    const QString lightHeader = badgeBackground(Tone::Good, light).name();
    QVERIFY(view.toHtml().contains(lightHeader, Qt::CaseInsensitive));
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Base, QColor(0x18, 0x18, 0x18));
    QApplication::setPalette(dark);
    const QString darkHeader = badgeBackground(Tone::Good, dark).name();
    QVERIFY(darkHeader != lightHeader);
    QTRY_VERIFY(view.toHtml().contains(darkHeader, Qt::CaseInsensitive));
    QVERIFY(!view.toHtml().contains(lightHeader, Qt::CaseInsensitive));
    QCOMPARE(view.blockCount(), 1);
    QApplication::setPalette(original);
}

QTEST_MAIN(TestInvocationView)
#include "tst_invocation_view.moc"
