#pragma once
// The one redaction policy for everything RagLens persists or serves: the input_params
// sanitizer, the output preview and error text of an audit row, the run's question,
// full-trace samples and imported traces. A key whose name says "credential" is dropped;
// a value that looks like one is masked wherever it appears in text.
//
// Key names are compared after folding case and separators, so apiKey, API_KEY, x-api-key
// and "Api Key" are one name. Values are matched by shape: Bearer/Basic authorization,
// JWTs, password=… style pairs, URL user-info, private key blocks and the common cloud
// key formats (AWS, GitHub, GitLab, Slack, Google, OpenAI/Stripe-style sk- keys, Azure
// account keys).

#include <QString>

#include <vector>

#include <nlohmann/json.hpp>

namespace raglens::secrets {

inline const QString kMask = QStringLiteral("[REDACTED]");

/// True when a key names a credential (password, passwd, pwd, pass, token, bearer, secret,
/// api key, authorization, auth, cookie, session key, credential(s), private key, client
/// secret, access key — any case, any separators).
bool isSecretKey(const QString& key);

/// `text` with every credential-looking value masked; `count` gets the number masked.
QString redact(const QString& text, int* count = nullptr);

/// One credential-looking value in a text: where it is and what it looks like
/// ("bearer_token", "jwt", "credential_pair", "aws_access_key", ...).
struct CredentialHit
{
    QString kind;
    qsizetype start = 0;
    qsizetype length = 0;
};

/// False when no pattern can match `text` (a quick scan for the words they need).
bool mayHoldCredential(QStringView text);

/// Every place redact() would mask, in text order (the value only, not a kept name).
std::vector<CredentialHit> findCredentials(const QString& text);

/// A secret as a report may show it: never the value, at most its first two characters and
/// its length ("sk…(51 chars)").
QString maskForReport(const QString& value);

/// Longest question (diagnosis_run.question) RagLens stores.
constexpr int kMaxQuestionChars = 1000;
/// A question as RagLens stores it: redacted, then cut to kMaxQuestionChars.
QString questionForStorage(const QString& question);

/// A JSON value with secret-named keys dropped and every string redacted, at any depth
/// (walked iteratively, so a deep value cannot exhaust the stack).
nlohmann::json redactJson(const nlohmann::json& value);

} // namespace raglens::secrets
