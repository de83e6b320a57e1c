#pragma once
// The fixed words of the audit contract (DESIGN §2–§3). Production databases already
// hold these strings, so they are spelled once, here.

#include <QString>
#include <QStringList>

namespace raglens::vocab {

// Attempt names
inline const QString kFilteredVector = QStringLiteral("FILTERED_VECTOR");
inline const QString kUnfilteredVectorRetry = QStringLiteral("UNFILTERED_VECTOR_RETRY");
inline const QString kUnfilteredVector = QStringLiteral("UNFILTERED_VECTOR");

// Fallback reasons
inline const QString kFilteredNoEvidence = QStringLiteral("filtered_vector_no_evidence");
inline const QString kFilteredLowQuality = QStringLiteral("filtered_vector_low_quality");

// Search modes
inline const QString kModeDense = QStringLiteral("dense");
inline const QString kModeHybrid = QStringLiteral("hybrid");

// Relevance levels (null = neither)
inline const QString kPrecise = QStringLiteral("PRECISE");
inline const QString kReference = QStringLiteral("REFERENCE");

// Evidence status
inline const QString kEvidenceFound = QStringLiteral("EVIDENCE_FOUND");
inline const QString kNoEvidence = QStringLiteral("NO_EVIDENCE");
inline const QString kError = QStringLiteral("ERROR");

// Run status / release outcome / content type / fallback reason
inline const QString kRunning = QStringLiteral("RUNNING");
inline const QString kCompleted = QStringLiteral("COMPLETED");
inline const QString kFailed = QStringLiteral("FAILED");
inline const QString kSuccess = QStringLiteral("SUCCESS");
inline const QString kFallback = QStringLiteral("FALLBACK");
inline const QString kOutcomeError = QStringLiteral("ERROR");
inline const QString kDiagnosisReport = QStringLiteral("DIAGNOSIS_REPORT");
inline const QString kSafeFallback = QStringLiteral("SAFE_FALLBACK");
inline const QString kInsufficientEvidence = QStringLiteral("INSUFFICIENT_EVIDENCE");

// Tools, layers, events
inline const QString kLookupKnowledge = QStringLiteral("lookup_knowledge");
inline const QString kLayerL1 = QStringLiteral("L1");
inline const QString kLayerHarness = QStringLiteral("HARNESS");
inline const QString kAuditSchemaV1 = QStringLiteral("rag_lookup_v1");
inline const QString kEventRunStarted = QStringLiteral("RUN_STARTED");
inline const QString kEventStep = QStringLiteral("STEP");
inline const QString kEventToolInvocation = QStringLiteral("TOOL_INVOCATION");
inline const QString kEventRunFinished = QStringLiteral("RUN_FINISHED");

// The words each field may hold, as the contract spells them.
inline const QStringList& evidenceStatuses()
{
    static const QStringList w = {kEvidenceFound, kNoEvidence, kError};
    return w;
}
inline const QStringList& relevanceLevels()
{
    static const QStringList w = {kPrecise, kReference};
    return w;
}
inline const QStringList& attemptNames()
{
    static const QStringList w = {kFilteredVector, kUnfilteredVectorRetry, kUnfilteredVector};
    return w;
}
inline const QStringList& retryReasons()
{
    static const QStringList w = {kFilteredNoEvidence, kFilteredLowQuality};
    return w;
}
inline const QStringList& searchModes()
{
    static const QStringList w = {kModeDense, kModeHybrid};
    return w;
}
inline const QStringList& releaseOutcomes()
{
    static const QStringList w = {kSuccess, kFallback, kOutcomeError};
    return w;
}
inline const QStringList& contentTypes()
{
    static const QStringList w = {kDiagnosisReport, kSafeFallback};
    return w;
}
inline const QStringList& runStatuses()
{
    static const QStringList w = {kRunning, kCompleted, kFailed};
    return w;
}

/// A stored word as the contract spells it when it is one of `words` but for ASCII case and
/// surrounding spaces ("fallback", "NO_EVIDENCE  " from a padded CHAR column); any other
/// value unchanged. SQL reads the same way (FactSql::canonicalWord): UPPER/LOWER and TRIM,
/// which change ASCII letters and spaces only.
inline QString canonicalWord(const QString& stored, const QStringList& words)
{
    if (stored.isEmpty() || words.contains(stored))
        return stored;
    qsizetype from = 0, to = stored.size();
    while (from < to && stored.at(from) == QLatin1Char(' '))
        ++from;
    while (to > from && stored.at(to - 1) == QLatin1Char(' '))
        --to;
    const QStringView core = QStringView(stored).mid(from, to - from);
    for (const QChar c : core)
        if (c.unicode() >= 0x80)
            return stored; // outside ASCII, no case rule of SQL and Qt agrees
    for (const QString& w : words)
        if (core.compare(w, Qt::CaseInsensitive) == 0)
            return w;
    return stored;
}

inline bool isRelevanceLevel(const QString& s)
{
    return s == kPrecise || s == kReference;
}
inline bool isEvidenceStatus(const QString& s)
{
    return s == kEvidenceFound || s == kNoEvidence || s == kError;
}

} // namespace raglens::vocab
