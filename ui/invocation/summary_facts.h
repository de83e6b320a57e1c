#pragma once
// What the summary card shows about one lookup: core's interpretation (interpret::
// InvocationFacts) plus the tool name, taken from either a persisted tool_invocation row or
// an in-request LookupResult, so one SummaryCard shows both the same way. No rule lives
// here: every fact comes from core.

#include "interpret/invocation_facts.h"

#include <QString>

namespace raglens::ui {

struct SummaryFacts
{
    QString toolName;
    interpret::InvocationFacts facts;
    bool isRetrieval = false; ///< a lookup with retrieval details to show

    static SummaryFacts fromInvocation(const TraceInvocation& inv);
    static SummaryFacts fromLookupResult(const LookupResult& result);
};

} // namespace raglens::ui
