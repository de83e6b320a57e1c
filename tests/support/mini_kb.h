#pragma once
// A tiny knowledge base written by test code: three categories of short Markdown runbooks
// in a source folder, ingested into a KB folder, plus helpers to change a document and
// re-ingest (the drift a replay must catch).

#include "kb/knowledge_base.h"

#include <QString>

namespace raglens::test {

namespace minikb {
inline const QString kPoolDoc = QStringLiteral("mysql/hikari-pool"); ///< source of the pool runbook
inline const QString kPoolQuery =
    QStringLiteral("HikariPool connection is not available, request timed out");
} // namespace minikb

/// Writes the runbooks under `sourceDir` (created). Returns an error text, or empty.
QString writeMiniKbSources(const QString& sourceDir);

/// Writes (or overwrites) one Markdown document `source` (e.g. "mysql/x") under sourceDir.
bool writeDocument(const QString& sourceDir, const QString& source, const QString& markdown);

/// writeMiniKbSources + ingestFolder; returns the opened KB or an error.
Expected<std::shared_ptr<KnowledgeBase>> buildMiniKb(const QString& sourceDir,
                                                     const QString& kbDir);

} // namespace raglens::test
