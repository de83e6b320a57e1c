#include "eval/eval_case.h"

#include "common/input_guard.h"
#include "model/vocabulary.h"

#include <QCoreApplication>
#include <QFile>
#include <QSet>

namespace raglens {

using nlohmann::json;

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(EvalSet)
};
} // namespace

QString EvalSet::errorSummary(int maxLines) const
{
    QStringList lines;
    for (const EvalSetLineError& e : errors) {
        if (lines.size() >= maxLines) {
            lines << Tr::tr("… and %1 more").arg(int(errors.size()) - maxLines);
            break;
        }
        lines << Tr::tr("line %1: %2").arg(QString::number(e.line), e.message);
    }
    return lines.join(QLatin1Char('\n'));
}

void to_json(json& j, const EvalCase& c)
{
    j = json::object();
    j["id"] = c.id;
    j["query"] = c.query;
    if (!c.category.isEmpty())
        j["category"] = c.category;
    if (!c.expectedEvidenceKeys.isEmpty())
        j["expected_evidence_keys"] = c.expectedEvidenceKeys;
    if (!c.expectedSources.isEmpty())
        j["expected_sources"] = c.expectedSources;
    if (!c.expectedRelevance.isEmpty())
        j["expected_relevance"] = c.expectedRelevance;
    if (!c.expectedSelectedAttempt.isEmpty())
        j["expected_selected_attempt"] = c.expectedSelectedAttempt;
    if (c.expectNoEvidence)
        j["expect_no_evidence"] = true;
    if (!c.tags.isEmpty())
        j["tags"] = c.tags;
}

// Reads an optional array of non-empty strings; anything else is a reason to reject the line.
static std::optional<QString> readStringList(const json& j, const char* key, QStringList& out)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return std::nullopt;
    if (!it->is_array())
        return Tr::tr("\"%1\" must be an array of strings").arg(QLatin1String(key));
    for (const json& item : *it) {
        if (!item.is_string() || item.get<QString>().trimmed().isEmpty())
            return Tr::tr("\"%1\" must contain only non-empty strings").arg(QLatin1String(key));
        const QString s = item.get<QString>();
        if (!out.contains(s))
            out << s;
    }
    return std::nullopt;
}

static std::optional<QString> readOptionalString(const json& j, const char* key, QString& out)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return std::nullopt;
    if (!it->is_string())
        return Tr::tr("\"%1\" must be a string").arg(QLatin1String(key));
    // A blank value read as none: a blank category ran the case with the automatic one, as
    // `lookup --category ""` would have (which is refused for that reason).
    if (it->get<QString>().trimmed().isEmpty())
        return Tr::tr("\"%1\" is blank; leave the key out for none").arg(QLatin1String(key));
    out = it->get<QString>();
    return std::nullopt;
}

