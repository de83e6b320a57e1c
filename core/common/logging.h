#pragma once
// Named logging categories. Quiet by default (warnings only) so the CLI keeps stderr for
// messages meant for the user; enable with QT_LOGGING_RULES="raglens.*=true".

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcKb)
Q_DECLARE_LOGGING_CATEGORY(lcLookup)
Q_DECLARE_LOGGING_CATEGORY(lcAudit)
Q_DECLARE_LOGGING_CATEGORY(lcTrace)
Q_DECLARE_LOGGING_CATEGORY(lcEval)
Q_DECLARE_LOGGING_CATEGORY(lcDemo)
Q_DECLARE_LOGGING_CATEGORY(lcUi)
