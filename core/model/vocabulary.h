#pragma once
// The fixed words of the audit contract (DESIGN §2–§3). Production databases already
// hold these strings, so they are spelled once, here.

#include <QString>

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

inline bool isRelevanceLevel(const QString& s)
{
    return s == kPrecise || s == kReference;
}
inline bool isEvidenceStatus(const QString& s)
{
    return s == kEvidenceFound || s == kNoEvidence || s == kError;
}

} // namespace raglens::vocab
