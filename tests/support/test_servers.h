#pragma once
// The PostgreSQL and MariaDB servers the server tests write to: scripts/start-test-servers.sh
// starts them on loopback and names them in RAGLENS_TEST_PG_URL / RAGLENS_TEST_MYSQL_URL.
// Without them a server test skips; under CI (.ci/run starts both) it fails instead, so that
// a test that never ran cannot pass as a skip.

#include <QString>
#include <QTest>

#include <optional>

namespace raglens::test {

/// The variable naming a backend's test server: "postgresql" → RAGLENS_TEST_PG_URL, any
/// other server backend ("mysql", "mariadb") → RAGLENS_TEST_MYSQL_URL.
const char* testServerVariable(const QString& backend);
/// That server's URL; empty when the variable is not set.
QString testServerUrl(const QString& backend);
/// Whether data-driven tests add rows for the server `variable` names: when it is set, and
/// always under CI.
bool serverRowsWanted(const char* variable);

/// Why a server test cannot run, and whether that is a failure (under CI).
struct MissingServer
{
    QString message;
    bool fails = false;
};
/// Nothing when the server `variable` names is set.
std::optional<MissingServer> missingServer(const QString& variable);
std::optional<MissingServer> missingServer(const char* variable);

} // namespace raglens::test

/// Skips the current test when the server `variable` names is not set; fails it under CI.
#define RAGLENS_NEEDS_SERVER(variable)                                                             \
    do {                                                                                           \
        if (const auto missing_ = raglens::test::missingServer(variable)) {                        \
            if (missing_->fails)                                                                   \
                QFAIL(qPrintable(missing_->message));                                              \
            QSKIP(qPrintable(missing_->message));                                                  \
        }                                                                                          \
    } while (false)
