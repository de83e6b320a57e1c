#include "db/run_rows.h"

#include "common/logging.h"
#include "db/sql_exec.h"

#include <QSqlError>
#include <QSqlQuery>

namespace raglens::run_rows {

namespace {

const QString kRuns = QStringLiteral("diagnosis_run");

} // namespace

bool readsLastRowsOnly(AuditDatabase& db)
{
    if (db.location().kind != DatabaseLocation::Kind::Sqlite)
        return false;
    QSqlQuery q(db.sql());
    return q.exec(QStringLiteral("SELECT 1 FROM sqlite_temp_master WHERE type = 'view' AND "
                                 "name = 'diagnosis_run'")) &&
           q.next();
}

QString lastOfItsRun(AuditDatabase& db, const QString& table, const QString& alias)
{
    // Through an index on run_id, a row asks for a later one of its run: a few pages per
    // row, so finding one run costs what it did. Without one, the last rowids are gathered
    // once per statement (one pass over the runs, grouped as run_id compares): at 443,000
    // runs 0.4 s a statement, where the correlated test would scan the table per row.
    QSqlQuery plan(db.sql());
    bool indexed = false;
    plan.prepare(QStringLiteral("EXPLAIN QUERY PLAN SELECT 1 FROM main.diagnosis_run d WHERE "
                                "d.run_id = ? AND d.rowid > ?"));
    plan.addBindValue(QString());
    plan.addBindValue(0);
    if (plan.exec())
        while (plan.next())
            indexed = indexed || (plan.value(3).toString().startsWith(QLatin1String("SEARCH")) &&
                                  plan.value(3).toString().contains(QLatin1String("INDEX")));
    if (indexed)
        return QStringLiteral("(%2.run_id IS NULL OR NOT EXISTS (SELECT 1 FROM %1 later WHERE "
                              "later.run_id = %2.run_id AND later.rowid > %2.rowid))")
            .arg(table, alias);
    return QStringLiteral("(%2.run_id IS NULL OR %2.rowid IN (SELECT MAX(rowid) FROM %1 GROUP "
                          "BY run_id))")
        .arg(table, alias);
}

void readLastRowsOnly(AuditDatabase& db)
{
    if (db.location().kind != DatabaseLocation::Kind::Sqlite || !db.isReadOnly() ||
        !db.hasTable(kRuns) || db.keyedBy(kRuns, QStringLiteral("run_id")) != false)
        return;
    QSqlQuery q(db.sql());
    // A WITHOUT ROWID table keys its rows by a composite key: nothing says which is last.
    if (!q.exec(QStringLiteral("SELECT rowid FROM main.diagnosis_run LIMIT 0"))) {
        qCInfo(lcAudit) << "diagnosis_run has no rowid; a run id written twice is read twice";
        return;
    }
    q.finish();
    const QString sql =
        QStringLiteral("CREATE TEMP VIEW diagnosis_run AS SELECT * FROM main.diagnosis_run r "
                       "WHERE ") +
        lastOfItsRun(db, QStringLiteral("main.diagnosis_run"), QStringLiteral("r"));
    qCInfo(lcAudit) << "diagnosis_run has no key on run_id; runs read as their last row:" << sql;
    if (!q.exec(sql))
        qCWarning(lcAudit) << "cannot read one row per run:" << describeSqlError(q.lastError());
}

QString storedTable(AuditDatabase& db)
{
    return readsLastRowsOnly(db) ? QStringLiteral("main.diagnosis_run") : kRuns;
}

} // namespace raglens::run_rows
