#include "report/session_report.h"

#include "diagnostics/invocation_findings.h"
#include "interpret/invocation_facts.h"
#include "interpret/run_facts.h"
#include "interpret/trace_interpretation.h"
#include "kb/knowledge_base.h"
#include "replay/recorded_lookup.h"
#include "report/attempt_svg.h"
#include "report/html_text.h"
#include "report/report_style.h"

#include <QCoreApplication>
#include <QLocale>

#include <map>

namespace raglens {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(SessionReport)
};

using report::badge;
using report::element;
using report::esc;
using report::toneOf;

QString timeText(const QDateTime& t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODate) : QStringLiteral("—");
}

/// <dt>name</dt><dd>value</dd>, the value escaped; nothing for an empty value.
QString fact(const QString& name, const QString& value)
{
    if (value.isEmpty())
        return {};
    return element(QStringLiteral("dt"), name) + element(QStringLiteral("dd"), value);
}

QString header(const DiagnosisTraceResponse& trace, const ReportOptions& options)
{
    const QDateTime at =
        options.generatedAt.isValid() ? options.generatedAt : QDateTime::currentDateTimeUtc();
    QString h = QStringLiteral("<header>");
    h += element(QStringLiteral("h1"),
                 options.runId.isEmpty()
                     ? Tr::tr("Session %1").arg(trace.sessionId)
                     : Tr::tr("Run %1 of session %2").arg(options.runId, trace.sessionId));
    h += element(
        QStringLiteral("p"),
        Tr::tr("Read from %1 · generated %2 by RagLens").arg(options.databaseDisplay, timeText(at)),
        QStringLiteral("meta"));
    h += element(QStringLiteral("p"),
                 Tr::tr("This report holds only what the audit database recorded for this "
                        "session — the tool input parameters were sanitised when they were "
                        "recorded — and, where the local knowledge base has them, the text "
                        "of the evidence chunks. It contains no script and loads nothing."),
                 QStringLiteral("notice"));
    for (const QString& note : options.schemaNotes)
        h += element(QStringLiteral("p"), note, QStringLiteral("notice"));
    return h + QStringLiteral("</header>");
}

QString summary(const DiagnosisTraceResponse& trace)
{
    const interpret::SessionOutcome outcome = interpret::sessionOutcome(trace.runs);
    int lookups = 0;
    int empty = 0;
    for (const TraceInvocation& inv : trace.toolInvocations) {
        const interpret::InvocationFacts facts = interpret::interpretInvocation(inv);
        lookups += facts.isLookup ? 1 : 0;
        empty += facts.evidenceStatus == interpret::EvidenceStatus::NoEvidence ? 1 : 0;
    }
    QString s = QStringLiteral("<section class=\"summary\"><p>");
    s += esc(Tr::tr("Session outcome:")) +
         badge(outcome.outcome.isEmpty() ? Tr::tr("not finished") : outcome.label(),
               toneOf(outcome.outcome));
    s += QStringLiteral("</p>");
    s += element(QStringLiteral("p"), Tr::tr("Runs: %1 · tool calls: %2 · lookups: %3 · "
                                             "lookups without evidence: %4")
                                          .arg(trace.runs.size())
                                          .arg(trace.toolInvocations.size())
                                          .arg(lookups)
                                          .arg(empty));
    return s + QStringLiteral("</section>");
}

QString evidenceList(const RecordedLookup& lookup, const KnowledgeBase* kb, SessionReport& counts)
{
    if (lookup.evidence.empty())
        return element(QStringLiteral("p"), Tr::tr("No evidence was returned."),
                       QStringLiteral("muted"));
    QString out = QStringLiteral("<ol class=\"evidence\">");
    for (const RecordedEvidence& e : lookup.evidence) {
        out += QStringLiteral("<li>") + element(QStringLiteral("code"), e.evidenceKey);
        if (e.quality)
            out +=
                esc(QStringLiteral(" · ") + Tr::tr("quality %1").arg(report::number(e.quality, 3)));
        const std::optional<KbChunk> chunk = kb ? kb->chunk(e.evidenceKey) : std::nullopt;
        if (chunk) {
            ++counts.evidenceTexts;
            out += QStringLiteral("<details open><summary>") +
                   esc(chunk->heading.isEmpty() ? chunk->source : chunk->heading) +
                   QStringLiteral("</summary>") +
                   element(QStringLiteral("blockquote"), chunk->content) +
                   QStringLiteral("</details>");
        } else {
            ++counts.evidenceMissing;
            out += element(QStringLiteral("span"),
                           kb ? Tr::tr(" — not in the local knowledge base (changed or another "
                                       "knowledge base)")
                              : Tr::tr(" — no knowledge base was given for the chunk text"),
                           QStringLiteral("muted"));
        }
        out += QStringLiteral("</li>");
    }
    return out + QStringLiteral("</ol>");
}

