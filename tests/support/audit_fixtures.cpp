#include "support/audit_fixtures.h"

#include "model/vocabulary.h"

#include <stdexcept>

namespace raglens::test {

LookupResult retryLookup(const QString& query, int blocks, double bestQuality)
{
    LookupResult r;
    r.query = query;
    r.toolCallId = QStringLiteral("call-fixture");
    r.settings = LookupSettings{};
    RetrievalTrace& t = r.retrievalTrace;
    t.searchMode = vocab::kModeHybrid;
    t.queryHints.domains = {QStringLiteral("pool-tuning-legacy"), QStringLiteral("mysql")};
    t.queryHints.matchedKeywords = {QStringLiteral("pool"), QStringLiteral("hikaricp")};
    t.queryHints.entities = {QStringLiteral("db-primary.internal:3306")};
    t.queryHints.l0MatchCount = 3;
    t.queryHints.rewrittenQuery = query + QStringLiteral(" rewritten");
    t.queryHints.categoryFilter = QStringLiteral("pool-tuning-legacy");

    RetrievalAttempt filtered;
    filtered.name = vocab::kFilteredVector;
    filtered.query = query;
    filtered.categoryFilter = QStringLiteral("pool-tuning-legacy");
    filtered.candidateCount = 2;
    filtered.usable = false;
    filtered.topSimilarity = 0.31;
    filtered.durationMs = 12.4;
    filtered.candidates.push_back({QStringLiteral("legacy/old-pool.md#chunk-0"),
                                   QStringLiteral("legacy/old-pool.md"),
                                   QStringLiteral("pool-tuning-legacy"), 0.4, 0.31, 0.4, 1.2, 1});
    RetrievalAttempt retry;
    retry.name = vocab::kUnfilteredVectorRetry;
    retry.query = query;
    retry.candidateCount = blocks + 3;
    retry.usable = true;
    retry.topSimilarity = bestQuality;
    retry.durationMs = 20.0;
    t.attempts = {filtered, retry};
    t.selectedAttempt = vocab::kUnfilteredVectorRetry;
    t.fallbackReason = vocab::kFilteredLowQuality;

    for (int i = 0; i < blocks; ++i) {
        EvidenceBlock b;
        b.source = QStringLiteral("mysql/runbook-%1.md").arg(i / 2);
        b.evidenceKey = QStringLiteral("%1#chunk-%2").arg(b.source).arg(i % 2);
        b.category = QStringLiteral("mysql");
        b.heading = QStringLiteral("Symptoms");
        b.content = QStringLiteral("CHUNK-TEXT-%1 HikariPool-1 Connection is not available").arg(i);
        b.quality = bestQuality - 0.01 * i;
        b.score = b.quality;
        b.rank = i + 1;
        r.evidenceBlocks.push_back(b);
    }
    r.evidenceCandidateCount = blocks + 3;
    r.contextPack.text = QStringLiteral("CONTEXT-PACK-TEXT");
    r.contextPack.budgetChars = 6000;
    r.contextPack.usedChars = 5990;
    r.contextPack.includedBlocks = blocks;
    r.contextPack.truncated = blocks > 4;
    r.rerankTrace.inputCount = blocks + 3;
    r.rerankTrace.outputCount = blocks;
    r.rerankTrace.dropped.push_back({QStringLiteral("mysql/runbook-0.md#chunk-2"),
                                     QStringLiteral("adjacent_chunk"),
                                     QStringLiteral("mysql/runbook-0.md#chunk-1"), 0.5});
    r.rerankTrace.dedupReason = QStringLiteral("adjacent_chunk");
    r.relevanceLevel = bestQuality >= 0.7    ? vocab::kPrecise
                       : bestQuality >= 0.45 ? vocab::kReference
                                             : QString();
    r.completenessHint = QStringLiteral("Evidence covers the symptom.");
    r.evidenceStatus = blocks > 0 ? vocab::kEvidenceFound : vocab::kNoEvidence;
    r.durationMs = 33;
    return r;
}

LookupResult noEvidenceLookup(const QString& query)
{
    LookupResult r;
    r.query = query;
    r.retrievalTrace.searchMode = vocab::kModeHybrid;
    RetrievalAttempt a;
    a.name = vocab::kUnfilteredVector;
    a.query = query;
    a.candidateCount = 1;
    a.topSimilarity = 0.12;
    r.retrievalTrace.attempts = {a};
    r.retrievalTrace.selectedAttempt = vocab::kUnfilteredVector;
    r.evidenceStatus = vocab::kNoEvidence;
    r.evidenceCandidateCount = 1;
    return r;
}

ToolOutput FakeLookupTool::run(const ToolCall& call)
{
    ++calls;
    if (throwInstead)
        throw std::runtime_error("index file vanished");
    if (fail)
        return ToolOutput{false, nlohmann::json(), QStringLiteral("lookup engine unavailable")};
    LookupResult r = m_result;
    r.toolCallId = call.toolCallId;
    if (failWithResult) {
        r.evidenceStatus = vocab::kError;
        r.errorMessage = QStringLiteral("index read failed");
        r.evidenceBlocks.clear();
        return ToolOutput{false, nlohmann::json(r), r.errorMessage};
    }
    return ToolOutput{true, nlohmann::json(r), {}};
}

nlohmann::json FakeLookupTool::project(const ToolOutput& output) const
{
    if (!output.success)
        return Tool::project(output);
    const LookupResult r = output.raw.get<LookupResult>();
    nlohmann::json agent = {{"evidence_status", r.evidenceStatus.toStdString()},
                            {"truncated", r.contextPack.truncated},
                            {"returned_count", int(r.evidenceBlocks.size())}};
    return agent;
}

ToolOutput FakeHarnessTool::run(const ToolCall&)
{
    if (!error.isEmpty())
        return ToolOutput{false, nlohmann::json(), error};
    return ToolOutput{true, m_result, {}};
}

} // namespace raglens::test
