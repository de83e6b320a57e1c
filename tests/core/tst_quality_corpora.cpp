// The quality harness's questions come from each corpus's structure: the book splitter
// finds body headings (not the table of contents or the list of tables, not numbers in
// running text), numbers preface sections apart from chapters, pairs the two editions'
// sections by number for cross-lingual questions, skips ambiguous headings and thin
// answers; git-doc's NAME descriptions become questions and leave the indexed page; the
// calibration/report split is fixed and about even.

#include "support/kb_fixture.h"
#include "support/quality_corpora.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;
using namespace raglens::test;

namespace {

const QString kFiller = QStringLiteral(
    "    This paragraph explains the topic at some length so that the section is a real\n"
    "    answer and not a heading with a line under it; it mentions commands and files.\n");

/// A plain-text edition shaped like debian-reference's: contents, list of tables, preface,
/// chapters. `titles` maps a section number to its heading in this language.
QString book(const QString& chapterWord, const std::vector<std::pair<QString, QString>>& titles)
{
    QString t = QStringLiteral("Table of Contents\n\nPreface\n    1. Disclaimer\n");
    for (const auto& [id, title] : titles)
        t += QStringLiteral("        %1. %2\n").arg(id, title);
    t += QStringLiteral("\nList of Tables\n\n1.1. List of things\n1.2. List of more\n\n");
    t += QStringLiteral("1.\u00a0Disclaimer\n\n") + kFiller + QLatin1Char('\n');
    t += chapterWord.arg(1) + QStringLiteral("\n\n    Lead text.\n\n");
    for (const auto& [id, title] : titles)
        t += id + QStringLiteral(".\u00a0") + title + QStringLiteral("\n\n") + kFiller +
             QStringLiteral("    See Section 1.2. for more: not a heading.\n\n");
    return t;
}

void gzipTo(const QString& text, const QString& path)
{
    QProcess gz;
    gz.start(QStringLiteral("sh"),
             {QStringLiteral("-c"), QStringLiteral("gzip -c > '%1'").arg(path)});
    QVERIFY(gz.waitForStarted());
    gz.write(text.toUtf8());
    gz.closeWriteChannel();
    QVERIFY(gz.waitForFinished());
    QCOMPARE(gz.exitCode(), 0);
}

} // namespace

class TestQualityCorpora : public QObject
{
    Q_OBJECT
private slots:
    void splitsBodyHeadingsOnly()
    {
        const auto sections = splitBookSections(
            book(QStringLiteral("Chapter %1. Tutorials"),
                 {{QStringLiteral("1.1"), QStringLiteral("Console basics")},
                  {QStringLiteral("1.1.1"), QStringLiteral("The shell prompt")}}));
        QStringList ids, titles;
        for (const BookSection& s : sections)
            ids << s.id, titles << s.title;
        QCOMPARE(ids, (QStringList{"P1", "1-intro", "1.1", "1.1.1"}));
        QCOMPARE(titles,
                 (QStringList{"Disclaimer", "Tutorials", "Console basics", "The shell prompt"}));
        QVERIFY(sections[3].body.contains(QStringLiteral("real\n    answer")));
        QVERIFY(sections[3].body.contains(QStringLiteral("not a heading")));
    }

    void chineseChaptersToo()
    {
        const auto sections =
            splitBookSections(book(QStringLiteral("第 %1 章 教程"),
                                   {{QStringLiteral("1.1"), QStringLiteral("控制台基础")}}));
        QCOMPARE(sections.size(), size_t(3));
        QCOMPARE(sections[1].id, QStringLiteral("1-intro"));
        QCOMPARE(sections[1].title, QStringLiteral("教程"));
        QCOMPARE(sections[2].title, QStringLiteral("控制台基础"));
    }

    void halvesAreFixedAndEven()
    {
        int report = 0;
        for (int i = 0; i < 2000; ++i)
            report += inReportHalf(QStringLiteral("q%1").arg(i));
        QVERIFY2(report > 900 && report < 1100, qPrintable(QString::number(report)));
        QCOMPARE(inReportHalf(QStringLiteral("9.3.2")), inReportHalf(QStringLiteral("9.3.2")));
    }

    void pairsEditionsBySectionNumber()
    {
        QTemporaryDir dir;
        std::vector<std::pair<QString, QString>> en, zh;
        for (int i = 1; i <= 120; ++i) {
            const QString id = QStringLiteral("1.%1").arg(i);
            en.push_back({id, QStringLiteral("Topic number %1").arg(i)});
            zh.push_back({id, QStringLiteral("主题 %1").arg(i)});
        }
        en.push_back({QStringLiteral("1.121"), QStringLiteral("Topic number 1")}); // ambiguous
        zh.push_back({QStringLiteral("1.121"), QStringLiteral("主题 121")});
        gzipTo(book(QStringLiteral("Chapter %1. Tutorials"), en),
               dir.filePath(QStringLiteral("debian-reference.en.txt.gz")));
        gzipTo(book(QStringLiteral("第 %1 章 教程"), zh),
               dir.filePath(QStringLiteral("debian-reference.zh-cn.txt.gz")));
        QString error;
        const auto corpora = debianReferenceCorpora(dir.path(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(corpora.size(), size_t(2));
        const QualityCorpus& english = corpora[0];
        QCOMPARE(english.name, QStringLiteral("debian-reference-en"));
        QCOMPARE(english.documents.size(), size_t(123)); // preface, lead text, 121 sections
        int crossLingual = 0;
        for (const QualityQuery& q : english.queries) {
            QVERIFY(q.query != QStringLiteral("Topic number 1")); // names two sections
            if (q.set == QStringLiteral("headings zh→en")) {
                ++crossLingual;
                if (q.query == QStringLiteral("主题 7"))
                    QCOMPARE(q.expected, QStringList{QStringLiteral("1.7")});
            }
            QCOMPARE(q.report, inReportHalf(q.expected.first()));
        }
        QCOMPARE(crossLingual, 122); // 121 sections and the preface's one
        for (const QualityDocument& d : english.documents)
            QVERIFY(!d.text.contains(QStringLiteral("Topic number"))); // heading not indexed

        QDir().mkpath(dir.filePath(QStringLiteral("missing")));
        QVERIFY(debianReferenceCorpora(dir.filePath(QStringLiteral("missing")), &error).empty());
        QVERIFY(error.contains(QStringLiteral("debian-reference-en")));
    }

    void gitDocDescriptionsLeaveThePage()
    {
        QTemporaryDir dir;
        for (int i = 0; i < 60; ++i)
            writeTextFile(dir.filePath(QStringLiteral("git-cmd%1.txt").arg(i)),
                          QStringLiteral("git-cmd%1(1)\n=====\n\nNAME\n----\ngit-cmd%1 - Record "
                                         "changes number %1\n\nSYNOPSIS\n--------\nbody\n")
                              .arg(i)
                              .toUtf8());
        QString error;
        const QualityCorpus c = gitDocCorpus(dir.path(), QString(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(c.queries.size(), size_t(60));
        QCOMPARE(c.queries[0].query, QStringLiteral("Record changes number 0"));
        QCOMPARE(c.queries[0].expected, QStringList{QStringLiteral("git-cmd0")});
        for (const QualityDocument& d : c.documents) {
            QVERIFY(!d.text.contains(QStringLiteral("Record changes")));
            QVERIFY(d.text.contains(QStringLiteral("NAME\n----\n") + d.name + QLatin1Char('\n')));
        }
    }
};

QTEST_GUILESS_MAIN(TestQualityCorpora)
#include "tst_quality_corpora.moc"
