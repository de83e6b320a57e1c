#include "common/secret_policy.h"

#include <QRegularExpression>

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace raglens::secrets {

using nlohmann::json;

namespace {

// The words of a key: split at separators and at lower→upper case changes.
QStringList keyWords(const QString& key)
{
    QStringList words;
    QString word;
    for (int i = 0; i < key.size(); ++i) {
        const QChar c = key.at(i);
        if (!c.isLetterOrNumber()) {
            if (!word.isEmpty())
                words << word.toLower();
            word.clear();
            continue;
        }
        if (c.isUpper() && !word.isEmpty() && word.back().isLower()) {
            words << word.toLower();
            word.clear();
        }
        word += c;
    }
    if (!word.isEmpty())
        words << word.toLower();
    return words;
}

} // namespace

bool isSecretKey(const QString& key)
{
    const QStringList words = keyWords(key);
    const QString folded = words.join(QString());
    // Long names match anywhere ("x_api_key", "dbPassword", "set-cookie").
    static const char* const kContained[] = {
        "password",   "passwd",        "passphrase", "token",      "secret",
        "apikey",     "authorization", "cookie",     "credential", "privatekey",
        "sessionkey", "accesskey",     "bearer"};
    // An LLM's token counts and limits ("total_token_count", "max_tokens", "prompt_tokens")
    // are numbers, not credentials: dropping them lost a run's own RUN_FINISHED
    // total_token_count on export and import. A word beside "token" says which it is.
    static const char* const kCountWords[] = {
        "count",    "counts",    "total",  "max", "min",  "limit", "budget", "usage",    "used",
        "estimate", "estimated", "length", "len", "size", "num",   "number", "remaining"};
    // "input_token", "context_token" name credentials (OAuth, GSSAPI); "input_tokens",
    // "prompt_tokens" name counts: those words say count only beside the plural.
    static const char* const kModelSides[] = {"prompt", "completion", "input", "output", "context"};
    const auto hasWord = [&words](const auto& list) {
        return std::any_of(words.begin(), words.end(), [&list](const QString& w) {
            return std::any_of(std::begin(list), std::end(list),
                               [&w](const char* c) { return w == QLatin1String(c); });
        });
    };
    const auto countsTokens = [&] {
        return hasWord(kCountWords) ||
               (words.contains(QStringLiteral("tokens")) && hasWord(kModelSides));
    };
    for (const char* needle : kContained) {
        if (!folded.contains(QLatin1String(needle)))
            continue;
        if (std::strcmp(needle, "token") == 0 && countsTokens() &&
            std::none_of(std::begin(kContained), std::end(kContained), [&folded](const char* n) {
                return std::strcmp(n, "token") != 0 && folded.contains(QLatin1String(n));
            }))
            continue;
        return true;
    }
    // Short names only as whole words: "pass" but not "passage", "auth" but not "author".
    static const char* const kWords[] = {"pwd", "pass", "auth", "sid", "jwt"};
    for (const QString& w : words)
        for (const char* exact : kWords)
            if (w == QLatin1String(exact))
                return true;
    return false;
}

namespace {

struct Pattern
{
    const char* kind; ///< what the value looks like, for findings (never translated: an id)
    QRegularExpression re;
    int keepGroup; ///< capture group kept in front of the mask; 0 = mask the whole match
};

const std::vector<Pattern>& patterns()
{
    using RE = QRegularExpression;
    const auto ci = RE::CaseInsensitiveOption;
    static const std::vector<Pattern> list = {
        // Private key blocks, cut off or whole.
        {"private_key_block",
         RE(QStringLiteral("-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?(?:-----END [A-Z ]*PRIVATE "
                           "KEY-----|$)")),
         0},
        // Authorization values. Prose ("bearer tokens", "basic setup") is left alone: a
        // Bearer token has a digit or punctuation or is long; Basic is mixed-case base64.
        {"bearer_token",
         RE(QStringLiteral("\\b(bearer\\s+)(?:(?=\\S*[0-9._~+/=-])[A-Za-z0-9._~+/=:-]{8,}|"
                           "[A-Za-z0-9._~+/=:-]{20,})"),
            ci),
         1},
        // (case-sensitive on purpose: the lookaheads tell lower from upper case)
        {"basic_authorization",
         RE(QStringLiteral("\\b([Bb][Aa][Ss][Ii][Cc]\\s+)(?=[A-Za-z0-9+/=]*[a-z])"
                           "(?=[A-Za-z0-9+/=]*[A-Z0-9+/=])[A-Za-z0-9+/]{8,}={0,2}")),
         1},
        // JWTs: three base64url parts, the first a JSON header.
        {"jwt", RE(QStringLiteral("\\beyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*")),
         0},
        // URL user-info: scheme://user:password@host
        {"url_password",
         RE(QStringLiteral("\\b([a-z][a-z0-9+.-]*://[^/\\s:@]*:)[^/\\s@]+(?=@)"), ci), 1},
        // name=value and name: value pairs whose name says credential.
        {"credential_pair",
         RE(QStringLiteral(
                "\\b((?:[a-z0-9_-]*(?:password|passwd|passphrase|secret|token|api[_-]?key|"
                "access[_-]?key|private[_-]?key|session[_-]?key|credentials?|cookie)|"
                "pwd|pass|auth|authorization)[\"']?\\s*[=:]\\s*[\"']?)[^\\s\"'&,;]{3,}"),
            ci),
         1},
        // Cloud and service key formats.
        {"aws_access_key", RE(QStringLiteral("\\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\\b")), 0},
        {"github_token", RE(QStringLiteral("\\bgh[pousr]_[A-Za-z0-9]{30,}\\b")), 0},
        {"github_token", RE(QStringLiteral("\\bgithub_pat_[A-Za-z0-9_]{30,}\\b")), 0},
        {"gitlab_token", RE(QStringLiteral("\\bglpat-[A-Za-z0-9_-]{20,}")), 0},
        {"npm_token", RE(QStringLiteral("\\bnpm_[A-Za-z0-9]{30,}\\b")), 0},
        {"slack_token", RE(QStringLiteral("\\bxox[abposr]-[A-Za-z0-9-]{10,}")), 0},
        {"google_api_key", RE(QStringLiteral("\\bAIza[0-9A-Za-z_-]{35}")), 0},
        {"sk_style_key",
         RE(QStringLiteral("\\b(?:sk|rk|pk)[-_](?:live[-_]|test[-_]|proj[-_])?[A-Za-z0-9_-]{20,}")),
         0},
        {"azure_account_key", RE(QStringLiteral("\\b(AccountKey=)[^;\\s]+"), ci), 1},
        {"azure_signature", RE(QStringLiteral("\\b(SharedAccessSignature=|sig=)[^;&\\s]+"), ci), 1},
    };
    return list;
}

} // namespace

QString redact(const QString& text, int* count)
{
    int masked = 0;
    QString out = text;
    if (out.isEmpty() || !mayHoldCredential(out)) {
        if (count)
            *count = 0;
        return out;
    }
    for (const Pattern& p : patterns()) {
        QString next;
        qsizetype last = 0;
        auto it = p.re.globalMatch(out);
        bool any = false;
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            any = true;
            ++masked;
            next += QStringView(out).mid(last, m.capturedStart(0) - last);
            if (p.keepGroup > 0)
                next += m.captured(p.keepGroup);
            next += kMask;
            last = m.capturedEnd(0);
        }
        if (any) {
            next += QStringView(out).mid(last);
            out = next;
        }
    }
    if (count)
        *count = masked;
    return out;
}

