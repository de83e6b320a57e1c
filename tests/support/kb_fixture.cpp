#include "support/kb_fixture.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace raglens::test {

void writeTextFile(const QString& path, const QByteArray& content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(content);
}

void writeKbSource(const QString& dir)
{
    const QDir d(dir);
    writeTextFile(
        d.filePath("db/_category.json"),
        R"({"aliases": ["database", "jdbc", "mysql"], "description": "Database runbooks"})");
    writeTextFile(d.filePath("db/hikari-pool-timeout.md"),
                  R"(# HikariCP pool exhausted: Connection is not available

## Symptoms

```
java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, request timed out after 30000ms.
```

Requests wait for a JDBC connection from the HikariCP pool and fail after connectionTimeout.
Active connections equal maximumPoolSize and threads pile up waiting for the pool.

## Diagnosis

Check hikaricp_connections_active, hikaricp_connections_pending and slow queries that hold
connections for a long time. Enable leakDetectionThreshold to find code that never returns a
connection to the pool.

## Fix

Fix the leak or the slow query first. Size maximumPoolSize from the database limit divided by
the number of application instances; do not simply raise it.
)");
    writeTextFile(d.filePath("db/deadlock-1213.md"), R"(# MySQL deadlocks: ERROR 1213 (40001)

## Symptoms

```
ERROR 1213 (40001): Deadlock found when trying to get lock; try restarting transaction
```

InnoDB rolled back one transaction of a lock cycle. Write endpoints fail intermittently under load.

## Diagnosis

Run SHOW ENGINE INNODB STATUS and read LATEST DETECTED DEADLOCK: which statements, which index,
which lock mode. Enable innodb_print_all_deadlocks to log every deadlock.

## Fix

Lock rows in a consistent order, keep transactions short, add the missing index that widens
the locked range, and retry the rolled-back transaction in the application.
)");
    writeTextFile(
        d.filePath("legacy-pools/_category.json"),
        R"({"aliases": ["connection pool", "pool", "hikaricp", "pool size"], "description": "Legacy pool notes"})");
    writeTextFile(d.filePath("legacy-pools/scheduler-worker-pool.md"),
                  R"(# Scheduler worker pool sizing

## Background

The nightly batch scheduler runs jobs on a fixed worker pool. Each worker thread picks a job from
the queue, renders the report and writes the result to the archive share.

## Sizing

Set worker pool size to the number of CPU cores for CPU-bound report rendering, or twice that
for jobs that mostly wait on the file share. Queue length above 500 means the pool is too small.
)");
    writeTextFile(d.filePath("legacy-pools/object-pool-glossary.md"),
                  R"(# Capacity planning glossary

## Terms

Object pool: a set of reusable renderer objects. Pool size: the number of objects kept warm.
Warm-up: the time to fill the pool after a restart. Eviction: removing idle objects after the
idle timeout so the renderer releases memory.
)");
    writeTextFile(
        d.filePath("archive/_category.json"),
        R"({"aliases": ["oracle", "ora-", "tns", "listener"], "description": "Archived, no documents"})");
    writeTextFile(d.filePath("cache/_category.json"),
                  R"({"aliases": ["redis", "cache"], "description": "Cache runbooks"})");
    writeTextFile(d.filePath("cache/redis-oom.md"),
                  R"(# Redis OOM command not allowed when used memory > 'maxmemory'

## Symptoms

```
OOM command not allowed when used memory > 'maxmemory'.
```

Writes fail while reads still work. used_memory is at maxmemory and the eviction policy is
noeviction.

## Fix

Choose an eviction policy such as allkeys-lru for caches, set TTLs on keys, find big keys with
redis-cli --bigkeys and raise maxmemory only when the host has room.
)");
    writeTextFile(d.filePath("cache/redis-latency-zh.md"), QString::fromUtf8(R"(# Redis 延迟尖刺排查

## 现象

客户端偶发超时，慢日志里出现 KEYS 和 HGETALL 等慢命令，延迟监控出现尖刺。

## 排查

使用 SLOWLOG GET 查看慢命令，使用 LATENCY DOCTOR 查看延迟事件，检查是否有大 key 以及 fork 持久化导致的阻塞。
)")
                                                               .toUtf8());
}

Expected<IngestSummary> buildKb(const QString& sourceDir, const QString& kbDir,
                                const QString& indexKind)
{
    IngestOptions options;
    options.indexKind = indexKind;
    return ingestFolder(sourceDir, kbDir, options);
}

} // namespace raglens::test
