// Translations reach the user: the shipped .ts files are complete, every message compiled
// into the embedded .qm is found under the context the code asks with, core and CLI messages
// arrive in Chinese, and no user-visible string in the sources bypasses tr().

#include "common/translators.h"
#include "db/audit_database.h"
#include "db/database_location.h"
#include "facts/facts_index.h"
#include "support/cli_runner.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

using namespace raglens;

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment;     ///< the disambiguation
    QString translation; ///< the first plural form for numerus messages
    bool numerus = false;
    QString type; ///< "" when finished; "unfinished", "vanished", "obsolete"
};

QList<Message> readTs(const QString& path)
{
    QList<Message> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&file);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (xml.name() == QLatin1String("name"))
                context = xml.readElementText();
            else if (xml.name() == QLatin1String("message")) {
                m = Message{};
                m.context = context;
                m.numerus =
                    xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            } else if (xml.name() == QLatin1String("source"))
                m.source = xml.readElementText();
            else if (xml.name() == QLatin1String("comment"))
                m.comment = xml.readElementText();
            else if (xml.name() == QLatin1String("translation"))
                m.type = xml.attributes().value(QLatin1String("type")).toString();
            else if (xml.name() == QLatin1String("numerusform") && m.translation.isEmpty())
                m.translation = xml.readElementText();
        } else if (xml.isCharacters() && !m.numerus && !m.source.isEmpty() &&
                   m.translation.isEmpty() && !xml.isWhitespace()) {
            m.translation = xml.text().toString();
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            out << m;
        }
    }
    return xml.hasError() ? QList<Message>{} : out;
}

QString tsPath(const char* locale)
{
    return test::sourcePath(
        QStringLiteral("translations/raglens_%1.ts").arg(QString::fromLatin1(locale)));
}

