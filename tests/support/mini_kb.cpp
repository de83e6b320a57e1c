#include "support/mini_kb.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace raglens::test {

bool writeDocument(const QString& sourceDir, const QString& source, const QString& markdown)
{
    const QString path = QDir(sourceDir).filePath(source + QStringLiteral(".md"));
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return false;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(markdown.toUtf8()) >= 0;
}

QString writeMiniKbSources(const QString& sourceDir)
{
    struct Doc
    {
        const char* source;
        const char* text;
    };
    static const Doc docs[] = {
        {"mysql/hikari-pool",
         "# HikariPool connection timeout\n\n"
         "## Symptoms\n\nHikariPool-1 - Connection is not available, request timed out after "
         "30000ms. The connection pool is exhausted: active connections equal the maximum pool "
         "size and pending threads keep growing.\n\n"
         "## Fix\n\nFind the code path that holds connections (long transactions, leaked "
         "connections), set leakDetectionThreshold, and only then raise maximumPoolSize.\n"},
        {"mysql/slow-query",
         "# Slow queries\n\n## Symptoms\n\nThe slow query log shows full table scans and "
         "queries waiting on row locks; InnoDB lock wait timeout exceeded errors.\n\n"
         "## Fix\n\nAdd the missing index, shorten transactions, check EXPLAIN output.\n"},
        {"redis/oom",
         "# Redis OOM command not allowed\n\n## Symptoms\n\nOOM command not allowed when used "
         "memory > 'maxmemory'. Writes fail while reads still work.\n\n## Fix\n\nSet an "
         "eviction policy such as allkeys-lru, find big keys with redis-cli --bigkeys.\n"},
        {"redis/latency",
         "# Redis latency spikes\n\n## Symptoms\n\nSLOWLOG shows KEYS and large HGETALL calls; "
         "fork for RDB persistence blocks the event loop.\n\n## Fix\n\nReplace KEYS with SCAN, "
         "schedule persistence, watch latency doctor.\n"},
        {"jvm/gc-pauses",
         "# Long GC pauses\n\n## Symptoms\n\nFull GC pauses of several seconds, "
         "java.lang.OutOfMemoryError: GC overhead limit exceeded, heap usage near Xmx.\n\n"
         "## Fix\n\nTake a heap dump, look for leaks, size the heap and tune G1.\n"},
    };
    for (const Doc& d : docs)
        if (!writeDocument(sourceDir, QString::fromUtf8(d.source), QString::fromUtf8(d.text)))
            return QStringLiteral("cannot write %1 under %2")
                .arg(QString::fromUtf8(d.source), sourceDir);
    return {};
}

Expected<std::shared_ptr<KnowledgeBase>> buildMiniKb(const QString& sourceDir, const QString& kbDir)
{
    if (const QString e = writeMiniKbSources(sourceDir); !e.isEmpty())
        return Error{e};
    auto summary = ingestFolder(sourceDir, kbDir);
    if (!summary)
        return Error{summary.error()};
    return KnowledgeBase::open(kbDir);
}

} // namespace raglens::test
