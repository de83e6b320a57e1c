#include "common/trace_fields.h"

namespace raglens::ui {

QDateTime invocationStart(const TraceInvocation& invocation)
{
    if (!invocation.createdAt.isValid())
        return {};
    return invocation.createdAt.addMSecs(-invocation.durationMs.value_or(0));
}

} // namespace raglens::ui
