#include "support/quality_corpora.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

#include <map>

namespace raglens::test {

bool inReportHalf(const QString& id)
{
    const QByteArray h = QCryptographicHash::hash(id.toUtf8(), QCryptographicHash::Sha1);
    return (quint8(h.at(0)) & 1) != 0;
}

namespace {

/// Characters that carry text (no spaces): how much a section says, in either language.
int substance(const QString& text)
{
    int n = 0;
    for (const QChar c : text)
        n += !c.isSpace();
    return n;
}

/// A section is worth asking for when it says something beyond a line or two.
constexpr int kMinAnswerChars = 120;

QString gunzip(const QString& path, QString* error)
{
    QProcess gzip;
    gzip.start(QStringLiteral("gzip"), {QStringLiteral("-dc"), path});
    if (!gzip.waitForFinished(60000) || gzip.exitStatus() != QProcess::NormalExit ||
        gzip.exitCode() != 0) {
        *error = QStringLiteral("cannot decompress %1 with gzip").arg(path);
        return {};
    }
    return QString::fromUtf8(gzip.readAllStandardOutput());
}

QString documentName(const BookSection& s)
{
    return s.id;
}

} // namespace

std::vector<BookSection> splitBookSections(const QString& rawText)
{
    QString text = rawText;
    text.replace(QChar(0x00a0), QLatin1Char(' '));
    const QStringList lines = text.split(QLatin1Char('\n'));
    static const QRegularExpression chapter(
        QStringLiteral("^(?:Chapter (\\d+)\\. |第 (\\d+) 章 ?)(\\S.*)$"));
    static const QRegularExpression numbered(QStringLiteral("^(\\d+(?:\\.\\d+)*)\\. +(\\S.*)$"));
    std::vector<BookSection> out;
    QString currentChapter;
    QStringList body;
    const auto flush = [&] {
        if (!out.empty())
            out.back().body = body.join(QLatin1Char('\n')).trimmed();
        body.clear();
    };
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString& line = lines[i];
        const bool blankAround = (i == 0 || lines[i - 1].trimmed().isEmpty()) &&
                                 (i + 1 == lines.size() || lines[i + 1].trimmed().isEmpty());
        if (blankAround) {
            if (const auto m = chapter.match(line); m.hasMatch()) {
                flush();
                currentChapter = m.captured(1).isEmpty() ? m.captured(2) : m.captured(1);
                out.push_back(
                    {currentChapter + QStringLiteral("-intro"), m.captured(3).trimmed(), {}});
                continue;
            }
            if (const auto m = numbered.match(line); m.hasMatch()) {
                flush();
                // Before the first chapter the preface numbers its sections from 1 again.
                const QString id =
                    currentChapter.isEmpty() ? QStringLiteral("P") + m.captured(1) : m.captured(1);
                out.push_back({id, m.captured(2).trimmed(), {}});
                continue;
            }
        }
        if (!out.empty())
            body << line;
    }
    flush();
    return out;
}

