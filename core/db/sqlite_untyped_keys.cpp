#include "db/sqlite_untyped_keys.h"

#include <QSqlQuery>
#include <QVariant>

namespace raglens::sqlite_untyped_keys {

namespace {

const char* const kTables[] = {"diagnosis_run",   "agent_step",   "tool_invocation",
                               "diagnosis_trace", "run_feedback", "lookup_trace_sample"};
const char* const kKeys[] = {"run_id", "session_id", "step_id", "invocation_id"};

QString quoted(const QString& name)
{
    return QLatin1Char('"') + QString(name).replace(QLatin1Char('"'), QStringLiteral("\"\"")) +
           QLatin1Char('"');
}

bool isKey(const QString& column)
{
    for (const char* key : kKeys)
        if (column.compare(QLatin1String(key), Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

// Whether the column holds anything but text: numbers sort before text and blobs after it,
// so its least and greatest values tell (two index probes when the column is indexed; min()
// and max() each use an index alone, so they are asked apart).
bool holdsOtherThanText(QSqlDatabase& db, const QString& table, const QString& column)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    for (const char* end : {"MIN", "MAX"}) {
        if (!q.exec(QStringLiteral("SELECT typeof(%1(%2)) FROM main.%3")
                        .arg(QLatin1String(end), quoted(column), quoted(table))) ||
            !q.next())
            return false; // unreadable: the reader says why, as before
        const QString kind = q.value(0).toString();
        if (kind != QLatin1String("text") && kind != QLatin1String("null"))
            return true;
    }
    return false;
}

} // namespace

bool hasNoAffinity(const QString& declaredType)
{
    const QString type = declaredType.toUpper();
    for (const char* other : {"INT", "CHAR", "CLOB", "TEXT"})
        if (type.contains(QLatin1String(other)))
            return false;
    return type.trimmed().isEmpty() || type.contains(QLatin1String("BLOB"));
}

QStringList readAsText(QSqlDatabase& db)
{
    QStringList asText;
    for (const char* name : kTables) {
        const QString table = QString::fromLatin1(name);
        QSqlQuery q(db);
        q.setForwardOnly(true);
        // Main's own table (or view): a TEMP one of the name would shadow it. Hidden columns
        // (1) belong to virtual tables; generated ones (2, 3) are read like any other.
        q.prepare(QStringLiteral("SELECT name, type FROM pragma_table_xinfo(?, 'main') WHERE "
                                 "hidden <> 1 ORDER BY cid"));
        q.addBindValue(table);
        if (!q.exec())
            continue;
        QStringList columns;
        QStringList cast;
        while (q.next()) {
            const QString column = q.value(0).toString();
            const bool untypedKey = isKey(column) && hasNoAffinity(q.value(1).toString());
            columns << column;
            if (untypedKey)
                cast << column;
        }
        q.finish();
        if (columns.isEmpty())
            continue;
        QStringList needed;
        for (const QString& column : cast)
            if (holdsOtherThanText(db, table, column))
                needed << column;
        if (needed.isEmpty())
            continue;
        QStringList select;
        for (const QString& column : columns)
            select << (needed.contains(column)
                           ? QStringLiteral("CAST(%1 AS TEXT) AS %1").arg(quoted(column))
                           : quoted(column));
        QSqlQuery view(db);
        if (!view.exec(QStringLiteral("CREATE TEMP VIEW %1 AS SELECT %2 FROM main.%1")
                           .arg(quoted(table), select.join(QStringLiteral(", ")))))
            continue; // read as it is, as before
        for (const QString& column : needed)
            asText << table + QLatin1Char('.') + column;
    }
    return asText;
}

} // namespace raglens::sqlite_untyped_keys
