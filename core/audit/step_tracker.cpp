#include "audit/step_tracker.h"

#include "common/logging.h"

namespace raglens {

StepTracker::StepTracker(QString sessionId, QString runId)
    : m_sessionId(std::move(sessionId)), m_runId(std::move(runId))
{}

void StepTracker::stepStarted(qint64 stepId, int stepIndex)
{
    Q_ASSERT(stepId > 0);
    m_current = stepId;
    m_currentIndex = stepIndex;
    m_nextIndex = stepIndex + 1;
    m_toolCallsInStep = 0;
}

void StepTracker::stepFinished()
{
    m_current.reset();
    m_toolCallsInStep = 0;
}

std::optional<qint64> StepTracker::bindToolCall(const QString& toolCallId)
{
    ++m_toolCalls;
    if (!m_current) {
        qCWarning(lcAudit) << "tool call" << toolCallId << "issued outside a step of run"
                           << m_runId;
        return std::nullopt;
    }
    ++m_toolCallsInStep;
    if (!toolCallId.isEmpty())
        m_binding.insert(toolCallId, *m_current);
    return m_current;
}

std::optional<qint64> StepTracker::stepOf(const QString& toolCallId) const
{
    auto it = m_binding.constFind(toolCallId);
    if (it == m_binding.constEnd())
        return std::nullopt;
    return *it;
}

QString StepTracker::nextToolCallId() const
{
    return QStringLiteral("call-%1-%2-%3")
        .arg(m_runId)
        .arg(m_currentIndex < 0 ? m_nextIndex : m_currentIndex)
        .arg(m_toolCallsInStep + 1);
}

} // namespace raglens
