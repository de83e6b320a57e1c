#pragma once
// Which of the demo's promised paths (DESIGN / issue "demo workspace") a recorded audit
// database actually shows, read back from the rows themselves: SUCCESS with PRECISE and
// with REFERENCE, a filtered attempt used directly, retries after low quality and after
// no evidence, NO_EVIDENCE → FALLBACK, multi-step runs with two lookups, a non-RAG tool
// call and a tool error. The demo command prints it; tests assert it.

#include "common/error.h"

#include <QMap>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace raglens {

class AuditDatabase;

struct DemoCoverage
{
    /// path name → run ids showing it
    QMap<QString, QStringList> runsByPath;

    static const QStringList& pathNames();
    QStringList missingPaths() const;

    static Expected<DemoCoverage> read(AuditDatabase& db);
};

void to_json(nlohmann::json& j, const DemoCoverage& c);

} // namespace raglens
