#pragma once
// Turns a ToolInvocationAuditEvent into the bounded tool_invocation row (DESIGN §3).
// For lookup_knowledge it builds the rag_lookup_v1 retrieval_details: the decisions of
// the lookup (attempts, fallback, counts, evidence keys) but never the query text,
// chunk text or the full rerank trace, with every list and string capped so one row
// stays small however large the lookup was. Other tools get a thin HARNESS row.

#include "audit/tool_invocation_audit_event.h"
#include "audit/tool_invocation_record.h"
#include "model/lookup_result.h"
#include "model/rag_tool_result.h"
#include "model/retrieval_details.h"

namespace raglens {

class RagLookupAuditEnricher
{
public:
    static constexpr int kMaxKeys = 20; ///< evidence_keys, sources, matched_keywords
    static constexpr int kMaxDomains = 10;
    static constexpr int kMaxAttempts = 5;
    static constexpr int kMaxErrorChars = 500;

    /// The row for any tool. lookup_knowledge events with a readable raw LookupResult get
    /// the full rag_lookup_v1 treatment; everything else a thin row.
    static ToolInvocationRecord enrich(const ToolInvocationAuditEvent& event);

    /// The bounded rag_lookup_v1 details of one lookup and what its agent was shown.
    static RetrievalDetailsV1 details(const LookupResult& result, const RagToolResult& agent,
                                      const QString& toolCallId, bool success);
    /// The same as JSON, with the agent view projected from the result.
    static nlohmann::json retrievalDetails(const LookupResult& result, const QString& toolCallId,
                                           bool success);
    static QString lookupPreview(const LookupResult& result, bool success,
                                 const QString& errorMessage);

    /// Parses the raw result of a lookup_knowledge event; nullopt when it is not one.
    static std::optional<LookupResult> lookupResultOf(const ToolInvocationAuditEvent& event);
};

} // namespace raglens
