#include "common/atomic_file.h"

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

} // namespace

Status write(const QString& path, const std::function<bool(const Sink&)>& fill)
{
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