bool mayHoldCredential(QStringView text)
{
    // Every pattern above needs one of these (ASCII, any case) to match: a text without any
    // is skipped without running 16 expressions over it. Kept beside the patterns on purpose.
    static const char* const kNeedles[] = {"-----begin",
                                           "bearer",
                                           "basic",
                                           "eyj",
                                           "://",
                                           "pass",
                                           "secret",
                                           "token",
                                           "credential",
                                           "cookie",
                                           "pwd",
                                           "auth",
                                           "apikey",
                                           "api_key",
                                           "api-key",
                                           "accesskey",
                                           "access_key",
                                           "access-key",
                                           "privatekey",
                                           "private_key",
                                           "private-key",
                                           "sessionkey",
                                           "session_key",
                                           "session-key",
                                           "accountkey=",
                                           "akia",
                                           "asia",
                                           "agpa",
                                           "aida",
                                           "aroa",
                                           "ghp_",
                                           "gho_",
                                           "ghu_",
                                           "ghs_",
                                           "ghr_",
                                           "github_pat_",
                                           "glpat-",
                                           "npm_",
                                           "xox",
                                           "aiza",
                                           "sk-",
                                           "sk_",
                                           "rk-",
                                           "rk_",
                                           "pk-",
                                           "pk_",
                                           "sharedaccesssignature=",
                                           "sig="};
    std::string folded(size_t(text.size()), ' ');
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t u = text[i].unicode();
        if (u < 128)
            folded[size_t(i)] = char(u >= 'A' && u <= 'Z' ? u + ('a' - 'A') : u);
    }
    const std::string_view haystack(folded);
    for (const char* needle : kNeedles)
        if (haystack.find(needle) != std::string_view::npos)
            return true;
    return false;
}

