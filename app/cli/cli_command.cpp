#include "cli_command.h"

#include "common/input_guard.h"
#include "model/row_id.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>

#include <cstdio>
#include <iostream>
#include <memory>

namespace raglens::cli {

std::map<QString, CommandInfo>& registry()
{
    static std::map<QString, CommandInfo> commands;
    return commands;
}

Registrar::Registrar(const char* name, const char* summary, CommandFn fn)
{
    registry()[QString::fromUtf8(name)] = CommandInfo{summary, std::move(fn)};
}

void printJson(const Context& ctx, const nlohmann::json& j)
{
    // Invalid UTF-8 from a foreign database must not abort the dump.
    const std::string text =
        j.dump(ctx.pretty ? 2 : -1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

int fail(const QString& message)
{
    std::fprintf(stderr, "raglens-cli: %s\n", qPrintable(message));
    return ExitFailure;
}

void warn(const QString& message)
{
    std::fprintf(stderr, "raglens-cli: %s\n", qPrintable(message));
}

std::function<bool(qint64, qint64)> progressOnStderr(std::function<QString(qint64, qint64)> text)
{
    auto lastReport = std::make_shared<QElapsedTimer>();
    lastReport->start();
    auto printed = std::make_shared<qint64>(-1);
    return [text = std::move(text), lastReport, printed](qint64 done, qint64 total) {
        const bool last = total > 0 && done == total;
        if (done != *printed && (lastReport->elapsed() >= 1000 || last)) {
            std::fprintf(stderr, "%s\n", qPrintable(text(done, total)));
            *printed = done;
            lastReport->restart();
        }
        return true;
    };
}

QVariant invocationIdArgument(const QString& text)
{
    // A number as row_id reads one (its plain spelling only): "000860" is bound as the text
    // it is, which an integer column still reads as 860 and a text column compares with its
    // zeros.
    QString stored;
    const std::optional<qint64> n = row_id::read(QVariant(text.trimmed()), &stored);
    return n && row_id::isNumber(*n, stored) ? QVariant(*n) : QVariant(text);
}

int usage(const QCommandLineParser& parser, const QString& message)
{
    if (!message.isEmpty())
        std::fprintf(stderr, "raglens-cli: %s\n", qPrintable(message));
    std::fprintf(stderr, "%s", qPrintable(parser.helpText()));
    return ExitUsage;
}

bool parse(QCommandLineParser& parser, Context& ctx, int& usageExit)
{
    parser.addOption({QStringLiteral("pretty"),
                      QCoreApplication::translate("cli", "Pretty-print the JSON output.")});
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QCoreApplication::translate("cli", "Show this help."));
    parser.addOption(help);
    if (!parser.parse(ctx.args)) {
        usageExit = usage(parser, parser.errorText());
        return false;
    }
    if (parser.isSet(help)) {
        std::fprintf(stdout, "%s", qPrintable(parser.helpText()));
        usageExit = ExitOk;
        return false;
    }
    ctx.pretty = parser.isSet(QStringLiteral("pretty"));
    return true;
}

bool parseOptionsOnly(QCommandLineParser& parser, Context& ctx, int& usageExit)
{
    if (!parse(parser, ctx, usageExit))
        return false;
    if (parser.positionalArguments().isEmpty())
        return true;
    usageExit = usage(parser, QCoreApplication::translate("cli", "unexpected argument '%1'")
                                  .arg(parser.positionalArguments().first()));
    return false;
}

bool requireOption(const QCommandLineParser& parser, const QString& name, QString& value,
                   int& usageExit)
{
    value = parser.value(name);
    if (value.isEmpty()) {
        usageExit = usage(
            parser, QCoreApplication::translate("cli", "missing required option --%1").arg(name));
        return false;
    }
    return true;
}

bool optionalFileOption(const QCommandLineParser& parser, const QString& name, QString& value,
                        int& usageExit)
{
    value = parser.value(name);
    if (parser.isSet(name) && value.isEmpty()) {
        usageExit =
            usage(parser, QCoreApplication::translate("cli", "--%1 needs a file name").arg(name));
        return false;
    }
    return true;
}

Expected<QString> queryArgument(const QCommandLineParser& parser)
{
    const QString query = parser.positionalArguments().join(QLatin1Char(' '));
    if (query != QLatin1String("-"))
        return query;
    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly))
        return Error{QCoreApplication::translate("cli", "cannot read the query from stdin")};
    auto bytes =
        input_guard::readAtMost(in, QCoreApplication::translate("cli", "the query on stdin"));
    if (!bytes)
        return Error{bytes.error()};
    // Without the line end that echo and here-documents add.
    return QString::fromUtf8(*bytes).trimmed();
}

} // namespace raglens::cli
