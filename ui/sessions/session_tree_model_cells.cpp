// Cell contents of SessionTreeModel: what each column shows, sorts by and colours, per kind.
// Sorting uses the raw values (times, numbers, contract strings), never the display text.

#include "sessions/session_tree_model.h"

#include "common/badge_colors.h"
#include "common/display_format.h"
#include "common/trace_fields.h"
#include "interpret/run_facts.h"
#include "model/vocabulary.h"
#include "sessions/session_tree_node.h"

#include <QLocale>

namespace raglens::ui {

namespace {

QString relevanceText(const TraceInvocation& inv)
{
    if (inv.legacyRelevanceLevel)
        return SessionTreeModel::tr("legacy: %1").arg(inv.legacyRelevanceValue);
    return inv.relevanceLevel;
}

QVariant toneVariant(const QString& value)
{
    if (value.isEmpty())
        return {};
    return int(toneOf(value));
}

} // namespace

QVariant SessionTreeModel::displayData(const Node& node, int column) const
{
    switch (node.kind) {
    case Kind::Session:
        return sessionDisplay(node, column);
    case Kind::Run:
        return runDisplay(node, column);
    case Kind::Step:
        return stepDisplay(node, column);
    case Kind::Invocation:
        return invocationDisplay(node, column);
    case Kind::Root:
        break;
    }
    return {};
}

QVariant SessionTreeModel::sessionDisplay(const Node& node, int column) const
{
    const SessionRow& s = node.session();
    switch (column) {
    case NameColumn:
        return s.userId.isEmpty() ? s.sessionId : tr("%1 · %2").arg(s.sessionId, s.userId);
    case OutcomeColumn:
        return s.outcome.label();
    case StartedColumn:
        return displayTime(s.lastStartedAt);
    case ToolCallsColumn:
        return QLocale().toString(s.invocationCount);
    case TokensColumn:
        return QLocale().toString(s.totalTokenCount);
    case EvidenceStatusColumn:
        return s.noEvidenceCount > 0 ? tr("%1 no evidence").arg(s.noEvidenceCount) : QString();
    case SuccessColumn:
        return s.runCount == 1 ? tr("1 run") : tr("%1 runs").arg(s.runCount);
    }
    return {};
}

QVariant SessionTreeModel::runDisplay(const Node& node, int column) const
{
    const TraceRun& r = node.run();
    switch (column) {
    case NameColumn:
        if (r.orphan && r.runId.isEmpty())
            return tr("(no run id) · calls recorded without a run id");
        if (r.orphan)
            return tr("%1 · orphan: its calls have no diagnosis_run row").arg(r.runId);
        return r.question.isEmpty() ? r.runId : tr("%1 · %2").arg(r.runId, r.question.left(80));
    case OutcomeColumn:
        // The run's outcome as its session's is read: a SAFE_FALLBACK report is a FALLBACK
        // whatever release_outcome says (the session row said FALLBACK, this one SUCCESS).
        return interpret::runOutcome(r);
    case ContentTypeColumn:
        return r.contentType;
    case StartedColumn:
        return displayTime(r.startedAt, r.unreadTimes, QLatin1String("started_at"));
    case DurationColumn:
        return displayDuration(msBetween(r.startedAt, r.finishedAt));
    case ToolCallsColumn:
        return displayCount(r.toolCallCount, r.unreadNumbers, QLatin1String("tool_call_count"));
    case TokensColumn:
        return displayCount(r.totalTokenCount, r.unreadNumbers, QLatin1String("total_token_count"));
    case EvidenceStatusColumn:
        // Why the run fell back, once its calls are known; until then what it recorded.
        if (node.cause && node.cause->kind != interpret::FallbackCauseKind::NotFallback)
            return interpret::fallbackCauseLabel(node.cause->kind);
        return r.fallbackReason;
    case SuccessColumn:
        return r.status;
    }
    return {};
}

QVariant SessionTreeModel::stepDisplay(const Node& node, int column) const
{
    const TraceStep& s = node.step();
    switch (column) {
    case NameColumn:
        return stepTitle(s);
    case StartedColumn:
        return displayTime(s.startedAt, s.unreadTimes, QLatin1String("started_at"));
    case DurationColumn:
        return displayDuration(msBetween(s.startedAt, s.finishedAt));
    case ToolCallsColumn:
        return QLocale().toString(int(node.children.size()));
    case TokensColumn:
        return displayCount(s.tokenCount, s.unreadNumbers, QLatin1String("token_count"));
    }
    return {};
}

QVariant SessionTreeModel::invocationDisplay(const Node& node, int column) const
{
    const TraceInvocation& inv = node.invocation();
    switch (column) {
    case NameColumn:
        return tr("#%1 · %2").arg(inv.shownId(), inv.toolName);
    case StartedColumn:
        return displayTime(invocationStart(inv), inv.unreadTimes, QLatin1String("created_at"));
    case DurationColumn:
        return displayDuration(inv.durationMs, inv.unreadNumbers, QLatin1String("duration_ms"));
    case ToolColumn:
        return inv.toolName;
    case RelevanceColumn:
        return relevanceText(inv);
    case SelectedAttemptColumn:
        return node.invocationFacts().selectedAttempt;
    case EvidenceStatusColumn:
        return interpret::evidenceStatusName(node.invocationFacts().evidenceStatus);
    case SuccessColumn:
        return node.invocationFacts().toolFailed ? tr("failed") : tr("ok");
    }
    return {};
}

QVariant SessionTreeModel::sortData(const Node& node, int column) const
{
    switch (node.kind) {
    case Kind::Session: {
        const SessionRow& s = node.session();
        switch (column) {
        case NameColumn:
            return s.sessionId;
        case OutcomeColumn:
            return s.outcome.outcome;
        case StartedColumn:
            return s.lastStartedAt;
        case ToolCallsColumn:
            return s.invocationCount;
        case TokensColumn:
            return s.totalTokenCount;
        case EvidenceStatusColumn:
            return s.noEvidenceCount;
        case SuccessColumn:
            return s.runCount;
        }
        return {};
    }
    case Kind::Run: {
        const TraceRun& r = node.run();
        switch (column) {
        case NameColumn:
            return r.runId;
        case DurationColumn:
            return msBetween(r.startedAt, r.finishedAt);
        case StartedColumn:
            return r.startedAt;
        default:
            break;
        }
        return displayData(node, column);
    }
    case Kind::Step: {
        const TraceStep& s = node.step();
        switch (column) {
        case NameColumn:
            return s.stepIndex;
        case StartedColumn:
            return s.startedAt;
        case DurationColumn:
            return msBetween(s.startedAt, s.finishedAt);
        default:
            break;
        }
        return displayData(node, column);
    }
    case Kind::Invocation: {
        const TraceInvocation& inv = node.invocation();
        switch (column) {
        case NameColumn:
            return inv.storedId(); // a text id sorts by its text, as the store orders it
        case StartedColumn:
            return invocationStart(inv);
        case DurationColumn:
            return inv.durationMs ? QVariant(*inv.durationMs) : QVariant(qint64(-1));
        case RelevanceColumn:
            return inv.relevanceLevel;
        case SuccessColumn:
            return inv.success;
        default:
            break;
        }
        // Remaining invocation columns hold contract strings, which sort as themselves.
        return displayData(node, column);
    }
    case Kind::Root:
        break;
    }
    return {};
}

QVariant SessionTreeModel::toneData(const Node& node, int column) const
{
    switch (node.kind) {
    case Kind::Session:
        if (column == OutcomeColumn)
            return toneVariant(node.session().outcome.outcome);
        if (column == EvidenceStatusColumn && node.session().noEvidenceCount > 0)
            return int(Tone::Critical);
        return {};
    case Kind::Run:
        if (column == OutcomeColumn)
            return toneVariant(interpret::runOutcome(node.run()));
        if (column == ContentTypeColumn)
            return toneVariant(node.run().contentType);
        if (column == EvidenceStatusColumn) {
            if (node.cause && node.cause->kind == interpret::FallbackCauseKind::ToolError)
                return int(Tone::Critical);
            return toneVariant(node.run().fallbackReason);
        }
        if (column == SuccessColumn && node.run().status == vocab::kFailed)
            return int(Tone::Critical);
        return {};
    case Kind::Invocation: {
        const TraceInvocation& inv = node.invocation();
        if (column == RelevanceColumn) {
            if (inv.legacyRelevanceLevel)
                return int(Tone::Neutral);
            return toneVariant(inv.relevanceLevel);
        }
        const interpret::InvocationFacts& facts = node.invocationFacts();
        if (column == SelectedAttemptColumn)
            return toneVariant(facts.selectedAttempt);
        if (column == EvidenceStatusColumn)
            return toneVariant(interpret::evidenceStatusName(facts.evidenceStatus));
        if (column == SuccessColumn && facts.toolFailed)
            return int(Tone::Critical);
        return {};
    }
    default:
        return {};
    }
}

QVariant SessionTreeModel::toolTipData(const Node& node, int column) const
{
    switch (node.kind) {
    case Kind::Session: {
        const SessionRow& s = node.session();
        return tr("Session %1\nUser: %2\nOutcome: %3\nLast question: %4")
            .arg(s.sessionId, s.userId.isEmpty() ? tr("unknown") : s.userId,
                 s.outcome.label().isEmpty() ? tr("unknown") : s.outcome.label(), s.lastQuestion);
    }
    case Kind::Run: {
        const TraceRun& r = node.run();
        QString tip = tr("Run %1\nQuestion: %2\nStatus: %3, outcome: %4")
                          .arg(r.runId, r.question, r.status, interpret::runOutcome(r));
        if (node.cause && !node.cause->sentence.isEmpty())
            tip += QLatin1Char('\n') + tr("Fallback cause: %1").arg(node.cause->sentence);
        else if (!r.fallbackReason.isEmpty())
            tip += QLatin1Char('\n') + tr("Fallback cause (recorded): %1").arg(r.fallbackReason);
        return tip;
    }
    case Kind::Step: {
        const TraceStep& s = node.step();
        return tr("Step %1 (id %2), agent %3")
            .arg(stepIndexText(s), row_id::shown(s.id, s.idText),
                 s.agentName.isEmpty() ? tr("unknown") : s.agentName);
    }
    case Kind::Invocation: {
        const TraceInvocation& inv = node.invocation();
        QString tip = tr("Invocation %1, tool call %2").arg(inv.shownId(), inv.toolCallId);
        if (!inv.outputPreview.isEmpty())
            tip += QLatin1Char('\n') + inv.outputPreview;
        if (inv.legacyRelevanceLevel)
            tip +=
                QLatin1Char('\n') + tr("Legacy row: relevance_level held the evidence status %1.")
                                        .arg(inv.legacyRelevanceValue);
        if (!inv.retrievalDetailsError.isEmpty())
            tip += QLatin1Char('\n') +
                   tr("retrieval_details is malformed: %1").arg(inv.retrievalDetailsError);
        if (!inv.errorMessage.isEmpty())
            tip += QLatin1Char('\n') + tr("Error: %1").arg(inv.errorMessage);
        const interpret::InvocationFacts& facts = node.invocationFacts();
        if (column == SelectedAttemptColumn && !facts.retryReason.isEmpty())
            tip += QLatin1Char('\n') + tr("Retry reason: %1").arg(facts.retryReason);
        if (!facts.verdict.isEmpty())
            tip += QLatin1Char('\n') + facts.verdict;
        return tip.trimmed();
    }
    default:
        return {};
    }
}

} // namespace raglens::ui
