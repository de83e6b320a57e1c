#include "trace/session_filter_params.h"

#include "common/time_text.h"
#include "interpret/invocation_facts.h"
#include "model/vocabulary.h"

#include <QRegularExpression>

namespace raglens {

const std::vector<SessionFilterParam>& sessionFilterParams()
{
    using interpret::EvidenceStatus;
    using interpret::FailureKind;
    static const std::vector<SessionFilterParam> params = {
        {QStringLiteral("outcome"), {vocab::kSuccess, vocab::kFallback, vocab::kOutcomeError}},
        {QStringLiteral("session-outcome"), interpret::sessionOutcomePrecedence()},
        {QStringLiteral("evidence"),
         {vocab::kEvidenceFound, vocab::kNoEvidence, vocab::kError,
          interpret::evidenceStatusName(EvidenceStatus::Unknown)}},
        {QStringLiteral("failure"),
         {interpret::failureKindName(FailureKind::ToolError),
          interpret::failureKindName(FailureKind::LookupError),
          interpret::failureKindName(FailureKind::NoEvidence),
          interpret::failureKindName(FailureKind::None)}},
        {QStringLiteral("relevance"), {vocab::kPrecise, vocab::kReference, QStringLiteral("NONE")}},
        {QStringLiteral("attempt"),
         {vocab::kFilteredVector, vocab::kUnfilteredVectorRetry, vocab::kUnfilteredVector},
         false,
         true},
        {QStringLiteral("retry-reason"),
         {vocab::kFilteredNoEvidence, vocab::kFilteredLowQuality},
         false,
         true},
        {QStringLiteral("tool"), {}},
        {QStringLiteral("since"), {}, true},
        {QStringLiteral("until"), {}, true},
        {QStringLiteral("text"), {}},
    };
    return params;
}

QStringList sessionFilterAllowed(const QString& name)
{
    for (const SessionFilterParam& p : sessionFilterParams())
        if (p.name == name)
            return p.allowed;
    return {};
}

static QString* textField(SessionFilter& f, const QString& name)
{
    static const QHash<QString, QString SessionFilter::*> fields = {
        {QStringLiteral("outcome"), &SessionFilter::outcome},
        {QStringLiteral("session-outcome"), &SessionFilter::sessionOutcome},
        {QStringLiteral("evidence"), &SessionFilter::evidenceStatus},
        {QStringLiteral("failure"), &SessionFilter::failureKind},
        {QStringLiteral("relevance"), &SessionFilter::relevanceLevel},
        {QStringLiteral("attempt"), &SessionFilter::selectedAttempt},
        {QStringLiteral("retry-reason"), &SessionFilter::retryReason},
        {QStringLiteral("tool"), &SessionFilter::toolName},
        {QStringLiteral("text"), &SessionFilter::text}};
    const auto it = fields.find(name);
    return it == fields.end() ? nullptr : &(f.*(it.value()));
}

bool setSessionFilter(SessionFilter& filter, const QString& name, const QString& value,
                      QString& why)
{
    const auto& params = sessionFilterParams();
    const auto param = std::find_if(params.begin(), params.end(),
                                    [&](const SessionFilterParam& p) { return p.name == name; });
    if (param == params.end()) {
        why = QStringLiteral("unknown filter '%1'").arg(name);
        return false;
    }
    static const QRegularExpression code(QStringLiteral("^[A-Za-z0-9_.:-]{1,64}$"));
    if (param->openVocabulary && !param->allowed.contains(value)) {
        if (!code.match(value).hasMatch()) {
            why = QStringLiteral("%1 must be one of %2 or another code of letters, digits and "
                                 "_.:- (at most 64), not '%3'")
                      .arg(name, param->allowed.join(QStringLiteral(", ")), value);
            return false;
        }
    } else if (!param->allowed.isEmpty() && !param->allowed.contains(value)) {
        why = QStringLiteral("%1 must be one of %2, not '%3'")
                  .arg(name, param->allowed.join(QStringLiteral(", ")), value);
        return false;
    }
    if (param->isTime) {
        QDateTime& field = name == QLatin1String("since") ? filter.since : filter.until;
        if (!parseTimeText(value, field)) {
            why = QStringLiteral("%1: '%2' is not a time (use 2026-03-02T08:00:00Z, 2026-03-02, "
                                 "or an age such as 24h or 7d)")
                      .arg(name, value);
            return false;
        }
        return true;
    }
    *textField(filter, name) = value;
    return true;
}

} // namespace raglens
