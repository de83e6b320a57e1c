#include "trace/session_query.h"

#include "db/sql_exec.h"

#include "common/logging.h"
#include "db/audit_database.h"
#include "interpret/run_facts.h"
#include "model/vocabulary.h"
#include "trace/audit_rows.h"
#include "trace/fact_sql.h"
#include "trace/run_flags.h"

#include <QCoreApplication>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>

#include <atomic>

namespace raglens {

namespace {

/// An FTS5 query for rows holding every trigram of `needle` (the index keeps no positions,
/// so it cannot ask for them in order: the pattern checks that). The index is case-sensitive
/// over text SQLite's LOWER() lower-cased, so only trigrams of characters the GLOB pattern
/// matches exactly (SqlDialect::globMatchesExactly()) are named: "Éco" is stored as written,
/// "éco" would miss it. Empty when no such trigram exists; the pattern alone decides then.
/// Long needles use a dozen trigrams spread over them: enough to be selective.
QString trigramQuery(const QString& needle)
{
    const QString lower = SqlDialect::searchLower(needle);
    const QList<bool> exact = SqlDialect::globMatchesExactly(needle);
    // The code points of the lower-cased needle, each with whether it is matched exactly.
    QList<QString> points;
    QList<bool> pointExact;
    for (qsizetype i = 0; i < lower.size(); ++i) {
        const bool pair = lower.at(i).isHighSurrogate() && i + 1 < lower.size() &&
                          lower.at(i + 1).isLowSurrogate();
        points << lower.mid(i, pair ? 2 : 1);
        pointExact << (exact.at(i) && (!pair || exact.at(i + 1)));
        if (pair)
            ++i;
    }
    QStringList candidates;
    QSet<QString> seen; // a pasted stack trace has thousands of trigrams: no quadratic de-dup
    for (qsizetype k = 0; k + 2 < points.size(); ++k) {
        if (!pointExact.at(k) || !pointExact.at(k + 1) || !pointExact.at(k + 2))
            continue;
        QString trigram = points.at(k) + points.at(k + 1) + points.at(k + 2);
        trigram.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        const QString term = QLatin1Char('"') + trigram + QLatin1Char('"');
        if (!seen.contains(term)) {
            seen.insert(term);
            candidates << term;
        }
    }
    constexpr int kMaxTrigrams = 12;
    const qsizetype count = candidates.size();
    if (count <= kMaxTrigrams)
        return candidates.join(QStringLiteral(" AND "));
    const double step = double(count - 1) / (kMaxTrigrams - 1);
    QStringList terms;
    for (int k = 0; k < kMaxTrigrams; ++k) {
        const QString& term = candidates.at(qMin(count - 1, qsizetype(k * step + 0.5)));
        if (!terms.contains(term))
            terms << term;
    }
    return terms.join(QStringLiteral(" AND "));
}

// Any column beyond the keys may be missing from a production schema: read it as NULL.
QString runColumn(AuditDatabase& db, const char* name)
{
    return audit_rows::columnOrNull(db, QStringLiteral("diagnosis_run"), QStringLiteral("r"),
                                    QString::fromLatin1(name));
}

QString invocationColumn(AuditDatabase& db, const char* name)
{
    return audit_rows::columnOrNull(db, QStringLiteral("tool_invocation"), QStringLiteral("i"),
                                    QString::fromLatin1(name));
}

/// Whether the trigrams of a needle leave few enough runs that reading those is quicker than
/// testing every run's text: a needle most runs hold ("pool", "error") read through the
/// trigram index costs a lookup and a sort of every run it names (1.3 s at 1M calls), while
/// walking the runs newest first stops at a full page, and counting reads them in order.
std::atomic<int> g_wideNeedleRuns = 20000;

bool trigramsNarrow(AuditDatabase& db, const QString& query)
{
    const int kWideNeedle = g_wideNeedleRuns;
    QSqlQuery q(db.sql());
    q.setForwardOnly(true);
    if (!prepareBindExec(q,
                         QStringLiteral("SELECT COUNT(*) FROM (SELECT 1 FROM %1 WHERE %1 MATCH ? "
                                        "LIMIT %2)")
                             .arg(QLatin1String(FactSql::kRunSearchTable))
                             .arg(kWideNeedle),
                         {query}) ||
        !q.next())
        return true; // the statement that uses the index will say what is wrong
    return q.value(0).toInt() < kWideNeedle;
}

/// Whether `db` is a facts index that keeps run flags (run_flags.h).
bool hasRunFlags(AuditDatabase& db)
{
    return audit_rows::hasColumn(db, QStringLiteral("diagnosis_run"),
                                 QLatin1String(run_flags::kColumn));
}

} // namespace

void SessionQuery::setWideNeedleRuns(int runs)
{
    g_wideNeedleRuns = qMax(1, runs);
}

QString SessionQuery::evidenceStatusExpr() const
{
    return FactSql(m_dialect.database(), m_dialect).evidenceStatus();
}

// Conditions on the run row itself: the session's outcome, the run's outcome, its start.
void SessionQuery::addRunConditions(const SessionFilter& f, Reading reading, QStringList& conds,
                                    QVariantList& binds) const
{
    AuditDatabase& db = m_dialect.database();
    const bool flagged = hasRunFlags(db);
    if (!f.sessionOutcome.isEmpty() && flagged) {
        // A facts index keeps on each run which outcomes its session's runs have.
        const QString is = run_flags::sessionOutcomeIs(QStringLiteral("r"), f.sessionOutcome);
        conds << (is.isEmpty() ? QStringLiteral("1 = 0") : is);
    } else if (!f.sessionOutcome.isEmpty()) {
        // A fact of the whole session: every run counts, whatever else the filter says. The
        // session's outcome is the first of the precedence that one of its runs has
        // (FactSql::sessionOutcome), so it is asked of runs, not of every session's group
        // (which read all runs, 0.4-0.5 s at 1M calls, in each statement of a page): a run
        // of the session with this outcome, and none with an outcome before it. A page
        // probes the index of run outcomes for each run it walks and stops early; a count of
        // the first outcome gathers its sessions once from that index.
        const QStringList precedence = interpret::sessionOutcomePrecedence();
        const qsizetype rank = precedence.indexOf(f.sessionOutcome);
        const QString outcome = FactSql::runOutcome(db, QStringLiteral("r2"));
        if (rank < 0) {
            conds << QStringLiteral("1 = 0"); // no session has an outcome of another name
        } else if (reading == Reading::All && rank > 0) {
            // Counting sessions that have no run of an earlier outcome: grouping once reads
            // every run, as gathering the sessions of both sets would (and more slowly).
            conds << QStringLiteral("r.session_id IN (SELECT r2.session_id FROM diagnosis_run "
                                    "r2 WHERE r2.run_id IS NOT NULL GROUP BY r2.session_id "
                                    "HAVING %1 = ?)")
                         .arg(FactSql::sessionOutcome(db, QStringLiteral("r2")));
            binds << f.sessionOutcome;
        } else if (reading == Reading::All) {
            conds << QStringLiteral("r.session_id IN (SELECT r2.session_id FROM diagnosis_run "
                                    "r2 WHERE r2.run_id IS NOT NULL AND %1 = ?)")
                         .arg(outcome);
            binds << f.sessionOutcome;
        } else {
            conds << QStringLiteral("EXISTS (SELECT 1 FROM diagnosis_run r2 WHERE r2.session_id "
                                    "= r.session_id AND r2.run_id IS NOT NULL AND %1 = ?)")
                         .arg(outcome);
            binds << f.sessionOutcome;
            if (rank > 0) {
                QStringList marks;
                for (qsizetype k = 0; k < rank; ++k) {
                    marks << QStringLiteral("?");
                    binds << precedence.at(k);
                }
                conds << QStringLiteral("NOT EXISTS (SELECT 1 FROM diagnosis_run r2 WHERE "
                                        "r2.session_id = r.session_id AND r2.run_id IS NOT NULL "
                                        "AND %1 IN (%2))")
                             .arg(outcome, marks.join(QStringLiteral(", ")));
            }
        }
    }
    if (!f.outcome.isEmpty()) {
        if (const auto bit = run_flags::bitOf(run_flags::Field::Outcome, f.outcome);
            bit && flagged) {
            conds << run_flags::hasBit(QStringLiteral("r"), *bit);
        } else {
            conds << FactSql::runOutcome(db, QStringLiteral("r")) + QStringLiteral(" = ?");
            binds << f.outcome;
        }
    }
    if (!audit_rows::isFactsIndex(db))
        m_dialect.addTimeWindow(QStringLiteral("diagnosis_run"), runColumn(db, "started_at"),
                                f.since, f.until, conds, binds);
    else
        addStartWindow(f, conds, binds);
}

// A facts index holds every start SQLite can place as canonical UTC text, which sorts as its
// instants, and any other start as it was, which julianday() reads as no time, as
// SqlDialect::sqliteJulian() does (facts_copier). So the window is a range of that text, which
// the index on starts finds its runs by, where reading each run's start walked every run (a
// window holding none: 0.3 s at a million calls), and julianday() of the text the exact test:
// a cheap one, where sqliteJulian()'s reading of any convention cost 0.3 s per million runs.
void SessionQuery::addStartWindow(const SessionFilter& f, QStringList& conds,
                                  QVariantList& binds) const
{
    SqlDialect::forEachBound(f.since, f.until, [&](const QDateTime& bound, const char* op) {
        // Outside the years 1-9999 the text would not sort as the instants.
        if (const QString text = SqlDialect::canonicalTimeText(bound); !text.isEmpty()) {
            conds << QStringLiteral("r.started_at %1 ?").arg(QLatin1String(op));
            binds << text;
        }
        conds << QStringLiteral("%1 %2 julianday(?)")
                     .arg(FactSql::storedStartJulian(QStringLiteral("r")), QLatin1String(op));
        binds << m_dialect.timeParam(bound);
    });
}

// Conditions on one call (alias i): evidence status, failure kind, level, attempt, retry
// reason, tool.
void SessionQuery::addCallConditions(const SessionFilter& f, QStringList& inv,
                                     QVariantList& invBinds) const
{
    AuditDatabase& db = m_dialect.database();
    const FactSql facts(db, m_dialect);
    if (!f.evidenceStatus.isEmpty()) {
        inv << facts.evidenceStatus() + QStringLiteral(" = ?");
        invBinds << f.evidenceStatus;
    }
    if (!f.failureKind.isEmpty()) {
        inv << facts.failureKind() + QStringLiteral(" = ?");
        invBinds << f.failureKind;
    }
    if (!f.relevanceLevel.isEmpty()) {
        if (f.relevanceLevel.compare(QLatin1String("NONE"), Qt::CaseInsensitive) == 0) {
            // No level, or a legacy value that reads as no level; only lookups have levels.
            inv << QStringLiteral("%1 = 1 AND (%2 IS NULL OR %2 NOT IN (?, ?))")
                       .arg(facts.isLookup(), facts.relevanceLevel());
            invBinds << vocab::kPrecise << vocab::kReference;
        } else {
            // Another tool's relevance_level is no level: health counts lookups' only.
            inv << QStringLiteral("%1 = 1 AND %2 = ?")
                       .arg(facts.isLookup(), facts.relevanceLevel());
            invBinds << f.relevanceLevel;
        }
    }
    if (!f.selectedAttempt.isEmpty()) {
        inv << facts.selectedAttempt() + QStringLiteral(" = ?");
        invBinds << f.selectedAttempt;
    }
    if (!f.retryReason.isEmpty()) {
        inv << facts.retryReason() + QStringLiteral(" = ?");
        invBinds << f.retryReason;
    }
    if (!f.toolName.isEmpty()) {
        inv << invocationColumn(db, "tool_name") + QStringLiteral(" = ?");
        invBinds << f.toolName;
    }
}

// Conditions on the run's calls, which must hold for one and the same call.
void SessionQuery::addInvocationCondition(const SessionFilter& f, QStringList& conds,
                                          QVariantList& binds) const
{
    AuditDatabase& db = m_dialect.database();
    // A facts index keeps on each run which words its calls take (run_flags.h): a filter
    // of one call field with such a word is the run's bit; the bits of several fields
    // narrow the runs, and their calls are then read for one call that has them all.
    if (hasRunFlags(db)) {
        const auto fields = run_flags::callFields(f);
        bool everyFieldFlagged = true;
        for (const auto& [field, value] : fields) {
            const auto bit = run_flags::bitIn(db, field, value);
            if (!bit) {
                everyFieldFlagged = false;
            } else if (field == run_flags::Field::Tool) {
                conds << run_flags::hasToolBit(QStringLiteral("r"));
                binds << value;
            } else {
                conds << run_flags::hasBit(QStringLiteral("r"), *bit);
            }
        }
        if (fields.size() == 1 && everyFieldFlagged)
            return;
    }
    QStringList inv;
    QVariantList invBinds;
    addCallConditions(f, inv, invBinds);
    if (!inv.isEmpty()) {
        // Each run is probed lazily (in a facts index, only the runs the bits left), so a
        // page that fills early stops early instead of deriving the facts of every call
        // first; when nothing indexes the calls by run (SQLite), one pass over the calls.
        const bool onePass = !audit_rows::callsFoundByRun(db);
        const QString where = inv.join(QStringLiteral(" AND "));
        conds << (onePass ? runWithCallsWhere(where) : runHasCallWhere(where));
        binds << invBinds;
    }
}

// The free-text filter: session, user, question and the calls' input, case-insensitive.
void SessionQuery::addTextCondition(const SessionFilter& f, QStringList& conds,
                                    QVariantList& binds) const
{
    if (f.text.trimmed().isEmpty())
        return;
    AuditDatabase& db = m_dialect.database();
    const QString pattern = m_dialect.containsPattern(f.text.trimmed());
    const QString like = m_dialect.containsOp();
    if (audit_rows::hasColumn(db, QStringLiteral("diagnosis_run"),
                              QStringLiteral("fact_search_text"))) {
        // A facts index keeps the same texts, lower-cased, in one column per run; its
        // trigram index narrows the runs to those holding every trigram of the needle
        // (needles of 3 characters or more), and the pattern decides on those.
        const QString query = trigramQuery(f.text.trimmed());
        if (!query.isEmpty() && db.hasTable(QLatin1String(FactSql::kRunSearchTable)) &&
            trigramsNarrow(db, query)) {
            conds << QStringLiteral("r.rowid IN (SELECT rowid FROM %1 WHERE %1 MATCH ?)")
                         .arg(QLatin1String(FactSql::kRunSearchTable));
            binds << query;
        }
        conds << QStringLiteral("r.fact_search_text") + like;
        binds << pattern;
    } else {
        binds << pattern << pattern << pattern;
        const QString inputMatches =
            m_dialect.jsonContains(invocationColumn(db, "input_params"), f.text.trimmed(), binds);
        conds << QStringLiteral("(%1 OR %2 OR %3 OR %4)")
                     .arg(m_dialect.lowerText(QStringLiteral("r.session_id")) + like,
                          m_dialect.lowerText(runColumn(db, "user_id")) + like,
                          m_dialect.lowerText(runColumn(db, "question")) + like,
                          audit_rows::callsFoundByRun(db) ? runHasCallWhere(inputMatches)
                                                          : runWithCallsWhere(inputMatches));
    }
}

QString SessionQuery::runHasCallWhere(const QString& where) const
{
    return QStringLiteral("EXISTS (SELECT 1 FROM tool_invocation i WHERE %1 AND %2)")
        .arg(m_dialect.keysEqual(QStringLiteral("tool_invocation"), QStringLiteral("i.run_id"),
                                 QStringLiteral("diagnosis_run"), QStringLiteral("r.run_id")),
             where);
}

QString SessionQuery::runWithCallsWhere(const QString& where) const
{
    const auto [run, call] =
        m_dialect.comparableKeys(QStringLiteral("diagnosis_run"), QStringLiteral("r.run_id"),
                                 QStringLiteral("tool_invocation"), QStringLiteral("i.run_id"));
    return QStringLiteral("%1 IN (SELECT %2 FROM tool_invocation i WHERE %3)")
        .arg(run, call, where);
}

SqlFragment SessionQuery::runCondition(const SessionFilter& f, Reading reading) const
{
    QStringList conds;
    QVariantList binds;
    addRunConditions(f, reading, conds, binds);
    addInvocationCondition(f, conds, binds);
    addTextCondition(f, conds, binds);
    // A row without its key is no run (nothing can name it, the facts index cannot hold
    // it), nor one without a session (no session holds it; its calls are shown as a run
    // without its row): lists, counts, health and the tree leave it out alike; check
    // reports such rows.
    // A facts index's runs always have their key (its primary key, NOT NULL): testing it
    // would make the lists read each run's row instead of only the walk index.
    conds.prepend(hasRunFlags(m_dialect.database()) ? QStringLiteral("r.session_id IS NOT NULL")
                                                    : FactSql::listedRun(QStringLiteral("r")));
    return {conds.join(QStringLiteral(" AND ")), binds};
}

std::optional<SessionQuery::CallSelection>
SessionQuery::runlessCalls(const SessionFilter& filter, const QString& unfiltered) const
{
    if (filter.isEmpty())
        return CallSelection{QStringLiteral("tool_invocation i"), {unfiltered, {}}};
    auto kept = runlessCallCondition(filter);
    if (!kept)
        return std::nullopt;
    return CallSelection{runlessCallSource(), std::move(*kept)};
}

QString SessionQuery::runlessCallSource() const
{
    // Its fact columns carry the names the call table's have, so the same expressions read
    // it; an index of an older shape lacks the filters' columns (input_params last).
    AuditDatabase& db = m_dialect.database();
    const QString table = QLatin1String(FactSql::kRunlessCallTable);
    return audit_rows::hasColumn(db, table, QStringLiteral("input_params"))
               ? table + QStringLiteral(" i")
               : QStringLiteral("tool_invocation i");
}

std::optional<SqlFragment> SessionQuery::runlessCallCondition(const SessionFilter& f) const
{
    // No run row says how such a call's run ended, so no outcome filter reaches it.
    if (!f.outcome.isEmpty() || !f.sessionOutcome.isEmpty())
        return std::nullopt;
    AuditDatabase& db = m_dialect.database();
    QStringList conds;
    QVariantList binds;
    // A facts index lists these calls (and keeps the list through refreshes): read them
    // from it instead of probing the run of every call.
    if (runlessCallSource() == QLatin1String("tool_invocation i"))
        conds << (db.hasTable(QLatin1String(FactSql::kRunlessCallTable))
                      ? QStringLiteral("i.id IN (SELECT id FROM %1)")
                            .arg(QLatin1String(FactSql::kRunlessCallTable))
                      : FactSql::hasNoRecordedRun(m_dialect, QStringLiteral("i")));
    addCallConditions(f, conds, binds);
    // Health and check place these calls by their own time, and so does the list.
    m_dialect.addTimeWindow(QStringLiteral("tool_invocation"), invocationColumn(db, "created_at"),
                            f.since, f.until, conds, binds);
    if (!f.text.trimmed().isEmpty()) {
        // The call's session and input: it has no user or question of its own.
        binds << m_dialect.containsPattern(f.text.trimmed());
        conds << QStringLiteral("(%1 OR %2)")
                     .arg(m_dialect.lowerText(QStringLiteral("i.session_id")) +
                              m_dialect.containsOp(),
                          m_dialect.jsonContains(invocationColumn(db, "input_params"),
                                                 f.text.trimmed(), binds));
    }
    if (conds.isEmpty())
        return SqlFragment{QStringLiteral("1 = 1"), {}};
    return SqlFragment{conds.join(QStringLiteral(" AND ")), binds};
}

} // namespace raglens
