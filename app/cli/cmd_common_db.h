#pragma once
// Options shared by the commands that read or write an audit database:
// --db (path or URL) and --write, plus time options such as --since/--until.

#include "cli_command.h"
#include "db/audit_database.h"

#include <QDateTime>

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>

namespace raglens::cli {

/// Adds --db and, when `withWrite`, --write.
void addDatabaseOptions(QCommandLineParser& parser, bool withWrite = true);

/// Opens --db. `mode` is used unless --write was given (then AccessMode::Write).
/// On failure prints the message (or usage) and stores the exit code in `exitCode`.
std::unique_ptr<AuditDatabase> openDatabase(const QCommandLineParser& parser, AccessMode mode,
                                            int& exitCode);

/// What the database's schema lacks and what that costs (trace/schema_notes.h), as the
/// `schemaNotes` array of the commands' JSON.
nlohmann::json schemaNotesJson(AuditDatabase& db);
/// The same notes as warnings on stderr, for commands whose JSON has no room for them.
void warnSchemaNotes(AuditDatabase& db);

/// Parses a time option: ISO 8601 (UTC when no zone is given), a date, or a relative age
/// such as 30m, 24h, 7d (before now). Returns false when the text is none of these.
bool parseTimeOption(const QString& text, QDateTime& out);

/// A number option's text: finite and within [min, max], or nothing.
std::optional<double> parseNumberValue(const QString& text, double min, double max);

/// Reads an optional number option into `out` (finite, within [min, max]); prints usage on
/// a bad value.
bool readNumberOption(const QCommandLineParser& parser, const QString& name, double min, double max,
                      double& out, int& exitCode);

/// Reads an optional time option into `out`; prints usage on a bad value.
bool readTimeOption(const QCommandLineParser& parser, const QString& name, QDateTime& out,
                    int& exitCode);

/// Adds --since and --until: the window of run start times a command looks at.
void addWindowOptions(QCommandLineParser& parser);

/// Reads --since and --until (either may be missing, then invalid); prints usage on a bad
/// value or when --until is not after --since.
bool readWindowOptions(const QCommandLineParser& parser, QDateTime& since, QDateTime& until,
                       int& exitCode);

/// Checks that an option's value (when set) is one of `allowed`; prints usage otherwise.
bool checkChoice(const QCommandLineParser& parser, const QString& name, const QStringList& allowed,
                 int& exitCode);

} // namespace raglens::cli
