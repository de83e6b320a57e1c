#pragma once
// The evidence blocks of an in-request trace as readable cards (rank, key, category,
// heading, quality, score, content), followed by the candidates post-processing dropped and
// why (below minimum quality, duplicates, over top-k).

#include <QTextBrowser>

#include <vector>

namespace raglens {
struct EvidenceBlock;
struct RerankTrace;
} // namespace raglens

namespace raglens::ui {

class EvidenceBlocksView : public QTextBrowser
{
    Q_OBJECT
public:
    explicit EvidenceBlocksView(QWidget* parent = nullptr);
    /// Block headers are coloured by quality against the relevance thresholds.
    /// Shows nothing: no lookup is shown (an empty result says so in setBlocks()).
    void clearBlocks();
    void setBlocks(const std::vector<EvidenceBlock>& blocks, const RerankTrace* rerank = nullptr,
                   double preciseQuality = 0.70, double referenceQuality = 0.45);
    int blockCount() const { return m_blockCount; }

private:
    int m_blockCount = 0;
};

} // namespace raglens::ui
