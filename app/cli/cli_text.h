#pragma once
// The translation context of raglens-cli's messages, "cli": one class for every command, so
// lupdate files their strings where the CLI's translator looks for them.

#include <QCoreApplication>

namespace raglens::cli {

struct CliText
{
    Q_DECLARE_TR_FUNCTIONS(cli)
};

} // namespace raglens::cli
