#include "eval/eval_set_writer.h"

#include "common/atomic_file.h"
#include "common/input_guard.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <QSet>

namespace raglens {

using nlohmann::json;

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(EvalSetWriter)
};
} // namespace

QString AppendOutcome::describe() const
{
    switch (action) {
    case Action::Added:
        return Tr::tr("Added case %1 at line %2.").arg(caseId).arg(line);
    case Action::Updated:
        return Tr::tr("The query was already case %1 (line %2); its expectations were updated.")
            .arg(caseId)
            .arg(line);
    case Action::SkippedDuplicate:
        return Tr::tr("The query is already case %1 (line %2); nothing was written.")
            .arg(caseId)
            .arg(line);
    }
    return {};
}

QString normalizedQuery(const QString& query)
{
    return query.normalized(QString::NormalizationForm_KC).toCaseFolded().simplified();
}

QString suggestedCaseId(const QString& query)
{
    const QString norm = normalizedQuery(query);
    static const QRegularExpression word(QStringLiteral("[a-z0-9]+"));
    QStringList words;
    for (auto it = word.globalMatch(norm); it.hasNext() && words.size() < 4;)
        words << it.next().captured();
    QString slug = words.join(QLatin1Char('-')).left(40);
    const QString hash = QString::fromLatin1(
        QCryptographicHash::hash(norm.toUtf8(), QCryptographicHash::Sha1).toHex().left(8));
    return slug.isEmpty() ? QStringLiteral("pq-%1").arg(hash)
                          : QStringLiteral("pq-%1-%2").arg(slug, hash);
}

namespace {

/// The set's lines as they are (the final newline dropped; it is written again).
Expected<QList<QByteArray>> readLines(const QString& path)
{
    QByteArray text;
    QFile in(path);
    if (in.exists()) {
        if (!in.open(QIODevice::ReadOnly))
            return Error{Tr::tr("cannot read %1: %2").arg(path, in.errorString())};
        text = in.readAll();
    }
    QList<QByteArray> lines = text.split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

/// A case already in the set takes the new expectations and tags; the person's id, query
/// wording, tags and any fields we do not know are kept.
void mergeInto(json& existing, const EvalCase& c)
{
    existing.erase("expected_evidence_keys");
    existing.erase("expected_sources");
    existing.erase("expect_no_evidence");
    const json fresh = c;
    for (const char* k : {"expected_evidence_keys", "expected_sources", "expect_no_evidence"})
        if (fresh.contains(k))
            existing[k] = fresh.at(k);
    QStringList tags = json_util::value<QStringList>(existing, "tags");
    for (const QString& t : c.tags)
        if (!tags.contains(t))
            tags << t;
    if (!tags.isEmpty())
        existing["tags"] = tags;
}

QByteArray lineOf(const json& j)
{
    return QByteArray::fromStdString(j.dump(-1, ' ', false, json::error_handler_t::replace));
}

Status writeLines(const QString& path, const QList<QByteArray>& lines)
{
    const QFileInfo info(path);
    if (!info.absoluteDir().exists() && !QDir().mkpath(info.absolutePath()))
        return Error{Tr::tr("cannot create folder %1").arg(info.absolutePath())};
    return atomic_file::write(path, [&lines](const atomic_file::Sink& sink) {
        for (const QByteArray& line : lines)
            if (!sink(std::string_view(line.constData(), size_t(line.size()))) || !sink("\n"))
                return false;
        return true;
    });
}

} // namespace

Expected<AppendOutcome> appendCaseToEvalSet(const QString& path, EvalCase c, DuplicatePolicy policy)
{
    if (c.query.trimmed().isEmpty())
        return Error{Tr::tr("the query is empty")};
    if (!c.expectNoEvidence && c.expectedEvidenceKeys.isEmpty() && c.expectedSources.isEmpty())
        return Error{Tr::tr("mark at least one correct evidence key, or choose \"expect no "
                            "evidence\"")};
    auto read = readLines(path);
    if (!read)
        return Error{read.error()};
    QList<QByteArray>& lines = *read;

    const QString key = normalizedQuery(c.query);
    QSet<QString> ids;
    int duplicateIndex = -1;
    json duplicate;
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        if (line.isEmpty())
            continue;
        // Through the input guard: a hostile line (too deep, too large) is kept verbatim too.
        auto parsed =
            input_guard::parseJson(std::string_view(line.constData(), size_t(line.size())));
        if (!parsed || !parsed->is_object())
            continue; // kept verbatim; the set's own parser reports it
        ids.insert(json_util::value<QString>(*parsed, "id"));
        if (duplicateIndex < 0 &&
            normalizedQuery(json_util::value<QString>(*parsed, "query")) == key) {
            duplicateIndex = i;
            duplicate = std::move(*parsed);
        }
    }

    AppendOutcome outcome;
    if (duplicateIndex >= 0) {
        outcome.caseId = json_util::value<QString>(duplicate, "id");
        outcome.line = duplicateIndex + 1;
        if (policy == DuplicatePolicy::Skip) {
            outcome.action = AppendOutcome::Action::SkippedDuplicate;
            return outcome;
        }
        mergeInto(duplicate, c);
        lines[duplicateIndex] = lineOf(duplicate);
        outcome.action = AppendOutcome::Action::Updated;
    } else {
        if (c.id.trimmed().isEmpty())
            c.id = suggestedCaseId(c.query);
        const QString base = c.id;
        for (int n = 2; ids.contains(c.id); ++n)
            c.id = QStringLiteral("%1-%2").arg(base).arg(n);
        lines << lineOf(json(c));
        outcome.action = AppendOutcome::Action::Added;
        outcome.caseId = c.id;
        outcome.line = int(lines.size());
    }
    if (Status written = writeLines(path, lines); !written)
        return Error{written.error()};
    return outcome;
}

} // namespace raglens
