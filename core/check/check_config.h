#pragma once
// The tunable part of an audit check, read from a small JSON rules file:
//   {"maxFindingsPerRule": 50,
//    "rules": {"secrets": {"enabled": true, "highEntropy": true, "minEntropyChars": 32,
//                          "minEntropyBits": 4.3},
//              "run_consistency": {"clockSkewMs": 2000},
//              "input_params_contract": {"maxStringChars": 160, "maxRequestBytes": 16777216}}}
// Every key is optional; an unknown rule or setting is an error, so a typo never silently
// switches nothing off.

#include "common/error.h"

#include <QSet>

namespace raglens::check {

struct CheckConfig
{
    QSet<QString> disabled; ///< rule ids switched off
    int maxFindingsPerRule = 50;
    qint64 clockSkewMs = 2000;
    int maxStringChars = 160;
    qint64 maxRequestBytes = 16LL * 1024 * 1024;
    bool highEntropy = true;
    int minEntropyChars = 32;
    double minEntropyBits = 4.3;
    /// Connections that read and check batches side by side (not in the rules file: a
    /// matter of the machine, not of the rules). The result is the same for any number.
    int checkers = 2;

    bool enabled(const QString& ruleId) const { return !disabled.contains(ruleId); }

    /// The settings of a rules file's text; an error names the key that is wrong.
    static Expected<CheckConfig> fromJson(const QByteArray& text);
    static Expected<CheckConfig> fromFile(const QString& path);
};

} // namespace raglens::check