Expected<EvalCase> evalCaseFromJson(const json& j)
{
    if (!j.is_object())
        return Error{Tr::tr("expected a JSON object")};
    EvalCase c;
    const auto id = j.find("id");
    if (id == j.end() || !id->is_string() || id->get<std::string>().empty())
        return Error{Tr::tr("missing \"id\" (a non-empty string)")};
    c.id = id->get<QString>();
    const auto query = j.find("query");
    if (query == j.end() || !query->is_string() || query->get<QString>().trimmed().isEmpty())
        return Error{Tr::tr("case %1: missing \"query\" (a non-empty string)").arg(c.id)};
    c.query = query->get<QString>();

    for (auto reason :
         {readOptionalString(j, "category", c.category),
          readStringList(j, "expected_evidence_keys", c.expectedEvidenceKeys),
          readStringList(j, "expected_sources", c.expectedSources),
          readOptionalString(j, "expected_relevance", c.expectedRelevance),
          readOptionalString(j, "expected_selected_attempt", c.expectedSelectedAttempt),
          readStringList(j, "tags", c.tags)}) {
        if (reason)
            return Error{Tr::tr("case %1: %2").arg(c.id, *reason)};
    }
    if (auto it = j.find("expect_no_evidence"); it != j.end() && !it->is_null()) {
        if (!it->is_boolean())
            return Error{Tr::tr("case %1: \"expect_no_evidence\" must be true or false").arg(c.id)};
        c.expectNoEvidence = it->get<bool>();
    }

    if (!c.expectedRelevance.isEmpty() && !vocab::isRelevanceLevel(c.expectedRelevance))
        return Error{
            Tr::tr("case %1: \"expected_relevance\" must be PRECISE or REFERENCE, not \"%2\"")
                .arg(c.id, c.expectedRelevance)};
    const QStringList attempts{vocab::kFilteredVector, vocab::kUnfilteredVectorRetry,
                               vocab::kUnfilteredVector};
    if (!c.expectedSelectedAttempt.isEmpty() && !attempts.contains(c.expectedSelectedAttempt))
        return Error{
            Tr::tr("case %1: \"expected_selected_attempt\" must be one of %2, not \"%3\"")
                .arg(c.id, attempts.join(QStringLiteral(", ")), c.expectedSelectedAttempt)};
    const bool hasExpectations = !c.expectedEvidenceKeys.isEmpty() || !c.expectedSources.isEmpty();
    if (c.expectNoEvidence && hasExpectations)
        return Error{
            Tr::tr("case %1: \"expect_no_evidence\" contradicts the expected evidence keys "
                   "or sources")
                .arg(c.id)};
    // A line from `raglens-cli problems` keeps this mark until a person has decided.
    if (auto it = j.find("needs_review"); it != j.end() && it->is_boolean() && it->get<bool>())
        return Error{Tr::tr("case %1 is a problem query still to be reviewed: mark its "
                            "\"expected_evidence_keys\" (or \"expect_no_evidence\": true) and "
                            "remove \"needs_review\"")
                         .arg(c.id)};
    if (!c.expectNoEvidence && !hasExpectations)
        return Error{Tr::tr("case %1: give \"expected_evidence_keys\", \"expected_sources\" or "
                            "\"expect_no_evidence\": true")
                         .arg(c.id)};
    return c;
}

/// The message of a line the input guard refused: a syntax error with its column, as
/// nlohmann finds it (asked only for such a line), else the guard's reason (too deep, too big).
static QString notValidJson(const QByteArray& line, const QString& guardReason)
{
    // Refused for its size or depth: the guard's reason, without building the value.
    const input_guard::JsonLimits limits;
    const std::string_view text(line.constData(), size_t(line.size()));
    if (line.size() > limits.maxBytes ||
        input_guard::textDepth(text, limits.maxDepth) > limits.maxDepth)
        return guardReason;
    try {
        const json strict = json::parse(line.constBegin(), line.constEnd());
        Q_UNUSED(strict)
    } catch (const json::parse_error& e) {
        return Tr::tr("not valid JSON (column %1)").arg(qulonglong(e.byte));
    } catch (const json::exception&) {
        // A number no double holds stopped nlohmann before the syntax error the guard found.
        return Tr::tr("not valid JSON (%1)").arg(guardReason);
    }
    return guardReason;
}

EvalSet parseEvalSet(const QByteArray& text, const QString& path)
{
    EvalSet set;
    set.path = path;
    QSet<QString> ids;
    const QList<QByteArray> lines = text.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const int lineNo = i + 1;
        if (line.isEmpty())
            continue;
        // Read as every outside document is (input_guard): a key written twice is read
        // once, the first, where nlohmann kept the last and a case ran another query than its
        // file shows first; a number no double holds or a lone surrogate is repaired. A case
        // must run as written, so any such reading refuses the line.
        QString note;
        auto guarded = input_guard::parseJson(
            std::string_view(line.constData(), size_t(line.size())), {}, &note);
        if (!guarded) {
            set.errors.push_back({lineNo, notValidJson(line, guarded.error())});
            continue;
        }
        if (!note.isEmpty()) {
            set.errors.push_back({lineNo, Tr::tr("not a case as written (%1)").arg(note)});
            continue;
        }
        Expected<EvalCase> c = evalCaseFromJson(*guarded);
        if (!c) {
            set.errors.push_back({lineNo, c.error()});
            continue;
        }
        if (ids.contains(c->id)) {
            set.errors.push_back({lineNo, Tr::tr("duplicate id \"%1\"").arg(c->id)});
            continue;
        }
        ids.insert(c->id);
        c->line = lineNo;
        set.cases.push_back(std::move(*c));
    }
    return set;
}

Expected<EvalSet> loadEvalSet(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{Tr::tr("cannot read eval set %1: %2").arg(path, f.errorString())};
    auto bytes = input_guard::readAtMost(f, path);
    if (!bytes)
        return Error{bytes.error()};
    return parseEvalSet(*bytes, path);
}

} // namespace raglens
