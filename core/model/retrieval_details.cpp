#include "model/retrieval_details.h"

#include "common/input_guard.h"
#include "model/vocabulary.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace raglens {

using json_util::stringOrNull;
using nlohmann::json;

namespace {

// Reads one object's fields, noting each wrong type under the key's path. Text fields are
// strict (a number is not an attempt name, and the SQL filters see JSON types the same
// way); numbers and flags written as text ("3", "true") are read, and still noted.
class FieldReader
{
public:
    FieldReader(const json& object, QString path, QStringList& problems)
        : m_object(object), m_path(std::move(path)), m_problems(problems)
    {}

    const json* find(const char* key)
    {
        m_known.push_back(key);
        const auto it = m_object.find(key);
        if (it == m_object.end() || it->is_null())
            return nullptr;
        return &*it;
    }

    QString text(const char* key)
    {
        const json* v = find(key);
        if (!v)
            return {};
        if (!v->is_string()) {
            wrong(key, "a string");
            return {};
        }
        return QString::fromStdString(v->get<std::string>());
    }

    std::optional<int> integer(const char* key)
    {
        const json* v = find(key);
        if (!v)
            return std::nullopt;
        if (v->is_string()) {
            bool ok = false;
            const int n = QString::fromStdString(v->get<std::string>()).trimmed().toInt(&ok);
            wrong(key, "a count (a non-negative integer)");
            return ok && n >= 0 ? std::optional<int>(n) : std::nullopt;
        }
        if (v->is_number_integer()) {
            // Unsigned values past int64 arrive as number_unsigned; both must fit an int.
            const double d =
                v->is_number_unsigned() ? double(v->get<quint64>()) : double(v->get<qint64>());
            if (d >= 0 && d <= double(std::numeric_limits<int>::max()))
                return int(d);
        } else if (v->is_number_float()) {
            const double d = v->get<double>();
            if (std::isfinite(d) && d >= 0 && d <= double(std::numeric_limits<int>::max()) &&
                d == std::floor(d))
                return int(d);
        }
        wrong(key, "a count (a non-negative integer)");
        return std::nullopt;
    }

    std::optional<double> number(const char* key)
    {
        const json* v = find(key);
        if (!v)
            return std::nullopt;
        if (v->is_number()) {
            const double d = v->get<double>();
            if (std::isfinite(d))
                return d;
        }
        wrong(key, "a finite number");
        if (v->is_string()) {
            bool ok = false;
            const double d = QString::fromStdString(v->get<std::string>()).trimmed().toDouble(&ok);
            if (ok && std::isfinite(d))
                return d;
        }
        return std::nullopt;
    }

    std::optional<bool> flag(const char* key)
    {
        const json* v = find(key);
        if (!v)
            return std::nullopt;
        if (v->is_boolean())
            return v->get<bool>();
        wrong(key, "true or false");
        if (v->is_number())
            return v->get<double>() != 0;
        if (v->is_string()) {
            const QString t = QString::fromStdString(v->get<std::string>()).trimmed().toLower();
            if (t == QLatin1String("true") || t == QLatin1String("1"))
                return true;
            if (t == QLatin1String("false") || t == QLatin1String("0"))
                return false;
        }
        return std::nullopt;
    }

    QStringList strings(const char* key)
    {
        const json* v = find(key);
        QStringList out;
        if (!v)
            return out;
        if (!v->is_array()) {
            wrong(key, "an array of strings");
            return out;
        }
        for (const json& item : *v) {
            if (item.is_string())
                out.append(QString::fromStdString(item.get<std::string>()));
            else {
                wrong(key, "an array of strings");
                break;
            }
        }
        return out;
    }

    /// Keys of the object that were never asked for.
    json unknown() const
    {
        json out = json::object();
        for (auto it = m_object.begin(); it != m_object.end(); ++it)
            if (std::find(m_known.begin(), m_known.end(), it.key()) == m_known.end())
                out[it.key()] = it.value();
        return out;
    }

