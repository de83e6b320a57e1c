#include "support/random_audit_db.h"

#include "support/fixture_db.h"
#include "support/fixture_db_rows.h"

#include <QDateTime>
#include <QFile>
#include <QRandomGenerator>
#include <cctype>

#include <nlohmann/json.hpp>

namespace raglens::test {

using nlohmann::json;

namespace {

class Dice
{
public:
    explicit Dice(quint32 seed) : m_rng(seed) {}
    int below(int n) { return int(m_rng.bounded(n)); }
    bool chance(int percent) { return below(100) < percent; }
    template <typename T> const T& pick(std::initializer_list<T> items)
    {
        return items.begin()[below(int(items.size()))];
    }
    double unit() { return m_rng.generateDouble(); }

private:
    QRandomGenerator m_rng;
};

const char* const kAttempts[] = {"FILTERED_VECTOR", "UNFILTERED_VECTOR_RETRY", "UNFILTERED_VECTOR"};
const char* const kStatuses[] = {"EVIDENCE_FOUND", "NO_EVIDENCE", "ERROR"};

json attempt(Dice& d, const char* name, bool filtered)
{
    json a = {{"name", name},
              {"candidate_count", d.pick({0, 0, 1, 3, 5, 8})},
              {"usable", d.chance(50)},
              {"top_similarity", d.chance(85) ? json(d.unit()) : json(nullptr)},
              {"duration_ms", d.below(40)}};
    if (filtered)
        a["category_filter"] = d.pick({"mysql", "redis", "kubernetes"});
    if (d.chance(5))
        a["error_message"] = "vector store timeout";
    return a;
}

// A details object the way a RagLens-like writer leaves it, with random decisions.
json writerShapedDetails(Dice& d)
{
    json attempts = json::array();
    const int shape = d.below(3);
    if (shape == 0) {
        attempts.push_back(attempt(d, kAttempts[0], true));
    } else if (shape == 1) {
        attempts.push_back(attempt(d, kAttempts[0], true));
        attempts.push_back(attempt(d, kAttempts[1], false));
    } else {
        attempts.push_back(attempt(d, kAttempts[2], false));
    }
    const std::string status = kStatuses[d.pick({0, 0, 0, 1, 1, 2})];
    json details = {
        {"audit_schema", "rag_lookup_v1"},
        {"search_mode", d.pick({"hybrid", "dense"})},
        {"selected_attempt", attempts.back()["name"]},
        {"fallback_reason",
         shape == 1 ? json(d.pick({"filtered_vector_no_evidence", "filtered_vector_low_quality"}))
                    : json(nullptr)},
        {"category_filter", shape == 2 ? json(nullptr) : json("mysql")},
        {"evidence_keys",
         status == "EVIDENCE_FOUND" ? json{"mysql/pool.md#chunk-0"} : json::array()},
        {"sources", json::array()},
        {"evidence_candidate_count", d.below(9)},
        {"evidence_block_count", d.below(4)},
        {"l0_hints", {{"domains", {"mysql"}}, {"matched_keywords", {"pool"}}}},
        {"attempts", attempts},
        {"truncated", d.chance(20)},
        {"returned_count", d.below(4)},
        {"evidence_status", status},
        {"relevance_level", d.chance(33) ? json(nullptr) : json(d.pick({"PRECISE", "REFERENCE"}))},
        {"invocation_status", "READY"},
        {"tool_call_id", "call-x"}};
    if (d.chance(50)) {
        details["context_pack_truncated"] = d.chance(30);
        details["agent_truncated"] = d.chance(30);
    }
    if (d.chance(20))
        details["usable_threshold"] = 0.4;
    return details;
}

/// Cells that get a byte-order mark (which JSON does not allow) once written: SQLite drops
/// a leading BOM from UTF-16 text, which is how Qt binds a QString, so an UPDATE puts its
/// UTF-8 bytes in place of this prefix.
constexpr char kByteOrderMarkLater[] = "\x01bom:";

// Whatever a production cell may hold: most rows well formed, the rest broken in every
// way the reader has to survive.
QVariant detailsCell(Dice& d)
{
    json details = writerShapedDetails(d);
    const int kind = d.below(100);
    if (kind < 55)
        return QString::fromStdString(details.dump());
    if (kind < 65) { // keys missing
        for (int n = 1 + d.below(4); n > 0; --n) {
            auto it = details.begin();
            std::advance(it, d.below(int(details.size())));
            details.erase(it);
        }
        return QString::fromStdString(details.dump());
    }
    if (kind < 75) { // wrong types
        details["evidence_status"] =
            d.pick<json>({json(1), json{"NO_EVIDENCE"}, json{{"x", 1}}, json(true)});
        if (d.chance(50))
            details["selected_attempt"] = 42;
        if (d.chance(30))
            details["attempts"] = d.pick<json>({json("x"), json{1, "a"}});
        if (d.chance(30))
            details["truncated"] = "yes";
        if (d.chance(30))
            details["returned_count"] = "3";
        if (d.chance(30))
            details["l0_hints"] = json::array();
        return QString::fromStdString(details.dump());
    }
    if (kind < 80) { // cut off, as a too-small column leaves it
        const std::string text = details.dump();
        return QString::fromStdString(text.substr(0, text.size() / 2));
    }
    if (kind < 84)
        return QVariant(QMetaType::fromType<QString>());
    if (kind < 85)
        return QString::fromLatin1(d.pick({"[]", "\"text\"", "42", "null"}));
    if (kind < 86) // the object encoded twice: a JSON string holding its text, maybe indented
        return QString::fromStdString((d.chance(30) ? " \n\t" : "") + json(details.dump()).dump());
    if (kind < 88)
        return QByteArray::fromStdString(details.dump()); // a BLOB cell
    if (kind < 92) {
        // The contract's words in another case or padded (read as the words), and values
        // that only look like them (a tab, full-width letters, another word: unknown).
        details["evidence_status"] =
            d.pick({"no_evidence", "", " NO_EVIDENCE", "FOUND", "Evidence_Found  ", "NO_EVIDENCE\t",
                    "\xEF\xBC\xAE\xEF\xBC\xAF_EVIDENCE"});
        if (d.chance(50) && details["selected_attempt"].is_string()) {
            std::string attempt = details["selected_attempt"].get<std::string>();
            for (char& c : attempt)
                c = char(std::tolower(static_cast<unsigned char>(c)));
            details["selected_attempt"] = attempt;
        }
        if (d.chance(50) && details["fallback_reason"].is_string())
            details["fallback_reason"] = "FILTERED_VECTOR_LOW_QUALITY ";
        return QString::fromStdString(details.dump());
    }
    std::string text = details.dump();
    text.pop_back(); // the closing brace, to append hostile members by hand
    if (kind < 93)   // a number no double holds; SQL engines read it as valid JSON
        return QString::fromStdString(text +
                                      ",\"huge\":1e400,\"big\":123456789012345678901234567890}");
    if (kind < 94) // lone surrogate escapes beside a pair; SQLite reads it as valid JSON
        return QString::fromStdString(text + ",\"note\":\"\\ud800 \\udc00 \\ud83d\\ude00\"}");
    if (kind < 96) { // nested around the parsers' depth limit (2000)
        const size_t depth = d.pick<size_t>({1500, 2500});
        return QString::fromStdString(text + ",\"deep\":" + std::string(depth, '[') +
                                      std::string(depth, ']') + "}");
    }
    if (kind < 97) // invalid UTF-8 inside a string, stored as bytes
        return QByteArray::fromStdString(text + ",\"q\":\"\xff\xfe\"}");
    if (kind < 98) // a byte-order mark before the object: see kByteOrderMarkLater
        return QLatin1String(kByteOrderMarkLater) + QString::fromStdString(details.dump());
    if (kind < 99) { // a key written twice, the second saying the opposite
        const bool empty = details.value("evidence_status", json()) == "NO_EVIDENCE";
        return QString::fromStdString(text + ",\"evidence_status\":\"" +
                                      (empty ? "EVIDENCE_FOUND" : "NO_EVIDENCE") +
                                      "\",\"selected_attempt\":\"UNFILTERED_VECTOR_RETRY\"}");
    }
    return QString();
}

/// A call's input: mostly one ASCII query; some in Chinese, as Python's json.dumps writes
/// it (\u escapes) or as the characters themselves. Chosen by position, not by the dice,
/// so that every other value stays what it was.
QString inputParams(int invocation)
{
    switch (invocation % 23) {
    case 5:
        return QStringLiteral("{\"query\":\"\\u6570\\u636e\\u5e93 q\"}");
    case 6:
        return QStringLiteral("{\"query\":\"数据库 q\"}");
    default:
        return QStringLiteral("{\"query\":\"q\"}");
    }
}

QVariant nullable(Dice& d, int nullPercent, const QVariant& value)
{
    return d.chance(nullPercent) ? QVariant(QMetaType::fromType<QString>()) : value;
}

} // namespace

QString writeRandomAuditDb(const QString& path, const RandomAuditDbOptions& options)
{
    return writeSqliteFile(path, [&options](FixtureWriter& w) {
        for (const QString& ddl : productionSchemaDdl())
            w.exec(ddl);
        // The browse-path indexes a production store has (DESIGN §3).
        w.exec(QStringLiteral("CREATE INDEX idx_run_session ON diagnosis_run(session_id)"));
        w.exec(QStringLiteral("CREATE INDEX idx_inv_run ON tool_invocation(run_id)"));
        w.exec(QStringLiteral("CREATE INDEX idx_step_run ON agent_step(run_id)"));
        w.db.transaction();
        Dice d(options.seed);
        const QDateTime origin(QDate(2026, 11, 1), QTime(8, 0), Qt::UTC);
        int invocations = 0;
        qint64 stepId = 0;
        for (int run = 0; invocations < options.invocations && w.error.isEmpty(); ++run) {
            const QString session = QStringLiteral("sess-g-%1").arg(run / 3 - d.below(2));
            const bool orphan = d.chance(3); // invocations whose run row is missing
            const QString runId = QStringLiteral("run-g-%1").arg(run);
            const QDateTime started = origin.addSecs(qint64(run) * options.runSpacingSecs);
            if (!orphan)
                w.exec(
                    QStringLiteral("INSERT INTO diagnosis_run VALUES "
                                   "(?,?,?,?,?,?,?,?,?,?,?,?)"),
                    {runId, session, nullable(d, 20, QStringLiteral("user-%1").arg(run % 7)),
                     QStringLiteral("question %1").arg(run),
                     d.pick({"COMPLETED", "FAILED", "RUNNING", "completed "}),
                     nullable(d, 10,
                              QString::fromLatin1(d.pick({"SUCCESS", "SUCCESS", "FALLBACK", "ERROR",
                                                          "fallback", "Success ", " error"}))),
                     nullable(d, 30,
                              QString::fromLatin1(
                                  d.pick({"DIAGNOSIS_REPORT", "SAFE_FALLBACK", "safe_fallback "}))),
                     nullable(d, 50, QStringLiteral("INSUFFICIENT_EVIDENCE")), d.below(6),
                     d.below(5000), started.toString(Qt::ISODateWithMs),
                     started.addSecs(20).toString(Qt::ISODateWithMs)});
            const int steps = 1 + d.below(3);
            for (int s = 0; s < steps; ++s)
                w.exec(QStringLiteral("INSERT INTO agent_step VALUES (?,?,?,?,?,?,?,?)"),
                       {++stepId, runId, s, QStringLiteral("agent-%1").arg(s), 1, d.below(900),
                        started.addSecs(s).toString(Qt::ISODateWithMs),
                        started.addSecs(s + 1).toString(Qt::ISODateWithMs)});
            for (int n = 1 + d.below(4); n > 0; --n, ++invocations) {
                const bool lookup = d.chance(70);
                const QString tool =
                    lookup ? QStringLiteral("lookup_knowledge")
                           : QString::fromLatin1(d.pick({"fetch_metrics", "query_logs", ""}));
                w.exec(
                    QStringLiteral("INSERT INTO tool_invocation (run_id, session_id, step_id, "
                                   "tool_call_id, tool_name, retrieval_layer, relevance_level, "
                                   "l0_match_count, l1_match_count, is_truncated, "
                                   "retrieval_details, output_preview, input_params, "
                                   "duration_ms, success, error_message, dedup_reason, "
                                   "created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
                    // About one call in a hundred records its session but no run id, and
                    // about one in ninety names the next session instead of its run's (the
                    // run's row places it; a run without a row is split by its calls').
                    {invocations % 97 == 13 ? QVariant(QMetaType::fromType<QString>())
                                            : QVariant(runId),
                     invocations % 89 == 41 ? QStringLiteral("sess-g-%1").arg(run / 3 + 1)
                                            : session,
                     nullable(d, 10, stepId - d.below(steps)),
                     QStringLiteral("call-%1").arg(invocations), nullable(d, 2, tool),
                     nullable(d, 10, lookup ? QStringLiteral("L1") : QStringLiteral("HARNESS")),
                     nullable(d, 40,
                              QString::fromUtf8(
                                  d.pick({"PRECISE", "REFERENCE", "EVIDENCE_FOUND", "NO_EVIDENCE",
                                          "ERROR", "junk", "", "precise", "Reference ",
                                          "no_evidence", "PRECISE\t", "\xEF\xBC\xB0RECISE"}))),
                     d.below(4), d.below(4), nullable(d, 20, d.below(2)),
                     lookup || d.chance(10) ? detailsCell(d)
                                            : QVariant(QMetaType::fromType<QString>()),
                     QStringLiteral("preview"), inputParams(invocations),
                     nullable(d, 5, d.below(3000)),
                     nullable(d, 5,
                              d.pick<QVariant>({1, 1, 1, 1, 0, QStringLiteral("t"),
                                                QStringLiteral("false"), QStringLiteral("yes")})),
                     nullable(d, 80, QStringLiteral("boom")), QString(),
                     started.addSecs(2).toString(Qt::ISODateWithMs)});
            }
        }
        w.exec(QStringLiteral("UPDATE tool_invocation SET retrieval_details = CAST(X'EFBBBF' AS "
                              "TEXT) || substr(retrieval_details, %1) WHERE "
                              "substr(retrieval_details, 1, %2) = ?")
                   .arg(sizeof(kByteOrderMarkLater))
                   .arg(sizeof(kByteOrderMarkLater) - 1),
               {QLatin1String(kByteOrderMarkLater)});
        if (w.error.isEmpty())
            w.db.commit();
        else
            w.db.rollback();
    });
}

QString damageLastPages(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadWrite))
        return f.errorString();
    const qint64 size = f.size();
    if (size <= 4096 * 40)
        return QStringLiteral("the file is too small to damage only its end");
    if (!f.seek(size - 4096 * 20))
        return f.errorString();
    QByteArray noise(4096 * 5, '\0');
    QRandomGenerator rng(3);
    for (char& c : noise)
        c = char(rng.bounded(256));
    return f.write(noise) == noise.size() ? QString() : f.errorString();
}

} // namespace raglens::test
