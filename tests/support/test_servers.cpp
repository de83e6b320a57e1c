#include "support/test_servers.h"

namespace raglens::test {

const char* testServerVariable(const QString& backend)
{
    return backend == QLatin1String("postgresql") ? "RAGLENS_TEST_PG_URL"
                                                  : "RAGLENS_TEST_MYSQL_URL";
}

QString testServerUrl(const QString& backend)
{
    return qEnvironmentVariable(testServerVariable(backend));
}

bool serverRowsWanted(const char* variable)
{
    return qEnvironmentVariableIsSet(variable) || qEnvironmentVariableIsSet("CI");
}

std::optional<MissingServer> missingServer(const QString& variable)
{
    if (!qEnvironmentVariable(qPrintable(variable)).isEmpty())
        return std::nullopt;
    if (qEnvironmentVariableIsSet("CI"))
        return MissingServer{
            QStringLiteral("%1 is not set under CI; .ci/run starts the servers").arg(variable),
            true};
    return MissingServer{QStringLiteral("%1 not set (scripts/start-test-servers.sh)").arg(variable),
                         false};
}

std::optional<MissingServer> missingServer(const char* variable)
{
    return missingServer(QString::fromLatin1(variable));
}

} // namespace raglens::test
