#include "facts/facts_parallel_run_facts.h"

#include "common/logging.h"

#include <QElapsedTimer>

namespace raglens::facts_index {

using facts_store::Connection;

namespace {

inline const QString kAlias = QStringLiteral("run_part");

/// The share of the runs the index's own connection derives, so that both end at about the
/// same time: it takes the others' facts over afterwards (a quarter of what deriving them
/// costs), the second connection copies its runs first (a tenth of the pass). At 0.52 the
/// first waited half a second for the second at a million calls; at 0.58 about 0.15 s.
constexpr double kFirstShare = 0.58;

} // namespace

Expected<std::unique_ptr<ParallelRunFacts>> ParallelRunFacts::prepare(Connection& facts,
                                                                      const QString& path)
{
    // Only the runs' table: the calls and the tool bits the statement reads are found in
    // the attached index, as no table of this file has their names.
    return prepareStep<ParallelRunFacts>(facts, path, kAlias,
                                         [](Connection& part) { return part.createRunTable(); });
}

Status ParallelRunFacts::fill(const QString& indexPath, const std::vector<int>& tools)
{
    auto last = m_facts.scalar(QStringLiteral("SELECT MAX(rowid) FROM diagnosis_run"));
    if (!last)
        return Error{last.error()};
    const qint64 split = qint64(double(last->toLongLong()) * kFirstShare);
    QStringList columns = facts_store::runColumns();
    columns.prepend(QStringLiteral("rowid"));
    const QString copy = QStringLiteral("INSERT INTO diagnosis_run (%1) SELECT %1 FROM "
                                        "src.diagnosis_run WHERE rowid > ?")
                             .arg(columns.join(QStringLiteral(", ")));
    // The statements are the index's own: diagnosis_run is this file's runs, the calls and the
    // tool bits those of the attached index, and each session's flags are gathered over
    // every run of the index.
    const QString uri = SecondWriter::readOnlyUri(indexPath);
    if (Status s =
            m_writer->start(uri,
                            [copy, split, tools](Connection& part) -> Status {
                                if (Status s = part.exec(copy, {split}); !s)
                                    return s;
                                return part.fillRunFactsWhere(tools, QString(), {},
                                                              QStringLiteral("src.diagnosis_run"));
                            });
        !s)
        return s;
    if (Status s = m_facts.exec(QStringLiteral("BEGIN")); !s)
        return s;
    if (Status s = m_facts.fillRunFactsWhere(tools, QStringLiteral("rowid <= ?"), {split}); !s)
        return s;
    QElapsedTimer waited;
    waited.start();
    if (Status s = m_writer->wait(); !s)
        return s;
    qCInfo(lcTrace) << "facts index: run facts up to rowid" << split << "written,"
                    << waited.elapsed() << "ms waited for those after it";
    QStringList facts = facts_store::runFactColumns();
    const QString list = facts.join(QStringLiteral(", "));
    return m_facts.exec(QStringLiteral("UPDATE diagnosis_run SET (%1) = (SELECT %1 FROM %2.%3 p "
                                       "WHERE p.rowid = diagnosis_run.rowid) WHERE rowid > ?")
                            .arg(list, kAlias, QStringLiteral("diagnosis_run")),
                        {split});
}

} // namespace raglens::facts_index
