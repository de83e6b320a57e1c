#pragma once
// EntityExtractor: pulls the identifiers an operator pastes into a question (error codes,
// exception and class names, host:port, SQL states, HTTP status codes, exit codes) out
// of a query. They are reported as L0 hints and tell the engine the query is precise.

#include <QString>
#include <QStringList>

namespace raglens {

class EntityExtractor
{
public:
    static QStringList extract(const QString& query);
};

} // namespace raglens
