#pragma once
// The drill-down of one tool_invocation row, laid out in the reading order of DESIGN §4:
// summary card, attempt timeline, attempts table, evidence keys and sources, the
// retrieval_details JSON tree beside its raw text, input_params, and — when a full
// LookupResult sample exists — a "Full trace" tab. Tools other than lookup_knowledge get a
// thin view (tool, success, error, input params, output preview).

#include <QWidget>

class QTabWidget;
class QStackedWidget;
class QListWidget;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace raglens {
struct TraceInvocation;
}
namespace raglens::interpret {
struct RunFallbackCause;
}

namespace raglens::ui {

class SummaryCard;
class AttemptTimelineWidget;
class AttemptsView;
class JsonTreeView;
class KeyValueTable;
class LookupResultView;

class InvocationView : public QWidget
{
    Q_OBJECT
public:
    explicit InvocationView(QWidget* parent = nullptr);
    ~InvocationView() override;

    /// `runCause`: why the invocation's run fell back, shown above the card when it did.
    void setInvocation(const raglens::TraceInvocation& inv,
                       const raglens::interpret::RunFallbackCause* runCause = nullptr);
    /// A run without any lookup: says so, and why the run fell back. `calls`: its tool calls.
    void showRunWithoutCall(const raglens::interpret::RunFallbackCause& cause, int calls);
    void clear();
    /// The "Fallback cause: …" banner's text; empty when hidden.
    QString runCauseText() const;
    /// Whether a local knowledge base is open, so an empty lookup can be replayed against it
    /// to tell a backend that returned nothing from a coverage gap.
    void setReplayAvailable(bool available);
    bool offersReplay() const;

signals:
    void replayRequested();

public:
    /// True when the last invocation had retrieval details to drill into (a RAG lookup);
    /// false for the thin view of other tools and after clear().
    bool showsRetrieval() const;
    /// The narrowest width at which a lookup's Invocation tab shows without scrolling
    /// sideways (the attempt timeline at its minimum, its box, the page and a scroll bar),
    /// whatever row is shown now.
    int minimumReadingWidth() const;
    bool hasFullTrace() const;

    SummaryCard* summaryCard() const { return m_summary; }
    AttemptTimelineWidget* timeline() const { return m_timeline; }
    AttemptsView* attemptsView() const { return m_attempts; }
    JsonTreeView* detailsTree() const { return m_detailsTree; }
    KeyValueTable* inputParamsTable() const { return m_inputParams; }
    QTabWidget* tabs() const { return m_tabs; }

private:
    QWidget* buildOverviewTab();
    void setRunCause(const raglens::interpret::RunFallbackCause* cause);
    void showThin(const raglens::TraceInvocation& inv);

    QTabWidget* m_tabs = nullptr;
    QWidget* m_overview = nullptr;
    QLabel* m_runCause = nullptr;
    QWidget* m_replayRow = nullptr; ///< why a replay helps, and its button
    QPushButton* m_replayOffer = nullptr;
    bool m_replayAvailable = false;
    bool m_emptyLookup = false;
    SummaryCard* m_summary = nullptr;
    QWidget* m_retrievalBox = nullptr;
    AttemptTimelineWidget* m_timeline = nullptr;
    AttemptsView* m_attempts = nullptr;
    QListWidget* m_evidenceKeys = nullptr;
    QListWidget* m_sources = nullptr;
    QWidget* m_evidenceBox = nullptr;
    QWidget* m_outputBox = nullptr;
    QLabel* m_outputPreview = nullptr;
    KeyValueTable* m_inputParams = nullptr;
    JsonTreeView* m_detailsTree = nullptr;
    LookupResultView* m_fullTrace = nullptr;
    /// A sample that is not valid JSON: its text and why, in place of the LookupResult view
    /// (which would read the text as a result holding nothing).
    JsonTreeView* m_unreadableFullTrace = nullptr;
    int m_detailsTabIndex = -1;
    int m_fullTraceTabIndex = -1;
    int m_unreadableFullTraceTabIndex = -1;
    bool m_showsRetrieval = false;
};

} // namespace raglens::ui
