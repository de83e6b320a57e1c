#include "facts/facts_replace.h"

#include "common/logging.h"
#include "facts/facts_store.h"
#include "facts/facts_text.h"

#include <QFile>
#include <QFileInfo>

#include <cstdio>

namespace raglens::facts_index {

namespace {

/// Tries at taking the old index's write lock, each waiting the connection's busy timeout.
constexpr int kLockAttempts = 6;

} // namespace

Status putInPlace(const QString& built, const QString& path)
{
    std::unique_ptr<facts_store::Connection> old;
    if (QFileInfo::exists(path)) {
        // Taking the lock waits for a refresh in progress (the connection's busy timeout)
        // and rolls back a hot journal, as any first read of the file does.
        // A refresh holds the lock for as long as it publishes (after a day of new calls,
        // possibly longer than one busy timeout): a minute in all before giving up. A file
        // SQLite cannot read fails at once, each time.
        auto opened = facts_store::Connection::open(path);
        for (int attempt = 0; opened && !old && attempt < kLockAttempts; ++attempt)
            if ((*opened)->exec(QStringLiteral("BEGIN IMMEDIATE")))
                old = std::move(*opened);
        if (!old)
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

} // namespace raglens::facts_index
