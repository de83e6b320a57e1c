#include "common/logging.h"

Q_LOGGING_CATEGORY(lcKb, "raglens.kb", QtWarningMsg)
Q_LOGGING_CATEGORY(lcLookup, "raglens.lookup", QtWarningMsg)
Q_LOGGING_CATEGORY(lcAudit, "raglens.audit", QtWarningMsg)
Q_LOGGING_CATEGORY(lcTrace, "raglens.trace", QtWarningMsg)
Q_LOGGING_CATEGORY(lcEval, "raglens.eval", QtWarningMsg)
Q_LOGGING_CATEGORY(lcDemo, "raglens.demo", QtWarningMsg)
Q_LOGGING_CATEGORY(lcUi, "raglens.ui", QtWarningMsg)
