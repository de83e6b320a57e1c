#pragma once
// Run-scoped bookkeeping of which agent_step is active, so that every tool call is bound
// to the step that issued it, even when one run has several steps each with several
// calls. The binding is made when the call is issued (bindToolCall), not when the result
// comes back, and stays queryable by tool_call_id.

#include <QHash>
#include <QString>

#include <optional>

namespace raglens {

class StepTracker
{
public:
    StepTracker(QString sessionId, QString runId);

    const QString& sessionId() const { return m_sessionId; }
    const QString& runId() const { return m_runId; }

    void stepStarted(qint64 stepId, int stepIndex);
    void stepFinished();
    std::optional<qint64> currentStepId() const { return m_current; }
    int currentStepIndex() const { return m_currentIndex; }
    /// The index the next step will get (0-based, continues a resumed run).
    int nextStepIndex() const { return m_nextIndex; }
    void setNextStepIndex(int index) { m_nextIndex = index; }

    /// Binds a tool call to the active step and returns that step (nullopt outside one).
    std::optional<qint64> bindToolCall(const QString& toolCallId);
    std::optional<qint64> stepOf(const QString& toolCallId) const;
    int toolCallCount() const { return m_toolCalls; }
    int toolCallsInCurrentStep() const { return m_toolCallsInStep; }

    /// A tool_call_id unique within the run: "call-<run>-<step index>-<n>".
    QString nextToolCallId() const;

private:
    QString m_sessionId;
    QString m_runId;
    std::optional<qint64> m_current;
    int m_currentIndex = -1;
    int m_nextIndex = 0;
    int m_toolCalls = 0;
    int m_toolCallsInStep = 0;
    QHash<QString, qint64> m_binding;
};

} // namespace raglens
