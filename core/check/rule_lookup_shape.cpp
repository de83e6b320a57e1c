// rag_lookup_v1 shape: every lookup carries the contract's details with each required key and
// valid words, relevance_level holds PRECISE / REFERENCE / null, the counts agree with each
// other and with l1_match_count, the selected attempt is one that ran, and a retry says why.

#include "check/check_rules.h"

#include "model/vocabulary.h"

#include <QCoreApplication>

#include <functional>

namespace raglens::check {

namespace {

class LookupShape
{
    Q_DECLARE_TR_FUNCTIONS(LookupShape)
public:
    static void run(const RunBatch& batch, const SchemaView& schema, RuleResult& result);

private:
    using Fail = std::function<void(const QString&)>;
    /// Every required key is there (a failed lookup may leave out its attempts).
    static void checkKeys(const nlohmann::json& j, const RetrievalDetailsV1& d, const Fail& fail);
    /// Every word is one of the contract's, and the selected attempt is one that ran.
    static void checkWords(const RetrievalDetailsV1& d, const Fail& fail);
    /// The counts agree with each other and with l1_match_count.
    static void checkCounts(const TraceInvocation& call, const RetrievalDetailsV1& d,
                            const Fail& fail);
};

void LookupShape::checkKeys(const nlohmann::json& j, const RetrievalDetailsV1& d, const Fail& fail)
{
    static const char* const kRequired[] = {"audit_schema",
                                            "search_mode",
                                            "selected_attempt",
                                            "fallback_reason",
                                            "attempts",
                                            "evidence_status",
                                            "evidence_keys",
                                            "evidence_candidate_count",
                                            "evidence_block_count",
                                            "returned_count",
                                            "invocation_status"};
    const bool failedLookup = d.invocationStatus == vocab::kError;
    QStringList missing;
    for (const char* key : kRequired) {
        const bool optionalOnError =
            qstrcmp(key, "selected_attempt") == 0 || qstrcmp(key, "attempts") == 0;
        if (!j.contains(key) && !(failedLookup && optionalOnError))
            missing << QString::fromLatin1(key);
    }
    if (!missing.isEmpty())
        fail(tr("missing key(s): %1").arg(missing.join(QStringLiteral(", "))));
}

void LookupShape::checkWords(const RetrievalDetailsV1& d, const Fail& fail)
{
    const auto checkWord = [&](const char* key, const QString& value, const QStringList& allowed) {
        if (!value.isEmpty() && !allowed.contains(value))
            fail(tr("%1 '%2' is not one of %3")
                     .arg(QString::fromLatin1(key), value, allowed.join(QStringLiteral(" / "))));
    };
    checkWord("search_mode", d.searchMode, vocab::searchModes());
    checkWord("evidence_status", d.evidenceStatus, vocab::evidenceStatuses());
    checkWord("invocation_status", d.invocationStatus, {QStringLiteral("READY"), vocab::kError});
    checkWord("fallback_reason", d.retryReason, vocab::retryReasons());
    checkWord("relevance_level", d.relevanceLevel, vocab::relevanceLevels());
    checkWord("selected_attempt", d.selectedAttempt, vocab::attemptNames());
    QStringList ran;
    for (const DetailsAttempt& a : d.attempts) {
        checkWord("attempts[].name", a.name, vocab::attemptNames());
        ran << a.name;
    }
    if (!d.selectedAttempt.isEmpty() && !ran.contains(d.selectedAttempt))
        fail(tr("selected_attempt %1 is not one of the attempts (%2)")
                 .arg(d.selectedAttempt, ran.join(QStringLiteral(", "))));
    if (d.selectedAttempt == vocab::kUnfilteredVectorRetry && d.retryReason.isEmpty())
        fail(tr("a retry (UNFILTERED_VECTOR_RETRY) without a fallback_reason"));
}

void LookupShape::checkCounts(const TraceInvocation& call, const RetrievalDetailsV1& d,
                              const Fail& fail)
{
    if (d.returnedCount && d.evidenceBlockCount && *d.returnedCount > *d.evidenceBlockCount)
        fail(tr("returned_count %1 is more than evidence_block_count %2")
                 .arg(*d.returnedCount)
                 .arg(*d.evidenceBlockCount));
    if (d.evidenceBlockCount && d.evidenceCandidateCount &&
        *d.evidenceBlockCount > *d.evidenceCandidateCount)
        fail(tr("evidence_block_count %1 is more than evidence_candidate_count %2")
                 .arg(*d.evidenceBlockCount)
                 .arg(*d.evidenceCandidateCount));
    if (call.l1MatchCount && d.evidenceBlockCount && *call.l1MatchCount != *d.evidenceBlockCount)
        fail(tr("l1_match_count %1 differs from evidence_block_count %2")
                 .arg(*call.l1MatchCount)
                 .arg(*d.evidenceBlockCount));
}

void LookupShape::run(const RunBatch& batch, const SchemaView& schema, RuleResult& result)
{
    if (!schema.hasRetrievalDetails) {
        result.notApplicable(tr("tool_invocation has no retrieval_details column."));
        return;
    }
    for (const TraceInvocation& call : batch.calls) {
        if (!isLookup(call))
            continue;
        ++result.checked;
        const Fail failWith = [&](const QString& reason) {
            result.fail(callFinding(call, call.runId, reason));
        };
        // relevance_level is read apart from the details: legacy rows move it aside.
        if (call.legacyRelevanceLevel)
            failWith(tr("relevance_level holds '%1', not PRECISE / REFERENCE / null")
                         .arg(call.legacyRelevanceValue));
        if (!call.retrievalDetailsError.isEmpty()) {
            failWith(tr("retrieval_details is not valid JSON: %1").arg(call.retrievalDetailsError));
            continue;
        }
        const nlohmann::json& j = call.retrievalDetails;
        if (!j.is_object()) {
            failWith(tr("retrieval_details is missing"));
            continue;
        }
        const RetrievalDetailsV1& d = call.details;
        if (d.auditSchema != vocab::kAuditSchemaV1)
            failWith(tr("audit_schema is '%1', not %2").arg(d.auditSchema, vocab::kAuditSchemaV1));
        checkKeys(j, d, failWith);
        for (const QString& problem : d.problems)
            failWith(problem);
        checkWords(d, failWith);
        checkCounts(call, d, failWith);
    }
    if (result.checked == 0)
        result.notApplicable(tr("no lookup_knowledge calls in scope"));
}

} // namespace

void checkLookupShape(const RunBatch& batch, const SchemaView& schema, RuleResult& result)
{
    LookupShape::run(batch, schema, result);
}

} // namespace raglens::check
