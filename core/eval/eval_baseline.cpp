#include "eval/eval_baseline.h"

#include "common/atomic_file.h"
#include "common/input_guard.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace raglens {

using nlohmann::json;

static const char kBaselineFormat[] = "raglens-eval-baseline";

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(EvalBaseline)
};
} // namespace

const BaselineCase* EvalBaseline::findCase(const QString& id) const
{
    for (const BaselineCase& c : cases)
        if (c.id == id)
            return &c;
    return nullptr;
}

bool BaselineComparison::isRegressedCase(const QString& id) const
{
    return std::any_of(regressions.begin(), regressions.end(), [&](const ComparisonItem& i) {
        return i.kind == ComparisonItem::Kind::Case && i.caseId == id;
    });
}

bool BaselineComparison::isImprovedCase(const QString& id) const
{
    return std::any_of(improvements.begin(), improvements.end(), [&](const ComparisonItem& i) {
        return i.kind == ComparisonItem::Kind::Case && i.caseId == id;
    });
}

static QString rankText(std::optional<int> rank)
{
    return rank ? QString::number(*rank) : Tr::tr("none");
}

QString ComparisonItem::describe() const
{
    if (kind == Kind::Case) {
        return change == QLatin1String("hit_to_miss")
                   ? Tr::tr("case %1 went from hit (rank %2) to miss")
                         .arg(caseId, rankText(baselineRank))
                   : Tr::tr("case %1 went from miss to hit (rank %2)")
                         .arg(caseId, rankText(currentRank));
    }
    return Tr::tr("%1: %2 → %3 (%4%5, tolerance %6)")
        .arg(metricDisplayName(metric), QString::number(baseline, 'f', 3),
             QString::number(current, 'f', 3), delta() >= 0 ? QStringLiteral("+") : QString(),
             QString::number(delta(), 'f', 3), QString::number(tolerance, 'f', 3));
}

void to_json(json& j, const ComparisonItem& item)
{
    if (item.kind == ComparisonItem::Kind::Case) {
        j = json{{"kind", "case"},
                 {"id", item.caseId},
                 {"query", item.query},
                 {"change", item.change},
                 {"baselineRank", json_util::optionalOrNull(item.baselineRank)},
                 {"currentRank", json_util::optionalOrNull(item.currentRank)}};
        return;
    }
    auto r4 = [](double v) { return std::round(v * 10000.0) / 10000.0; };
    j = json{{"kind", "metric"},
             {"metric", item.metric},
             {"baseline", r4(item.baseline)},
             {"current", r4(item.current)},
             {"delta", r4(item.delta())},
             {"tolerance", r4(item.tolerance)}};
}

EvalBaseline baselineFromReport(const EvalReport& report)
{
    EvalBaseline b;
    b.k = report.k;
    b.setPath = report.setPath;
    b.kbDir = report.kbDir;
    b.savedAt = report.startedAt;
    b.metrics = report.metrics;
    for (const CaseResult& r : report.rows)
        b.cases.push_back({r.evalCase.id, r.evalCase.query, r.hit(), r.firstHitRank});
    return b;
}