std::vector<CredentialHit> findCredentials(const QString& text)
{
    std::vector<CredentialHit> hits;
    if (text.isEmpty() || !mayHoldCredential(text))
        return hits;
    for (const Pattern& p : patterns()) {
        auto it = p.re.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            // The secret is what redact() masks: after the kept name, if any.
            const qsizetype start =
                p.keepGroup > 0 ? m.capturedEnd(p.keepGroup) : m.capturedStart(0);
            const qsizetype end = m.capturedEnd(0);
            if (end <= start)
                continue;
            const bool inside = std::any_of(hits.begin(), hits.end(), [&](const CredentialHit& h) {
                return start < h.start + h.length && h.start < end;
            });
            if (!inside) // one finding per place, the first pattern's name
                hits.push_back({QString::fromLatin1(p.kind), start, end - start});
        }
    }
    std::sort(hits.begin(), hits.end(),
              [](const CredentialHit& a, const CredentialHit& b) { return a.start < b.start; });
    return hits;
}

QString maskForReport(const QString& value)
{
    // Two characters say which value it was (a key prefix, a quote), never enough to use it.
    const qsizetype keep = value.size() >= 12 ? 2 : 0;
    return value.left(keep) + QStringLiteral("…(%1 chars)").arg(value.size());
}

QString questionForStorage(const QString& question)
{
    QString out = redact(question);
    if (out.size() > kMaxQuestionChars)
        out.truncate(out.at(kMaxQuestionChars - 1).isHighSurrogate() ? kMaxQuestionChars - 1
                                                                     : kMaxQuestionChars);
    return out;
}

json redactJson(const json& value)
{
    json out = value;
    std::vector<json*> pending = {&out};
    while (!pending.empty()) {
        json* v = pending.back();
        pending.pop_back();
        if (v->is_string()) {
            *v = redact(QString::fromStdString(v->get<std::string>())).toStdString();
        } else if (v->is_object()) {
            for (auto it = v->begin(); it != v->end();) {
                if (isSecretKey(QString::fromStdString(it.key()))) {
                    it = v->erase(it);
                } else {
                    pending.push_back(&it.value());
                    ++it;
                }
            }
        } else if (v->is_array()) {
            for (json& item : *v)
                pending.push_back(&item);
        }
    }
    return out;
}

} // namespace raglens::secrets
