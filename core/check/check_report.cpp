#include "check/check_report.h"

#include <QCoreApplication>

namespace raglens::check {

using nlohmann::json;

namespace {

class CheckRules
{
    Q_DECLARE_TR_FUNCTIONS(CheckRules)
public:
    static std::vector<RuleInfo> catalog();
};

std::vector<RuleInfo> CheckRules::catalog()
{
    return {
        {QStringLiteral("step_binding"), QStringLiteral("error"), tr("Step binding"),
         tr("Every call names a step of its own run; steps with has_tool_call = 1 have a call "
            "and steps with 0 have none; input_params.step_id and the call's timeline event "
            "agree with the column.")},
        {QStringLiteral("call_identity"), QStringLiteral("error"), tr("Call identity"),
         tr("tool_call_id is in the column, in input_params and (for lookups) in "
            "retrieval_details, the same in all three, and used by one invocation only.")},
        {QStringLiteral("input_params_contract"), QStringLiteral("error"),
         tr("input_params contract"),
         tr("An object of scalars and string arrays with tool_call_id and a plausible "
            "request_bytes, every string at most 160 characters, no key posing as a reserved "
            "one.")},
        {QStringLiteral("secrets"), QStringLiteral("critical"), tr("No leaked secrets"),
         tr("No credential-named key in input_params and no credential-looking value in "
            "input_params, output_preview, error_message, retrieval_details or the question.")},
        {QStringLiteral("rag_lookup_v1_shape"), QStringLiteral("error"), tr("rag_lookup_v1 shape"),
         tr("Lookups carry rag_lookup_v1 details with every required key and valid words; "
            "counts agree; the selected attempt ran; a retry says why.")},
        {QStringLiteral("run_consistency"), QStringLiteral("warning"), tr("Run consistency"),
         tr("tool_call_count and total_token_count match the rows, a FALLBACK run records its "
            "cause, its calls name its session, and times nest: run ⊇ steps ⊇ calls (within the "
            "clock-skew tolerance).")},
    };
}

} // namespace

QString verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return QStringLiteral("PASS");
    case Verdict::Fail:
        return QStringLiteral("FAIL");
    case Verdict::NotApplicable:
        break;
    }
    return QStringLiteral("N/A");
}

std::vector<RuleInfo> ruleCatalog()
{
    return CheckRules::catalog();
}

std::optional<RuleInfo> findRule(const QString& id)
{
    for (const RuleInfo& r : ruleCatalog())
        if (r.id == id)
            return r;
    return std::nullopt;
}

Verdict RuleResult::verdict() const
{
    if (!enabled)
        return Verdict::NotApplicable;
    if (failed > 0)
        return Verdict::Fail;
    return checked > 0 ? Verdict::Pass : Verdict::NotApplicable;
}

void RuleResult::fail(RuleFinding finding)
{
    ++failed;
    if (int(findings.size()) < maxFindings)
        findings.push_back(std::move(finding));
}

void RuleResult::notApplicable(const QString& why)
{
    if (note.isEmpty())
        note = why;
}

bool CheckReport::checkedNothing() const
{
    for (const RuleResult& r : rules)
        if (r.checked > 0)
            return false;
    return true;
}

bool CheckReport::passed() const
{
    for (const RuleResult& r : rules)
        if (r.verdict() == Verdict::Fail)
            return false;
    return true;
}

void to_json(json& j, const RuleFinding& v)
{
    j = json{{"table", v.table.toStdString()},
             {"id", !v.rowIdText.isEmpty() ? json(v.rowIdText.toStdString())
                    : v.hasRowId()         ? json(v.rowId)
                                           : json()},
             {"runId", json_util::stringOrNull(v.runId)},
             {"stepId", row_id::toJson(v.stepId, v.stepIdText)},
             {"sessionId", json_util::stringOrNull(v.sessionId)},
             {"reason", v.reason.toStdString()}};
}

