#pragma once
// --facts auto|off|build and --cache DIR for the commands that list, filter and count
// (sessions, health): read them from the facts index of the database instead of from the
// database itself.

#include "cli_command.h"
#include "db/audit_database.h"

#include <nlohmann/json.hpp>

#include <memory>

namespace raglens::cli {

/// Adds --facts and --cache.
void addFactsOptions(QCommandLineParser& parser);
/// Adds --cache alone (for `index`).
void addFactsCacheOption(QCommandLineParser& parser);

/// Checks --facts; prints usage and stores the exit code on a bad value.
bool checkFactsOption(const QCommandLineParser& parser, int& exitCode);

/// The facts index was opened but reading it failed (`error`: a corrupt page, a file
/// replaced under it): warns that the database is read directly and puts that in `report`.
void useDatabaseInstead(nlohmann::json& report, const QString& error);

/// The facts index to read instead of `source`, or null to read `source` itself: with
/// "auto" an index that exists is refreshed and used, with "build" it is built when missing.
/// `report` describes what happened (null when no index was used); an index that cannot be
/// refreshed is reported there and on stderr, and the command reads the database directly.
std::unique_ptr<AuditDatabase> openFactsIndex(const QCommandLineParser& parser,
                                              AuditDatabase& source, nlohmann::json& report);

} // namespace raglens::cli
