#include "trace/fact_sql.h"

#include "interpret/invocation_facts.h"
#include "interpret/run_facts.h"
#include "model/vocabulary.h"
#include "trace/audit_rows.h"

namespace raglens {

namespace {

const QString kTable = QStringLiteral("tool_invocation");

// Vocabulary words are fixed identifiers from our own code, never user input, so they can
// stand in the SQL text as literals (which keeps these expressions reusable in any query).
QString literal(const QString& word)
{
    Q_ASSERT(!word.contains(QLatin1Char('\'')));
    return QLatin1Char('\'') + word + QLatin1Char('\'');
}

/// `(CASE FOLD(TRIM(text)) WHEN 'W' THEN 'W' ... ELSE otherwise END)`: the contract's word
/// when `expr` is one of `words` but for ASCII case and surrounding spaces, as
/// vocab::canonicalWord() reads it (UPPER, LOWER and TRIM change ASCII only in SQLite; the
/// C++ rule leaves non-ASCII values alone too).
/// A word spelled exactly is taken before any folding: nearly every stored value is, and
/// UPPER/LOWER cost more per row than the comparisons (a quarter of the facts build's
/// call copy went to them). Only a value that is no exact word reads `expr` a second time.
QString wordCase(const QString& expr, const QStringList& words, const QString& otherwise)
{
    const bool upper = words.first() == words.first().toUpper();
    QStringList whens;
    for (const QString& w : words)
        whens << QStringLiteral("WHEN %1 THEN %1").arg(literal(w));
    const QString when = whens.join(QLatin1Char(' '));
    return QStringLiteral("(CASE %1 %2 ELSE (CASE %3(TRIM(%1)) %2 ELSE %4 END) END)")
        .arg(expr, when, upper ? QStringLiteral("UPPER") : QStringLiteral("LOWER"), otherwise);
}

QString textOf(DatabaseLocation::Kind kind, const QString& expr)
{
    return kind == DatabaseLocation::Kind::MySql ? QStringLiteral("CAST(%1 AS CHAR)").arg(expr)
                                                 : QStringLiteral("CAST(%1 AS TEXT)").arg(expr);
}

/// The word, or NULL when `expr` is none of `words`.
QString wordOrNull(DatabaseLocation::Kind kind, const QString& expr, const QStringList& words)
{
    return wordCase(textOf(kind, expr), words, QStringLiteral("NULL"));
}

/// A diagnosis_run column under `alias`, or NULL when an older schema lacks it.
QString runColumn(AuditDatabase& db, const QString& alias, const char* name)
{
    return audit_rows::columnOrNull(db, QStringLiteral("diagnosis_run"), alias,
                                    QString::fromLatin1(name));
}

} // namespace

QString FactSql::canonicalWord(DatabaseLocation::Kind kind, const QString& expr,
                               const QStringList& words)
{
    // Any other value as text, as the row decoder reads it (SqlDialect::text()).
    const QString text = textOf(kind, expr);
    return wordCase(text, words, text);
}

FactSql::FactSql(AuditDatabase& db, const SqlDialect& dialect, QString alias)
    : m_db(db), m_dialect(dialect), m_alias(std::move(alias))
{}

QString FactSql::column(const char* name) const
{
    return audit_rows::columnOrNull(m_db, kTable, m_alias, QString::fromLatin1(name));
}

QString FactSql::precomputed(const QString& fact) const
{
    // A facts index (or a database that stores its facts) carries the derived value in a
    // fact_* column, written by these same expressions: read it instead of deriving again.
    if (!audit_rows::hasColumn(m_db, kTable, QStringLiteral("fact_") + fact))
        return {};
    return m_alias + QStringLiteral(".fact_") + fact;
}

const QStringList& FactSql::detailKeys()
{
    static const QStringList keys = {QStringLiteral("evidence_status"),
                                     QStringLiteral("selected_attempt"),
                                     QStringLiteral("fallback_reason")};
    return keys;
}

QString FactSql::extractedDetailColumn(const QString& key)
{
    return QStringLiteral("raglens_detail_") + key;
}

QString FactSql::detailText(const char* key) const
{
    if (QString stored = precomputed(QString::fromLatin1(key)); !stored.isEmpty())
        return stored;
    if (m_detailsExtracted)
        return m_alias + QLatin1Char('.') + extractedDetailColumn(QString::fromLatin1(key));
    const QString details = column("retrieval_details");
    if (details == QLatin1String("NULL"))
        return details;
    const QString k = QString::fromLatin1(key);
    // SQLite hands numbers back as numbers; RetrievalDetailsV1 reads strings only.
    // json_extract() ends a string at an escaped NUL (NO_EVIDENCE, backslash, u0000, x: read
    // as NO_EVIDENCE), where the trace reads the whole string, no word of the contract: such a
    // value is read as its JSON text without the quotes. instr() first: only a cell holding
    // the escape pays for the second reading.
    if (m_dialect.kind() == DatabaseLocation::Kind::Sqlite)
        return SqlDialect::sqliteOnJsonDocument(
            details,
            QStringLiteral("(CASE WHEN json_valid(%1) AND json_type(%1, '$.KEY') = 'text' THEN "
                           "(CASE WHEN instr(%1, '\\u0000') = 0 OR instr(%1 -> '$.KEY', "
                           "'\\u0000') = 0 THEN json_extract(%1, '$.KEY') ELSE substr(%1 -> "
                           "'$.KEY', 2, length(%1 -> '$.KEY') - 2) END) END)")
                .replace(QStringLiteral("KEY"), k));
    return m_dialect.jsonText(details, kTable, k);
}

QString FactSql::isLookup() const
{
    if (QString stored = precomputed(QStringLiteral("is_lookup")); !stored.isEmpty())
        return stored;
    if (m_detailsExtracted)
        return m_alias + QLatin1Char('.') + QLatin1String(kExtractedIsLookup);
    return QStringLiteral("(CASE WHEN COALESCE(%1, '') = %2 OR COALESCE(%3, '') = %4 THEN 1 "
                          "ELSE 0 END)")
        .arg(m_dialect.asText(column("tool_name")), literal(vocab::kLookupKnowledge),
             m_dialect.asText(column("retrieval_layer")), literal(vocab::kLayerL1));
}

QString FactSql::toolFailed() const
{
    if (QString stored = precomputed(QStringLiteral("tool_failed")); !stored.isEmpty())
        return stored;
    if (m_detailsExtracted)
        return m_alias + QLatin1Char('.') + QLatin1String(kExtractedToolFailed);
    // The row decoder reads NULL as success and a true flag (SqlDialect::optionalBool) as
    // success; anything else, false or neither, as a failed call.
    const QString success = column("success");
    return QStringLiteral("(CASE WHEN %1 IS NULL OR %2 = 1 THEN 0 ELSE 1 END)")
        .arg(success, m_dialect.flagValue(kTable, success));
}

QString FactSql::evidenceStatus() const
{
    if (QString stored = precomputed(QStringLiteral("evidence_status")); !stored.isEmpty())
        return stored;
    // The same order as interpretInvocation(): not a lookup, failed tool, the details'
    // status, a legacy status in relevance_level, unknown; words in any case.
    const auto kind = m_dialect.kind();
    return QStringLiteral("(CASE WHEN %1 = 0 THEN NULL WHEN %2 = 1 THEN %3 "
                          "ELSE COALESCE(%4, %5, %6) END)")
        .arg(isLookup(), toolFailed(), literal(vocab::kError),
             wordOrNull(kind, detailText("evidence_status"), vocab::evidenceStatuses()),
             wordOrNull(kind, column("relevance_level"), vocab::evidenceStatuses()),
             literal(interpret::evidenceStatusName(interpret::EvidenceStatus::Unknown)));
}

QString FactSql::relevanceLevel() const
{
    // A facts index stores the level already read this way.
    if (isPrecomputed())
        return m_alias + QStringLiteral(".relevance_level");
    return canonicalWord(m_dialect.kind(), column("relevance_level"), vocab::relevanceLevels());
}

QString FactSql::selectedAttempt() const
{
    if (QString stored = precomputed(QStringLiteral("selected_attempt")); !stored.isEmpty())
        return stored;
    return onlyForLookups(
        canonicalWord(m_dialect.kind(), detailText("selected_attempt"), vocab::attemptNames()));
}

QString FactSql::retryReason() const
{
    if (QString stored = precomputed(QStringLiteral("fallback_reason")); !stored.isEmpty())
        return stored;
    return onlyForLookups(
        canonicalWord(m_dialect.kind(), detailText("fallback_reason"), vocab::retryReasons()));
}

QString FactSql::onlyForLookups(const QString& value) const
{
    // interpretInvocation() reads the attempt and the retry reason of lookups only: another
    // tool's details may hold the same keys, and no filter may find it by them.
    return QStringLiteral("(CASE WHEN %1 = 1 THEN %2 END)").arg(isLookup(), value);
}

QString FactSql::failureKind() const
{
    using interpret::FailureKind;
    using interpret::failureKindName;
    const QString status = evidenceStatus();
    return QStringLiteral("(CASE WHEN %1 = 1 THEN %2 WHEN %3 = %4 THEN %5 WHEN %3 = %6 THEN %7 "
                          "ELSE %8 END)")
        .arg(toolFailed(), literal(failureKindName(FailureKind::ToolError)), status,
             literal(vocab::kError), literal(failureKindName(FailureKind::LookupError)),
             literal(vocab::kNoEvidence), literal(failureKindName(FailureKind::NoEvidence)),
             literal(failureKindName(FailureKind::None)));
}

QString FactSql::storedStartJulian(const QString& runAlias)
{
    return runAlias.isEmpty() ? QStringLiteral("julianday(started_at)")
                              : QStringLiteral("julianday(%1.started_at)").arg(runAlias);
}

QStringList FactSql::storedCallCounts()
{
    // A failed call is an error; a stored level other than PRECISE/REFERENCE is legacy; for
    // lookups, an empty retrieval, a retry (UNFILTERED_VECTOR_RETRY or a retry reason) and
    // the level.
    // The facts index stores the level as FactSql::relevanceLevel() reads it.
    const QString level = QStringLiteral("COALESCE(CAST(i.relevance_level AS TEXT), '')");
    const QString lookup = QStringLiteral("i.fact_is_lookup = 1");
    const QString count = QStringLiteral("COALESCE(SUM(CASE WHEN %1 THEN 1 ELSE 0 END), 0)");
    return {
        QStringLiteral("COUNT(i.id)"),
        count.arg(QStringLiteral("i.fact_tool_failed = 1")),
        count.arg(QStringLiteral("%1 NOT IN ('', '%2', '%3')")
                      .arg(level, vocab::kPrecise, vocab::kReference)),
        count.arg(lookup),
        count.arg(
            QStringLiteral("%1 AND i.fact_evidence_status = '%2'").arg(lookup, vocab::kNoEvidence)),
        count.arg(QStringLiteral("%1 AND (COALESCE(i.fact_selected_attempt, '') = '%2' OR "
                                 "COALESCE(i.fact_fallback_reason, '') <> '')")
                      .arg(lookup, vocab::kUnfilteredVectorRetry)),
        count.arg(QStringLiteral("%1 AND %2 = '%3'").arg(lookup, level, vocab::kPrecise)),
        count.arg(QStringLiteral("%1 AND %2 = '%3'").arg(lookup, level, vocab::kReference))};
}

QString FactSql::hasNoRecordedRun(const QString& callAlias)
{
    return QStringLiteral("(%1.run_id IS NULL OR NOT EXISTS (SELECT 1 FROM diagnosis_run r WHERE "
                          "r.run_id = %1.run_id AND r.session_id IS NOT NULL))")
        .arg(callAlias);
}

QString FactSql::hasNoRecordedRun(const SqlDialect& dialect, const QString& callAlias)
{
    return QStringLiteral("(%1.run_id IS NULL OR NOT EXISTS (SELECT 1 FROM diagnosis_run r WHERE "
                          "%2 AND r.session_id IS NOT NULL))")
        .arg(callAlias,
             dialect.keysEqual(QStringLiteral("diagnosis_run"), QStringLiteral("r.run_id"),
                               QStringLiteral("tool_invocation"),
                               callAlias + QStringLiteral(".run_id")));
}

QString FactSql::listedRun(const QString& runAlias)
{
    return QStringLiteral("%1.run_id IS NOT NULL AND %1.session_id IS NOT NULL").arg(runAlias);
}

QString FactSql::isFallbackRun(AuditDatabase& db, const QString& runAlias)
{
    return fallbackRunOf(db.location().kind, runColumn(db, runAlias, "release_outcome"),
                         runColumn(db, runAlias, "content_type"));
}

QString FactSql::fallbackRunOf(DatabaseLocation::Kind kind, const QString& releaseOutcome,
                               const QString& contentType)
{
    return QStringLiteral("(%1 = %2 OR %3 = %4)")
        .arg(wordOrNull(kind, releaseOutcome, vocab::releaseOutcomes()), literal(vocab::kFallback),
             wordOrNull(kind, contentType, vocab::contentTypes()), literal(vocab::kSafeFallback));
}

QString FactSql::runOutcome(AuditDatabase& db, const QString& runAlias)
{
    return runOutcomeOf(db.location().kind, runColumn(db, runAlias, "release_outcome"),
                        runColumn(db, runAlias, "content_type"));
}

QString FactSql::runOutcomeOf(DatabaseLocation::Kind kind, const QString& releaseOutcome,
                              const QString& contentType)
{
    return QStringLiteral("(CASE WHEN %1 THEN %2 ELSE %3 END)")
        .arg(fallbackRunOf(kind, releaseOutcome, contentType), literal(vocab::kFallback),
             canonicalWord(kind, releaseOutcome, vocab::releaseOutcomes()));
}

QString FactSql::sessionOutcome(AuditDatabase& db, const QString& runAlias)
{
    const QString outcomeColumn = runOutcome(db, runAlias);
    QStringList whens;
    for (const QString& outcome : interpret::sessionOutcomePrecedence())
        whens << QStringLiteral("WHEN SUM(CASE WHEN %1 = %2 THEN 1 ELSE 0 END) > 0 THEN %2")
                     .arg(outcomeColumn, literal(outcome));
    return QStringLiteral("(CASE %1 END)").arg(whens.join(QLatin1Char(' ')));
}

} // namespace raglens
