// run consistency: a run's tool_call_count and total_token_count match its rows, a FALLBACK
// run records its cause, its calls name its session, and times nest (run ⊇ steps ⊇ calls)
// within a clock-skew tolerance.

#include "check/check_rules.h"

#include "interpret/run_facts.h"
#include "model/vocabulary.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>

namespace raglens::check {

namespace {

class RunConsistency
{
    Q_DECLARE_TR_FUNCTIONS(RunConsistency)
public:
    static void run(const RunBatch& batch, const SchemaView& schema, const ScopeFacts& facts,
                    const CheckConfig& config, RuleResult& result);

private:
    /// Compares times with the tolerated clock skew between writers.
    struct Clock
    {
        qint64 skewMs = 0;
        /// a is later than b by more than the tolerance; both must be known
        bool after(const QDateTime& a, const QDateTime& b) const
        {
            return a.isValid() && b.isValid() && b.msecsTo(a) > skewMs;
        }
    };
    using Steps = std::vector<const TraceStep*>;
    using Calls = std::vector<const TraceInvocation*>;
    /// The run row's own promises: counts, tokens, fallback reason, start before finish.
    static void checkRunRow(const TraceRun& run, const Steps& steps, const Calls& calls,
                            const SchemaView& schema, const Clock& clock, RuleResult& result);
    static void checkStepTimes(const TraceRun& run, const Steps& steps, const Clock& clock,
                               RuleResult& result);
    static void checkCallTimes(const TraceRun& run, const Steps& steps, const Calls& calls,
                               const Clock& clock, RuleResult& result);
    /// Calls that name another session than their run row: every view shows them under the
    /// run's session, not the one they name.
    static void checkCallSessions(const TraceRun& run, const Calls& calls, RuleResult& result);
    /// Names each cell of the run, its steps and its calls that `cellsOf` lists for the row
    /// (its unreadTimes: a time cell that reads as no time; its unreadNumbers: a number cell
    /// its column does not accept, a count below 0 or past its type, a duration past 10^12
    /// ms, text), in the words of `describe`.
    template <typename CellsOf>
    static void checkUnread(const TraceRun& run, const Steps& steps, const Calls& calls,
                            CellsOf cellsOf, QString (*describe)(const UnreadCell&),
                            RuleResult& result);
    static QString unreadTime(const UnreadTime& t);
    static QString unreadNumber(const UnreadCell& c);
};

/// The row's cells that read as no time, and those holding no number their column accepts.
const auto unreadTimesOf = [](const auto& row) -> const UnreadCells& { return row.unreadTimes; };
const auto unreadNumbersOf = [](const auto& row) -> const UnreadCells& {
    return row.unreadNumbers;
};

bool holdsUnread(const UnreadCells& cells, QLatin1String column)
{
    return std::any_of(cells.begin(), cells.end(),
                       [&](const UnreadCell& c) { return c.column == column; });
}

QString iso(const QDateTime& t)
{
    return t.toUTC().toString(Qt::ISODateWithMs);
}

void RunConsistency::run(const RunBatch& batch, const SchemaView& schema, const ScopeFacts& facts,
                         const CheckConfig& config, RuleResult& result)
{
    const Clock clock{config.clockSkewMs};
    QSet<QString> repeatedSeen;
    for (const TraceRun& run : batch.runs) {
        if (run.orphan) {
            // No run row: nothing it promised, but its calls' own cells are read.
            checkUnread(run, {}, batch.callsOf(run.runId), unreadTimesOf, &unreadTime, result);
            continue;
        }
        ++result.checked;
        if (const auto n = facts.repeatedRunIds.constFind(run.runId);
            n != facts.repeatedRunIds.constEnd()) {
            if (repeatedSeen.contains(run.runId))
                continue; // the same run's other row: reported once
            repeatedSeen.insert(run.runId);
            result.fail(runFinding(
                run.runId,
                (facts.lastRunRowRead
                     ? tr("run_id is held by %1 diagnosis_run rows: the table has no key on "
                          "run_id; RagLens reads the last row written, the others are not shown")
                     : tr("run_id is held by %1 diagnosis_run rows: the table has no key on "
                          "run_id, and every count joined through it is multiplied"))
                    .arg(*n)));
        }
        const Steps& steps = batch.stepsOf(run.runId);
        const Calls& calls = batch.callsOf(run.runId);
        checkRunRow(run, steps, calls, schema, clock, result);
        checkStepTimes(run, steps, clock, result);
        checkCallTimes(run, steps, calls, clock, result);
        checkCallSessions(run, calls, result);
        checkUnread(run, steps, calls, unreadTimesOf, &unreadTime, result);
        checkUnread(run, steps, calls, unreadNumbersOf, &unreadNumber, result);
    }
    if (result.checked == 0)
        result.notApplicable(tr("no run rows in scope"));
}

void RunConsistency::checkRunRow(const TraceRun& run, const Steps& steps, const Calls& calls,
                                 const SchemaView& schema, const Clock& clock, RuleResult& result)
{
    const auto failRun = [&](const QString& reason) { result.fail(runFinding(run.runId, reason)); };
    const bool finished = run.status != vocab::kRunning && run.finishedAt.isValid();
    if (schema.hasToolCallCount && finished &&
        !holdsUnread(run.unreadNumbers, QLatin1String("tool_call_count")) &&
        run.toolCallCount != qint64(calls.size()))
        failRun(tr("tool_call_count is %1 but the run has %n invocation(s)", "", int(calls.size()))
                    .arg(run.toolCallCount));
    const bool stepTokensRead = std::none_of(steps.begin(), steps.end(), [](const TraceStep* s) {
        return holdsUnread(s->unreadNumbers, QLatin1String("token_count"));
    });
    if (schema.hasTokenCounts && finished && !steps.empty() && stepTokensRead &&
        !holdsUnread(run.unreadNumbers, QLatin1String("total_token_count"))) {
        // Added without overflow: two counts near the end of the range are no sum to compare.
        qint64 tokens = 0;
        bool overflow = false;
        for (const TraceStep* s : steps)
            overflow |= __builtin_add_overflow(tokens, s->tokenCount, &tokens);
        if (!overflow && tokens != run.totalTokenCount)
            failRun(tr("total_token_count is %1 but its steps add up to %2")
                        .arg(run.totalTokenCount)
                        .arg(tokens));
    }
    for (const QString& respelled : run.respelled)
        failRun(respelled);
    // The outcome every view reads (a SAFE_FALLBACK report is a FALLBACK): a run only its
    // content type calls a fallback owes its reason too.
    if (interpret::isFallbackRun(run) && schema.hasFallbackReason &&
        run.fallbackReason.trimmed().isEmpty())
        failRun(tr("a FALLBACK run without a fallback_reason"));
    if (!run.releaseOutcome.isEmpty() && run.releaseOutcome != vocab::kFallback &&
        vocab::canonicalWord(run.contentType, vocab::contentTypes()) == vocab::kSafeFallback)
        failRun(tr("release_outcome is %1 but content_type is SAFE_FALLBACK: every view reads "
                   "the run as a FALLBACK")
                    .arg(run.releaseOutcome));
    if (clock.after(run.startedAt, run.finishedAt))
        failRun(tr("finished_at %1 is before started_at %2")
                    .arg(iso(run.finishedAt), iso(run.startedAt)));
}

void RunConsistency::checkStepTimes(const TraceRun& run, const Steps& steps, const Clock& clock,
                                    RuleResult& result)
{
    for (const TraceStep* s : steps) {
        RuleFinding f = stepFinding(*s, run.runId);
        if (clock.after(run.startedAt, s->startedAt))
            f.reason =
                tr("starts at %1, before its run (%2)").arg(iso(s->startedAt), iso(run.startedAt));
        else if (clock.after(s->finishedAt, run.finishedAt))
            f.reason = tr("finishes at %1, after its run (%2)")
                           .arg(iso(s->finishedAt), iso(run.finishedAt));
        else if (clock.after(s->startedAt, s->finishedAt))
            f.reason = tr("finishes at %1, before it starts (%2)")
                           .arg(iso(s->finishedAt), iso(s->startedAt));
        if (!f.reason.isEmpty())
            result.fail(f);
    }
}

void RunConsistency::checkCallTimes(const TraceRun& run, const Steps& steps, const Calls& calls,
                                    const Clock& clock, RuleResult& result)
{
    QHash<qint64, const TraceStep*> stepById;
    for (const TraceStep* s : steps)
        stepById.insert(s->id, s);
    for (const TraceInvocation* call : calls) {
        RuleFinding f = callFinding(*call, run.runId);
        const TraceStep* step = call->stepId ? stepById.value(*call->stepId) : nullptr;
        if (clock.after(run.startedAt, call->createdAt))
            f.reason = tr("written at %1, before its run started (%2)")
                           .arg(iso(call->createdAt), iso(run.startedAt));
        else if (clock.after(call->createdAt, run.finishedAt))
            f.reason = tr("written at %1, after its run finished (%2)")
                           .arg(iso(call->createdAt), iso(run.finishedAt));
        else if (step && clock.after(step->startedAt, call->createdAt))
            f.reason = tr("written at %1, before its step started (%2)")
                           .arg(iso(call->createdAt), iso(step->startedAt));
        else if (step && clock.after(call->createdAt, step->finishedAt))
            f.reason = tr("written at %1, after its step finished (%2)")
                           .arg(iso(call->createdAt), iso(step->finishedAt));
        if (!f.reason.isEmpty())
            result.fail(f);
    }
}

void RunConsistency::checkCallSessions(const TraceRun& run, const Calls& calls, RuleResult& result)
{
    // A run row without a session is reported once for the database (sessionlessRuns); its
    // calls show under their own sessions.
    if (run.sessionId.isNull())
        return;
    for (const TraceInvocation* call : calls)
        if (!call->sessionId.isNull() && call->sessionId != run.sessionId)
            result.fail(callFinding(*call, run.runId,
                                    tr("names session '%1', but its run belongs to session "
                                       "'%2': it is shown there, not under '%1'")
                                        .arg(call->sessionId, run.sessionId)));
}

QString RunConsistency::unreadTime(const UnreadTime& t)
{
    // Where a list puts it depends on the store: a server orders text times by their text;
    // SQLite by the text of a word, and a number or a date only julianday() reads (0,
    // "2099-02-30") after every time (SqlDialect::keptAsNoTime()).
    return tr("%1 holds '%2', which reads as no time: it is shown as it is, time windows leave it "
              "out and lists place it by its text or after every time")
        .arg(t.column, t.raw);
}

QString RunConsistency::unreadNumber(const UnreadCell& c)
{
    if (c.column == QLatin1String("duration_ms"))
        return tr("%1: '%2' is not a duration in milliseconds (from 0 to 10^12): it is shown as "
                  "none and health's latencies leave it out")
            .arg(c.column, c.raw);
    if (c.column.endsWith(QLatin1String("match_count")))
        return tr("%1: '%2' is not a count (a whole number from 0): it is shown as none")
            .arg(c.column, c.raw);
    return tr("%1: '%2' is not a count (a whole number from 0): it is read as 0")
        .arg(c.column, c.raw);
}

template <typename CellsOf>
void RunConsistency::checkUnread(const TraceRun& run, const Steps& steps, const Calls& calls,
                                 CellsOf cellsOf, QString (*describe)(const UnreadCell&),
                                 RuleResult& result)
{
    if (!run.orphan)
        for (const UnreadCell& c : cellsOf(run))
            result.fail(runFinding(run.runId, describe(c)));
    for (const TraceStep* s : steps)
        for (const UnreadCell& c : cellsOf(*s))
            result.fail(stepFinding(*s, run.runId, describe(c)));
    for (const TraceInvocation* call : calls)
        for (const UnreadCell& c : cellsOf(*call))
            result.fail(callFinding(*call, run.runId, describe(c)));
}

} // namespace

void checkRunConsistency(const RunBatch& batch, const SchemaView& schema, const ScopeFacts& facts,
                         const CheckConfig& config, RuleResult& result)
{
    RunConsistency::run(batch, schema, facts, config, result);
}

} // namespace raglens::check
