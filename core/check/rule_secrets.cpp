// secrets: no key named like a credential in input_params, and no value that looks like one
// (the redaction policy's shapes, plus long high-entropy strings) in input_params,
// output_preview, error_message, retrieval_details or the run's question. A finding shows
// where and what kind, never the value: at most its first two characters and its length.

#include "check/check_rules.h"

#include "common/input_guard.h"
#include "common/secret_policy.h"

#include <QCoreApplication>

#include <QSet>

#include <cmath>
#include <deque>

namespace raglens::check {

namespace {

using nlohmann::json;
using secrets::CredentialHit;

class SecretScan
{
    Q_DECLARE_TR_FUNCTIONS(SecretScan)
public:
    SecretScan(const CheckConfig& config, RuleResult& result) : m_config(config), m_result(result)
    {}
    void run(const RunBatch& batch, const SchemaView& schema);

private:
    /// Reports each credential-shaped value of `text`, except one whose mask `skip` holds
    /// (already named through its key).
    void scanText(const QString& text, const QString& column, const RuleFinding& where,
                  const QSet<QString>* skip = nullptr);
    /// The strings of a JSON column (and, for input_params, its keys); the raw text when
    /// it did not parse. Values, not the JSON text: escaping would hide a shape.
    void scanJson(const nlohmann::json& value, const QString& raw, const QString& column, bool keys,
                  const RuleFinding& where);
    void report(RuleFinding where, const QString& reason);

