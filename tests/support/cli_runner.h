#pragma once
// Runs the real raglens-cli binary, as a script or CI job would, and captures
// its exit code, stdout (parsed as JSON when possible) and stderr.

#include <QProcessEnvironment>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace raglens::test {

struct CliResult
{
    int exitCode = -1;
    bool crashed = false;
    QByteArray out;
    QByteArray err;
    nlohmann::json json; ///< stdout parsed, or null when it is not JSON
};

CliResult runCli(const QStringList& args, const QByteArray& stdinData = {},
                 const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment());

/// Builds the demo workspace in `dir` with `raglens-cli demo` and returns its audit
/// database's path; empty, with the CLI's stderr in `error`, when it could not.
QString makeDemoWorkspace(const QString& dir, QString* error = nullptr);

/// Absolute path of a file under tests/fixtures.
QString fixturePath(const QString& relative);

/// A JSON file under tests/fixtures, parsed; a missing or broken fixture stops the test run
/// (it is a bug in the test, not bad input).
nlohmann::json readJsonFixture(const QString& relative);

/// Absolute path of a file in the source tree (e.g. resources/demo/...).
QString sourcePath(const QString& relative);

} // namespace raglens::test
