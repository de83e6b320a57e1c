#include "trace/run_flags.h"

#include "db/audit_database.h"
#include "db/sql_exec.h"
#include "interpret/invocation_facts.h"
#include "interpret/run_facts.h"
#include "model/vocabulary.h"
#include "trace/fact_sql.h"

#include <QSqlQuery>

namespace raglens::run_flags {

namespace {

/// The words of each field with a bit, in bit order: the run's outcomes first, then the
/// session's (the same words, shifted), then the calls' fields.
const QStringList& wordsOf(Field field)
{
    using interpret::EvidenceStatus;
    using interpret::FailureKind;
    static const QStringList evidence =
        vocab::evidenceStatuses() +
        QStringList{interpret::evidenceStatusName(EvidenceStatus::Unknown)};
    static const QStringList failures = {interpret::failureKindName(FailureKind::None),
                                         interpret::failureKindName(FailureKind::ToolError),
                                         interpret::failureKindName(FailureKind::LookupError),
                                         interpret::failureKindName(FailureKind::NoEvidence)};
    static const QStringList levels =
        vocab::relevanceLevels() + QStringList{QStringLiteral("NONE")};
    static const QStringList none;
    switch (field) {
    case Field::Outcome:
        return vocab::releaseOutcomes();
    case Field::Evidence:
        return evidence;
    case Field::Failure:
        return failures;
    case Field::Relevance:
        return levels;
    case Field::Attempt:
        return vocab::attemptNames();
    case Field::RetryReason:
        return vocab::retryReasons();
    case Field::Tool: // named by each index (kToolBitTable)
        return none;
    }
    return none;
}

/// The fields in bit order after the run's and the session's outcomes.
constexpr Field kCallFields[] = {Field::Evidence, Field::Failure, Field::Relevance, Field::Attempt,
                                 Field::RetryReason};

int sessionShift()
{
    return int(vocab::releaseOutcomes().size());
}

int firstBitOf(Field field)
{
    if (field == Field::Outcome)
        return 0;
    int at = 2 * sessionShift();
    for (Field f : kCallFields) {
        if (f == field)
            return at;
        at += int(wordsOf(f).size());
    }
    return at;
}

qint64 bitAt(Field field, qsizetype index)
{
    return qint64(1) << (firstBitOf(field) + int(index));
}

QString literal(const QString& word)
{
    Q_ASSERT(!word.contains(QLatin1Char('\'')));
    return QLatin1Char('\'') + word + QLatin1Char('\'');
}

/// `WHEN 'w1' THEN bit1 ...` over the first `count` words of `field` (all when negative).
QString whensOf(Field field, qsizetype count = -1)
{
    const QStringList& words = wordsOf(field);
    QStringList whens;
    for (qsizetype k = 0; k < (count < 0 ? words.size() : count); ++k)
        whens << QStringLiteral("WHEN %1 THEN %2").arg(literal(words.at(k))).arg(bitAt(field, k));
    return whens.join(QLatin1Char(' '));
}

/// `(CASE expr WHEN 'w1' THEN bit1 ... ELSE 0 END)` over the words of `field`.
QString caseOfWords(const QString& expr, Field field)
{
    return QStringLiteral("(CASE %1 %2 ELSE 0 END)").arg(expr, whensOf(field));
}

} // namespace

std::optional<qint64> bitOf(Field field, const QString& value)
{
    const QStringList& words = wordsOf(field);
    // The filter compares these words exactly, but for "NONE" (SessionQuery: any case).
    qsizetype at = words.indexOf(value);
    if (at < 0 && field == Field::Relevance &&
        value.compare(QLatin1String("NONE"), Qt::CaseInsensitive) == 0)
        at = words.size() - 1;
    if (at < 0)
        return std::nullopt;
    return bitAt(field, at);
}

std::vector<std::pair<Field, QString>> callFields(const SessionFilter& f)
{
    std::vector<std::pair<Field, QString>> out;
    const std::pair<Field, const QString*> fields[] = {
        {Field::Evidence, &f.evidenceStatus},  {Field::Failure, &f.failureKind},
        {Field::Relevance, &f.relevanceLevel}, {Field::Attempt, &f.selectedAttempt},
        {Field::RetryReason, &f.retryReason},  {Field::Tool, &f.toolName}};
    for (const auto& [field, value] : fields)
        if (!value->isEmpty())
            out.emplace_back(field, *value);
    return out;
}

int firstToolBit()
{
    return firstBitOf(Field::Tool);
}

int toolBits()
{
    return 63 - firstToolBit(); // the sign bit stays clear
}

std::optional<qint64> toolBit(AuditDatabase& db, const QString& name)
{
    if (!db.hasTable(QLatin1String(kToolBitTable)))
        return std::nullopt;
    QSqlQuery q(db.sql());
    q.setForwardOnly(true);
    // As the filter compares: the stored name equal to the text given.
    if (!prepareBindExec(
            q,
            QStringLiteral("SELECT bit FROM %1 WHERE name = ?").arg(QLatin1String(kToolBitTable)),
            {name}))
        return std::nullopt;
    if (!q.next())
        return 0; // every name a call has is in the table
    if (q.value(0).isNull())
        return std::nullopt;
    const int bit = q.value(0).toInt();
    if (bit < firstToolBit() || bit >= firstToolBit() + toolBits())
        return std::nullopt;
    return qint64(1) << bit;
}

QString hasToolBit(const QString& runAlias)
{
    // No such name, or a bit out of the tools' range: NULL, which no run matches.
    return QStringLiteral("((%1.%2 >> (SELECT bit FROM %3 WHERE name = ? AND bit BETWEEN %4 AND "
                          "%5)) & 1) = 1")
        .arg(runAlias, QLatin1String(kColumn), QLatin1String(kToolBitTable))
        .arg(firstToolBit())
        .arg(firstToolBit() + toolBits() - 1);
}

std::optional<qint64> bitIn(AuditDatabase& db, Field field, const QString& value)
{
    return field == Field::Tool ? toolBit(db, value) : bitOf(field, value);
}

QString callBits(const std::vector<int>& toolBitNumbers)
{
    // FactSql's expressions as they read a facts index's stored columns: evidenceStatus()
    // is fact_evidence_status; failureKind() tests a failed tool, then that status;
    // relevance levels count for lookups only, a level that is neither word is NONE; the
    // attempt and the retry reason are stored for lookups only; the tool is compared as
    // stored, any call's.
    using interpret::FailureKind;
    const QString status = QStringLiteral("i.fact_evidence_status");
    const QStringList& failures = wordsOf(Field::Failure);
    const QString failure =
        QStringLiteral("(CASE WHEN i.fact_tool_failed = 1 THEN %1 WHEN %2 = %3 THEN %4 WHEN %2 = "
                       "%5 THEN %6 ELSE %7 END)")
            .arg(bitAt(Field::Failure,
                       failures.indexOf(interpret::failureKindName(FailureKind::ToolError))))
            .arg(status, literal(vocab::kError))
            .arg(bitAt(Field::Failure,
                       failures.indexOf(interpret::failureKindName(FailureKind::LookupError))))
            .arg(literal(vocab::kNoEvidence))
            .arg(bitAt(Field::Failure,
                       failures.indexOf(interpret::failureKindName(FailureKind::NoEvidence))))
            .arg(bitAt(Field::Failure,
                       failures.indexOf(interpret::failureKindName(FailureKind::None))));
    // Each name as the index stores it (one lookup per statement: the subquery is constant).
    QStringList toolWhens;
    for (int bit : toolBitNumbers)
        toolWhens << QStringLiteral("WHEN (SELECT name FROM %1 WHERE bit = %2) THEN %3")
                         .arg(QLatin1String(kToolBitTable))
                         .arg(bit)
                         .arg(qint64(1) << bit);
    const QString tools = toolWhens.isEmpty() ? QStringLiteral("0")
                                              : QStringLiteral("(CASE i.tool_name %1 ELSE 0 END)")
                                                    .arg(toolWhens.join(QLatin1Char(' ')));
    const QStringList& levels = wordsOf(Field::Relevance);
    const QString level =
        QStringLiteral("(CASE WHEN i.fact_is_lookup = 1 THEN (CASE i.relevance_level %1 ELSE %2 "
                       "END) ELSE 0 END)")
            .arg(whensOf(Field::Relevance, levels.size() - 1))
            .arg(bitAt(Field::Relevance, levels.size() - 1));
    return QStringList{caseOfWords(status, Field::Evidence),
                       failure,
                       level,
                       caseOfWords(QStringLiteral("i.fact_selected_attempt"), Field::Attempt),
                       caseOfWords(QStringLiteral("i.fact_fallback_reason"), Field::RetryReason),
                       tools}
        .join(QStringLiteral(" | "));
}

QString runOutcomeBits(const QString& runAlias)
{
    const QString outcome = FactSql::runOutcomeOf(DatabaseLocation::Kind::Sqlite,
                                                  runAlias + QStringLiteral(".release_outcome"),
                                                  runAlias + QStringLiteral(".content_type"));
    return caseOfWords(outcome, Field::Outcome);
}

QString sessionBits(const QString& runAlias)
{
    return QStringLiteral("COALESCE((SELECT s.bits FROM temp.%1 s WHERE s.session_id = "
                          "%2.session_id) << %3, COALESCE(%2.%4, 0) & %5)")
        .arg(QLatin1String(kSessionFlagTable), runAlias)
        .arg(sessionShift())
        .arg(QLatin1String(kColumn))
        .arg(~ownMask());
}

qint64 ownMask()
{
    const qint64 session = ((qint64(1) << sessionShift()) - 1) << sessionShift();
    return ~session;
}

QString hasBit(const QString& runAlias, qint64 bit)
{
    return QStringLiteral("(%1.%2 & %3) <> 0").arg(runAlias, QLatin1String(kColumn)).arg(bit);
}

QString sessionOutcomeIs(const QString& runAlias, const QString& outcome)
{
    // The session has a run of this outcome and none of an outcome before it.
    const QStringList& precedence = interpret::sessionOutcomePrecedence();
    const qsizetype rank = precedence.indexOf(outcome);
    if (rank < 0)
        return {};
    qint64 mask = 0;
    qint64 wanted = 0;
    for (qsizetype k = 0; k <= rank; ++k) {
        const qint64 bit = *bitOf(Field::Outcome, precedence.at(k)) << sessionShift();
        mask |= bit;
        if (k == rank)
            wanted = bit;
    }
    return QStringLiteral("(%1.%2 & %3) = %4")
        .arg(runAlias, QLatin1String(kColumn))
        .arg(mask)
        .arg(wanted);
}

} // namespace raglens::run_flags
