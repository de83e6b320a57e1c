#include "eval/eval_report.h"

#include "eval/eval_baseline.h"

namespace raglens {

using nlohmann::json;

void EvalReport::recompute()
{
    metrics = aggregate(rows);
    byTag = aggregateByTag(rows);
}

const CaseResult* EvalReport::row(const QString& caseId) const
{
    for (const CaseResult& r : rows)
        if (r.evalCase.id == caseId)
            return &r;
    return nullptr;
}

json reportToJson(const EvalReport& report, const BaselineComparison* comparison)
{
    json perCase = json::array();
    for (const CaseResult& r : report.rows)
        perCase.push_back(r);
    json byTag = json::object();
    for (const auto& [tag, m] : report.byTag)
        byTag[tag.toStdString()] = json{{"cases", m.cases}, {"metrics", m}};
    json regressions = json::array();
    json improvements = json::array();
    if (comparison) {
        for (const ComparisonItem& item : comparison->regressions)
            regressions.push_back(item);
        for (const ComparisonItem& item : comparison->improvements)
            improvements.push_back(item);
    }
    return json{{"k", report.k},
                {"cases", report.rows.size()},
                {"metrics", report.metrics},
                {"perCase", perCase},
                {"byTag", byTag},
                {"regressions", regressions},
                {"improvements", improvements}};
}

} // namespace raglens
