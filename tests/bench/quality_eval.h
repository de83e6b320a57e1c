#pragma once
// Public-corpus retrieval quality: RagLens (hybrid and dense) against SQLite FTS5 bm25()
// over the same documents, in the same run. See quality_eval.cpp.

#include <QString>

namespace raglens::bench {

int runQualityEvaluation(const QString& docRoot, const QString& referenceDir,
                         const QString& keepDir);

} // namespace raglens::bench
