#include "demo/demo_scenario.h"

#include "common/json_qt.h"
#include "model/vocabulary.h"

#include <QCoreApplication>
#include <QFile>
#include <QSet>

namespace raglens {

using json_util::value;
using nlohmann::json;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(DemoScenarioSet)
};

} // namespace

static Expected<DemoToolCall> parseToolCall(const json& j, const QString& where)
{
    DemoToolCall c;
    c.tool = value<QString>(j, "tool");
    if (c.tool.isEmpty())
        return Error{Tr::tr("%1: a tool call has no \"tool\".").arg(where)};
    if (c.tool == vocab::kLookupKnowledge) {
        c.query = value<QString>(j, "query");
        c.category = value<QString>(j, "category");
        if (c.query.trimmed().isEmpty())
            return Error{Tr::tr("%1: a lookup_knowledge call has no query.").arg(where)};
        return c;
    }
    if (j.contains("params") && j.at("params").is_object())
        c.params = j.at("params");
    if (j.contains("result"))
        c.result = j.at("result");
    c.error = value<QString>(j, "error");
    return c;
}

Expected<DemoScenarioSet> DemoScenarioSet::parse(const QByteArray& bytes)
{
    const json root = json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr,
                                  /*allow_exceptions=*/false);
    if (root.is_discarded() || !root.is_object())
        return Error{Tr::tr("The scenario file is not a JSON object.")};
    DemoScenarioSet set;
    set.version = value<int>(root, "version", 1);
    if (set.version != 1)
        return Error{Tr::tr("Unsupported scenario file version %1.").arg(set.version)};
    if (!root.contains("sessions") || !root.at("sessions").is_array())
        return Error{Tr::tr("The scenario file has no \"sessions\" array.")};
    QSet<QString> runIds;
    QSet<QString> sessionIds;
    for (const json& sj : root.at("sessions")) {
        DemoSession s;
        s.sessionId = value<QString>(sj, "session_id");
        s.userId = value<QString>(sj, "user_id");
        s.startedAt = json_util::parseIsoUtc(value<QString>(sj, "started_at"));
        if (s.sessionId.isEmpty())
            return Error{Tr::tr("A session has no session_id.")};
        if (sessionIds.contains(s.sessionId))
            return Error{Tr::tr("Session %1 appears twice.").arg(s.sessionId)};
        sessionIds.insert(s.sessionId);
        if (!s.startedAt.isValid())
            return Error{Tr::tr("Session %1 has no valid started_at.").arg(s.sessionId)};
        if (!sj.contains("runs") || !sj.at("runs").is_array())
            return Error{Tr::tr("Session %1 has no runs.").arg(s.sessionId)};
        for (const json& rj : sj.at("runs")) {
            DemoRun r;
            r.runId = value<QString>(rj, "run_id");
            r.question = value<QString>(rj, "question");
            if (r.runId.isEmpty())
                return Error{Tr::tr("A run of session %1 has no run_id.").arg(s.sessionId)};
            if (runIds.contains(r.runId))
                return Error{Tr::tr("Run %1 appears twice.").arg(r.runId)};
            runIds.insert(r.runId);
            if (!rj.contains("steps") || !rj.at("steps").is_array())
                return Error{Tr::tr("Run %1 has no steps.").arg(r.runId)};
            for (const json& stj : rj.at("steps")) {
                DemoStep st;
                st.agentName = value<QString>(stj, "agent_name");
                st.thoughtTokens = qMax<qint64>(0, value<qint64>(stj, "thought_tokens"));
                const QString where = Tr::tr("run %1, step %2").arg(r.runId).arg(r.steps.size());
                if (stj.contains("tool_calls") && stj.at("tool_calls").is_array()) {
                    for (const json& cj : stj.at("tool_calls")) {
                        auto call = parseToolCall(cj, where);
                        if (!call)
                            return Error{call.error()};
                        st.toolCalls.push_back(*call);
                    }
                }
                r.steps.push_back(std::move(st));
            }
            if (rj.contains("feedback") && rj.at("feedback").is_object()) {
                const json& fj = rj.at("feedback");
                r.feedback.present = true;
                r.feedback.satisfied = json_util::optionalValue<bool>(fj, "satisfied");
                r.feedback.comment = value<QString>(fj, "comment");
            }
            s.runs.push_back(std::move(r));
        }
        set.sessions.push_back(std::move(s));
    }
    return set;
}

Expected<DemoScenarioSet> DemoScenarioSet::load(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{Tr::tr("Cannot read %1: %2").arg(path, f.errorString())};
    auto set = parse(f.readAll());
    if (!set)
        return Error{QStringLiteral("%1: %2").arg(path, set.error())};
    return set;
}

Expected<DemoScenarioSet> DemoScenarioSet::bundled()
{
    return load(QStringLiteral(":/raglens/demo/scenarios.json"));
}

} // namespace raglens
