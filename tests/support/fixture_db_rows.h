#pragma once
// Internals of the fixture writer (fixture_db.cpp): a statement runner that keeps the first
// error, and the rows of the fixture's four sessions (fixture_db_rows.cpp).

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <functional>

namespace raglens::test {

struct FixtureWriter
{
    QSqlDatabase db;
    QString error;

    bool exec(const QString& sql, const QVariantList& binds = {})
    {
        if (!error.isEmpty())
            return false;
        QSqlQuery q(db);
        if (binds.isEmpty()) { // DDL: PostgreSQL cannot prepare it
            if (!q.exec(sql))
                error = q.lastError().text() + QStringLiteral(" in ") + sql;
            return error.isEmpty();
        }
        if (!q.prepare(sql)) {
            error = q.lastError().text() + QStringLiteral(" in ") + sql;
            return false;
        }
        for (const QVariant& v : binds)
            q.addBindValue(v);
        if (!q.exec())
            error = q.lastError().text() + QStringLiteral(" in ") + sql;
        return error.isEmpty();
    }

    /// INSERT INTO table VALUES (?, ?, …) with one bound value per column.
    bool insert(const QString& table, const QVariantList& values)
    {
        QStringList marks;
        for (qsizetype i = 0; i < values.size(); ++i)
            marks << QStringLiteral("?");
        return exec(QStringLiteral("INSERT INTO %1 VALUES (%2)").arg(table, marks.join(u',')),
                    values);
    }
};

/// Creates the SQLite file `path` (which must not exist), lets `fill` write it through one
/// connection, and closes it. Returns an error text, or empty.
QString writeSqliteFile(const QString& path, const std::function<void(FixtureWriter&)>& fill);

/// Inserts every run, step, invocation, event, feedback and (optionally) trace sample.
void writeFixtureSessions(FixtureWriter& w, bool withTraceSample);

} // namespace raglens::test
