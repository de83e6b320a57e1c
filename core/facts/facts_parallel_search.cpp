#include "facts/facts_parallel_search.h"

#include "common/logging.h"
#include "trace/fact_sql.h"

namespace raglens::facts_index {

using facts_store::Connection;

namespace {

inline const QString kAlias = QStringLiteral("search_part");

} // namespace

Expected<std::unique_ptr<ParallelSearchIndex>> ParallelSearchIndex::prepare(Connection& facts,
                                                                            const QString& path)
{
    // The same statement as the index's own: FTS5 names the same tables and writes the same
    // settings. Its content table (the runs) is only read by queries, never made here.
    return prepareStep<ParallelSearchIndex>(
        facts, path, kAlias, [](Connection& part) { return part.createSearchTable(); });
}

Status ParallelSearchIndex::start(const QString& indexPath)
{
    const QString uri = SecondWriter::readOnlyUri(indexPath);
    // Its statements end on their own (the index waits for nothing from them): no stop needed.
    return m_writer->start(uri, [](Connection& part) {
        return part.fillSearchIndex(QStringLiteral("src.diagnosis_run"));
    });
}

Status ParallelSearchIndex::adopt()
{
    if (Status s = m_writer->wait(); !s)
        return s;
    // An empty index of the same definition, its rows then replaced by the made one's (its
    // settings too). Nothing on this connection reads it before the build ends, and its
    // settings are not set here (that reads the structure into memory): no segment list this
    // connection could have kept goes stale under it.
    if (Status s = m_facts.createSearchTable(false); !s)
        return s;
    Status copied = ok();
    for (const QString& table : facts_store::searchIndexTables()) {
        for (const QString& sql :
             {QStringLiteral("DELETE FROM main.%1").arg(table),
              QStringLiteral("INSERT INTO main.%1 SELECT * FROM %2.%1").arg(table, kAlias)}) {
            copied = m_facts.exec(sql);
            if (!copied)
                break;
        }
        if (!copied)
            break;
    }
    if (!copied) {
        // A SQLite that keeps FTS5's tables from being written (SQLITE_DBCONFIG_DEFENSIVE):
        // the index is made here after all, only slower.
        qCWarning(lcTrace) << "facts index: the search index made on the second core cannot be "
                              "taken over, made again here:"
                           << copied.error();
        if (Status s = m_facts.exec(
                QStringLiteral("DROP TABLE %1").arg(QLatin1String(FactSql::kRunSearchTable)));
            !s)
            return s;
        return m_facts.createSearchIndex();
    }
    return m_facts.createSearchTriggers();
}

} // namespace raglens::facts_index
