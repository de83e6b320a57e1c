#include "db/sqlite_collations.h"

#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlQuery>

#include <algorithm>
#include <cstring>

#include <sqlite3.h>

namespace raglens::sqlite_collations {

namespace {

int compareBytes(void*, int leftSize, const void* left, int rightSize, const void* right)
{
    const int common = std::min(leftSize, rightSize);
    if (const int c = common > 0 ? std::memcmp(left, right, size_t(common)) : 0; c != 0)
        return c;
    return leftSize - rightSize;
}

void registerMissing(void*, sqlite3* connection, int, const char* name)
{
    // UTF-8 only: SQLite converts the other encodings' text for a UTF-8 collation.
    sqlite3_create_collation_v2(connection, name, SQLITE_UTF8, nullptr, compareBytes, nullptr);
}

sqlite3* handleOf(QSqlDatabase& db)
{
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    if (!handle.isValid() || std::strcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3* const*>(handle.constData());
}

} // namespace

bool compareUnknownAsBinary(QSqlDatabase& db)
{
    sqlite3* connection = handleOf(db);
    return connection &&
           sqlite3_collation_needed(connection, nullptr, registerMissing) == SQLITE_OK;
}

QStringList foreignCollations(QSqlDatabase& db)
{
    // COLLATE name, "name", [name] or `name` in any table's, index's or view's text.
    static const QRegularExpression collate(
        QStringLiteral(R"re(\bCOLLATE\s+(?:"([^"]+)"|\[([^\]]+)\]|`([^`]+)`|'([^']+)'|(\w+)))re"),
        QRegularExpression::CaseInsensitiveOption);
    QStringList names;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL")))
        return names;
    while (q.next()) {
        const QString sql = q.value(0).toString();
        for (auto it = collate.globalMatch(sql); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            QString name;
            for (int group = 1; group <= 5 && name.isEmpty(); ++group)
                name = m.captured(group);
            const QString upper = name.toUpper();
            if (upper != QLatin1String("BINARY") && upper != QLatin1String("NOCASE") &&
                upper != QLatin1String("RTRIM") && !names.contains(name, Qt::CaseInsensitive))
                names << name;
        }
    }
    return names;
}

bool orderAnIndex(QSqlDatabase& db, const QStringList& collations)
{
    if (collations.isEmpty())
        return false;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    // Every index's columns with the collation each is ordered by (a column's own, or the
    // index's COLLATE): automatic indexes of keys and UNIQUE constraints too.
    if (!q.exec(QStringLiteral("SELECT DISTINCT x.coll FROM sqlite_master m, "
                               "pragma_index_xinfo(m.name) x WHERE m.type = 'index' AND x.coll "
                               "IS NOT NULL")))
        return true; // not known: the stand-in is not risked
    while (q.next())
        if (collations.contains(q.value(0).toString(), Qt::CaseInsensitive))
            return true;
    return false;
}

} // namespace raglens::sqlite_collations
