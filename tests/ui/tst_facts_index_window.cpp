// The window builds the facts index of a database RagLens did not create in the background,
// says so in the status bar, and then lists and counts from it with the same answers as the
// database; a database RagLens created gets no index.

#include "db/audit_database.h"
#include "facts/facts_index.h"
#include "mainwindow/main_window.h"
#include "sessions/session_page_loader.h"
#include "sessions/session_tree_model.h"
#include "support/random_audit_db.h"
#include "trace/audit_browser.h"

#include <QDir>
#include <QLabel>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;

class TestFactsIndexWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("RAGLENS_CACHE_DIR", m_dir.filePath(QStringLiteral("cache")).toUtf8());
    }

    void foreignDatabaseIsReadThroughItsIndex()
    {
        const QString path = m_dir.filePath(QStringLiteral("foreign.db"));
        QCOMPARE(test::writeRandomAuditDb(path, {2500, 99}), QString());
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(window.openDatabase(path));
        auto* label = window.findChild<QLabel*>(QStringLiteral("factsIndexLabel"));
        QVERIFY(label);
        QTRY_COMPARE_WITH_TIMEOUT(label->text(), QStringLiteral("facts index"), 20000);
        QVERIFY(label->toolTip().contains(QStringLiteral("calls")));
        QDir cache(m_dir.filePath(QStringLiteral("cache/facts")));
        QCOMPARE(cache.entryList({QStringLiteral("*.facts.sqlite")}, QDir::Files).size(), 1);

        // A filter's count now comes from the index, and equals the database's own.
        auto* model = window.findChild<SessionTreeModel*>();
        QVERIFY(model);
        SessionFilter filter;
        filter.evidenceStatus = QStringLiteral("NO_EVIDENCE");
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        const int expected = AuditBrowser(**db).countSessions(filter).value();
        QVERIFY(expected > 0);
        QSignalSpy counted(model, &SessionTreeModel::matchingSessionsChanged);
        model->setFilter(filter);
        QTRY_VERIFY_WITH_TIMEOUT(!counted.isEmpty() && counted.last().at(0).toInt() >= 0, 20000);
        QCOMPARE(model->matchingSessions(), expected);
    }

    void aDamagedIndexIsReadAround()
    {
        // A page of the index the list reads is corrupt: the page comes from the database,
        // not as an error where the sessions would be.
        const QString path = m_dir.filePath(QStringLiteral("damaged.db"));
        QCOMPARE(test::writeRandomAuditDb(path, {300, 7}), QString());
        auto db = AuditDatabase::open(path);
        QVERIFY(db.ok());
        const QString index = facts_index::pathFor((*db)->location(), QString());
        QVERIFY(facts_index::update(**db, index).ok());
        qint64 root = 0;
        qint64 pageSize = 0;
        {
            auto facts = facts_index::openForReading(index);
            QVERIFY(facts.ok());
            QSqlQuery q((*facts)->sql());
            QVERIFY(q.exec(QStringLiteral("PRAGMA page_size")) && q.next());
            pageSize = q.value(0).toLongLong();
            QVERIFY(q.exec(QStringLiteral("SELECT rootpage FROM sqlite_master WHERE name = "
                                          "'diagnosis_run'")) &&
                    q.next());
            root = q.value(0).toLongLong();
        }
        QFile file(index);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.seek((root - 1) * pageSize + 8));
        file.write(QByteArray(int(pageSize) - 100, '\xff'));
        file.close();
        SessionPageLoader loader;
        loader.setDatabase(db->get());
        loader.setFactsIndex(index);
        QSignalSpy ready(&loader, &SessionPageLoader::pageReady);
        loader.request(1, SessionFilter{}, 0, 50, false);
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 20000);
        const auto page = ready.first().at(0).value<SessionPage>();
        QVERIFY2(page.error.isEmpty(), qPrintable(page.error));
        QVERIFY(!page.rows.empty());
    }

    void ownDatabaseHasNoIndex()
    {
        const QString path = m_dir.filePath(QStringLiteral("own.db"));
        {
            auto created = AuditDatabase::open(path, AccessMode::Create);
            QVERIFY(created.ok());
            QVERIFY((*created)->isRagLensOwned());
        }
        MainWindow window;
        QVERIFY(window.openDatabase(path));
        auto* label = window.findChild<QLabel*>(QStringLiteral("factsIndexLabel"));
        QVERIFY(label);
        QVERIFY(label->text().isEmpty());
    }
};

QTEST_MAIN(TestFactsIndexWindow)
#include "tst_facts_index_window.moc"
