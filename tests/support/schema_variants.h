#pragma once
// Audit databases in the shapes production stores really have, written with portable SQL so
// the same variant exists on SQLite, PostgreSQL and MariaDB: an agent from before the
// step_id patch, no user/question columns, no timeline/feedback/sample tables, extra
// columns and tables RagLens does not know, orphan invocations, legacy rows only, the
// audit tables read through views (as a store exposes them to its readers), and times kept
// as epoch numbers, and ids that are UUIDs.
// Every variant holds the same three sessions: a SUCCESS run, a FALLBACK run whose lookup
// found nothing, and a FALLBACK run whose only failing call was another tool.

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

namespace raglens::test {

enum class SchemaVariant
{
    PreStepId,
    NoUserQuestion,
    NoTimeline,
    ExtraColumns,
    Orphans,
    LegacyOnly,
    Views,      ///< diagnosis_run and tool_invocation are views over the tables that hold the rows
    EpochTimes, ///< every time column is a BIGINT of Unix epoch milliseconds
    IsoTextTimes, ///< every time column is text, "2026-11-20T10:00:05Z" (also on servers)
    TextIds       ///< step, call and event ids are UUIDs (uuid on PostgreSQL, text elsewhere)
};

QStringList schemaVariantNames();
SchemaVariant schemaVariantFromName(const QString& name);

namespace variant {
inline const QString kSuccessSession = QStringLiteral("sv-success");
inline const QString kEmptySession = QStringLiteral("sv-empty");
inline const QString kToolErrorSession = QStringLiteral("sv-tool-error");
inline const QString kEmptyRun = QStringLiteral("sv-run-empty");
inline const QString kToolErrorRun = QStringLiteral("sv-run-tool-error");
inline const QString kOrphanRun = QStringLiteral("sv-run-orphan"); ///< Orphans variant only
/// Orphans variant only: a session known only from a call whose run was never recorded.
inline const QString kOrphanOnlySession = QStringLiteral("sv-orphan-only");
inline const QString kOrphanOnlyRun = QStringLiteral("sv-run-orphan-only");
} // namespace variant

/// Drops what the views variant leaves on a shared server (its views and the tables under
/// them), so that a test starting from DROP TABLE finds tables, not views. Errors (a name
/// that is a table, not a view) are ignored.
void dropVariantViews(QSqlDatabase db);

/// Drops the audit tables (and the variants' extra table) from `db`, then creates and fills
/// `variant`. `driver` is QSQLITE, QPSQL or QMYSQL. Returns an error text, or empty.
QString writeSchemaVariant(QSqlDatabase db, SchemaVariant variant);

} // namespace raglens::test
