#include "eval/problem_query.h"

#include "kb/kb_data.h"

#include "interpret/invocation_facts.h"

#include "model/vocabulary.h"

#include <QCoreApplication>

namespace raglens {

using nlohmann::json;

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(ProblemQuery)
};
} // namespace

ProblemQuery ProblemQuery::fromLookupResult(const LookupResult& r)
{
    ProblemQuery p;
    p.query = r.query;
    for (const EvidenceBlock& b : r.evidenceBlocks) {
        p.candidateEvidenceKeys << b.evidenceKey;
        if (!p.candidateSources.contains(b.source))
            p.candidateSources << b.source;
    }
    p.category = r.retrievalTrace.queryHints.categoryFilter;
    p.selectedAttempt = r.retrievalTrace.selectedAttempt;
    p.relevanceLevel = r.relevanceLevel;
    p.evidenceStatus = r.evidenceStatus;
    return p;
}

Expected<ProblemQuery> ProblemQuery::fromInvocation(const TraceInvocation& inv)
{
    if (!interpret::isLookupCall(inv))
        return Error{Tr::tr("invocation %1 is a %2 call, not lookup_knowledge; only lookups can "
                            "become eval cases")
                         .arg(inv.shownId(),
                              inv.toolName.isEmpty() ? Tr::tr("(unnamed tool)") : inv.toolName)};
    ProblemQuery p;
    // A sampled full trace holds the whole query and every block; prefer it to the
    // bounded audit row.
    if (inv.fullTrace.is_object()) {
        try {
            p = fromLookupResult(inv.fullTrace.get<LookupResult>());
        } catch (const json::exception&) {
            p = ProblemQuery{};
        }
    }
    p.queryFromFullTrace = !p.query.trimmed().isEmpty();
    if (!p.queryFromFullTrace) {
        p.query = json_util::value<QString>(inv.inputParams, "query").trimmed();
        p.queryMayBeCut = p.query.size() >= kPreviewChars;
    }
    if (p.query.isEmpty())
        return Error{Tr::tr("invocation %1 has no query preview in its input parameters")
                         .arg(inv.shownId())};

    const RetrievalDetailsV1& d = inv.details;
    if (p.candidateEvidenceKeys.isEmpty() && d.present) {
        p.candidateEvidenceKeys = d.evidenceKeys;
        p.candidateSources = d.sources;
        if (p.candidateSources.isEmpty())
            for (const QString& key : p.candidateEvidenceKeys) {
                const QString source = KbData::sourceOfEvidenceKey(key);
                if (!p.candidateSources.contains(source))
                    p.candidateSources << source;
            }
    }
    if (d.present && p.category.isEmpty())
        p.category = d.categoryFilter;
    // What the lookup found is the call's, as the trace, the filters and health read it (a
    // failed call is ERROR, a writer's lower-case word the contract's), never the sample's
    // own words: before, a call that failed showed the EVIDENCE_FOUND of its sample beside
    // the trace's "the tool call failed". The sample gives the whole query and the blocks.
    const interpret::InvocationFacts facts = interpret::interpretInvocation(inv);
    p.evidenceStatus = interpret::evidenceStatusName(facts.evidenceStatus);
    if (!facts.selectedAttempt.isEmpty() || d.present)
        p.selectedAttempt = facts.selectedAttempt;
    p.relevanceLevel = facts.relevanceLevel;
    p.sessionId = inv.sessionId;
    p.runId = inv.runId;
    p.invocationId = inv.id;
    p.invocationIdText = inv.idText;
    return p;
}

EvalCase ProblemQuery::toEvalCase(const QStringList& correctKeys, bool expectNoEvidence,
                                  const QStringList& extraTags) const
{
    EvalCase c;
    c.query = query;
    if (expectNoEvidence)
        c.expectNoEvidence = true;
    else
        c.expectedEvidenceKeys = correctKeys;
    c.tags << QStringLiteral("problem-query");
    for (const QString& t : extraTags)
        if (!t.trimmed().isEmpty() && !c.tags.contains(t.trimmed()))
            c.tags << t.trimmed();
    return c;
}

} // namespace raglens
