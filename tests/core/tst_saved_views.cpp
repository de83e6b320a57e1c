// Saved views (core/trace/saved_view): a named set of session filters that keeps a relative
// window relative, travels as one checked line of text, survives a hand-broken settings
// entry, and is applied by `raglens-cli sessions --view NAME` from the GUI's settings.

#include "support/cli_runner.h"
#include "trace/saved_view.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace raglens;

class TestSavedViews : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_demo;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        m_demo = test::makeDemoWorkspace(m_dir.filePath(QStringLiteral("demo")), &error);
        QVERIFY2(!m_demo.isEmpty(), qPrintable(error));
    }

    void textRoundTrip()
    {
        auto view = SavedView::make(QStringLiteral("Morning & fallbacks"),
                                    {{QStringLiteral("text"), QStringLiteral("pod crash?")},
                                     {QStringLiteral("outcome"), QStringLiteral("FALLBACK")},
                                     {QStringLiteral("since"), QStringLiteral("24h")}});
        QVERIFY2(view, view ? "" : qPrintable(view.error()));
        // Kept in the order every filter list uses, whatever order they came in.
        QCOMPARE(view->filters.first().first, QStringLiteral("outcome"));
        const QString text = view->toText();
        QVERIFY(text.startsWith(QStringLiteral("raglens-view:?")));
        QVERIFY(!text.contains(QLatin1Char(' '))); // one pasteable token
        auto back = SavedView::fromText(text);
        QVERIFY(back);
        QCOMPARE(back->name, view->name);
        QCOMPARE(back->filters, view->filters);
    }

    void aRelativeWindowStaysRelative()
    {
        auto view = SavedView::make(QStringLiteral("last day"),
                                    {{QStringLiteral("since"), QStringLiteral("24h")}});
        QVERIFY(view);
        const QDateTime now = QDateTime::currentDateTimeUtc().addDays(3); // recalled later
        auto filter = view->toFilter(now);
        QVERIFY(filter);
        QVERIFY(qAbs(filter->since.secsTo(now.addDays(-1))) <= 2);
        // An absolute time stays where it was.
        auto fixed =
            SavedView::make(QStringLiteral("incident"),
                            {{QStringLiteral("since"), QStringLiteral("2026-03-02T08:00:00Z")}});
        QVERIFY(fixed);
        QCOMPARE(fixed->toFilter(now)->since, QDateTime(QDate(2026, 3, 2), QTime(8, 0), Qt::UTC));
    }

    void badViewsAreRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a view") << "outcome=FALLBACK"
                                    << "raglens-view:";
        QTest::newRow("no name") << "raglens-view:?outcome=FALLBACK"
                                 << "name";
        QTest::newRow("unknown filter") << "raglens-view:?name=x&colour=red"
                                        << "colour";
        QTest::newRow("bad value") << "raglens-view:?name=x&outcome=MAYBE"
                                   << "MAYBE";
        QTest::newRow("bad time") << "raglens-view:?name=x&since=yesterdayish"
                                  << "yesterdayish";
    }
    void badViewsAreRefused()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        auto view = SavedView::fromText(text);
        QVERIFY(!view);
        QVERIFY2(view.error().contains(message), qPrintable(view.error()));
    }

    void settingsKeepGoodViewsBesideABrokenOne()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("views.conf")), QSettings::IniFormat);
        const auto a = SavedView::make(QStringLiteral("a"),
                                       {{QStringLiteral("outcome"), QStringLiteral("FALLBACK")}});
        const auto b = SavedView::make(
            QStringLiteral("b"), {{QStringLiteral("evidence"), QStringLiteral("NO_EVIDENCE")}});
        storeSavedViews(settings, {*a, *b});
        // Someone edits the file by hand and breaks the first entry.
        settings.beginWriteArray(QStringLiteral("views"), 2);
        settings.setArrayIndex(0);
        settings.setValue(QStringLiteral("text"),
                          QStringLiteral("raglens-view:?name=a&outcome=??"));
        settings.endArray();
        const QList<SavedView> loaded = loadSavedViews(settings);
        QCOMPARE(loaded.size(), 1);
        QCOMPARE(loaded.first().name, QStringLiteral("b"));
    }

    void theCliAppliesASavedView()
    {
        // The GUI's settings file, in a config folder of the test's own.
        QTemporaryDir config;
        {
            QSettings settings(config.filePath(QStringLiteral("RagLens/raglens.conf")),
                               QSettings::IniFormat);
            storeSavedViews(
                settings,
                {*SavedView::make(QStringLiteral("Fallbacks"),
                                  {{QStringLiteral("outcome"), QStringLiteral("FALLBACK")}})});
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), config.path());
        const QStringList base{QStringLiteral("sessions"), QStringLiteral("--db"), m_demo,
                               QStringLiteral("--facts"), QStringLiteral("off")};
        const test::CliResult all = test::runCli(base, {}, env);
        const test::CliResult viewed = test::runCli(
            base + QStringList{QStringLiteral("--view"), QStringLiteral("Fallbacks")}, {}, env);
        QCOMPARE(viewed.exitCode, 0);
        const test::CliResult direct = test::runCli(
            base + QStringList{QStringLiteral("--outcome"), QStringLiteral("FALLBACK")}, {}, env);
        QCOMPARE(viewed.json["total"].get<int>(), direct.json["total"].get<int>());
        QVERIFY(viewed.json["total"].get<int>() < all.json["total"].get<int>());
        // A filter given beside the view narrows it further.
        const test::CliResult narrowed = test::runCli(
            base + QStringList{QStringLiteral("--view"), QStringLiteral("Fallbacks"),
                               QStringLiteral("--evidence"), QStringLiteral("NO_EVIDENCE")},
            {}, env);
        QCOMPARE(narrowed.exitCode, 0);
        QVERIFY(narrowed.json["total"].get<int>() <= viewed.json["total"].get<int>());
        // A view that is not there: the saved ones are named.
        const test::CliResult missing = test::runCli(
            base + QStringList{QStringLiteral("--view"), QStringLiteral("Nope")}, {}, env);
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains("Fallbacks"), missing.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestSavedViews)
#include "tst_saved_views.moc"
