#pragma once
// The evidence blocks of an in-request trace as readable cards (rank, key, category,
// heading, quality, score, content), followed by the candidates post-processing dropped and
// why (below minimum quality, duplicates, over top-k).

#include "model/lookup_result.h"

#include <QTextBrowser>

#include <optional>
#include <vector>

namespace raglens::ui {

class EvidenceBlocksView : public QTextBrowser
{
    Q_OBJECT
public:
    explicit EvidenceBlocksView(QWidget* parent = nullptr);
    /// Shows nothing: no lookup is shown (an empty result says so in setBlocks()).
    void clearBlocks();
    /// Block headers are coloured by quality against the relevance thresholds.
    void setBlocks(const std::vector<EvidenceBlock>& blocks, const RerankTrace* rerank = nullptr,
                   double preciseQuality = 0.70, double referenceQuality = 0.45);
    int blockCount() const { return m_blockCount; }

protected:
    /// A theme change colours the cards already shown anew.
    void changeEvent(QEvent* event) override;

private:
    /// What setBlocks() was given, kept to draw it again in other colours.
    struct Shown
    {
        std::vector<EvidenceBlock> blocks;
        std::optional<RerankTrace> rerank;
        double preciseQuality = 0;
        double referenceQuality = 0;
    };
    void render();

    int m_blockCount = 0;
    std::optional<Shown> m_shown;
};

} // namespace raglens::ui
