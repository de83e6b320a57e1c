#pragma once
// RagResultProjector: what the agent sees of a lookup (evidence excerpts and flags),
// never the retrieval trace.

#include "model/lookup_result.h"
#include "model/rag_tool_result.h"

namespace raglens {

class RagResultProjector
{
public:
    static RagToolResult project(const LookupResult& result);
};

} // namespace raglens
