#pragma once
// Internals of the fixture writer (fixture_db.cpp): a statement runner that keeps the first
// error, and the rows of the fixture's four sessions (fixture_db_rows.cpp).

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

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
};

/// Inserts every run, step, invocation, event, feedback and (optionally) trace sample.
void writeFixtureSessions(FixtureWriter& w, bool withTraceSample);

} // namespace raglens::test
