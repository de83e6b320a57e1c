#include "common/logging.h"

Q_LOGGING_CATEGORY(lcKb, "raglens.kb")
Q_LOGGING_CATEGORY(lcLookup, "raglens.lookup")
Q_LOGGING_CATEGORY(lcAudit, "raglens.audit")
Q_LOGGING_CATEGORY(lcTrace, "raglens.trace")
Q_LOGGING_CATEGORY(lcEval, "raglens.eval")
Q_LOGGING_CATEGORY(lcDemo, "raglens.demo")
Q_LOGGING_CATEGORY(lcUi, "raglens.ui")