void to_json(json& j, const RuleResult& v)
{
    const Verdict verdict = v.verdict();
    j = json{
        {"id", v.info.id.toStdString()},
        {"severity", v.info.severity.toStdString()},
        {"title", v.info.title.toStdString()},
        {"explanation", v.info.explanation.toStdString()},
        {"enabled", v.enabled},
        {"verdict", verdictName(verdict).toStdString()},
        {"checked", v.checked},
        {"failed", v.failed},
        {"findings", json_util::arrayOf(v.findings)},
        {"findingsTruncated", v.failed > qint64(v.findings.size())},
        {"note", verdict == Verdict::NotApplicable ? json_util::stringOrNull(v.note) : json()}};
}

void to_json(json& j, const CheckReport& v)
{
    json counts = json::object();
    for (Verdict verdict : {Verdict::Pass, Verdict::Fail, Verdict::NotApplicable}) {
        int n = 0;
        for (const RuleResult& r : v.rules)
            n += r.verdict() == verdict ? 1 : 0;
        counts[verdictName(verdict).toStdString()] = n;
    }
    j = json{
        {"database", v.database.toStdString()},
        {"scope",
         {{"sessionId", json_util::stringOrNull(v.scope.sessionId)},
          {"runId", json_util::stringOrNull(v.scope.runId)},
          {"since", v.scope.since.isValid() ? json(json_util::isoUtc(v.scope.since)) : json()},
          {"until", v.scope.until.isValid() ? json(json_util::isoUtc(v.scope.until)) : json()}}},
        {"passed", v.passed()},
        {"verdicts", counts},
        {"checked",
         {{"runs", v.runs},
          {"steps", v.steps},
          {"invocations", v.invocations},
          {"events", v.events}}},
        {"rules", json_util::arrayOf(v.rules)},
        {"notes", v.notes}};
}

QString reportTable(const CheckReport& report)
{
    QStringList lines;
    const auto row = [](const QStringList& cells, const QList<int>& widths) {
        QString line;
        for (int c = 0; c < cells.size(); ++c)
            line += c + 1 < cells.size() ? cells[c].leftJustified(widths[c]) + QStringLiteral("  ")
                                         : cells[c];
        return line;
    };
    const QList<int> widths = {22, 8, 7, 9, 7};
    lines << row({QCoreApplication::translate("CheckRules", "Rule"),
                  QCoreApplication::translate("CheckRules", "Severity"),
                  QCoreApplication::translate("CheckRules", "Verdict"),
                  QCoreApplication::translate("CheckRules", "Checked"),
                  QCoreApplication::translate("CheckRules", "Failed"),
                  QCoreApplication::translate("CheckRules", "Expected")},
                 widths);
    for (const RuleResult& r : report.rules)
        lines << row({r.info.id, r.info.severity, verdictName(r.verdict()),
                      QString::number(r.checked), QString::number(r.failed),
                      r.verdict() == Verdict::NotApplicable && !r.note.isEmpty()
                          ? r.info.title + QStringLiteral(" — ") + r.note
                          : r.info.title},
                     widths);
    for (const RuleResult& r : report.rules) {
        if (r.findings.empty())
            continue;
        lines << QString() << QStringLiteral("%1 (%2)").arg(r.info.id).arg(r.failed);
        for (const RuleFinding& f : r.findings) {
            QString where = f.table;
            if (f.hasRowId())
                where += QStringLiteral(" #") + row_id::shown(f.rowId, f.rowIdText);
            if (!f.runId.isEmpty())
                where += QStringLiteral(" run %1").arg(f.runId);
            lines << QStringLiteral("  %1: %2").arg(where, f.reason);
        }
        if (r.failed > qint64(r.findings.size()))
            lines << QCoreApplication::translate("CheckRules", "  … and %1 more")
                         .arg(r.failed - qint64(r.findings.size()));
    }
    for (const QString& note : report.notes)
        lines << QString() << note;
    lines << QString()
          << (report.checkedNothing() ? QCoreApplication::translate(
                                            "CheckRules", "Nothing was checked: no rows in scope.")
              : report.passed() ? QCoreApplication::translate("CheckRules", "Every rule passed.")
                                : QCoreApplication::translate("CheckRules", "Some rules failed."));
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace raglens::check
