#include "compare/run_comparison.h"

#include "common/json_qt.h"
#include "interpret/invocation_facts.h"
#include "model/vocabulary.h"
#include "replay/recorded_lookup.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>
#include <set>

namespace raglens::compare {

using json_util::optionalOrNull;
using json_util::stringOrNull;
using nlohmann::json;

namespace {

LookupSide sideOf(const TraceInvocation& inv, const RecordedLookup& rec)
{
    LookupSide s;
    s.invocationId = inv.id;
    s.invocationIdText = inv.idText;
    s.query = rec.query;
    s.queryMayBeTruncated = rec.queryMayBeTruncated;
    s.basis = rec.fromFullTrace ? QStringLiteral("full_trace") : QStringLiteral("rag_lookup_v1");
    const interpret::InvocationFacts facts = interpret::interpretInvocation(inv);
    s.truncation = interpret::truncationLabel(facts.truncation);
    s.truncated = facts.truncation.any;
    s.durationMs = inv.durationMs;
    s.notes = rec.notes;
    return s;
}

bool isLookup(const TraceInvocation& inv)
{
    return interpret::isLookupCall(inv);
}

/// Matches B's calls to A's in order by tool name: each A call takes the first unmatched B
/// call with its tool name after the last match, so a call inserted on one side does not
/// shift every later pair.
std::vector<CallComparison> alignCalls(const std::vector<const TraceInvocation*>& a,
                                       const std::vector<const TraceInvocation*>& b)
{
    std::vector<CallComparison> out;
    size_t nextB = 0;
    const auto onlyB = [&](const TraceInvocation* inv) {
        CallComparison c;
        c.toolName = inv->toolName;
        c.bId = inv->id;
        c.bIdText = inv->idText;
        c.bSuccess = inv->success;
        c.bDurationMs = inv->durationMs;
        out.push_back(c);
    };
    for (const TraceInvocation* ai : a) {
        size_t match = nextB;
        while (match < b.size() && b[match]->toolName != ai->toolName)
            ++match;
        CallComparison c;
        c.toolName = ai->toolName;
        c.aId = ai->id;
        c.aIdText = ai->idText;
        c.aSuccess = ai->success;
        c.aDurationMs = ai->durationMs;
        if (match < b.size()) {
            for (size_t k = nextB; k < match; ++k) // B's calls skipped over: B only
                onlyB(b[k]);
            const TraceInvocation* bi = b[match];
            c.bId = bi->id;
            c.bIdText = bi->idText;
            c.bSuccess = bi->success;
            c.bDurationMs = bi->durationMs;
            if (isLookup(*ai) && isLookup(*bi))
                c.lookup = compareLookups(*ai, *bi);
            nextB = match + 1;
        }
        out.push_back(c);
    }
    for (size_t k = nextB; k < b.size(); ++k)
        onlyB(b[k]);
    return out;
}

RunSide runSideOf(const RunData& d)
{
    RunSide s;
    s.runId = d.run.runId;
    s.sessionId = d.run.sessionId;
    // The outcome every other view gives the run (a SAFE_FALLBACK report is a FALLBACK),
    // else its status.
    s.outcome = interpret::runOutcome(d.run);
    if (s.outcome.isEmpty())
        s.outcome = d.run.status;
    s.question = d.run.question;
    s.cause = interpret::runFallbackCause(d.run, d.invocations);
    s.steps = int(d.steps.size());
    s.calls = int(d.invocations.size());
    if (d.run.startedAt.isValid() && d.run.finishedAt.isValid())
        s.durationMs = d.run.startedAt.msecsTo(d.run.finishedAt);
    return s;
}

/// A run's calls by the step they belong to (by step id), and those bound to no step of
/// this run (none, or a step id it does not have), each group in id order. Apart: a step
/// may well have the id -1 or 0.
struct CallsByStep
{
    std::map<qint64, std::vector<const TraceInvocation*>> bound;
    std::vector<const TraceInvocation*> unbound;
};

CallsByStep callsByStep(const RunData& d)
{
    CallsByStep out;
    std::set<qint64> known;
    for (const TraceStep& s : d.steps)
        known.insert(s.id);
    for (const TraceInvocation& inv : d.invocations) {
        if (inv.stepId && known.count(*inv.stepId))
            out.bound[*inv.stepId].push_back(&inv);
        else
            out.unbound.push_back(&inv);
    }
    const auto byId = [](const TraceInvocation* x, const TraceInvocation* y) {
        return row_id::less(x->id, x->idText, y->id, y->idText);
    };
    for (auto& [step, calls] : out.bound)
        std::sort(calls.begin(), calls.end(), byId);
    std::sort(out.unbound.begin(), out.unbound.end(), byId);
    return out;
}

} // namespace

bool LookupComparison::hasChanges() const
{
    return diff.hasChanges() || queryChanged() || a.truncated != b.truncated;
}

LookupComparison compareLookups(const TraceInvocation& a, const TraceInvocation& b)
{
    const RecordedLookup ra = recordedLookupOf(a);
    const RecordedLookup rb = recordedLookupOf(b);
    LookupComparison c;
    c.a = sideOf(a, ra);
    c.b = sideOf(b, rb);
    c.diff = diffLookups(ra, rb);
    c.diff.invocationId = b.id;
    c.diff.invocationIdText = b.idText;
    c.diff.basis = c.a.basis == c.b.basis ? c.a.basis : QStringLiteral("mixed");
    c.diff.queryMayBeTruncated = ra.queryMayBeTruncated || rb.queryMayBeTruncated;
    return c;
}

static bool indexUnread(const TraceStep& s)
{
    return std::any_of(s.unreadNumbers.begin(), s.unreadNumbers.end(),
                       [](const UnreadCell& u) { return u.column == QLatin1String("step_index"); });
}

/// Steps in index order; a step pairs with the other run's step of the same index and
/// agent, else it is on its side only.
static std::vector<StepComparison> pairSteps(const RunData& a, const RunData& b)
{
    std::vector<const TraceStep*> stepsA, stepsB;
    for (const TraceStep& s : a.steps)
        stepsA.push_back(&s);
    for (const TraceStep& s : b.steps)
        stepsB.push_back(&s);
    const auto byIndex = [](const TraceStep* x, const TraceStep* y) {
        return x->stepIndex != y->stepIndex ? x->stepIndex < y->stepIndex
                                            : row_id::less(x->id, x->idText, y->id, y->idText);
    };
    std::sort(stepsA.begin(), stepsA.end(), byIndex);
    std::sort(stepsB.begin(), stepsB.end(), byIndex);
    std::vector<bool> usedB(stepsB.size(), false);
    std::vector<StepComparison> steps;
    for (const TraceStep* sa : stepsA) {
        StepComparison sc;
        sc.stepIndex = sa->stepIndex;
        sc.stepIndexUnread = indexUnread(*sa);
        sc.agentName = sa->agentName;
        sc.aStepId = sa->id;
        sc.aStepIdText = sa->idText;
        for (size_t k = 0; k < stepsB.size(); ++k)
            if (!usedB[k] && stepsB[k]->stepIndex == sa->stepIndex &&
                stepsB[k]->agentName == sa->agentName) {
                usedB[k] = true;
                sc.bStepId = stepsB[k]->id;
                sc.bStepIdText = stepsB[k]->idText;
                break;
            }
        steps.push_back(sc);
    }
    for (size_t k = 0; k < stepsB.size(); ++k)
        if (!usedB[k]) {
            StepComparison sc;
            sc.stepIndex = stepsB[k]->stepIndex;
            sc.stepIndexUnread = indexUnread(*stepsB[k]);
            sc.agentName = stepsB[k]->agentName;
            sc.bStepId = stepsB[k]->id;
            sc.bStepIdText = stepsB[k]->idText;
            steps.push_back(sc);
        }
    std::stable_sort(steps.begin(), steps.end(),
                     [](const auto& x, const auto& y) { return x.stepIndex < y.stepIndex; });
    return steps;
}

RunComparison compareRuns(const RunData& a, const RunData& b)
{
    RunComparison out;
    out.a = runSideOf(a);
    out.b = runSideOf(b);
    const auto callsA = callsByStep(a);
    const auto callsB = callsByStep(b);
    const auto callsOf = [](const CallsByStep& m, std::optional<qint64> step) {
        if (!step)
            return std::vector<const TraceInvocation*>{};
        auto it = m.bound.find(*step);
        return it == m.bound.end() ? std::vector<const TraceInvocation*>{} : it->second;
    };

    std::vector<StepComparison> steps = pairSteps(a, b);
    for (StepComparison& sc : steps) {
        sc.calls = alignCalls(callsOf(callsA, sc.aStepId), callsOf(callsB, sc.bStepId));
        out.stepsOnlyInA += sc.aStepId && !sc.bStepId;
        out.stepsOnlyInB += sc.bStepId && !sc.aStepId;
    }
    // Calls bound to no step (older agents) are compared as one group of their own, last,
    // without a step on either side.
    if (!callsA.unbound.empty() || !callsB.unbound.empty()) {
        StepComparison unbound;
        unbound.calls = alignCalls(callsA.unbound, callsB.unbound);
        steps.push_back(std::move(unbound));
    }
    for (const StepComparison& sc : steps) {
        for (const CallComparison& c : sc.calls) {
            out.callsOnlyInA += c.onlyInA();
            out.callsOnlyInB += c.onlyInB();
            if (c.lookup) {
                ++out.lookupsCompared;
                out.lookupsChanged += c.lookup->hasChanges();
            }
        }
    }
    out.steps = std::move(steps);
    return out;
}

Expected<RunData> loadRun(const AuditBrowser& browser, const QString& runId)
{
    RunData d;
    auto calls = browser.invocationsOfRun(runId);
    if (!calls)
        return Error{calls.error()};
    auto run = browser.run(runId, true); // as the trace reads it (cmd_diagnose.cpp)
    if (run) {
        d.run = *run;
    } else if (!calls->empty()) {
        d.run.runId = runId;
        d.run.sessionId = calls->front().sessionId;
        d.run.orphan = true;
    } else {
        return Error{QCoreApplication::translate("RunComparison", "No run '%1' in this database.")
                         .arg(runId)};
    }
    auto steps = browser.stepsOfRun(runId);
    if (!steps)
        return Error{steps.error()};
    d.steps = std::move(*steps);
    for (TraceInvocation& call : *calls) {
        if (interpret::isLookupCall(call))
            if (auto full = browser.invocation(call.storedId()))
                call = std::move(*full);
        d.invocations.push_back(std::move(call));
    }
    return d;
}

void to_json(json& j, const LookupSide& v)
{
    j = {{"invocationId", row_id::toJson(v.invocationId, v.invocationIdText)},
         {"query", v.query},
         {"queryMayBeTruncated", v.queryMayBeTruncated},
         {"basis", v.basis},
         {"truncation", v.truncation},
         {"truncated", v.truncated},
         {"durationMs", optionalOrNull(v.durationMs)},
         {"notes", v.notes}};
}

void to_json(json& j, const LookupComparison& v)
{
    j = {{"a", v.a},
         {"b", v.b},
         {"hasChanges", v.hasChanges()},
         {"queryChanged", v.queryChanged()},
         {"diff", diffJson(v.diff, {"a", "b"})}};
}

void to_json(json& j, const CallComparison& v)
{
    j = {{"toolName", v.toolName},
         {"side", v.onlyInA()   ? "a"
                  : v.onlyInB() ? "b"
                                : "both"},
         {"aInvocationId", row_id::toJson(v.aId, v.aIdText)},
         {"bInvocationId", row_id::toJson(v.bId, v.bIdText)},
         {"aSuccess", optionalOrNull(v.aSuccess)},
         {"bSuccess", optionalOrNull(v.bSuccess)},
         {"aDurationMs", optionalOrNull(v.aDurationMs)},
         {"bDurationMs", optionalOrNull(v.bDurationMs)},
         {"lookup", v.lookup ? json(*v.lookup) : json(nullptr)}};
}

void to_json(json& j, const StepComparison& v)
{
    const bool unbound = v.unbound();
    j = {{"stepIndex", unbound ? json(nullptr) : json(v.stepIndex)},
         {"agentName", stringOrNull(v.agentName)},
         {"side", unbound      ? "unbound"
                  : !v.bStepId ? "a"
                  : !v.aStepId ? "b"
                               : "both"},
         {"aStepId", row_id::toJson(v.aStepId, v.aStepIdText)},
         {"bStepId", row_id::toJson(v.bStepId, v.bStepIdText)},
         {"calls", v.calls}};
}

void to_json(json& j, const RunSide& v)
{
    j = {{"runId", v.runId},
         {"sessionId", v.sessionId},
         {"outcome", stringOrNull(v.outcome)},
         {"question", stringOrNull(v.question)},
         {"fallbackCause", v.cause},
         {"steps", v.steps},
         {"calls", v.calls},
         {"durationMs", optionalOrNull(v.durationMs)}};
}

void to_json(json& j, const RunComparison& v)
{
    j = {{"a", v.a},
         {"b", v.b},
         {"lookupsCompared", v.lookupsCompared},
         {"lookupsChanged", v.lookupsChanged},
         {"stepsOnlyInA", v.stepsOnlyInA},
         {"stepsOnlyInB", v.stepsOnlyInB},
         {"callsOnlyInA", v.callsOnlyInA},
         {"callsOnlyInB", v.callsOnlyInB},
         {"steps", v.steps}};
}

} // namespace raglens::compare