    void wrong(const char* key, const char* expected)
    {
        m_problems.append(
            QStringLiteral("%1%2: expected %3")
                .arg(m_path, QString::fromLatin1(key), QString::fromLatin1(expected)));
    }

private:
    const json& m_object;
    QString m_path;
    QStringList& m_problems;
    std::vector<std::string> m_known;
};

DetailsAttempt readAttempt(const json& a, int index, QStringList& problems)
{
    DetailsAttempt out;
    FieldReader r(a, QStringLiteral("attempts[%1].").arg(index), problems);
    out.name = r.text("name");
    out.categoryFilter = r.text("category_filter");
    out.candidateCount = r.integer("candidate_count");
    out.usable = r.flag("usable");
    out.topSimilarity = r.number("top_similarity");
    if (const auto ms = r.number("duration_ms"); ms && *ms >= 0)
        out.durationMs = ms;
    out.errorMessage = r.text("error_message");
    return out;
}

} // namespace

const DetailsAttempt* RetrievalDetailsV1::selected() const
{
    if (attempts.empty())
        return nullptr;
    for (auto it = attempts.rbegin(); it != attempts.rend(); ++it)
        if (!selectedAttempt.isEmpty() && it->name == selectedAttempt)
            return &*it;
    return &attempts.back();
}

int RetrievalDetailsV1::totalCandidates() const
{
    int total = 0;
    for (const DetailsAttempt& a : attempts)
        total += a.candidateCount.value_or(0);
    return total;
}

RetrievalDetailsV1 RetrievalDetailsV1::fromJson(const json& j)
{
    RetrievalDetailsV1 d;
    if (j.is_null())
        return d;
    if (!j.is_object()) {
        d.problems << QStringLiteral("retrieval_details: expected an object");
        return d;
    }
    d.present = true;
    FieldReader r(j, QString(), d.problems);
    d.auditSchema = r.text("audit_schema");
    d.searchMode = r.text("search_mode");
    d.selectedAttempt = r.text("selected_attempt");
    d.retryReason = r.text("fallback_reason");
    d.categoryFilter = r.text("category_filter");
    d.evidenceKeys = r.strings("evidence_keys");
    d.sources = r.strings("sources");
    d.evidenceCandidateCount = r.integer("evidence_candidate_count");
    d.evidenceBlockCount = r.integer("evidence_block_count");
    d.returnedCount = r.integer("returned_count");
    if (const json* hints = r.find("l0_hints")) {
        if (hints->is_object()) {
            FieldReader h(*hints, QStringLiteral("l0_hints."), d.problems);
            d.l0Domains = h.strings("domains");
            d.l0MatchedKeywords = h.strings("matched_keywords");
        } else {
            r.wrong("l0_hints", "an object");
        }
    }
    if (const json* attempts = r.find("attempts")) {
        if (attempts->is_array()) {
            int index = 0;
            for (const json& a : *attempts) {
                if (index == input_guard::kMaxAttempts) {
                    d.problems << QStringLiteral("attempts: %1 attempts, only the first %2 read")
                                      .arg(attempts->size())
                                      .arg(input_guard::kMaxAttempts);
                    break;
                }
                if (a.is_object())
                    d.attempts.push_back(readAttempt(a, index, d.problems));
                else
                    d.problems << QStringLiteral("attempts[%1]: expected an object").arg(index);
                ++index;
            }
        } else {
            r.wrong("attempts", "an array");
        }
    }
    d.truncated = r.flag("truncated");
    d.contextPackTruncated = r.flag("context_pack_truncated");
    d.agentTruncated = r.flag("agent_truncated");
    d.usableThreshold = r.number("usable_threshold");
    d.evidenceStatus = r.text("evidence_status");
    d.relevanceLevel = r.text("relevance_level");
    d.invocationStatus = r.text("invocation_status");
    d.toolCallId = r.text("tool_call_id");
    d.unknownKeys = r.unknown();
    // The contract's words are read whatever their case and surrounding spaces (a writer
    // that lower-cases its enums, a padded CHAR column), and the row says so.
    const auto respell = [&d](const QString& key, QString& value, const QStringList& words) {
        const QString canonical = vocab::canonicalWord(value, words);
        if (canonical == value)
            return;
        d.problems << QStringLiteral("%1: '%2' read as %3").arg(key, value, canonical);
        value = canonical;
    };
    respell(QStringLiteral("search_mode"), d.searchMode, vocab::searchModes());
    respell(QStringLiteral("selected_attempt"), d.selectedAttempt, vocab::attemptNames());
    respell(QStringLiteral("fallback_reason"), d.retryReason, vocab::retryReasons());
    respell(QStringLiteral("evidence_status"), d.evidenceStatus, vocab::evidenceStatuses());
    respell(QStringLiteral("relevance_level"), d.relevanceLevel, vocab::relevanceLevels());
    for (size_t i = 0; i < d.attempts.size(); ++i)
        respell(QStringLiteral("attempts[%1].name").arg(i), d.attempts[i].name,
                vocab::attemptNames());
    return d;
}

