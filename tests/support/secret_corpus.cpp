#include "support/secret_corpus.h"

namespace raglens::test {

std::vector<SecretShape> secretCorpus()
{
    std::vector<SecretShape> out;
    const auto add = [&](const char* name, const QString& text, const QString& secret) {
        out.push_back({name, text, secret});
    };
    add("bearer", QStringLiteral("Authorization: Bearer abcDEF123.456-xyz_987"),
        QStringLiteral("abcDEF123.456-xyz_987"));
    add("bearer long", QStringLiteral("bearer QWERTYUIOPASDFGHJKLZXCVB"),
        QStringLiteral("QWERTYUIOPASDFGHJKLZXCVB"));
    add("basic", QStringLiteral("Authorization: Basic dXNlcjpodW50ZXIy"),
        QStringLiteral("dXNlcjpodW50ZXIy"));
    add("jwt",
        QStringLiteral(
            "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_"
            "XgL0n3I9PlFUP0THsR8U"),
        QStringLiteral("eyJzdWIiOiIxMjM0NTY3ODkwIn0"));
    int i = 0;
    for (const char* key :
         {"password",     "Password",     "PASSWORD",      "passwd",      "pwd",
          "pass",         "db_password",  "dbPassword",    "secret",      "client_secret",
          "clientSecret", "api_key",      "apikey",        "api-key",     "apiKey",
          "access_key",   "accessKey",    "private_key",   "session_key", "token",
          "auth_token",   "access_token", "refresh_token", "credentials", "cookie",
          "auth",         "authorization"}) {
        const QString value = QStringLiteral("S3cr3tV4lue%1x").arg(++i);
        add(key, QStringLiteral("connect with %1=%2 please").arg(QLatin1String(key), value), value);
    }
    add("colon pair", QStringLiteral("password: Tr0ub4dor&3"), QStringLiteral("Tr0ub4dor"));
    add("quoted pair", QStringLiteral("\"api_key\": \"qu0tedK3yValue\""),
        QStringLiteral("qu0tedK3yValue"));
    add("url userinfo", QStringLiteral("postgresql://admin:hunter2pw@db.internal:5432/prod"),
        QStringLiteral("hunter2pw"));
    add("url userinfo https", QStringLiteral("https://bob:pa55w0rdXY@example.com/x"),
        QStringLiteral("pa55w0rdXY"));
    add("private key",
        QStringLiteral("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAprivKEYbody\n-----END RSA "
                       "PRIVATE KEY-----"),
        QStringLiteral("MIIEpAIBAAKCAQEAprivKEYbody"));
    add("private key cut", QStringLiteral("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANcutHERE"),
        QStringLiteral("MIIEvQIBADANcutHERE"));
    add("aws access key", QStringLiteral("key AKIAIOSFODNN7EXAMPLE in env"),
        QStringLiteral("AKIAIOSFODNN7EXAMPLE"));
    add("aws temp key", QStringLiteral("ASIAJEXAMPLEXEG2JICE"),
        QStringLiteral("ASIAJEXAMPLEXEG2JICE"));
    add("github", QStringLiteral("ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
        QStringLiteral("ghp_abcdefghijklmnopqrstuvwxyz0123456789"));
    add("github pat", QStringLiteral("github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"),
        QStringLiteral("github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"));
    add("gitlab", QStringLiteral("glpat-xxxxXXXXyyyyYYYYzzzz"),
        QStringLiteral("glpat-xxxxXXXXyyyyYYYYzzzz"));
    add("slack", QStringLiteral("xoxb-1234567890-abcdefghijkl"),
        QStringLiteral("xoxb-1234567890-abcdefghijkl"));
    add("google", QStringLiteral("AIzaSyA1234567890abcdefghijklmnopqrstuv"),
        QStringLiteral("AIzaSyA1234567890abcdefghijklmnopqrstuv"));
    add("openai", QStringLiteral("sk-proj-abcdefghijklmnopqrstuvwxyz123456"),
        QStringLiteral("abcdefghijklmnopqrstuvwxyz123456"));
    add("stripe", QStringLiteral("sk_live_51HabcdefghijklmnopqrstuvWX"),
        QStringLiteral("51HabcdefghijklmnopqrstuvWX"));
    add("azure", QStringLiteral("DefaultEndpointsProtocol=https;AccountKey=azUreK3y+base64==;"),
        QStringLiteral("azUreK3y+base64=="));
    add("sas", QStringLiteral("https://x.blob.core.windows.net/c?sv=2020&sig=SaSsIgNaTuRe123"),
        QStringLiteral("SaSsIgNaTuRe123"));
    add("x-api-key header", QStringLiteral("X-Api-Key: hdrK3yValue99"),
        QStringLiteral("hdrK3yValue99"));
    add("mysql url", QStringLiteral("mysql://svc:my5qlPassw0rd@10.0.0.5:3306/app"),
        QStringLiteral("my5qlPassw0rd"));
    add("npm", QStringLiteral("npm_abcdefghijklmnopqrstuvwxyz0123456789"),
        QStringLiteral("npm_abcdefghijklmnopqrstuvwxyz0123456789"));
    add("spaced pair", QStringLiteral("password = spaced0ut!value"), QStringLiteral("spaced0ut"));
    return out;
}

QStringList secretKeySpellings()
{
    return {QStringLiteral("password"),
            QStringLiteral("Passwd"),
            QStringLiteral("PWD"),
            QStringLiteral("pass"),
            QStringLiteral("user_pass"),
            QStringLiteral("token"),
            QStringLiteral("X-Auth-Token"),
            QStringLiteral("bearer"),
            QStringLiteral("secret"),
            QStringLiteral("clientSecret"),
            QStringLiteral("api key"),
            QStringLiteral("API_KEY"),
            QStringLiteral("x-api-key"),
            QStringLiteral("apiKey"),
            QStringLiteral("Authorization"),
            QStringLiteral("auth"),
            QStringLiteral("Cookie"),
            QStringLiteral("set-cookie"),
            QStringLiteral("session_key"),
            QStringLiteral("sessionKey"),
            QStringLiteral("credential"),
            QStringLiteral("credentials"),
            QStringLiteral("private_key"),
            QStringLiteral("privateKey"),
            QStringLiteral("access_key"),
            QStringLiteral("AccessKey"),
            QStringLiteral("passphrase"),
            QStringLiteral("access_token"),
            QStringLiteral("refresh_token"),
            QStringLiteral("tokens"),
            QStringLiteral("token_secret_count"),
            QStringLiteral("input_token"),
            QStringLiteral("context_token"),
            QStringLiteral("outputToken")};
}

} // namespace raglens::test
