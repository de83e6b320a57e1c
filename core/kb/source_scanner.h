#pragma once
// SourceScanner: finds the documents and categories of an ingest source folder and reads
// files defensively. First-level folders are categories (files at the root go to
// "general"); `_category.json` adds aliases and a description. Binary, oversized,
// empty and non-UTF-8 files are skipped with a reason instead of failing the ingest.

#include "kb/knowledge_base.h"

#include <QByteArray>

namespace raglens {

struct SourceCategory
{
    QString name;
    QStringList aliases;
    QString description;
};

struct SourceFile
{
    QString absolutePath;
    QString source; ///< relative path without extension, '/' separated
    QString category;
    bool markdown = true;
};

struct SourceScan
{
    std::vector<SourceCategory> categories; ///< sorted by name
    std::vector<SourceFile> files;          ///< sorted by source
    std::vector<SkippedFile> skipped;
    /// Folders that exist but cannot be listed, relative to the source, '/' separated. What
    /// they held is unknown, not gone: an update keeps their previous documents.
    QStringList unreadableFolders;
};

class SourceScanner
{
public:
    static constexpr qint64 kMaxFileBytes = 8 * 1024 * 1024;
    static const QString kRootCategory;

    /// The documents under `sourceDir`; a knowledge base folder inside it
    /// (`knowledgeBaseDir`, the ingest's target) is passed over.
    static Expected<SourceScan> scan(const QString& sourceDir,
                                     const QString& knowledgeBaseDir = {});

    /// Reads one file; on failure returns the reason as the error (file is skipped).
    static Expected<QString> readText(const QString& path, QByteArray* rawBytes = nullptr);
};

} // namespace raglens
