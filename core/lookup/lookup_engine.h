#pragma once
// LookupEngine: the lookup_knowledge tool. L0 hints → attempt ladder (filtered vector,
// unfiltered retry) → post-processing → relevance; returns the whole LookupResult.

#include "kb/knowledge_base.h"
#include "model/lookup_result.h"

#include <memory>
#include <optional>

namespace raglens {

struct LookupRequest
{
    QString query;
    QString searchMode; ///< empty = settings
    int topK = 0;       ///< 0 = settings
    QString category;   ///< explicit filter, skips the L0 choice
    bool autoCategory = true;
    std::optional<LookupSettings> settingsOverride;
    QString toolCallId;
};

class LookupEngine
{
public:
    explicit LookupEngine(std::shared_ptr<const KnowledgeBase> kb);

    /// Thread-safe; never throws; errors → evidenceStatus ERROR + errorMessage.
    LookupResult lookup(const LookupRequest& request) const;

    const std::shared_ptr<const KnowledgeBase>& knowledgeBase() const { return m_kb; }

private:
    std::shared_ptr<const KnowledgeBase> m_kb;
};

} // namespace raglens
