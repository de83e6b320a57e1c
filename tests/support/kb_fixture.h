#pragma once
// A small, hand-written knowledge base source for tests: a "db" category that answers
// connection-pool questions, a decoy "legacy-pools" category whose aliases attract them,
// an empty "archive" category, and a "cache" category. writeKbSource() writes it into a
// folder; buildKb() ingests it.

#include "kb/knowledge_base.h"

#include <QString>

namespace raglens::test {

/// Writes the fixture source tree into dir (created when missing).
void writeKbSource(const QString& dir);

/// Writes one file (creating folders), UTF-8.
void writeTextFile(const QString& path, const QByteArray& content);

/// Ingests the fixture into kbDir; QFAIL-style abort is left to the caller via the result.
Expected<IngestSummary> buildKb(const QString& sourceDir, const QString& kbDir,
                                const QString& indexKind = QStringLiteral("auto"));

} // namespace raglens::test