Expected<EvalBaseline> baselineFromJson(const json& j, const QString& path)
{
    if (!j.is_object() || !j.contains("metrics") || !j.at("metrics").is_object() ||
        !j.contains("perCase") || !j.at("perCase").is_array())
        return Error{Tr::tr("%1 is not an eval report or baseline (no \"metrics\" and \"perCase\")")
                         .arg(path.isEmpty() ? Tr::tr("the JSON") : path)};
    EvalBaseline b;
    b.path = path;
    b.k = json_util::value<int>(j, "k", 0);
    if (b.k <= 0)
        return Error{Tr::tr("%1 has no valid \"k\"").arg(path)};
    // A metric that is not a number would be read as "not measured", and so never compared:
    // a broken baseline would quietly turn the regression check off.
    // So would one out of its range (1e308 compared as "inf", -5 as an improvement), a
    // baseline in which nothing was measured, and a case whose hit is not true or false.
    const json& metrics = j.at("metrics");
    int measured = 0;
    for (const char* key : {"hitAtK", "recallAtK", "mrr", "ndcgAtK", "noEvidenceAccuracy",
                            "attemptAgreement", "relevanceAgreement"}) {
        if (!metrics.contains(key) || metrics.at(key).is_null())
            continue;
        if (!metrics.at(key).is_number())
            return Error{Tr::tr("%1: metrics.%2 is not a number").arg(path, QLatin1String(key))};
        const double v = metrics.at(key).get<double>();
        if (!(v >= 0.0 && v <= 1.0))
            return Error{Tr::tr("%1: metrics.%2 is %3, not a rate between 0 and 1")
                             .arg(path, QLatin1String(key))
                             .arg(v)};
        ++measured;
    }
    if (measured == 0)
        return Error{Tr::tr("%1: no metric was measured; it cannot serve as a baseline").arg(path)};
    int row = 0;
    for (const json& c : j.at("perCase")) {
        const QString where = QStringLiteral("perCase[%1]").arg(row++);
        if (!c.is_object() || !c.contains("id") || !c.at("id").is_string() ||
            c.at("id").get_ref<const std::string&>().empty())
            return Error{Tr::tr("%1: %2 has no case id").arg(path, where)};
        if (c.contains("hit") && !c.at("hit").is_boolean())
            return Error{Tr::tr("%1: %2.hit is not true or false").arg(path, where)};
        if (c.contains("firstHitRank") && !c.at("firstHitRank").is_null() &&
            !(c.at("firstHitRank").is_number_integer() && c.at("firstHitRank").get<qint64>() >= 1))
            return Error{Tr::tr("%1: %2.firstHitRank is not a rank").arg(path, where)};
    }
    if (j.contains("baseline")) {
        const json& h = j.at("baseline");
        if (!h.is_object() ||
            json_util::value<QString>(h, "format") != QLatin1String(kBaselineFormat) ||
            json_util::value<int>(h, "version", 0) != 1)
            return Error{Tr::tr("%1 is not a baseline this RagLens reads (format %2, version 1 "
                                "expected)")
                             .arg(path, QLatin1String(kBaselineFormat))};
    }
    b.metrics = metrics.get<EvalMetrics>();
    for (const json& row : j.at("perCase")) {
        BaselineCase c;
        c.id = json_util::value<QString>(row, "id");
        if (c.id.isEmpty())
            continue;
        c.query = json_util::value<QString>(row, "query");
        c.hit = json_util::value<bool>(row, "hit", false);
        c.firstHitRank = json_util::optionalValue<int>(row, "firstHitRank");
        b.cases.push_back(std::move(c));
    }
    if (j.contains("baseline") && j.at("baseline").is_object()) {
        const json& h = j.at("baseline");
        b.label = json_util::value<QString>(h, "label");
        b.savedAt = json_util::parseIsoUtc(json_util::value<QString>(h, "savedAt"));
        b.setPath = json_util::value<QString>(h, "set");
        b.kbDir = json_util::value<QString>(h, "kb");
    }
    return b;
}

Expected<EvalBaseline> loadBaseline(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{Tr::tr("cannot read baseline %1: %2").arg(path, f.errorString())};
    auto bytes = input_guard::readAtMost(f, path);
    if (!bytes)
        return Error{bytes.error()};
    auto parsed =
        input_guard::parseJson(std::string_view(bytes->constData(), size_t(bytes->size())));
    if (!parsed)
        return Error{Tr::tr("baseline %1 is not valid JSON").arg(path)};
    json j = std::move(*parsed);
    return baselineFromJson(j, path);
}

Status saveBaseline(const EvalReport& report, const QString& path, const QString& label)
{
    json j = reportToJson(report, nullptr);
    const QDateTime savedAt = QDateTime::currentDateTimeUtc();
    j["baseline"] = json{{"format", kBaselineFormat},
                         {"version", 1},
                         {"savedAt", json_util::isoUtc(savedAt)},
                         {"label", label},
                         {"set", report.setPath},
                         {"kb", report.kbDir}};
    const QFileInfo info(path);
    if (!info.absoluteDir().exists() && !QDir().mkpath(info.absolutePath()))
        return Error{Tr::tr("cannot create folder %1").arg(info.absolutePath())};
    const std::string text = j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
    return atomic_file::write(path, text);
}

