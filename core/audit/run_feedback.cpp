#include "audit/run_feedback.h"

#include "db/sql_dialect.h"
#include "db/sql_insert.h"

#include <QCoreApplication>
#include <QSqlError>
#include <QSqlQuery>

namespace raglens {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(RunFeedback)
};
const QString kFeedback = QStringLiteral("run_feedback");
} // namespace

QString feedbackUnwritableReason(AuditDatabase& db)
{
    if (db.isReadOnly())
        // The window says it its own way (RunRatingAction); this reaches the command line.
        return Tr::tr("the database is open read-only (RagLens did not create it); run the "
                      "command with --write to rate runs in it");
    if (!db.hasTable(kFeedback))
        return Tr::tr("this database has no run_feedback table");
    const QSet<QString> columns = db.columns(kFeedback);
    for (const char* column : {"run_id", "satisfied"})
        if (!columns.contains(QString::fromLatin1(column)))
            return Tr::tr("the run_feedback table has no %1 column").arg(QLatin1String(column));
    return {};
}

Status writeRunFeedback(AuditDatabase& db, const QString& runId, std::optional<bool> satisfied,
                        const QString& comment, const QDateTime& at)
{
    if (const QString why = feedbackUnwritableReason(db); !why.isEmpty())
        return Error{Tr::tr("Cannot rate run %1: %2").arg(runId, why)};
    if (runId.isEmpty())
        return Error{Tr::tr("Cannot rate a run without a run id")};
    // The run's id as the store holds it: a SQLite column without a type keeps a number
    // written as 42 apart from the text '42', so the id is also asked for as that number, and
    // the feedback row gets the run's own value: it joins its run for every reader.
    QVariant storedRunId;
    {
        QSqlQuery q(db.sql());
        bool number = false;
        const qlonglong asNumber = runId.toLongLong(&number);
        number = number && QString::number(asNumber) == runId; // "042" is no number's text
        const bool sqlite = db.location().kind == DatabaseLocation::Kind::Sqlite;
        q.prepare(sqlite && number
                      ? QStringLiteral("SELECT run_id FROM diagnosis_run WHERE run_id = ? OR "
                                       "run_id = ? LIMIT 1")
                      : QStringLiteral("SELECT run_id FROM diagnosis_run WHERE run_id = ?"));
        q.addBindValue(runId);
        if (sqlite && number)
            q.addBindValue(asNumber);
        if (!q.exec())
            return Error{Tr::tr("Cannot rate run %1: %2").arg(runId, q.lastError().text())};
        if (!q.next())
            return Error{Tr::tr("Cannot rate run %1: the database has no such run").arg(runId)};
        storedRunId = sqlite ? q.value(0) : QVariant(runId);
    }
    // Only the columns this table has: a production table may lack comment or created_at.
    // A generated column is read, never written ("cannot INSERT into generated column").
    const QSet<QString> present = db.columns(kFeedback) - db.generatedColumns(kFeedback);
    QStringList columns{QStringLiteral("run_id"), QStringLiteral("satisfied")};
    QVariantList values{storedRunId,
                        satisfied ? QVariant(*satisfied) : QVariant(QMetaType(QMetaType::Bool))};
    if (present.contains(QStringLiteral("comment"))) {
        columns << QStringLiteral("comment");
        values << nullableText(comment);
    }
    if (present.contains(QStringLiteral("created_at"))) {
        columns << QStringLiteral("created_at");
        values << SqlDialect(db).timeParam(at);
    }
    QStringList marks;
    for (qsizetype i = 0; i < columns.size(); ++i)
        marks << QStringLiteral("?");
    auto written =
        execBound(db.sql(),
                  QStringLiteral("INSERT INTO run_feedback (%1) VALUES (%2)")
                      .arg(columns.join(QStringLiteral(", ")), marks.join(QStringLiteral(", "))),
                  values);
    if (!written)
        return Error{Tr::tr("Cannot write feedback for run %1: %2").arg(runId, written.error())};
    return ok();
}

} // namespace raglens