void to_json(json& j, const DetailsAttempt& v)
{
    // Only what the attempt holds: an unknown count, flag or similarity written as 0 or false
    // (as an export once did) would be a value the row never said.
    j = json{{"name", v.name.toStdString()}};
    if (v.candidateCount)
        j["candidate_count"] = *v.candidateCount;
    if (v.usable)
        j["usable"] = *v.usable;
    if (v.topSimilarity && std::isfinite(*v.topSimilarity))
        j["top_similarity"] = *v.topSimilarity;
    // A duration no 64-bit integer holds (1e20) is left out, not wrapped round to a negative.
    if (v.durationMs && std::isfinite(*v.durationMs) && *v.durationMs >= 0 &&
        *v.durationMs < 9.2e18)
        j["duration_ms"] = qint64(std::llround(*v.durationMs));
    if (!v.categoryFilter.isEmpty())
        j["category_filter"] = v.categoryFilter.toStdString();
    if (!v.errorMessage.isEmpty())
        j["error_message"] = v.errorMessage.toStdString();
}

void to_json(json& j, const RetrievalDetailsV1& v)
{
    j = json{{"audit_schema", v.auditSchema.toStdString()},
             {"search_mode", stringOrNull(v.searchMode)},
             {"selected_attempt", stringOrNull(v.selectedAttempt)},
             {"fallback_reason", stringOrNull(v.retryReason)},
             {"category_filter", stringOrNull(v.categoryFilter)},
             {"evidence_keys", v.evidenceKeys},
             {"sources", v.sources},
             {"evidence_candidate_count", v.evidenceCandidateCount.value_or(0)},
             {"evidence_block_count", v.evidenceBlockCount.value_or(0)},
             {"l0_hints", {{"domains", v.l0Domains}, {"matched_keywords", v.l0MatchedKeywords}}},
             {"attempts", json_util::arrayOf(v.attempts)},
             {"truncated", v.truncated.value_or(false)},
             {"returned_count", v.returnedCount.value_or(0)},
             {"evidence_status", v.evidenceStatus.toStdString()},
             {"relevance_level", stringOrNull(v.relevanceLevel)},
             {"invocation_status", v.invocationStatus.toStdString()},
             {"tool_call_id", stringOrNull(v.toolCallId)}};
    if (v.contextPackTruncated)
        j["context_pack_truncated"] = *v.contextPackTruncated;
    if (v.agentTruncated)
        j["agent_truncated"] = *v.agentTruncated;
    if (v.usableThreshold)
        j["usable_threshold"] = *v.usableThreshold;
    for (auto it = v.unknownKeys.begin(); it != v.unknownKeys.end(); ++it)
        if (!j.contains(it.key()))
            j[it.key()] = it.value();
}

} // namespace raglens
