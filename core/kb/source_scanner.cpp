#include "kb/source_scanner.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>

namespace raglens {

const QString SourceScanner::kRootCategory = QStringLiteral("general");

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(KnowledgeBase)
};

bool isDocumentSuffix(const QString& suffix)
{
    static const QStringList known{QStringLiteral("md"), QStringLiteral("markdown"),
                                   QStringLiteral("txt"), QStringLiteral("text"),
                                   QStringLiteral("rst")};
    return known.contains(suffix.toLower());
}

void readCategoryFile(const QString& path, SourceCategory& cat, std::vector<SkippedFile>& skipped)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        skipped.push_back({path, Tr::tr("cannot read: %1").arg(f.errorString())});
        return;
    }
    const QByteArray bytes = f.read(1024 * 1024);
    const nlohmann::json j =
        nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        skipped.push_back({path, Tr::tr("not valid JSON; category kept without aliases")});
        return;
    }
    cat.aliases = json_util::value<QStringList>(j, "aliases");
    cat.description = json_util::value<QString>(j, "description");
}

/// Entries of `dir` whose names are not UTF-8: Qt cannot name them, so no iterator lists
/// them and they would be left out without a word.
void reportUnnamable(const QString& dir, std::vector<SkippedFile>& skipped)
{
    DIR* d = ::opendir(QFile::encodeName(dir).constData());
    if (!d)
        return;
    while (const dirent* e = ::readdir(d)) {
        const QByteArray name(e->d_name);
        QStringDecoder utf8(QStringDecoder::Utf8, QStringConverter::Flag::Stateless);
        const QString decoded = utf8(name);
        if (utf8.hasError())
            skipped.push_back({dir + QLatin1Char('/') + decoded,
                               Tr::tr("the name is not valid UTF-8, so RagLens cannot open it; "
                                      "rename it")});
    }
    ::closedir(d);
}

/// `dir` relative to the source root when it lies inside it (by its path as given or by
/// its real path), else empty.
QString relativeInside(const QDir& root, const QString& dir)
{
    if (dir.isEmpty())
        return {};
    const QFileInfo target(dir);
    const std::pair<QString, QString> pairs[] = {
        {root.absolutePath(), target.absoluteFilePath()},
        {QFileInfo(root.absolutePath()).canonicalFilePath(), target.canonicalFilePath()}};
    for (const auto& [base, path] : pairs) {
        if (base.isEmpty() || path.isEmpty())
            continue;
        const QString rel = QDir(base).relativeFilePath(path);
        if (!rel.startsWith(QLatin1String("..")) && rel != QLatin1String("."))
            return rel;
    }
    return {};
}

/// Lists the files under `dir` into `found` (hidden ones left out; broken links, pipes and
/// devices too, so they can be named), following linked folders as linked files are: two
/// links to one folder are two categories' documents. A link to a folder the walk is
/// inside of (`inside`, canonical paths) would never end: it is named, not followed. A
/// folder that cannot be listed is named and remembered.
template <typename IsOwn>
void walkFolder(const QDir& root, const QString& dir, QStringList& inside, const IsOwn& isOwn,
                QFileInfoList& found, SourceScan& scan)
{
    const QDir here(dir);
    found += here.entryInfoList(QDir::Files | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo& sub : here.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        // Qt lists a link to a device (ln -s /dev/zero x.md) among the folders too: it is a
        // file, reported once below as one ("not a regular file"), not as a folder it
        // cannot read.
        if (!sub.isDir())
            continue;
        const QString path = sub.filePath();
        const QString rel = root.relativeFilePath(path);
        if (isOwn(rel))
            continue;
        const QString canonical = sub.canonicalFilePath();
        if (inside.contains(canonical)) {
            scan.skipped.push_back(
                {path,
                 Tr::tr("a link to %1, a folder it is inside of: not followed").arg(canonical)});
            continue;
        }
        reportUnnamable(path, scan.skipped);
        if (::access(QFile::encodeName(path).constData(), R_OK | X_OK) != 0) {
            scan.unreadableFolders << rel;
            scan.skipped.push_back({path, Tr::tr("cannot read the folder: %1")
                                              .arg(QString::fromLocal8Bit(std::strerror(errno)))});
            continue;
        }
        inside << canonical;
        walkFolder(root, path, inside, isOwn, found, scan);
        inside.removeLast();
    }
}

} // namespace

