#include "db/migrations.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <algorithm>

namespace raglens {

std::vector<Migration> migrationsFor(const QString& dialect)
{
    std::vector<Migration> out;
    const QDir dir(QStringLiteral(":/raglens/sql/") + dialect);
    static const QRegularExpression pattern(QStringLiteral("^(\\d+)_(.+)\\.sql$"));
    for (const QString& file : dir.entryList({QStringLiteral("*.sql")}, QDir::Files)) {
        const auto m = pattern.match(file);
        if (!m.hasMatch())
            continue;
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        out.push_back({m.captured(1).toInt(), m.captured(2), QString::fromUtf8(f.readAll())});
    }
    std::sort(out.begin(), out.end(),
              [](const Migration& a, const Migration& b) { return a.version < b.version; });
    return out;
}

QStringList splitSqlStatements(const QString& sql)
{
    QStringList statements;
    QString current;
    for (const QString& rawLine : sql.split(QLatin1Char('\n'))) {
        const QString line = rawLine.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1String("--")))
            continue;
        current += line + QLatin1Char('\n');
        if (line.endsWith(QLatin1Char(';'))) {
            current.chop(2); // ";\n"
            statements.append(current.trimmed());
            current.clear();
        }
    }
    if (!current.trimmed().isEmpty())
        statements.append(current.trimmed());
    return statements;
}

} // namespace raglens
