#include "common/secret_policy.h"

#include <QRegularExpression>

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
    for (const char* needle : kContained)
        if (folded.contains(QLatin1String(needle)))
            return true;
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
    QRegularExpression re;
    int keepGroup; ///< capture group kept in front of the mask; 0 = mask the whole match
};

const std::vector<Pattern>& patterns()
{
    using RE = QRegularExpression;
    const auto ci = RE::CaseInsensitiveOption;
    static const std::vector<Pattern> list = {
        // Private key blocks, cut off or whole.
        {RE(QStringLiteral("-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?(?:-----END [A-Z ]*PRIVATE "
                           "KEY-----|$)")),
         0},
        // Authorization values. Prose ("bearer tokens", "basic setup") is left alone: a
        // Bearer token has a digit or punctuation or is long; Basic is mixed-case base64.
        {RE(QStringLiteral("\\b(bearer\\s+)(?:(?=\\S*[0-9._~+/=-])[A-Za-z0-9._~+/=:-]{8,}|"
                           "[A-Za-z0-9._~+/=:-]{20,})"),
            ci),
         1},
        // (case-sensitive on purpose: the lookaheads tell lower from upper case)
        {RE(QStringLiteral("\\b([Bb][Aa][Ss][Ii][Cc]\\s+)(?=[A-Za-z0-9+/=]*[a-z])"
                           "(?=[A-Za-z0-9+/=]*[A-Z0-9+/=])[A-Za-z0-9+/]{8,}={0,2}")),
         1},
        // JWTs: three base64url parts, the first a JSON header.
        {RE(QStringLiteral("\\beyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*")), 0},
        // URL user-info: scheme://user:password@host
        {RE(QStringLiteral("\\b([a-z][a-z0-9+.-]*://[^/\\s:@]*:)[^/\\s@]+(?=@)"), ci), 1},
        // name=value and name: value pairs whose name says credential.
        {RE(QStringLiteral(
                "\\b((?:[a-z0-9_-]*(?:password|passwd|passphrase|secret|token|api[_-]?key|"
                "access[_-]?key|private[_-]?key|session[_-]?key|credentials?|cookie)|"
                "pwd|pass|auth|authorization)[\"']?\\s*[=:]\\s*[\"']?)[^\\s\"'&,;]{3,}"),
            ci),
         1},
        // Cloud and service key formats.
        {RE(QStringLiteral("\\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\\b")), 0},
        {RE(QStringLiteral("\\bgh[pousr]_[A-Za-z0-9]{30,}\\b")), 0},
        {RE(QStringLiteral("\\bgithub_pat_[A-Za-z0-9_]{30,}\\b")), 0},
        {RE(QStringLiteral("\\bglpat-[A-Za-z0-9_-]{20,}")), 0},
        {RE(QStringLiteral("\\bnpm_[A-Za-z0-9]{30,}\\b")), 0},
        {RE(QStringLiteral("\\bxox[abposr]-[A-Za-z0-9-]{10,}")), 0},
        {RE(QStringLiteral("\\bAIza[0-9A-Za-z_-]{35}")), 0},
        {RE(QStringLiteral("\\b(?:sk|rk|pk)[-_](?:live[-_]|test[-_]|proj[-_])?[A-Za-z0-9_-]{20,}")),
         0},
        {RE(QStringLiteral("\\b(AccountKey=)[^;\\s]+"), ci), 1},
        {RE(QStringLiteral("\\b(SharedAccessSignature=|sig=)[^;&\\s]+"), ci), 1},
    };
    return list;
}

} // namespace

QString redact(const QString& text, int* count)
{
    int masked = 0;
    QString out = text;
    if (out.isEmpty()) {
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
