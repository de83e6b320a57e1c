#pragma once
// ProblemQuery: a query someone found wanting (an audited invocation or a console result),
// with the evidence it got, ready to become an eval case once a person marks the correct
// evidence keys or says "no evidence is the right answer".

#include "common/error.h"
#include "eval/eval_case.h"
#include "model/diagnosis_trace.h"
#include "model/lookup_result.h"

namespace raglens {

struct ProblemQuery
{
    /// input_params previews are cut at this many characters (DESIGN §3).
    static constexpr int kPreviewChars = 160;

    QString query;
    bool queryMayBeCut = false;        ///< audit previews are cut to 160 characters
    bool queryFromFullTrace = false;   ///< the whole query, from a sampled full trace
    QStringList candidateEvidenceKeys; ///< what the lookup returned, rank order
    QStringList candidateSources;
    QString category; ///< the category filter the lookup used, for information
    QString selectedAttempt;
    QString relevanceLevel;
    QString evidenceStatus;
    // Where it came from, for the case's tags and the dialog's title.
    QString sessionId;
    QString runId;
    qint64 invocationId = 0;
    QString invocationIdText; ///< the stored text of a text id (row_id)

    /// Reads the query preview from input_params and the evidence keys from
    /// retrieval_details (or the attached full trace). Fails for other tools or rows
    /// without a query preview.
    static Expected<ProblemQuery> fromInvocation(const TraceInvocation& inv);
    static ProblemQuery fromLookupResult(const LookupResult& r);

    /// The eval case a person's choice makes of it: the marked keys as expected evidence,
    /// or expect_no_evidence when none are marked and expectNoEvidence is set.
    EvalCase toEvalCase(const QStringList& correctKeys, bool expectNoEvidence,
                        const QStringList& extraTags = {}) const;
};

} // namespace raglens
