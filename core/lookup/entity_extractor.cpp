#include "lookup/entity_extractor.h"

#include <QRegularExpression>

namespace raglens {

QStringList EntityExtractor::extract(const QString& query)
{
    struct Pattern
    {
        QRegularExpression re;
        int group;
    };
    static const std::vector<Pattern> patterns = [] {
        using R = QRegularExpression;
        std::vector<Pattern> p;
        // ORA-12541, KAFKA-1234, CVE-2021-44228 style codes
        p.push_back({R(QStringLiteral("\\b([A-Z][A-Z0-9]{1,9}-\\d{3,6})\\b")), 1});
        // MySQL "ERROR 1213 (40001)" / "error 1040"
        p.push_back({R(QStringLiteral("\\b(ERROR\\s+\\d{4})\\b"), R::CaseInsensitiveOption), 1});
        // SQLSTATE 08S01 or a parenthesised 5-character state "(40001)"
        p.push_back(
            {R(QStringLiteral("\\bSQLSTATE[\\s:=]*([0-9A-Z]{5})\\b"), R::CaseInsensitiveOption),
             1});
        p.push_back({R(QStringLiteral("\\(([0-9]{2}[0-9A-Z]{3})\\)")), 1});
        // Java / .NET exception and error class names, optionally qualified
        p.push_back({R(QStringLiteral("\\b((?:[a-z_][a-z0-9_]*\\.)*[A-Z][A-Za-z0-9_]*"
                                      "(?:Exception|Error|Failure))\\b")),
                     1});
        // Other qualified class names: com.zaxxer.hikari.pool.HikariPool
        p.push_back(
            {R(QStringLiteral("\\b((?:[a-z_][a-z0-9_]*\\.){2,}[A-Z][A-Za-z0-9_]*)\\b")), 1});
        // host:port and ip:port
        p.push_back({R(QStringLiteral("\\b((?:[a-zA-Z0-9-]+\\.)*[a-zA-Z0-9-]+:\\d{2,5})\\b")), 1});
        // HTTP status lines and exit codes
        p.push_back(
            {R(QStringLiteral("\\b((?:HTTP\\s*)?[45]\\d{2}\\s+(?:Bad Gateway|Gateway Timeout|"
                              "Too Many Requests|Service Unavailable|Internal Server "
                              "Error|Not Found|Forbidden))\\b"),
               R::CaseInsensitiveOption),
             1});
        p.push_back({R(QStringLiteral("\\b(exit code \\d{1,3})\\b"), R::CaseInsensitiveOption), 1});
        // CamelCase Kubernetes-style reasons: CrashLoopBackOff, ImagePullBackOff, OOMKilled
        p.push_back({R(QStringLiteral("\\b([A-Z][a-z]+(?:[A-Z][a-z]*){2,}|OOMKilled|CLUSTERDOWN|"
                                      "OOM command not allowed)\\b")),
                     1});
        return p;
    }();

    QStringList out;
    const QString text = query.left(4000);
    for (const Pattern& p : patterns) {
        auto it = p.re.globalMatch(text);
        while (it.hasNext()) {
            const QString e = it.next().captured(p.group).trimmed();
            bool covered = false;
            for (const QString& known : out)
                if (known.contains(e, Qt::CaseInsensitive))
                    covered = true;
            if (!e.isEmpty() && !covered)
                out.append(e);
        }
    }
    return out;
}

} // namespace raglens
