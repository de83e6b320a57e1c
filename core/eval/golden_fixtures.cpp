#include "eval/golden_fixtures.h"

#include "common/input_guard.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

namespace raglens {

using nlohmann::json;

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(GoldenFixtures)
};
} // namespace

namespace {
enum class KeyType
{
    StringOrNull,
    StringList,
    Number,
    Count,
    Bool
};

const std::vector<std::pair<const char*, KeyType>>& keySpec()
{
    static const std::vector<std::pair<const char*, KeyType>> spec{
        {"evidence_status", KeyType::StringOrNull},
        {"selected_attempt", KeyType::StringOrNull},
        {"fallback_reason", KeyType::StringOrNull},
        {"relevance_level", KeyType::StringOrNull},
        {"search_mode", KeyType::StringOrNull},
        {"evidence_keys_include", KeyType::StringList},
        {"evidence_keys_exclude", KeyType::StringList},
        {"sources_include", KeyType::StringList},
        {"min_top_quality", KeyType::Number},
        {"max_top_quality", KeyType::Number},
        {"min_evidence_count", KeyType::Count},
        {"max_evidence_count", KeyType::Count},
        {"truncated", KeyType::Bool}};
    return spec;
}

std::optional<QString> validateExpect(const json& expect)
{
    if (!expect.is_object())
        return Tr::tr("\"expect\" must be an object");
    for (auto it = expect.begin(); it != expect.end(); ++it) {
        const auto& spec = keySpec();
        auto s = std::find_if(spec.begin(), spec.end(),
                              [&](const auto& p) { return it.key() == p.first; });
        const QString key = QString::fromStdString(it.key());
        if (s == spec.end()) // a typo must not silently turn into "not checked"
            return Tr::tr("unknown expectation \"%1\"").arg(key);
        const json& v = it.value();
        bool okType = false;
        switch (s->second) {
        case KeyType::StringOrNull:
            okType = v.is_string() || v.is_null();
            break;
        case KeyType::StringList:
            okType = v.is_array() &&
                     std::all_of(v.begin(), v.end(), [](const json& x) { return x.is_string(); });
            break;
        case KeyType::Number:
            okType = v.is_number();
            break;
        case KeyType::Count:
            okType = v.is_number_integer() && v.get<int>() >= 0;
            break;
        case KeyType::Bool:
            okType = v.is_boolean();
            break;
        }
        if (!okType)
            return Tr::tr("expectation \"%1\" has the wrong type").arg(key);
    }
    return std::nullopt;
}

json stringOrNull(const QString& s)
{
    return json_util::stringOrNull(s);
}
} // namespace

QStringList goldenExpectationKeys()
{
    QStringList keys;
    for (const auto& [key, type] : keySpec())
        keys << QString::fromLatin1(key);
    return keys;
}

GoldenSet parseGoldenSet(const QByteArray& text, const QString& path)
{
    GoldenSet set;
    set.path = path;
    const QList<QByteArray> lines = text.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        if (line.isEmpty())
            continue;
        const int lineNo = i + 1;
        json j = json::parse(line.constBegin(), line.constEnd(), nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            set.errors.push_back({lineNo, Tr::tr("not a JSON object")});
            continue;
        }
        const QString fixture = json_util::value<QString>(j, "fixture");
        if (fixture.isEmpty()) {
            set.errors.push_back({lineNo, Tr::tr("missing \"fixture\" (a file name)")});
            continue;
        }
        const json expect = j.contains("expect") ? j.at("expect") : json();
        if (auto reason = validateExpect(expect)) {
            set.errors.push_back({lineNo, Tr::tr("%1: %2").arg(fixture, *reason)});
            continue;
        }
        set.entries.push_back({fixture, expect, lineNo});
    }
    return set;
}

Expected<GoldenSet> loadGoldenSet(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error{Tr::tr("cannot read golden file %1: %2").arg(path, f.errorString())};
    auto bytes = input_guard::readAtMost(f, path);
    if (!bytes)
        return Error{bytes.error()};
    return parseGoldenSet(*bytes, path);
}