QString findingsList(const InvocationDiagnosis& diagnosis)
{
    if (diagnosis.findings.empty())
        return element(QStringLiteral("p"), Tr::tr("No finding."), QStringLiteral("muted"));
    QString out = QStringLiteral("<ul>");
    for (const Finding& f : diagnosis.findings) {
        out += QStringLiteral("<li class=\"finding %1\">").arg(esc(f.severity)) +
               badge(f.severity, toneOf(f.severity)) + QLatin1Char(' ') + esc(f.message);
        if (!f.suggestion.isEmpty())
            out += QStringLiteral("<br>") +
                   element(QStringLiteral("span"), f.suggestion, QStringLiteral("muted"));
        out += QStringLiteral("</li>");
    }
    return out + QStringLiteral("</ul>");
}

QString lookupFacts(const interpret::InvocationFacts& facts, const TraceInvocation& inv,
                    const RecordedLookup& lookup)
{
    const RetrievalDetailsV1& d = inv.details;
    QStringList hints = d.l0Domains;
    if (!d.l0MatchedKeywords.isEmpty())
        hints << Tr::tr("keywords: %1").arg(d.l0MatchedKeywords.join(QStringLiteral(", ")));
    QString query = lookup.query;
    if (lookup.queryMayBeTruncated && !query.isEmpty())
        query += QLatin1Char(' ') + Tr::tr("(preview; the audit row keeps 160 characters)");
    QString out = QStringLiteral("<dl class=\"facts\">");
    out += fact(Tr::tr("Query"), query);
    out += fact(Tr::tr("L0 hints"), hints.join(QStringLiteral(" · ")));
    out += fact(Tr::tr("Category filter"), facts.categoryFilter);
    out += fact(Tr::tr("Search mode"), facts.searchMode);
    out += fact(Tr::tr("Selected attempt"), facts.selectedAttempt);
    out += fact(Tr::tr("Retry reason"), facts.retryReason);
    out += fact(Tr::tr("Candidates / blocks / given"),
                QStringLiteral("%1 / %2 / %3")
                    .arg(report::count(facts.candidateCount), report::count(facts.blockCount),
                         report::count(facts.returnedCount)));
    out += fact(Tr::tr("Truncation"), interpret::truncationLabel(facts.truncation));
    out += fact(Tr::tr("Duration"),
                facts.durationMs ? Tr::tr("%1 ms").arg(*facts.durationMs, 0, 'f', 0) : QString());
    return out + QStringLiteral("</dl>");
}