std::vector<QualityCorpus> debianReferenceCorpora(const QString& dir, QString* error)
{
    struct Edition
    {
        QString lang, file, package;
        std::vector<BookSection> sections;
        std::map<QString, const BookSection*> byId;
        QHash<QString, int> titleCount;
    };
    std::vector<Edition> editions{{QStringLiteral("en"),
                                   QStringLiteral("debian-reference.en.txt.gz"),
                                   QStringLiteral("debian-reference-en"),
                                   {},
                                   {},
                                   {}},
                                  {QStringLiteral("zh"),
                                   QStringLiteral("debian-reference.zh-cn.txt.gz"),
                                   QStringLiteral("debian-reference-zh-cn"),
                                   {},
                                   {},
                                   {}}};
    for (Edition& e : editions) {
        const QString path = QDir(dir).filePath(e.file);
        if (!QFile::exists(path)) {
            *error = QStringLiteral("%1 is missing; install the Debian package %2 "
                                    "(scripts/install-deps.sh does)")
                         .arg(path, e.package);
            return {};
        }
        const QString text = gunzip(path, error);
        if (text.isEmpty())
            return {};
        e.sections = splitBookSections(text);
        for (const BookSection& s : e.sections) {
            e.byId.emplace(s.id, &s);
            ++e.titleCount[s.title];
        }
        if (e.sections.size() < 100) {
            *error = QStringLiteral("%1 has only %2 sections: not the expected edition")
                         .arg(path)
                         .arg(e.sections.size());
            return {};
        }
    }
    // A heading is a question when it names one section only, and that section (in the
    // language asked about) says enough to be an answer.
    const auto usable = [](const Edition& e, const BookSection& s) {
        return e.titleCount.value(s.title) == 1 && !s.id.endsWith(QLatin1String("-intro"));
    };
    std::vector<QualityCorpus> out;
    for (size_t t = 0; t < editions.size(); ++t) {
        const Edition& target = editions[t];
        QualityCorpus c;
        c.name = QStringLiteral("debian-reference-") + target.lang;
        c.package = target.package;
        c.method = QStringLiteral("section headings as questions, the section (indexed without "
                                  "its heading) as the answer; the other edition's heading of "
                                  "the same section number as the cross-lingual question");
        for (const BookSection& s : target.sections)
            c.documents.push_back({documentName(s), s.body});
        for (const Edition& asked : editions) {
            const QString set = QStringLiteral("headings %1→%2").arg(asked.lang, target.lang);
            for (const BookSection& q : asked.sections) {
                const auto it = target.byId.find(q.id);
                if (it == target.byId.end() || !usable(asked, q) ||
                    substance(it->second->body) < kMinAnswerChars)
                    continue;
                c.queries.push_back({q.id + QLatin1Char('@') + asked.lang,
                                     q.title,
                                     {documentName(*it->second)},
                                     set,
                                     inReportHalf(q.id)});
            }
        }
        out.push_back(std::move(c));
    }
    return out;
}

QualityCorpus gitDocCorpus(const QString& dir, const QString& taskQueriesFile, QString* error)
{
    QualityCorpus c;
    c.name = QStringLiteral("git-doc");
    c.package = QStringLiteral("git-doc");
    c.method = QStringLiteral("a manual page's NAME description as the question, the page "
                              "(indexed without that line) as the answer");
    const QStringList files =
        QDir(dir).entryList({QStringLiteral("*.txt")}, QDir::Files, QDir::Name);
    if (files.size() < 50) {
        *error = QStringLiteral("%1 has no git-doc manual pages; install the Debian package "
                                "git-doc (scripts/install-deps.sh does)")
                     .arg(dir);
        return c;
    }
    static const QRegularExpression nameLine(
        QStringLiteral("(NAME\\n-+\\n)(\\S+) +- +([^\\n]+)\\n"));
    for (const QString& file : files) {
        QFile f(QDir(dir).filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        QString text = QString::fromUtf8(f.readAll());
        const QString name = file.chopped(4); // sources are named without ".txt"
        if (const auto m = nameLine.match(text); m.hasMatch()) {
            const QString description = m.captured(3).trimmed();
            text.replace(m.capturedStart(0), m.capturedLength(0),
                         m.captured(1) + m.captured(2) + QLatin1Char('\n'));
            if (description.split(QLatin1Char(' '), Qt::SkipEmptyParts).size() >= 2)
                c.queries.push_back({name,
                                     description,
                                     {name},
                                     QStringLiteral("descriptions"),
                                     inReportHalf(name)});
        }
        c.documents.push_back({name, text});
    }
    // Hand-written task questions, kept for continuity with earlier figures; they were
    // used in tuning, so they only ever count as calibration.
    QFile tasks(taskQueriesFile);
    if (tasks.open(QIODevice::ReadOnly)) {
        while (!tasks.atEnd()) {
            const QJsonObject o = QJsonDocument::fromJson(tasks.readLine()).object();
            if (o.isEmpty())
                continue;
            QStringList expected;
            for (const QJsonValue v : o.value(QStringLiteral("expected_sources")).toArray())
                expected << v.toString();
            c.queries.push_back({o.value(QStringLiteral("id")).toString(),
                                 o.value(QStringLiteral("query")).toString(), expected,
                                 QStringLiteral("tasks (hand-written)"), false});
        }
    }
    return c;
}

} // namespace raglens::test
