// The open-database dialog (path or URL, password only for URLs, recent entries) and the
// filter bar's widgets building the SessionFilter the SQL uses.

#include "dialogs/open_database_dialog.h"
#include "sessions/session_filter_bar.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QToolButton>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;

class TestDialogs : public QObject
{
    Q_OBJECT

private slots:
    void openDialogAsksPasswordOnlyForUrls_data()
    {
        QTest::addColumn<QString>("location");
        QTest::addColumn<bool>("passwordShown");
        QTest::newRow("sqlite file") << "/data/audit.db" << false;
        QTest::newRow("postgresql") << "postgresql://ops@db:5432/agent" << true;
        QTest::newRow("mysql") << "mysql://ops@db:3306/agent" << true;
    }

    void openDialogAsksPasswordOnlyForUrls()
    {
        QFETCH(QString, location);
        QFETCH(bool, passwordShown);
        OpenDatabaseDialog dialog({});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* open = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Open);
        QVERIFY(!open->isEnabled()); // nothing typed yet
        dialog.setLocation(location);
        QVERIFY(open->isEnabled());
        const auto edits = dialog.findChildren<QLineEdit*>();
        const auto password = std::find_if(edits.begin(), edits.end(), [](QLineEdit* e) {
            return e->echoMode() == QLineEdit::Password;
        });
        QVERIFY(password != edits.end());
        QCOMPARE((*password)->isVisible(), passwordShown);
        (*password)->setText(QStringLiteral("s3cret"));
        QCOMPARE(dialog.password(), passwordShown ? QStringLiteral("s3cret") : QString());
        QCOMPARE(dialog.location(), location);
    }

    void recentEntryFillsLocation()
    {
        OpenDatabaseDialog dialog({QStringLiteral("/a/audit.db"), QStringLiteral("/b/audit.db")});
        auto* list = dialog.findChild<QListWidget*>();
        QVERIFY(list);
        QCOMPARE(list->count(), 2);
        list->setCurrentRow(1);
        QCOMPARE(dialog.location(), QStringLiteral("/b/audit.db"));
    }

    void filterBarBuildsTheSqlFilter()
    {
        SessionFilterBar bar;
        QSignalSpy changed(&bar, &SessionFilterBar::filterChanged);
        QVERIFY(bar.filter().isEmpty());
        bar.fallbackRunsButton()->click();
        QCOMPARE(changed.count(), 1);
        QCOMPARE(bar.filter().outcome, QStringLiteral("FALLBACK"));
        QCOMPARE(bar.outcomeCombo()->currentData().toString(), QStringLiteral("FALLBACK"));
        // Choosing another outcome releases the button.
        bar.outcomeCombo()->setCurrentIndex(
            bar.outcomeCombo()->findData(QStringLiteral("SUCCESS")));
        QVERIFY(!bar.fallbackRunsButton()->isChecked());
        // Free text is debounced into one change.
        changed.clear();
        QTest::keyClicks(bar.textEdit(), QStringLiteral("Hikari"));
        QTRY_COMPARE(changed.count(), 1);
        QCOMPARE(bar.filter().text, QStringLiteral("Hikari"));
        bar.clear();
        QVERIFY(bar.filter().isEmpty());
    }

    void attemptComboSetsAttemptOrReason()
    {
        SessionFilterBar bar;
        QComboBox* attempt = nullptr;
        for (QComboBox* c : bar.findChildren<QComboBox*>()) {
            if (c->findText(QStringLiteral("UNFILTERED_VECTOR_RETRY")) >= 0)
                attempt = c;
        }
        QVERIFY(attempt);
        attempt->setCurrentIndex(attempt->findText(QStringLiteral("UNFILTERED_VECTOR_RETRY")));
        QCOMPARE(bar.filter().selectedAttempt, QStringLiteral("UNFILTERED_VECTOR_RETRY"));
        QVERIFY(bar.filter().retryReason.isEmpty());
        attempt->setCurrentIndex(
            attempt->findText(QStringLiteral("retry reason: filtered_vector_low_quality")));
        QCOMPARE(bar.filter().retryReason, QStringLiteral("filtered_vector_low_quality"));
        QVERIFY(bar.filter().selectedAttempt.isEmpty());
    }

    void countText()
    {
        SessionFilterBar bar;
        bar.setCounts(-1, 10);
        QCOMPARE(bar.countText(), QStringLiteral("Counting…"));
        bar.setCounts(3, 10);
        QCOMPARE(bar.countText(), QStringLiteral("3 of 10 sessions match"));
        bar.setCounts(10, 10);
        QCOMPARE(bar.countText(), QStringLiteral("10 sessions"));
        bar.setCounts(1, 1);
        QCOMPARE(bar.countText(), QStringLiteral("1 session"));
        bar.setCounts(-1, 10, QStringLiteral("database disk image is malformed"));
        QCOMPARE(bar.countText(), QStringLiteral("Count failed"));
        // Large numbers read as the locale writes them.
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        bar.setCounts(250000, 1000000);
        QCOMPARE(bar.countText(), QStringLiteral("250,000 of 1,000,000 sessions match"));
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        bar.setCounts(250000, 250000);
        QCOMPARE(bar.countText(), QStringLiteral("250.000 sessions"));
        QLocale::setDefault(before);
    }
};

QTEST_MAIN(TestDialogs)
#include "tst_dialogs.moc"
