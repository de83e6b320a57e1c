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

QString lastOfItsRun(const QString& table, const QString& alias)
{
    // Not correlated: SQLite gathers the last rowids once per statement (one pass over the
    // runs, grouped as run_id compares), however often the row is tested.
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
        lastOfItsRun(QStringLiteral("main.diagnosis_run"), QStringLiteral("r"));
    if (!q.exec(sql))
        qCWarning(lcAudit) << "cannot read one row per run:" << describeSqlError(q.lastError());
}

QString storedTable(AuditDatabase& db)
{
    return readsLastRowsOnly(db) ? QStringLiteral("main.diagnosis_run") : kRuns;
}

} // namespace raglens::run_rows
