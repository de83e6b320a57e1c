#include "audit/tool_boundary.h"

#include "audit/audit_sink.h"
#include "audit/step_tracker.h"
#include "common/logging.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QUuid>

#include <exception>

namespace raglens {

using nlohmann::json;

static QAtomicInteger<int> s_totalAuditFailures;

json Tool::project(const ToolOutput& output) const
{
    if (!output.success)
        return json{{"status", "ERROR"}, {"error_message", output.errorMessage.toStdString()}};
    return output.raw;
}

ToolBoundary::ToolBoundary(AuditSink* sink, StepTracker* tracker, AuditClock clock)
    : m_sink(sink), m_tracker(tracker), m_clock(clock ? std::move(clock) : wallClock())
{}

int ToolBoundary::totalAuditFailures()
{
    return s_totalAuditFailures.loadRelaxed();
}

ToolExecution ToolBoundary::execute(Tool& tool, ToolCall call)
{
    ToolExecution ex;
    if (call.toolName.isEmpty())
        call.toolName = tool.name();
    if (call.toolCallId.isEmpty())
        call.toolCallId =
            m_tracker ? m_tracker->nextToolCallId()
                      : QStringLiteral("call-%1").arg(QUuid::createUuid().toString(QUuid::Id128));
    ex.toolCallId = call.toolCallId;
    // Bound at issue time: the step that asked is the step that owns the invocation.
    if (m_tracker)
        ex.stepId = m_tracker->bindToolCall(call.toolCallId);

    QElapsedTimer timer;
    timer.start();
    try {
        ex.output = tool.run(call);
    } catch (const std::exception& e) {
        ex.output = ToolOutput{false, json(), QString::fromUtf8(e.what())};
    }
    if (!ex.output.success && ex.output.errorMessage.isEmpty())
        ex.output.errorMessage =
            QCoreApplication::translate("ToolBoundary", "The tool %1 failed.").arg(call.toolName);
    try {
        ex.agentResult = tool.project(ex.output);
    } catch (const std::exception& e) {
        ex.agentResult = json{{"status", "ERROR"}, {"error_message", e.what()}};
    }
    ex.durationMs = timer.elapsed();

    if (!m_sink)
        return ex;
    ToolInvocationAuditEvent event;
    event.sessionId = m_tracker ? m_tracker->sessionId() : QString();
    event.runId = m_tracker ? m_tracker->runId() : QString();
    event.stepId = ex.stepId;
    event.toolCallId = call.toolCallId;
    event.toolName = call.toolName;
    event.requestParams = call.params;
    event.rawResult = ex.output.raw;
    event.agentResult = ex.agentResult;
    event.success = ex.output.success;
    event.errorMessage = ex.output.errorMessage;
    event.durationMs = ex.durationMs;
    event.requestBytes = jsonBytes(call.params);
    event.resultBytes = jsonBytes(ex.agentResult);
    event.createdAt = m_clock();

    // The agent's result is already in hand; nothing below may take it away.
    try {
        auto id = m_sink->write(event);
        if (id)
            ex.invocationId = *id;
        else
            ex.auditError = id.error();
    } catch (const std::exception& e) {
        ex.auditError = QString::fromUtf8(e.what());
    }
    if (!ex.auditError.isEmpty()) {
        ++m_auditFailures;
        s_totalAuditFailures.fetchAndAddRelaxed(1);
        qCWarning(lcAudit).noquote()
            << "audit of" << call.toolName << call.toolCallId << "failed:" << ex.auditError;
    }
    return ex;
}

} // namespace raglens
