#pragma once
// What an audit check finds: per rule PASS / FAIL / N/A, how many rows it looked at, how many
// broke it, and the offending rows (ids and a short reason, secrets only masked).

#include "common/json_qt.h"
#include "model/row_id.h"

#include <QDateTime>

#include <optional>
#include <vector>

namespace raglens::check {

enum class Verdict
{
    Pass,
    Fail,
    NotApplicable ///< nothing to check (no such rows or columns), or switched off
};

QString verdictName(Verdict v); ///< PASS / FAIL / N/A

struct RuleInfo
{
    QString id;          ///< step_binding, call_identity, ... (stable: rules files name it)
    QString severity;    ///< critical / error / warning
    QString title;       ///< translated
    QString explanation; ///< one translated line: what the rule promises
};

/// The rules RagLens knows, in the order reports list them (titles in the current language).
std::vector<RuleInfo> ruleCatalog();
std::optional<RuleInfo> findRule(const QString& id);

struct RuleFinding
{
    QString table;    ///< tool_invocation, agent_step, diagnosis_run, diagnosis_trace
    qint64 rowId = 0; ///< the row's id; 0 for diagnosis_run (its key is runId)
    QString runId;
    std::optional<qint64> stepId;
    QString reason;    ///< translated; any secret in it is masked
    QString sessionId; ///< the run's session, so a view can show the row in its tree
    /// The stored text of a text row or step id (row_id); rowId and stepId are then handles.
    QString rowIdText;
    QString stepIdText;
    /// Whether the row has an id to show: every row but a run's (its key is runId), 0 and
    /// negative ids too (an INTEGER PRIMARY KEY takes them, and the trace shows them).
    bool hasRowId() const
    {
        return !rowIdText.isEmpty() || table != QLatin1String("diagnosis_run");
    }
};

struct RuleResult
{
    RuleInfo info;
    bool enabled = true;
    qint64 checked = 0;                ///< rows (or pairs) the rule looked at
    qint64 failed = 0;                 ///< of those, how many broke it
    std::vector<RuleFinding> findings; ///< the first maxFindings of them
    int maxFindings = 50;
    QString note; ///< why N/A, when it is

    Verdict verdict() const;
    /// Counts one failure and keeps its finding while there is room.
    void fail(RuleFinding finding);
    /// N/A with a reason, unless the rule checked something after all.
    void notApplicable(const QString& why);
};

struct CheckScope
{
    QString sessionId;
    QString runId;
    QDateTime since; ///< runs started at or after
    QDateTime until; ///< runs started before
};

struct CheckReport
{
    QString database;
    CheckScope scope;
    qint64 runs = 0;
    qint64 steps = 0;
    qint64 invocations = 0;
    qint64 events = 0;
    std::vector<RuleResult> rules;
    QStringList notes; ///< about the database (a table it lacks, orphans left out, ...)

    bool passed() const; ///< no rule failed
    /// No rule checked a row: an empty store or scope, where "every rule passed" says nothing.
    bool checkedNothing() const;
};

void to_json(nlohmann::json& j, const RuleFinding& v);
void to_json(nlohmann::json& j, const RuleResult& v);
void to_json(nlohmann::json& j, const CheckReport& v);

/// The report as a table like the one owners fill by hand: a line per rule, then the
/// offending rows of every rule that failed.
QString reportTable(const CheckReport& report);

} // namespace raglens::check
