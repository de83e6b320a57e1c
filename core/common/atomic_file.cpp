#include "common/atomic_file.h"

#include <QFile>
#include <QSaveFile>

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace raglens::atomic_file {

namespace {

/// Qt leaves the text empty or "Unknown error" after a short write; errno still knows.
QString reason(const QSaveFile& file, int savedErrno)
{
    const QString qt = file.errorString();
    if (!qt.isEmpty() && qt != QLatin1String("Unknown error"))
        return qt;
    return savedErrno ? QString::fromLocal8Bit(std::strerror(savedErrno))
                      : AtomicFile::tr("the data could not be written");
}

/// What an existing file is when it belongs to an SQLite database (the database, its
/// write-ahead log or its rollback journal), by its first bytes; empty otherwise.
QString databaseFileKind(const QString& path)
{
    QFile file(path); // a symbolic link is followed: what would be replaced is its target
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = file.read(16);
    if (head == QByteArray("SQLite format 3\0", 16))
        return AtomicFile::tr("an SQLite database");
    if (head.startsWith(QByteArray::fromHex("377f0682")) ||
        head.startsWith(QByteArray::fromHex("377f0683")))
        return AtomicFile::tr("an SQLite write-ahead log");
    if (head.startsWith(QByteArray::fromHex("d9d505f920a163d7")))
        return AtomicFile::tr("an SQLite rollback journal");
    return {};
}

} // namespace

Status write(const QString& path, const std::function<bool(const Sink&)>& fill)
{
    // An export, report or eval set written over an audit database (a mistyped --out, the
    // database's own name) would destroy it: no file RagLens writes this way is one.
    if (const QString kind = databaseFileKind(path); !kind.isEmpty())
        return Error{AtomicFile::tr("%1 is %2: RagLens does not write over it; choose another "
                                    "file.")
                         .arg(path, kind)};
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{AtomicFile::tr("Cannot write %1: %2").arg(path, file.errorString())};
    int savedErrno = 0;
    const Sink sink = [&file, &savedErrno](std::string_view piece) {
        errno = 0;
        const bool whole = file.write(piece.data(), qint64(piece.size())) == qint64(piece.size());
        if (!whole && !savedErrno)
            savedErrno = errno;
        return whole;
    };
    bool written = fill(sink);
    if (written) {
        errno = 0;
        written = file.flush() && file.error() == QFileDevice::NoError;
        if (!written && !savedErrno)
            savedErrno = errno;
    }
    if (written && ::fsync(file.handle()) != 0) {
        savedErrno = errno;
        written = false;
    }
    if (!written) {
        const QString why = reason(file, savedErrno);
        file.cancelWriting();
        return Error{AtomicFile::tr("Cannot write %1: %2").arg(path, why)};
    }
    if (!file.commit())
        return Error{AtomicFile::tr("Cannot write %1: %2").arg(path, reason(file, errno))};
    return ok();
}

Status write(const QString& path, std::string_view bytes)
{
    return write(path, [bytes](const Sink& sink) { return sink(bytes); });
}

} // namespace raglens::atomic_file
