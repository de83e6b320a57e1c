#pragma once
// A whole in-request LookupResult: summary card, attempt timeline, attempts with their
// candidates, then tabs for the evidence blocks (content and scores), the context pack (budget
// and truncation), the L0 query hints and the full JSON tree. Used for full-trace samples in
// the inspector and by the lookup console.

#include <QWidget>

#include <nlohmann/json.hpp>

class QLabel;
class QSplitter;
class QTabWidget;

namespace raglens {
struct LookupResult;
}

namespace raglens::ui {

class SummaryCard;
class AttemptTimelineWidget;
class AttemptsView;
class EvidenceBlocksView;
class ContextPackView;
class JsonTreeView;
class KeyValueTable;

class LookupResultView : public QWidget
{
    Q_OBJECT
public:
    explicit LookupResultView(QWidget* parent = nullptr);

    void setLookupResult(const LookupResult& result);
    /// Reads a stored LookupResult (lookup_trace_sample, an export, an eval fixture); the JSON
    /// tree shows the document as stored, bad fields read as defaults.
    void setLookupResultJson(const nlohmann::json& json, const QString& note = {});
    void clear();

    SummaryCard* summaryCard() const { return m_summary; }
    AttemptTimelineWidget* timeline() const { return m_timeline; }
    AttemptsView* attemptsView() const { return m_attempts; }
    EvidenceBlocksView* evidenceView() const { return m_evidence; }
    ContextPackView* contextPackView() const { return m_contextPack; }
    JsonTreeView* jsonView() const { return m_json; }
    QTabWidget* tabs() const { return m_tabs; }

    /// The summary part's share of the height (summary, timeline, attempts above the tabs).
    QSplitter* splitter() const { return m_splitter; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void divideOnce();
    void showResult(const LookupResult& result);

    QSplitter* m_splitter = nullptr;
    bool m_splitChosen = false; ///< first sized, or moved by the user: left alone since

    QLabel* m_note = nullptr;
    QLabel* m_query = nullptr;
    SummaryCard* m_summary = nullptr;
    AttemptTimelineWidget* m_timeline = nullptr;
    AttemptsView* m_attempts = nullptr;
    QTabWidget* m_tabs = nullptr;
    EvidenceBlocksView* m_evidence = nullptr;
    ContextPackView* m_contextPack = nullptr;
    KeyValueTable* m_hints = nullptr;
    JsonTreeView* m_json = nullptr;
};

} // namespace raglens::ui
