#include "support/cli_runner.h"

#include <QDir>
#include <QFile>
#include <QProcess>

namespace raglens::test {

CliResult runCli(const QStringList& args, const QByteArray& stdinData,
                 const QProcessEnvironment& env)
{
    CliResult r;
    QProcess p;
    // Tests read the CLI's messages in English whatever the machine's locale, unless a test
    // asks for a language.
    QProcessEnvironment withLanguage = env;
    if (!withLanguage.contains(QStringLiteral("RAGLENS_LANG")))
        withLanguage.insert(QStringLiteral("RAGLENS_LANG"), QStringLiteral("en"));
    p.setProcessEnvironment(withLanguage);
    p.start(QStringLiteral(RAGLENS_CLI_PATH), args);
    if (!p.waitForStarted(10000))
        return r;
    if (!stdinData.isEmpty())
        p.write(stdinData);
    p.closeWriteChannel();
    p.waitForFinished(240000);
    r.crashed = p.exitStatus() == QProcess::CrashExit;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    r.json = nlohmann::json::parse(r.out.toStdString(), nullptr, /*allow_exceptions=*/false);
    if (r.json.is_discarded())
        r.json = nullptr;
    return r;
}

QString fixturePath(const QString& relative)
{
    return QDir(QStringLiteral(RAGLENS_FIXTURES_DIR)).filePath(relative);
}

nlohmann::json readJsonFixture(const QString& relative)
{
    QFile f(fixturePath(relative));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(relative));
    return nlohmann::json::parse(f.readAll().toStdString());
}

QString sourcePath(const QString& relative)
{
    return QDir(QStringLiteral(RAGLENS_SOURCE_DIR)).filePath(relative);
}

QString makeDemoWorkspace(const QString& dir, QString* error)
{
    const CliResult demo = runCli({QStringLiteral("demo"), QStringLiteral("--workspace"), dir});
    if (demo.exitCode != 0) {
        if (error)
            *error = QString::fromUtf8(demo.err);
        return {};
    }
    return dir + QStringLiteral("/audit.db");
}

} // namespace raglens::test
