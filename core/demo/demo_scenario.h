#pragma once
// The scripted sessions of the demo workspace (resources/demo/scenarios.json): who asked
// what, when, and which tool calls each agent step makes. Lookups are real (they run
// against the demo knowledge base); other tools carry a canned result or error.

#include "common/error.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace raglens {

struct DemoToolCall
{
    QString tool;     ///< lookup_knowledge, fetch_metrics, query_logs, ...
    QString query;    ///< lookup_knowledge only
    QString category; ///< lookup_knowledge only; explicit filter
    nlohmann::json params = nlohmann::json::object(); ///< other tools: the agent's arguments
    nlohmann::json result;                            ///< other tools: the canned result
    QString error; ///< other tools: the call fails with this message
};

struct DemoStep
{
    QString agentName;
    qint64 thoughtTokens = 0;
    std::vector<DemoToolCall> toolCalls;
};

/// Optional "feedback": {"satisfied": bool, "comment": "..."} of a run: what the user
/// said about the answer, written to run_feedback after the run.
struct DemoFeedback
{
    bool present = false;
    std::optional<bool> satisfied;
    QString comment;
};

struct DemoRun
{
    QString runId;
    QString question;
    std::vector<DemoStep> steps;
    DemoFeedback feedback;
};

struct DemoSession
{
    QString sessionId;
    QString userId;
    QDateTime startedAt;
    std::vector<DemoRun> runs;
};

struct DemoScenarioSet
{
    int version = 1;
    std::vector<DemoSession> sessions;

    /// Parses scenarios.json; a bad file gives a message naming the session / run at fault.
    static Expected<DemoScenarioSet> parse(const QByteArray& json);
    static Expected<DemoScenarioSet> load(const QString& path);
    /// The scenarios shipped inside the binary (:/raglens/demo/scenarios.json).
    static Expected<DemoScenarioSet> bundled();
};

} // namespace raglens
