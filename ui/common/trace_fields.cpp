#include "common/trace_fields.h"

#include "model/vocabulary.h"

namespace raglens::ui {

QString detailString(const TraceInvocation& invocation, const char* key)
{
    const auto& d = invocation.retrievalDetails;
    if (!d.is_object())
        return {};
    const auto it = d.find(key);
    if (it == d.end() || !it->is_string())
        return {};
    return QString::fromStdString(it->get<std::string>());
}

QString evidenceStatusOf(const TraceInvocation& invocation)
{
    const QString status = detailString(invocation, "evidence_status");
    if (!status.isEmpty())
        return status;
    // Old writers stored the evidence status in relevance_level.
    if (invocation.legacyRelevanceLevel && vocab::isEvidenceStatus(invocation.legacyRelevanceValue))
        return invocation.legacyRelevanceValue;
    if (!invocation.success)
        return vocab::kError;
    return status;
}

QDateTime invocationStart(const TraceInvocation& invocation)
{
    if (!invocation.createdAt.isValid())
        return {};
    return invocation.createdAt.addMSecs(-invocation.durationMs.value_or(0));
}

} // namespace raglens::ui
