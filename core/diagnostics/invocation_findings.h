#pragma once
// Rule-based findings for one recorded tool invocation (DESIGN §5): what went wrong with a
// lookup, how bad it is, and what to try. Works on the bounded audit row alone; the full
// trace sample and the issuing step refine the checks when they exist.

#include "model/diagnosis_trace.h"

#include <optional>
#include <vector>

namespace raglens {

struct DiagnosticThresholds
{
    double lowQuality = 0.6;          ///< average evidence quality under this is a warning
    qint64 slowRetrievalMs = 2000;    ///< retrieval latency over this is a warning
    qint64 maxContextTokens = 8000;   ///< context handed to the model over this is a warning
    double emptyRateWarning = 0.1;    ///< health: empty-retrieval rate above this is WARNING
    double emptyRateCritical = 0.2;   ///< ... and above this CRITICAL
    double fallbackRateWarning = 0.3; ///< health: retry-fallback rate above this is WARNING
    double errorRateWarning = 0.05;   ///< health: tool error rate above this is WARNING
};

namespace severity {
inline const QString kGood = QStringLiteral("GOOD");
inline const QString kWarning = QStringLiteral("WARNING");
inline const QString kCritical = QStringLiteral("CRITICAL");
/// Health only: a rate over nothing (no lookups, no calls in the window) is no sign of health.
inline const QString kNoData = QStringLiteral("NO_DATA");
int rank(const QString& severity); ///< NO_DATA -1, GOOD 0, WARNING 1, CRITICAL 2
} // namespace severity

struct Finding
{
    QString code; ///< stable id: empty_retrieval, low_quality, fallback_retry, ...
    QString severity;
    QString message;
    QString suggestion;
    nlohmann::json evidence; ///< the values the rule looked at
};

struct InvocationDiagnosis
{
    qint64 invocationId = 0;
    QString invocationIdText; ///< the stored text of a text id (row_id)
    QString runId;
    QString sessionId;
    QString toolName;
    QString severity; ///< the worst finding's
    QString verdict;  ///< the interpretation's one-line verdict (interpret::verdictSentence)
    std::vector<Finding> findings;
};

void to_json(nlohmann::json& j, const Finding& v);
void to_json(nlohmann::json& j, const InvocationDiagnosis& v);

/// `stepTokens`: token count of the agent step that issued the call, when known.
InvocationDiagnosis diagnoseInvocation(const TraceInvocation& inv,
                                       std::optional<qint64> stepTokens = std::nullopt,
                                       const DiagnosticThresholds& thresholds = {});

/// Mean evidence quality of a lookup: from the full-trace sample when one exists, else the
/// selected attempt's top similarity.
std::optional<double> lookupQuality(const TraceInvocation& inv);

} // namespace raglens
