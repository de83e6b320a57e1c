#pragma once
// The raglens-cli command registry. Each command lives in its own cmd_<name>.cpp and
// registers itself with RAGLENS_CLI_COMMAND; main.cpp only dispatches.
// Contract (DESIGN §8): JSON on stdout, messages on stderr, exit 0 / 1 / 2.

#include "common/error.h"

#include <QCommandLineParser>
#include <QStringList>
#include <QVariant>

#include <nlohmann/json.hpp>

#include <functional>
#include <map>

namespace raglens::cli {

enum ExitCode
{
    ExitOk = 0,
    ExitFailure = 1,
    ExitUsage = 2
};

struct Context
{
    QStringList args; ///< arguments after the command name, with argv[0] prepended
    bool pretty = false;
};

using CommandFn = std::function<int(Context&)>;

struct CommandInfo
{
    const char* summary; ///< source text in the "cli" context (QT_TRANSLATE_NOOP at the command)
    CommandFn run;
};

std::map<QString, CommandInfo>& registry();

struct Registrar
{
    Registrar(const char* name, const char* summary, CommandFn fn);
};

#define RAGLENS_CLI_COMMAND(name, summary, fn)                                                     \
    static const ::raglens::cli::Registrar raglensCliRegistrar_##fn(name, summary, fn)

/// Prints JSON on stdout (pretty when asked).
void printJson(const Context& ctx, const nlohmann::json& j);

/// Prints a message on stderr and returns ExitFailure.
int fail(const QString& message);

/// An --invocation argument as the store may hold it: a number when it spells one, else
/// the text (stores that key calls by UUID or 'inv-9'); bound as a value, never spliced.
QVariant invocationIdArgument(const QString& text);

/// Prints a warning on stderr; the command goes on.
void warn(const QString& message);

/// A progress callback for long work: prints `text(done, total)` on stderr about once a
/// second and the last figure once; it never cancels.
std::function<bool(qint64, qint64)> progressOnStderr(std::function<QString(qint64, qint64)> text);

/// Prints a usage message on stderr and returns ExitUsage.
int usage(const QCommandLineParser& parser, const QString& message);

/// Adds --pretty and --help, parses ctx.args; returns false (after printing usage) on error.
/// `usageExit` receives the exit code to return when parsing did not succeed.
bool parse(QCommandLineParser& parser, Context& ctx, int& usageExit);
/// parse() for a command that takes options only: a positional argument is a usage error.
bool parseOptionsOnly(QCommandLineParser& parser, Context& ctx, int& usageExit);

/// An optional file option (`--out`): false (usage, exit 2) when it is given empty, which
/// would otherwise write to stdout as if it were not given.
bool optionalFileOption(const QCommandLineParser& parser, const QString& name, QString& value,
                        int& usageExit);

/// Reads a value for a required option; prints usage and returns false when missing.
bool requireOption(const QCommandLineParser& parser, const QString& name, QString& value,
                   int& usageExit);

/// The QUERY positional arguments joined by spaces; "-" alone reads the query from stdin
/// (bounded: input_guard::kMaxInputFileBytes).
Expected<QString> queryArgument(const QCommandLineParser& parser);

} // namespace raglens::cli
