#include "common/job_connection.h"

namespace raglens::ui {

Expected<AuditDatabase*> jobConnection(AuditDatabase* given, const DatabaseLocation& location,
                                       const std::optional<AuditDatabase::Inspection>& inspection,
                                       std::unique_ptr<AuditDatabase>& own)
{
    if (given)
        return given;
    // Inspect never creates a file and opens a foreign database read-only.
    auto opened = inspection ? AuditDatabase::openInspected(*inspection)
                             : AuditDatabase::open(location, AccessMode::Inspect);
    if (!opened)
        return Error{opened.error()};
    own = std::move(*opened);
    return own.get();
}

} // namespace raglens::ui
