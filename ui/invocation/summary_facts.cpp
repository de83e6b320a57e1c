#include "invocation/summary_facts.h"

#include "lookup/rag_result_projector.h"
#include "model/diagnosis_trace.h"
#include "model/lookup_result.h"
#include "model/vocabulary.h"

namespace raglens::ui {

SummaryFacts SummaryFacts::fromInvocation(const TraceInvocation& inv)
{
    SummaryFacts f;
    f.toolName = inv.toolName;
    f.facts = interpret::interpretInvocation(inv);
    f.isRetrieval = f.facts.isLookup || inv.retrievalDetails.is_object() ||
                    !inv.retrievalDetailsError.isEmpty();
    return f;
}

SummaryFacts SummaryFacts::fromLookupResult(const LookupResult& r)
{
    SummaryFacts f;
    f.toolName = vocab::kLookupKnowledge;
    f.facts = interpret::interpretLookupResult(r, RagResultProjector::project(r));
    f.isRetrieval = true;
    return f;
}

} // namespace raglens::ui