QString callArticle(const TraceInvocation& inv, std::optional<qint64> stepTokens,
                    const KnowledgeBase* kb, SessionReport& counts)
{
    const interpret::InvocationFacts facts = interpret::interpretInvocation(inv);
    QString out =
        QStringLiteral("<article class=\"call\" id=\"call-%1\"><h3>").arg(esc(inv.shownId()));
    out += esc(QStringLiteral("#%1 %2").arg(inv.shownId(), inv.toolName));
    if (facts.isLookup) {
        const QString status = interpret::evidenceStatusName(facts.evidenceStatus);
        out += badge(status, toneOf(status));
        out += badge(facts.relevanceLevel.isEmpty() ? Tr::tr("no relevance level")
                                                    : facts.relevanceLevel,
                     toneOf(facts.relevanceLevel));
    } else {
        out += badge(inv.success ? Tr::tr("succeeded") : Tr::tr("failed"),
                     inv.success ? QStringLiteral("good") : QStringLiteral("bad"));
    }
    out += QStringLiteral("</h3>");
    out += element(QStringLiteral("p"), facts.verdict, QStringLiteral("verdict"));
    if (!inv.errorMessage.isEmpty())
        out += element(QStringLiteral("p"), Tr::tr("Error: %1").arg(inv.errorMessage),
                       QStringLiteral("cause"));
    if (facts.detailsMalformed)
        out += element(QStringLiteral("p"),
                       Tr::tr("retrieval_details could not be read (%1); its text as stored:")
                           .arg(facts.detailsError)) +
               element(QStringLiteral("pre"), inv.retrievalDetailsRaw);
    if (facts.isLookup) {
        ++counts.lookups;
        const RecordedLookup lookup = recordedLookupOf(inv);
        out += lookupFacts(facts, inv, lookup);
        out += element(QStringLiteral("h4"), Tr::tr("Attempts"));
        out += report::attemptTimelineSvg(facts);
        out += element(QStringLiteral("h4"), Tr::tr("Evidence"));
        out += evidenceList(lookup, kb, counts);
    }
    out += element(QStringLiteral("h4"), Tr::tr("Findings"));
    out += findingsList(diagnoseInvocation(inv, stepTokens));
    return out + QStringLiteral("</article>");
}

QString stepsTable(const std::vector<const TraceStep*>& steps,
                   const std::map<qint64, int>& callsPerStep)
{
    if (steps.empty())
        return {};
    QString out = QStringLiteral("<table><thead><tr>");
    for (const QString& h : {Tr::tr("Step"), Tr::tr("Agent"), Tr::tr("Started"), Tr::tr("Tokens"),
                             Tr::tr("Tool calls")})
        out += element(QStringLiteral("th"), h);
    out += QStringLiteral("</tr></thead><tbody>");
    for (const TraceStep* s : steps) {
        const auto calls = callsPerStep.find(s->id);
        out += QStringLiteral("<tr>") +
               element(QStringLiteral("td"), QString::number(s->stepIndex)) +
               element(QStringLiteral("td"), s->agentName) +
               element(QStringLiteral("td"), timeText(s->startedAt)) +
               element(QStringLiteral("td"), QString::number(s->tokenCount)) +
               element(QStringLiteral("td"),
                       QString::number(calls == callsPerStep.end() ? 0 : calls->second)) +
               QStringLiteral("</tr>");
    }
    return out + QStringLiteral("</tbody></table>");
}

QString runHeading(const TraceRun& run, const std::vector<TraceInvocation>& calls)
{
    QString out = QStringLiteral("<h2>") + esc(run.runId.isEmpty() && run.orphan
                                                   ? Tr::tr("Calls without a run id")
                                                   : Tr::tr("Run %1").arg(run.runId));
    const QString outcome = interpret::runOutcome(run);
    out += badge(outcome.isEmpty() ? Tr::tr("no outcome") : outcome, toneOf(outcome));
    if (run.orphan)
        out += badge(Tr::tr("no run row"), QStringLiteral("warn"));
    out += QStringLiteral("</h2><dl class=\"facts\">");
    out += fact(Tr::tr("Question"), run.question);
    out += fact(Tr::tr("User"), run.userId);
    out += fact(Tr::tr("Status"), run.status);
    out += fact(Tr::tr("Started"), timeText(run.startedAt));
    out +=
        fact(Tr::tr("Finished"), run.finishedAt.isValid() ? timeText(run.finishedAt) : QString());
    out += QStringLiteral("</dl>");
    const interpret::RunFallbackCause cause = interpret::runFallbackCause(run, calls);
    if (!cause.sentence.isEmpty())
        out += element(QStringLiteral("p"), cause.sentence, QStringLiteral("cause"));
    return out;
}