    const CheckConfig& m_config;
    RuleResult& m_result;
    /// While set, the masks of what is reported (so a second scan names nothing twice).
    QSet<QString>* m_reported = nullptr;
};

bool isTokenChar(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '+' ||
           u == '/' || u == '_' || u == '-' || u == '=';
}

/// Random-looking runs of key characters: long, mixing upper, lower and digits, and
/// dense in information. Lower-case hex (UUIDs, digests) and words are left alone.
std::vector<CredentialHit> highEntropyTokens(const QString& text, const CheckConfig& config)
{
    std::vector<CredentialHit> hits;
    qsizetype i = 0;
    while (i < text.size()) {
        if (!isTokenChar(text.at(i))) {
            ++i;
            continue;
        }
        qsizetype end = i;
        bool upper = false, lower = false, digit = false;
        while (end < text.size() && isTokenChar(text.at(end))) {
            const QChar c = text.at(end);
            upper = upper || c.isUpper();
            lower = lower || c.isLower();
            digit = digit || c.isDigit();
            ++end;
        }
        const QStringView token = QStringView(text).mid(i, end - i);
        if (token.size() >= config.minEntropyChars && upper && lower && digit &&
            entropyBits(token) >= config.minEntropyBits)
            hits.push_back({QStringLiteral("high_entropy_string"), i, end - i});
        i = end;
    }
    return hits;
}

/// Whether the parsed value may hold less than the JSON text: a key written twice in one
/// object (the decoder keeps the first), or a number or escape it repaired. (Any such note,
/// whatever its language.)
bool parsedDiffersFromText(const QString& raw)
{
    QString note;
    const std::string text = raw.toStdString();
    return input_guard::parseJson(text, {}, &note) && !note.isEmpty();
}

void SecretScan::report(RuleFinding where, const QString& reason)
{
    where.reason = reason;
    m_result.fail(std::move(where));
}

void SecretScan::scanText(const QString& text, const QString& column, const RuleFinding& where,
                          const QSet<QString>* skip)
{
    if (text.isEmpty())
        return;
    std::vector<CredentialHit> hits = secrets::findCredentials(text);
    // "Authorization: Bearer <token>" is one secret: the scheme word is not a second one.
    static const QStringList schemes = {QStringLiteral("bearer"), QStringLiteral("basic"),
                                        QStringLiteral("digest"), QStringLiteral("token")};
    hits.erase(std::remove_if(hits.begin(), hits.end(),
                              [&](const CredentialHit& h) {
                                  return schemes.contains(text.mid(h.start, h.length).toLower());
                              }),
               hits.end());
    if (m_config.highEntropy)
        for (const CredentialHit& h : highEntropyTokens(text, m_config)) {
            const bool known = std::any_of(hits.begin(), hits.end(), [&](const CredentialHit& k) {
                return h.start < k.start + k.length && k.start < h.start + h.length;
            });
            if (!known)
                hits.push_back(h);
        }
    for (const CredentialHit& h : hits) {
        const QString mask = secrets::maskForReport(text.mid(h.start, h.length));
        if (skip && skip->contains(mask))
            continue;
        if (m_reported)
            m_reported->insert(mask);
        report(
            where,
            tr("%1 holds a value that looks like a credential (%2): %3").arg(column, h.kind, mask));
    }
}

void SecretScan::scanJson(const json& value, const QString& raw, const QString& column, bool keys,
                          const RuleFinding& where)
{
    if (!value.is_object() && !value.is_array() && !value.is_string()) {
        scanText(raw, column, where);
        return;
    }
    // Without escapes the raw text holds every string as it is: one scan of it sees what a
    // scan of each value would (and a name=value pair across key and value is one too).
    // input_params is small and its keys are judged by name: its values are scanned alone,
    // so a secret-named key is one finding, not two.
    // (A raw text kept only in part, for a huge cell, is no such copy.)
    const bool walkValues =
        keys || raw.contains(QLatin1Char('\\')) || raw.size() >= input_guard::kMaxRawCellChars;
    if (!walkValues) {
        scanText(raw, column, where);
        return;
    }
    // Walked without recursion: a row's nesting is not ours to trust. A string that is itself
    // JSON (a writer that encodes the object twice) is walked inside, keys and all.
    std::vector<const json*> pending = {&value};
    std::deque<json> inner; // the parsed strings, kept while the walk points into them
    QSet<QString> reported;
    m_reported = &reported;
    while (!pending.empty()) {
        const json* v = pending.back();
        pending.pop_back();
        if (v->is_string()) {
            const QString text = QString::fromStdString(v->get<std::string>());
            if (const QString t = text.trimmed();
                t.startsWith(QLatin1Char('{')) || t.startsWith(QLatin1Char('['))) {
                auto parsed = input_guard::parseJson(v->get<std::string>());
                if (parsed && (parsed->is_object() || parsed->is_array())) {
                    inner.push_back(std::move(*parsed));
                    pending.push_back(&inner.back());
                    continue;
                }
            }
            scanText(text, column, where);
        } else if (v->is_object()) {
            for (auto it = v->begin(); it != v->end(); ++it) {
                const QString key = QString::fromStdString(it.key());
                if (keys && secrets::isSecretKey(key)) {
                    const QString shown = it->is_string()
                                              ? QString::fromStdString(it->get<std::string>())
                                              : QString::fromStdString(it->dump());
                    const QString mask = secrets::maskForReport(shown);
                    reported.insert(mask);
                    // A shape found inside the value is that value again.
                    for (const CredentialHit& h : secrets::findCredentials(shown))
                        reported.insert(secrets::maskForReport(shown.mid(h.start, h.length)));
                    report(where,
                           tr("%1 has the credential key '%2' (value %3)").arg(column, key, mask));
                    continue;
                }
                pending.push_back(&it.value());
            }
        } else if (v->is_array()) {
            for (const json& item : *v)
                pending.push_back(&item);
        }
    }
    m_reported = nullptr;
    // The parsed object keeps the first of a key written twice; the second is still in the
    // raw text, which every reader shows and the text filter searches: such a text is
    // scanned too, and what the walk named already is not named twice.
    if (keys && parsedDiffersFromText(raw))
        scanText(raw, column, where, &reported);
}

void SecretScan::run(const RunBatch& batch, const SchemaView& schema)
{
    for (const TraceRun& run : batch.runs) {
        if (!schema.hasQuestion || run.orphan)
            continue;
        ++m_result.checked;
        scanText(run.question, QStringLiteral("diagnosis_run.question"),
                 runFinding(run.runId, QString()));
    }
    for (const TraceInvocation& call : batch.calls) {
        ++m_result.checked;
        const RuleFinding where = callFinding(call, call.runId);
        scanJson(call.inputParams, call.inputParamsRaw, QStringLiteral("input_params"), true,
                 where);
        scanText(call.outputPreview, QStringLiteral("output_preview"), where);
        scanText(call.errorMessage, QStringLiteral("error_message"), where);
        scanJson(call.retrievalDetails, call.retrievalDetailsRaw,
                 QStringLiteral("retrieval_details"), false, where);
    }
    if (m_result.checked == 0)
        m_result.notApplicable(tr("no runs or invocations in scope"));
}

} // namespace

double entropyBits(QStringView text)
{
    if (text.isEmpty())
        return 0;
    QHash<char16_t, int> counts;
    for (QChar c : text)
        ++counts[c.unicode()];
    double bits = 0;
    for (int n : std::as_const(counts)) {
        const double p = double(n) / double(text.size());
        bits -= p * std::log2(p);
    }
    return bits;
}

void checkSecrets(const RunBatch& batch, const SchemaView& schema, const CheckConfig& config,
                  RuleResult& result)
{
    SecretScan(config, result).run(batch, schema);
}

} // namespace raglens::check