std::vector<FixtureMismatch> checkAgainstGolden(const LookupResult& r, const json& expect)
{
    std::vector<FixtureMismatch> out;
    auto check = [&](const char* field, const json& expected, const json& actual, bool pass) {
        if (!pass)
            out.push_back({QString::fromLatin1(field), expected, actual});
    };
    QStringList keys, sources;
    for (const EvidenceBlock& b : r.evidenceBlocks) {
        keys << b.evidenceKey;
        if (!sources.contains(b.source))
            sources << b.source;
    }
    for (auto it = expect.begin(); it != expect.end(); ++it) {
        const std::string& key = it.key();
        const json& want = it.value();
        if (key == "evidence_status" || key == "selected_attempt" || key == "fallback_reason" ||
            key == "relevance_level" || key == "search_mode") {
            const QString actual = key == "evidence_status"    ? r.evidenceStatus
                                   : key == "selected_attempt" ? r.retrievalTrace.selectedAttempt
                                   : key == "fallback_reason"  ? r.retrievalTrace.fallbackReason
                                   : key == "relevance_level"  ? r.relevanceLevel
                                                               : r.retrievalTrace.searchMode;
            check(key.c_str(), want, stringOrNull(actual), stringOrNull(actual) == want);
        } else if (key == "evidence_keys_include" || key == "sources_include") {
            const QStringList& have = key == "sources_include" ? sources : keys;
            for (const json& item : want)
                if (!have.contains(item.get<QString>()))
                    check(key.c_str(), item, have, false);
        } else if (key == "evidence_keys_exclude") {
            for (const json& item : want)
                if (keys.contains(item.get<QString>()))
                    check(key.c_str(), item, keys, false);
        } else if (key == "min_top_quality") {
            check(key.c_str(), want, r.bestQuality(), r.bestQuality() + 1e-9 >= want.get<double>());
        } else if (key == "max_top_quality") {
            check(key.c_str(), want, r.bestQuality(), r.bestQuality() - 1e-9 <= want.get<double>());
        } else if (key == "min_evidence_count") {
            const int n = r.evidenceBlockCount();
            check(key.c_str(), want, n, n >= want.get<int>());
        } else if (key == "max_evidence_count") {
            const int n = r.evidenceBlockCount();
            check(key.c_str(), want, n, n <= want.get<int>());
        } else if (key == "truncated") {
            check(key.c_str(), want, r.contextPack.truncated,
                  r.contextPack.truncated == want.get<bool>());
        }
    }
    return out;
}

std::vector<FixtureCheck> checkFixtures(const QString& fixturesDir, const GoldenSet& golden)
{
    std::vector<FixtureCheck> out;
    const QDir dir(fixturesDir);
    for (const GoldenExpectation& g : golden.entries) {
        FixtureCheck c;
        c.fixture = g.fixture;
        QFile f(dir.filePath(g.fixture));
        if (!f.open(QIODevice::ReadOnly)) {
            c.loadError = Tr::tr("cannot read fixture %1: %2").arg(f.fileName(), f.errorString());
            out.push_back(std::move(c));
            continue;
        }
        auto bytes = input_guard::readAtMost(f, f.fileName());
        if (!bytes) {
            c.loadError = bytes.error();
            out.push_back(std::move(c));
            continue;
        }
        auto parsed =
            input_guard::parseJson(std::string_view(bytes->constData(), size_t(bytes->size())));
        if (!parsed || !parsed->is_object()) {
            c.loadError =
                !parsed ? Tr::tr("fixture %1 is not valid JSON (cut off or edited?)").arg(g.fixture)
                        : Tr::tr("fixture %1 is not a JSON object").arg(g.fixture);
            out.push_back(std::move(c));
            continue;
        }
        json j = std::move(*parsed);
        LookupResult result;
        try {
            result = j.get<LookupResult>();
        } catch (const json::exception& e) {
            c.loadError = Tr::tr("fixture %1 is not a LookupResult: %2")
                              .arg(g.fixture, QString::fromUtf8(e.what()));
            out.push_back(std::move(c));
            continue;
        }
        c.loaded = true;
        c.mismatches = checkAgainstGolden(result, g.expect);
        out.push_back(std::move(c));
    }
    return out;
}

void to_json(json& j, const FixtureMismatch& m)
{
    j = json{{"field", m.field}, {"expected", m.expected}, {"actual", m.actual}};
}

void to_json(json& j, const FixtureCheck& c)
{
    json mismatches = json::array();
    for (const FixtureMismatch& m : c.mismatches)
        mismatches.push_back(m);
    j = json{{"fixture", c.fixture},
             {"passed", c.passed()},
             {"error", json_util::stringOrNull(c.loadError)},
             {"mismatches", mismatches}};
}

} // namespace raglens
