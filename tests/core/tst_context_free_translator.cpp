// The fallback translator: strings filed by lupdate under one context reach the user when
// the code asks with another, unfinished entries stay English, plural forms work.

#include "common/context_free_translator.h"
#include "support/cli_runner.h"

#include <QCoreApplication>
#include <QFile>
#include <QTest>

using namespace raglens;

class TstContextFreeTranslator : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void translatesWhateverTheContext_data()
    {
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("expected");
        QTest::newRow("filed context") << "raglens::AuditDatabase" << "No such database file: %1"
                                       << QString::fromUtf8("没有这个数据库文件：%1");
        QTest::newRow("runtime context") << "AuditDatabase" << "No such database file: %1"
                                         << QString::fromUtf8("没有这个数据库文件：%1");
        QTest::newRow("unfinished stays English") << "X" << "Not yet translated"
                                                  << "Not yet translated";
        QTest::newRow("markup and entities") << "X" << "<b>Bold</b> & more"
                                             << QString::fromUtf8("<b>粗体</b> 及更多");
        QTest::newRow("unknown") << "X" << "Something else" << "Something else";
    }
    void translatesWhateverTheContext()
    {
        QFETCH(QString, context);
        QFETCH(QString, source);
        QFETCH(QString, expected);
        ContextFreeTranslator translator;
        QVERIFY(translator.loadTs(test::fixturePath(QStringLiteral("i18n/sample_zh_CN.ts"))));
        QCOMPARE(translator.size(), 3);
        QCoreApplication::installTranslator(&translator);
        QCOMPARE(QCoreApplication::translate(context.toUtf8().constData(),
                                             source.toUtf8().constData()),
                 expected);
        QCoreApplication::removeTranslator(&translator);
    }

    void pluralUsesTheSingleChineseForm()
    {
        ContextFreeTranslator translator;
        QVERIFY(translator.loadTs(test::fixturePath(QStringLiteral("i18n/sample_zh_CN.ts"))));
        QCoreApplication::installTranslator(&translator);
        QCOMPARE(QCoreApplication::translate("Any", "%n session(s)", nullptr, 7),
                 QString::fromUtf8("7 个会话"));
        QCoreApplication::removeTranslator(&translator);
    }

    void brokenFileIsRefused()
    {
        ContextFreeTranslator translator;
        QVERIFY(!translator.loadTs(QStringLiteral("/nonexistent/raglens_xx.ts")));
        QVERIFY(translator.isEmpty());
    }

    void shippedChineseTranslationIsComplete()
    {
        // The embedded zh_CN file is what users get; every entry must be finished.
        QFile ts(QStringLiteral(":/raglens/translations/raglens_zh_CN.ts"));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        const QByteArray text = ts.readAll();
        QVERIFY(text.count("<message") > 100);
        QCOMPARE(text.count("type=\"unfinished\""), 0);
        QVERIFY(installRagLensTranslators(QStringLiteral("zh_CN")));
        QVERIFY(QCoreApplication::translate("AuditDatabase", "No such database file: %1")
                != QLatin1String("No such database file: %1"));
        removeRagLensTranslators();
        QCOMPARE(QCoreApplication::translate("AuditDatabase", "No such database file: %1"),
                 QStringLiteral("No such database file: %1"));
    }
};

QTEST_GUILESS_MAIN(TstContextFreeTranslator)
#include "tst_context_free_translator.moc"
