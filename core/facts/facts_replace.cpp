#include "facts/facts_replace.h"

#include "common/logging.h"
#include "facts/facts_store.h"
#include "facts/facts_text.h"

#include <QFile>
#include <QFileInfo>

#include <cstdio>

#include <sys/stat.h>

namespace raglens::facts_index {

Status putInPlace(const QString& built, const QString& path)
{
    std::unique_ptr<facts_store::Connection> old;
    if (QFileInfo::exists(path)) {
        // Taking the lock waits for a refresh in progress (the connection's busy timeout)
        // and rolls back a hot journal, as any first read of the file does.
        auto opened = facts_store::Connection::open(path);
        if (opened && (*opened)->exec(QStringLiteral("BEGIN IMMEDIATE")))
            old = std::move(*opened);
        else
            qCInfo(lcTrace) << "facts index: the old index cannot be locked; replaced as it is";
    }
    // An old file SQLite cannot lock (damaged, or held for longer than the busy timeout):
    // its journal, if any, belongs to it and must not be played back into the new one.
    if (!old)
        QFile::remove(path + QStringLiteral("-journal"));
    const bool renamed =
        std::rename(QFile::encodeName(built).constData(), QFile::encodeName(path).constData()) == 0;
    if (old)
        old->exec(QStringLiteral("ROLLBACK"));
    if (!renamed)
        return Error{FactsIndexText::tr("Cannot put the facts index in place at %1.").arg(path)};
    return ok();
}

QString fileIdentity(const QString& path)
{
    struct stat st
    {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return {};
    return QStringLiteral("%1:%2").arg(qulonglong(st.st_dev)).arg(qulonglong(st.st_ino));
}

} // namespace raglens::facts_index