QString runSection(const TraceRun& run, const DiagnosisTraceResponse& trace,
                   const KnowledgeBase* kb, SessionReport& counts, int ordinal)
{
    std::vector<TraceInvocation> calls;
    for (const TraceInvocation& inv : trace.toolInvocations)
        if (inv.runId == run.runId)
            calls.push_back(inv);
    std::vector<const TraceStep*> steps;
    std::map<qint64, qint64> tokensOfStep;
    for (const TraceStep& s : trace.steps)
        if (s.runId == run.runId) {
            steps.push_back(&s);
            tokensOfStep[s.id] = s.tokenCount;
        }
    std::map<qint64, int> callsPerStep;
    for (const TraceInvocation& inv : calls)
        if (inv.stepId)
            ++callsPerStep[*inv.stepId];
    // Anchors are numbered: a run id may hold any text.
    QString out = QStringLiteral("<section class=\"run\" id=\"run-%1\">").arg(ordinal);
    out += runHeading(run, calls);
    out += stepsTable(steps, callsPerStep);
    for (const RunFeedback& f : trace.feedback) {
        if (f.runId != run.runId)
            continue;
        const QString rating = !f.satisfied   ? Tr::tr("Rated without a verdict")
                               : *f.satisfied ? Tr::tr("Rated helpful")
                                              : Tr::tr("Rated not helpful");
        out += element(QStringLiteral("p"),
                       f.comment.isEmpty() ? rating : Tr::tr("%1: “%2”").arg(rating, f.comment));
    }
    for (const TraceInvocation& inv : calls) {
        const auto tokens = inv.stepId ? tokensOfStep.find(*inv.stepId) : tokensOfStep.end();
        out += callArticle(inv,
                           tokens == tokensOfStep.end() ? std::nullopt
                                                        : std::optional<qint64>(tokens->second),
                           kb, counts);
        ++counts.invocations;
    }
    return out + QStringLiteral("</section>");
}

} // namespace

SessionReport buildSessionReport(const DiagnosisTraceResponse& trace, const ReportOptions& options)
{
    SessionReport result;
    const KnowledgeBase* kb = options.knowledgeBase.get();
    QString body;
    for (const TraceRun& run : trace.runs) {
        ++result.runs;
        body += runSection(run, trace, kb, result, result.runs);
    }
    // Invalid UTF-8 from a foreign row is replaced, never a reason to fail the report.
    const std::string json = interpret::interpretedTraceJson(trace).dump(
        2, ' ', false, nlohmann::json::error_handler_t::replace);
    const QString title = options.runId.isEmpty()
                              ? Tr::tr("RagLens report · session %1").arg(trace.sessionId)
                              : Tr::tr("RagLens report · run %1").arg(options.runId);
    QString html = QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\"><head><meta "
                                  "charset=\"utf-8\">\n")
                       .arg(esc(Tr::tr("en", "the HTML language code of this translation")));
    // Nothing may be loaded from anywhere: styles inline, images as data only.
    html += QStringLiteral("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                           "'none'; style-src 'unsafe-inline'; img-src data:\">\n"
                           "<meta name=\"viewport\" content=\"width=device-width, "
                           "initial-scale=1\">\n<meta name=\"generator\" content=\"RagLens\">\n");
    html += element(QStringLiteral("title"), title) + QStringLiteral("\n<style>") +
            report::reportStyle() + QStringLiteral("</style></head>\n<body>\n");
    html += header(trace, options) + summary(trace) + body;
    html += QStringLiteral("<details class=\"json\"><summary>") +
            esc(Tr::tr("Trace JSON (as raglens-cli trace prints it)")) +
            QStringLiteral("</summary>") +
            element(QStringLiteral("pre"), QString::fromStdString(json)) +
            QStringLiteral("</details>\n");
    html += element(QStringLiteral("footer"),
                    Tr::tr("Made by RagLens %1 from the audit database; nothing else was read.")
                        .arg(QCoreApplication::applicationVersion()));
    result.html = html + QStringLiteral("\n</body></html>\n");
    return result;
}

void to_json(nlohmann::json& j, const SessionReport& v)
{
    j = nlohmann::json{{"runs", v.runs},
                       {"invocations", v.invocations},
                       {"lookups", v.lookups},
                       {"evidenceTexts", v.evidenceTexts},
                       {"evidenceMissing", v.evidenceMissing}};
}

} // namespace raglens