/// Every source file of the product (core, GUI, entry points), relative to the source tree.
QStringList productSources()
{
    QStringList out;
    for (const char* dir : {"core", "ui", "app"}) {
        QDirIterator it(test::sourcePath(QString::fromLatin1(dir)),
                        {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            out << it.next();
    }
    return out;
}

} // namespace

class TstTranslations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { removeRagLensTranslators(); }

    void chineseIsCompleteAndCurrent()
    {
        const QList<Message> messages = readTs(tsPath("zh_CN"));
        QVERIFY2(messages.size() > 1000, "translations/raglens_zh_CN.ts could not be read");
        QStringList open;
        for (const Message& m : messages)
            if (!m.type.isEmpty() || m.translation.isEmpty())
                open << QStringLiteral("%1 [%2] %3").arg(m.context, m.type, m.source);
        QVERIFY2(open.isEmpty(), qPrintable(QStringLiteral("unfinished or vanished:\n") +
                                            open.join(QLatin1Char('\n'))));
    }

    void everyTrStringIsInTheChineseFile()
    {
        // The check above reads the .ts as it is: a tr() added since lupdate last ran is not
        // in it at all, and users reading Chinese would see English. Each tr("…") of the
        // product's sources (adjacent literals joined, the usual escapes read) must be a
        // source text of the file.
        QSet<QString> known;
        for (const Message& m : readTs(tsPath("zh_CN")))
            known.insert(m.source);
        const QRegularExpression call(
            QStringLiteral("\\btr\\(\\s*((?:\"(?:[^\"\\\\]|\\\\.)*\"\\s*)+)[,)]"));
        const QRegularExpression literal(QStringLiteral("\"((?:[^\"\\\\]|\\\\.)*)\""));
        QStringList missing;
        for (const QString& path : productSources()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll());
            for (auto it = call.globalMatch(text); it.hasNext();) {
                const QString literals = it.next().captured(1);
                QString source;
                for (auto part = literal.globalMatch(literals); part.hasNext();)
                    source += part.next().captured(1);
                // \uXXXX (typographic quotes) as the character lupdate files.
                static const QRegularExpression universal(QStringLiteral("\\\\u([0-9a-fA-F]{4})"));
                for (auto u = universal.match(source); u.hasMatch(); u = universal.match(source))
                    source.replace(u.capturedStart(), u.capturedLength(),
                                   QChar(u.captured(1).toUShort(nullptr, 16)));
                source.replace(QLatin1String("\\n"), QLatin1String("\n"))
                    .replace(QLatin1String("\\\""), QLatin1String("\""))
                    .replace(QLatin1String("\\\\"), QLatin1String("\\"));
                if (!known.contains(source))
                    missing << QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), source);
            }
        }
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("not in translations/raglens_zh_CN.ts (run the "
                                           "update_translations target):\n") +
                            missing.join(QLatin1Char('\n'))));
    }

    void englishPluralsAreWritten()
    {
        // English needs its own file only for plural forms: "1 run", "2 runs".
        QStringList open;
        for (const Message& m : readTs(tsPath("en")))
            if (m.numerus && (!m.type.isEmpty() || m.translation.isEmpty()))
                open << m.source;
        QVERIFY2(open.isEmpty(), qPrintable(open.join(QLatin1Char('\n'))));
        QCOMPARE(installRagLensTranslators(QLocale(QStringLiteral("en_GB"))), QStringLiteral("en"));
        QCOMPARE(
            QCoreApplication::translate("raglens::ui::MainWindow", "%n new session(s)", nullptr, 1),
            QStringLiteral("1 new session"));
        // A locale without a translation of its own (C, as in a bare shell) still gets them.
        QCOMPARE(installRagLensTranslators(QLocale::c()), QStringLiteral("en"));
        QCOMPARE(
            QCoreApplication::translate("raglens::ui::MainWindow", "%n new session(s)", nullptr, 1),
            QStringLiteral("1 new session"));
        // The status bar's totals: "1 session", never "1 sessions".
        QCOMPARE(
            QCoreApplication::translate("raglens::ui::MainWindow", "%Ln session(s)", nullptr, 1),
            QStringLiteral("1 session"));
    }

    void everyMessageIsFoundInItsContext()
    {
        // The embedded .qm holds each message under the context lupdate filed it, which is
        // the context the code asks with (see noLocalTranslationHelpers).
        QCOMPARE(installRagLensTranslators(QLocale(QStringLiteral("zh_CN"))),
                 QStringLiteral("zh_CN"));
        QStringList missing;
        for (const Message& m : readTs(tsPath("zh_CN"))) {
            const QByteArray context = m.context.toUtf8();
            const QByteArray source = m.source.toUtf8();
            const QString got = QCoreApplication::translate(context.constData(), source.constData(),
                                                            nullptr, m.numerus ? 2 : -1);
            const QString want =
                m.numerus
                    ? QString(m.translation)
                          .replace(QRegularExpression(QStringLiteral("%L?n")), QStringLiteral("2"))
                    : m.translation;
            if (got != want)
                missing << QStringLiteral("%1: %2").arg(m.context, m.source);
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
    }

    void coreMessagesArriveInChinese()
    {
        QCOMPARE(installRagLensTranslators(QLocale(QStringLiteral("zh_CN"))),
                 QStringLiteral("zh_CN"));
        const QRegularExpression han(QStringLiteral("\\p{Han}"));
        auto opened = AuditDatabase::open(QStringLiteral("/nonexistent/raglens/audit.db"));
        QVERIFY(!opened);
        QVERIFY2(opened.error().contains(han), qPrintable(opened.error()));
        auto facts = facts_index::openForReading(QStringLiteral("/nonexistent/x.facts.sqlite"));
        QVERIFY(!facts);
        QVERIFY2(facts.error().contains(han), qPrintable(facts.error()));
        auto location = DatabaseLocation::parse(QStringLiteral("ftp://example.org/audit"));
        QVERIFY(!location);
        QVERIFY2(location.error().contains(han), qPrintable(location.error()));
        removeRagLensTranslators();
        QVERIFY(!AuditDatabase::open(QStringLiteral("/nonexistent/raglens/audit.db"))
                     .error()
                     .contains(han));
    }

    void commandLineSpeaksTheChosenLanguage()
    {
        const QRegularExpression han(QStringLiteral("\\p{Han}"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("RAGLENS_LANG"), QStringLiteral("zh_CN"));
        const auto chinese =
            test::runCli({QStringLiteral("trace"), QStringLiteral("--db"),
                          QStringLiteral("/nonexistent/raglens/audit.db"), QStringLiteral("s")},
                         {}, env);
        QCOMPARE(chinese.exitCode, 1);
        QVERIFY(!chinese.crashed);
        QVERIFY2(QString::fromUtf8(chinese.err).contains(han), chinese.err.constData());
        const auto usage = test::runCli({}, {}, env);
        QVERIFY2(QString::fromUtf8(usage.err).contains(han), usage.err.constData());
        // The default of the tests (and RAGLENS_LANG=en) is English.
        const auto english =
            test::runCli({QStringLiteral("trace"), QStringLiteral("--db"),
                          QStringLiteral("/nonexistent/raglens/audit.db"), QStringLiteral("s")});
        QVERIFY2(!QString::fromUtf8(english.err).contains(han), english.err.constData());
    }

    void noLocalTranslationHelpers()
    {
        // A helper such as `QString tr(const char* s) { return translate("X", s); }` hides
        // its strings' context from lupdate, which files them elsewhere: the .qm then misses
        // them. Contexts come from Q_OBJECT, Q_DECLARE_TR_FUNCTIONS or a literal context.
        const QRegularExpression helper(
            QStringLiteral("QString\\s+\\w+\\(const char\\*\\s*\\w+\\)\\s*\\{\\s*return\\s+"
                           "Q(Core)?Application::translate\\("));
        QStringList found;
        for (const QString& path : productSources()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            if (QString::fromUtf8(f.readAll()).contains(helper))
                found << path;
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    void noUserVisibleStringBypassesTranslation()
    {
        // Words shown to the user as a plain literal: a widget's text, a window title, a
        // status message, a message box, an error, or the CLI's stderr. Two words in a row
        // (letters, a space, letters) tell prose from URLs, identifiers and formats.
        const QString words = QStringLiteral("\"[^\"]*[A-Za-z]{2,} [A-Za-z]{2,}");
        const QString literal = QStringLiteral(
            "\\s*(QStringLiteral\\(|QLatin1String\\(|QString::fromUtf8\\(|QString::fromLatin1\\("
            "|QString\\()?\\s*");
        const QList<QRegularExpression> patterns = {
            QRegularExpression(
                QStringLiteral("\\b(setText|setWindowTitle|setToolTip|setPlaceholderText|"
                               "setStatusTip|setWhatsThis|showMessage|setTitle|setLabelText|"
                               "addTab|setHeaderLabels?|setSuffix|setPrefix|setAccessibleName|"
                               "setAccessibleDescription|addAction|addMenu)\\(") +
                literal + words),
            QRegularExpression(QStringLiteral("new (QLabel|QPushButton|QCheckBox|QGroupBox|"
                                              "QRadioButton|QAction|QToolButton|QMenu)\\(") +
                               literal + words),
            QRegularExpression(QStringLiteral("QMessageBox::\\w+\\([^,]+,") + literal + words),
            QRegularExpression(QStringLiteral("\\bError\\s*\\{") + literal + words),
            // After the program's name ("raglens-cli eval: %s"), the message itself.
            QRegularExpression(QStringLiteral("printf\\(std(err|out),\\s*\"(?!raglens-cli( \\w+)?: "
                                              "%s)[^\"%]*[A-Za-z]{2,} [A-Za-z]{2,}"))};
        QStringList found;
        for (const QString& path : productSources()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            int line = 0;
            for (const QByteArray& raw : f.readAll().split('\n')) {
                ++line;
                const QString text = QString::fromUtf8(raw);
                for (const QRegularExpression& p : patterns)
                    if (text.contains(p))
                        found
                            << QStringLiteral("%1:%2: %3").arg(path).arg(line).arg(text.trimmed());
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TstTranslations)
#include "tst_translations.moc"