std::vector<EvalBaseline> loadBaselineFolder(const QString& dir, QStringList* errors)
{
    std::vector<EvalBaseline> out;
    const QFileInfoList files =
        QDir(dir).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QFileInfo& fi : files) {
        Expected<EvalBaseline> b = loadBaseline(fi.absoluteFilePath());
        if (!b) {
            if (errors)
                *errors << b.error();
            continue;
        }
        if (!b->savedAt.isValid()) // a plain report: its file time is the best we have
            b->savedAt = fi.lastModified().toUTC();
        out.push_back(std::move(*b));
    }
    std::stable_sort(out.begin(), out.end(), [](const EvalBaseline& a, const EvalBaseline& b) {
        return a.savedAt < b.savedAt;
    });
    return out;
}

Expected<BaselineComparison>
compareWithBaseline(const EvalReport& report, const EvalBaseline& baseline, const Tolerances& tol)
{
    if (baseline.k != report.k)
        return Error{Tr::tr("the baseline was measured at k=%1 but this run uses k=%2; run with "
                            "--k %1 or save a new baseline")
                         .arg(baseline.k)
                         .arg(report.k)};
    BaselineComparison cmp;
    cmp.baselinePath = baseline.path;
    for (const QString& name : qualityMetricNames()) {
        const auto before = metricValue(baseline.metrics, name);
        const auto now = metricValue(report.metrics, name);
        if (!before || !now)
            continue; // a metric with no cases on one side cannot regress
        ComparisonItem item;
        item.metric = name;
        // Saved baselines hold 4 decimals; compare at that precision so that --tolerance 0
        // does not flag rounding as a drop.
        item.baseline = std::round(*before * 10000.0) / 10000.0;
        item.current = std::round(*now * 10000.0) / 10000.0;
        item.tolerance = tol.metric;
        // A tiny epsilon keeps rounding in saved files from turning "equal" into "dropped".
        if (item.current < item.baseline - tol.metric - 1e-9)
            cmp.regressions.push_back(item);
        else if (item.current > item.baseline + tol.metric + 1e-9)
            cmp.improvements.push_back(item);
    }
    if (tol.checkLatency && baseline.metrics.latencyP95 > 0) {
        ComparisonItem item;
        item.metric = QStringLiteral("latencyP95");
        item.baseline = baseline.metrics.latencyP95;
        item.current = report.metrics.latencyP95;
        const double allowed = std::max(item.baseline * tol.latencyRatio, tol.latencyFloorMs);
        item.tolerance = allowed;
        if (item.current > item.baseline + allowed)
            cmp.regressions.push_back(item);
        else if (item.current < item.baseline - std::max(item.baseline * tol.latencyRatio / 2.0,
                                                         tol.latencyFloorMs))
            cmp.improvements.push_back(item);
    }
    for (const CaseResult& r : report.rows) {
        const BaselineCase* before = baseline.findCase(r.evalCase.id);
        if (!before) {
            cmp.newCases << r.evalCase.id;
            continue;
        }
        if (before->hit == r.hit())
            continue;
        ComparisonItem item;
        item.kind = ComparisonItem::Kind::Case;
        item.caseId = r.evalCase.id;
        item.query = r.evalCase.query;
        item.baselineRank = before->firstHitRank;
        item.currentRank = r.firstHitRank;
        item.change = before->hit ? QStringLiteral("hit_to_miss") : QStringLiteral("miss_to_hit");
        (before->hit ? cmp.regressions : cmp.improvements).push_back(item);
    }
    for (const BaselineCase& c : baseline.cases)
        if (!report.row(c.id))
            cmp.missingCases << c.id;
    return cmp;
}

} // namespace raglens
