#include "audit/trace_sampling.h"

#include "db/audit_database.h"
#include "model/vocabulary.h"

#include <QCryptographicHash>

namespace raglens {

double TraceSamplingPolicy::configuredLocalRate()
{
    bool ok = false;
    const double rate = qEnvironmentVariable("RAGLENS_TRACE_SAMPLE_RATE").toDouble(&ok);
    return ok && rate >= 0 && rate <= 1 ? rate : kDefaultLocalRate;
}

TraceSamplingPolicy TraceSamplingPolicy::defaultFor(const AuditDatabase& db)
{
    // Foreign databases hold production data: never sampled unless a caller asks for it.
    if (!db.isRagLensOwned() || db.location().isServer() || db.isReadOnly())
        return off();
    const double rate = configuredLocalRate();
    return rate > 0 ? on(rate) : off();
}

QString TraceSamplingPolicy::reasonFor(const LookupResult& result, bool success,
                                       const QString& toolCallId) const
{
    if (!enabled)
        return {};
    if (!success || result.evidenceStatus == vocab::kError)
        return QStringLiteral("error");
    if (result.evidenceStatus == vocab::kNoEvidence || result.evidenceBlocks.empty())
        return QStringLiteral("no_evidence");
    if (!result.retrievalTrace.fallbackReason.isEmpty() ||
        result.retrievalTrace.selectedAttempt == vocab::kUnfilteredVectorRetry)
        return QStringLiteral("retry");
    if (rate <= 0)
        return {};
    if (rate >= 1)
        return QStringLiteral("sampled");
    // Deterministic: a stable hash of the call id mapped onto [0, 1).
    const QByteArray h =
        QCryptographicHash::hash(toolCallId.toUtf8(), QCryptographicHash::Sha1).left(4);
    const quint32 bucket = (quint32(quint8(h[0])) << 24) | (quint32(quint8(h[1])) << 16) |
                           (quint32(quint8(h[2])) << 8) | quint32(quint8(h[3]));
    const double u = double(bucket) / 4294967296.0;
    return u < rate ? QStringLiteral("sampled") : QString();
}

} // namespace raglens
