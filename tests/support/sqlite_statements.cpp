#include "support/sqlite_statements.h"

#include <QAtomicInt>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace raglens::test {

QString execOnSqliteFile(const QString& path, const QStringList& statements)
{
    static QAtomicInt counter;
    const QString name = QStringLiteral("test-statements-%1").arg(counter.fetchAndAddRelaxed(1));
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (!db.open())
            error = db.lastError().text();
        for (const QString& sql : statements) {
            if (!error.isEmpty())
                break;
            QSqlQuery q(db);
            if (!q.exec(sql))
                error = q.lastError().text() + QStringLiteral(" in ") + sql;
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return error;
}

} // namespace raglens::test