Expected<SourceScan> SourceScanner::scan(const QString& sourceDir, const QString& knowledgeBaseDir)
{
    const QFileInfo rootInfo(sourceDir);
    if (!rootInfo.exists())
        return Error{Tr::tr("the source folder %1 does not exist").arg(sourceDir)};
    if (!rootInfo.isDir())
        return Error{Tr::tr("%1 is not a folder").arg(sourceDir)};
    const QDir root(rootInfo.absoluteFilePath());
    SourceScan scan;
    std::map<QString, SourceCategory> categories;
    // A knowledge base kept inside its own source folder: its files are not documents, and
    // its folder is no category.
    const QString own = relativeInside(root, knowledgeBaseDir);
    const auto isOwn = [&own](const QString& rel) {
        return !own.isEmpty() && (rel == own || rel.startsWith(own + QLatin1Char('/')));
    };

    for (const QString& name : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (isOwn(name))
            continue;
        SourceCategory cat;
        cat.name = name;
        const QString catFile = root.filePath(name + QStringLiteral("/_category.json"));
        if (QFileInfo::exists(catFile))
            readCategoryFile(catFile, cat, scan.skipped);
        categories[name] = cat;
    }

    reportUnnamable(root.absolutePath(), scan.skipped);
    QFileInfoList found;
    QStringList inside = {QFileInfo(root.absolutePath()).canonicalFilePath()};
    walkFolder(root, root.absolutePath(), inside, isOwn, found, scan);

    for (const QFileInfo& fi : found) {
        const QString path = fi.filePath();
        const QString rel = root.relativeFilePath(path);
        if (fi.fileName() == QLatin1String("_category.json"))
            continue;
        if (fi.isSymLink() && !fi.exists()) {
            scan.skipped.push_back(
                {path, Tr::tr("a link to %1, which does not exist").arg(fi.symLinkTarget())});
            continue;
        }
        if (!fi.isFile()) {
            scan.skipped.push_back({path, Tr::tr("not a regular file (a pipe, socket or device)")});
            continue;
        }
        if (!isDocumentSuffix(fi.suffix())) {
            scan.skipped.push_back({path, Tr::tr("unsupported file type (expected .md or .txt)")});
            continue;
        }
        SourceFile file;
        file.absolutePath = fi.absoluteFilePath();
        const QString relNoExt = rel.left(rel.size() - fi.suffix().size() - 1);
        file.source = relNoExt;
        file.category =
            rel.contains(QLatin1Char('/')) ? rel.section(QLatin1Char('/'), 0, 0) : kRootCategory;
        file.markdown = fi.suffix().toLower().startsWith(QLatin1String("m"));
        if (!categories.count(file.category))
            categories[file.category] = SourceCategory{file.category, {}, {}};
        scan.files.push_back(file);
    }
    std::sort(scan.files.begin(), scan.files.end(),
              [](const SourceFile& a, const SourceFile& b) { return a.source < b.source; });
    // Two files that differ only by extension would share a source (and evidence keys).
    for (size_t i = 1; i < scan.files.size();) {
        if (scan.files[i].source == scan.files[i - 1].source) {
            scan.skipped.push_back(
                {scan.files[i].absolutePath,
                 Tr::tr("another file already has the source name %1").arg(scan.files[i].source)});
            scan.files.erase(scan.files.begin() + qsizetype(i));
        } else {
            ++i;
        }
    }
    for (auto& [name, cat] : categories)
        scan.categories.push_back(cat);
    return scan;
}

Expected<QString> SourceScanner::readText(const QString& path, QByteArray* rawBytes)
{
    // Devices, FIFOs and sockets (also behind a symlink) report size 0 and would be read
    // forever, or block the open itself: only regular files are documents.
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) != 0 || !S_ISREG(st.st_mode))
        return Error{Tr::tr("not a regular file (a device, FIFO or socket)")};
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{Tr::tr("cannot read: %1").arg(f.errorString())};
    // Read one byte past the limit rather than trusting the reported size.
    const QByteArray bytes = f.read(kMaxFileBytes + 1);
    if (bytes.size() > kMaxFileBytes)
        return Error{
            Tr::tr("file too large (the limit is %1 MB)").arg(kMaxFileBytes / (1024 * 1024))};
    // UTF-16 text (what some Windows editors save) holds NUL bytes, but its byte-order mark
    // says what it is.
    if (bytes.startsWith(QByteArray("\xFF\xFE\x00\x00", 4)) ||
        bytes.startsWith(QByteArray("\x00\x00\xFE\xFF", 4)))
        return Error{Tr::tr("UTF-32 text, which is not read: save it as UTF-8")};
    const bool utf16le = bytes.startsWith("\xFF\xFE");
    const bool utf16be = bytes.startsWith("\xFE\xFF");
    if (!utf16le && !utf16be && bytes.contains('\0'))
        return Error{Tr::tr("binary file")};
    QStringDecoder decoder(utf16le   ? QStringDecoder::Utf16LE
                           : utf16be ? QStringDecoder::Utf16BE
                                     : QStringDecoder::Utf8,
                           QStringDecoder::Flag::Stateless);
    QString text = decoder(bytes);
    // The decoder lets a lone surrogate of UTF-16 through; a byte-order mark before binary
    // bytes decodes to NULs.
    if (decoder.hasError() || !text.isValidUtf16())
        return Error{utf16le || utf16be ? Tr::tr("not valid UTF-16 text")
                                        : Tr::tr("not valid UTF-8 text")};
    if (text.contains(QChar(0)))
        return Error{Tr::tr("binary file")};
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    if (text.trimmed().isEmpty())
        return Error{Tr::tr("empty file")};
    if (rawBytes)
        *rawBytes = bytes;
    return text;
}

} // namespace raglens
