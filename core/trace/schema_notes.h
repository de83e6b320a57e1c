#pragma once
// What an audit database's schema lacks, said once in words a user understands: a column
// beyond the keys or an optional table that is missing, and which feature degrades because
// of it ("this database has no question column: questions are not shown or searched").
// Readers already treat missing columns as NULL; these notes make that visible.

#include "db/audit_database.h"

#include <QCoreApplication>

#include <vector>

namespace raglens {

struct SchemaNote
{
    QString table;
    QString column; ///< empty when the whole table is missing
    QString message;
};

std::vector<SchemaNote> schemaNotes(AuditDatabase& db);

void to_json(nlohmann::json& j, const SchemaNote& v);

class SchemaNotes
{
    Q_DECLARE_TR_FUNCTIONS(SchemaNotes)
};

} // namespace raglens
