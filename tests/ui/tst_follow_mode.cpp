// View → Follow New Sessions while another process (`raglens-cli record`, as an agent would)
// writes the database: new sessions appear at the top, bold and counted ("1 new session");
// an opened run gets its new call; the selection and the rows on screen stay where they
// were; a foreign file first read as an immutable view is reopened so that it shows what is
// written.

#include "demo/demo_workspace.h"
#include "mainwindow/main_window.h"
#include "sessions/follow_controller.h"
#include "sessions/session_tree_model.h"
#include "support/cli_runner.h"
#include "support/fixture_db.h"
#include "trace/session_follower.h"

#include <QAction>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

#include <cstdio>

using namespace raglens;
using namespace raglens::ui;
using namespace raglens::test;

namespace {

bool selectRun(MainWindow& window, const QString& session, const QString& run)
{
    window.showInTree(session, run);
    QTreeView* tree = window.sessionTree();
    return QTest::qWaitFor(
        [&] { return tree->currentIndex().data(SessionTreeModel::RunIdRole).toString() == run; });
}

/// The session shown in the source model's row `row`.
QString sessionAt(const MainWindow& window, int row)
{
    return window.sessionModel()->index(row, 0).data(SessionTreeModel::SessionIdRole).toString();
}

} // namespace

class TestFollowMode : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_demo;

    /// Another process writes one lookup; returns its JSON (invocation_id, run_id, ...).
    nlohmann::json record(const QString& db, const QStringList& extra, const QString& question)
    {
        const CliResult r =
            runCli(QStringList{QStringLiteral("record"), QStringLiteral("--kb"),
                               m_demo + QStringLiteral("/kb"), QStringLiteral("--db"), db} +
                   extra + QStringList{question});
        if (r.exitCode != 0)
            qWarning() << "record failed:" << r.err;
        return r.json;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_demo = m_dir.filePath(QStringLiteral("demo"));
        QVERIFY(DemoWorkspace::create(m_demo).ok());
    }

    void followsWhatAnotherProcessWrites()
    {
        const QString db = m_demo + QStringLiteral("/audit.db");
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDatabase(db));
        // Selected among the loaded sessions (a session not loaded yet would narrow the list).
        QTRY_VERIFY(window.sessionModel()->loadedSessions() > 7);
        QVERIFY(window.sessionModel()->filter().isEmpty());
        QVERIFY(
            selectRun(window, QStringLiteral("sess-demo-007"), QStringLiteral("run-demo-007-a")));
        QTreeView* tree = window.sessionTree();
        const QModelIndex runIndex = window.sessionModel()->runIndexOf(
            static_cast<QSortFilterProxyModel*>(tree->model())->mapToSource(tree->currentIndex()));
        QVERIFY(runIndex.isValid());
        QVERIFY(window.sessionModel()->filter().isEmpty());
        const int callsBefore = window.sessionModel()->rowCount(runIndex);

        QAction* follow = window.action(QStringLiteral("actionFollow"));
        QVERIFY(follow && follow->isCheckable());
        window.followController()->setIntervalMs(150);
        follow->trigger();
        QVERIFY(window.isFollowing());
        auto* status = window.findChild<QToolButton*>(QStringLiteral("followStatus"));
        QVERIFY(status);
        QTRY_VERIFY(status->isVisible());
        QVERIFY(status->text().contains(QLatin1String("Following")));

        // A new session, written by another process.
        QVERIFY(!record(db, {QStringLiteral("--session"), QStringLiteral("live-new")},
                        QStringLiteral("connection pool exhausted"))
                     .is_null());
        QTRY_COMPARE(sessionAt(window, 0), QStringLiteral("live-new"));
        QCOMPARE(window.followController()->newSessions(), 1);
        QTRY_VERIFY(status->text().startsWith(QLatin1String("1 new session")));
        const QModelIndex fresh = window.sessionModel()->index(0, 0);
        QVERIFY(fresh.data(Qt::FontRole).value<QFont>().bold());
        // The selection stayed on the run the user looked at.
        QCOMPARE(tree->currentIndex().data(SessionTreeModel::RunIdRole).toString(),
                 QStringLiteral("run-demo-007-a"));

        // With RAGLENS_SCREENSHOT_DIR set, the README's picture of it is saved.
        if (const QString dir = qEnvironmentVariable("RAGLENS_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(300);
            QVERIFY(window.grab().save(dir + QStringLiteral("/follow.png")));
        }

        // A new call in the opened run appears under it.
        const nlohmann::json added =
            record(db,
                   {QStringLiteral("--session"), QStringLiteral("sess-demo-007"),
                    QStringLiteral("--run"), QStringLiteral("run-demo-007-a")},
                   QStringLiteral("redis latency spikes"));
        QVERIFY(added.contains("invocation_id"));
        const qint64 invocation = added["invocation_id"].get<qint64>();
        QTRY_VERIFY(window.sessionModel()
                        ->findUnderRun(runIndex, SessionTreeModel::Kind::Invocation, invocation)
                        .isValid());
        QVERIFY(window.sessionModel()->rowCount(runIndex) > callsBefore);
        QCOMPARE(tree->currentIndex().data(SessionTreeModel::RunIdRole).toString(),
                 QStringLiteral("run-demo-007-a"));
        // A change is not a new session.
        QCOMPARE(window.followController()->newSessions(), 1);

        // Going to the new sessions acknowledges them.
        status->click();
        QCOMPARE(window.followController()->newSessions(), 0);
        QVERIFY(!window.sessionModel()->index(0, 0).data(Qt::FontRole).value<QFont>().bold());
        QCOMPARE(tree->verticalScrollBar()->value(), 0);

        follow->trigger();
        QVERIFY(!window.isFollowing());
        QTRY_VERIFY(!status->isVisible());
    }

    // Following from the moment a database opens: the sessions of the first page are not
    // "new", and a read that arrives after following stopped leaves nothing bold behind.
    void followingFromTheStartCountsNothingOld()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.followController()->setIntervalMs(100);
        window.setFollowing(true);
        QVERIFY(window.action(QStringLiteral("actionFollow"))->isChecked());
        QVERIFY(window.openDatabase(m_demo + QStringLiteral("/audit.db")));
        QTRY_VERIFY(window.sessionModel()->loadedSessions() > 0);
        QTRY_VERIFY(window.followController()->lastRead().isValid());
        for (int read = 0; read < 3; ++read) { // a few more reads
            const QTime before = window.followController()->lastRead();
            QTRY_VERIFY(window.followController()->lastRead() != before);
        }
        QCOMPARE(window.followController()->newSessions(), 0);
        QCOMPARE(window.sessionModel()->freshSessions(), 0);
        window.setFollowing(false);
        QVERIFY(!window.action(QStringLiteral("actionFollow"))->isChecked());
        QCOMPARE(window.sessionModel()->freshSessions(), 0);
    }

    // The followed file is replaced at its path (rsync, a backup moved over it): the status
    // says so, where before the follow went silent for good, reading the old file.
    void aReplacedFileIsSaid()
    {
        const QString db = m_dir.filePath(QStringLiteral("replaced.db"));
        QVERIFY(QFile::copy(m_demo + QStringLiteral("/audit.db"), db));
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDatabase(db));
        QTRY_VERIFY(window.sessionModel()->loadedSessions() > 0);
        window.followController()->setIntervalMs(100);
        window.setFollowing(true);
        QTRY_VERIFY(window.followController()->lastRead().isValid());
        QVERIFY(window.followController()->lastError().isEmpty());
        const QString next = m_dir.filePath(QStringLiteral("replaced-next.db"));
        QVERIFY(QFile::copy(db, next));
        QVERIFY(std::rename(QFile::encodeName(next).constData(),
                            QFile::encodeName(db).constData()) == 0);
        QTRY_VERIFY(window.followController()->lastError().contains(QLatin1String("replaced")));
        window.setFollowing(false);
    }

    // Scrolled down the list, the rows on screen stay on screen while sessions arrive above.
    void keepsTheRowsOnScreen()
    {
        const QString db = m_demo + QStringLiteral("/audit.db");
        for (int i = 0; i < 40; ++i)
            QVERIFY(!record(db, {QStringLiteral("--session"), QStringLiteral("filler-%1").arg(i)},
                            QStringLiteral("disk is full on node %1").arg(i))
                         .is_null());
        MainWindow window;
        window.resize(1000, 600);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDatabase(db));
        QTreeView* tree = window.sessionTree();
        QTRY_VERIFY(tree->verticalScrollBar()->maximum() > 10);
        tree->verticalScrollBar()->setValue(10);
        const QString topBefore =
            tree->indexAt(QPoint(0, 0)).data(SessionTreeModel::SessionIdRole).toString();
        QVERIFY(!topBefore.isEmpty());

        window.followController()->setIntervalMs(150);
        window.setFollowing(true);
        QTRY_VERIFY(window.followController()->lastRead().isValid());
        QVERIFY(!record(db, {QStringLiteral("--session"), QStringLiteral("arrived-1")},
                        QStringLiteral("TLS handshake failed"))
                     .is_null());
        QVERIFY(!record(db, {QStringLiteral("--session"), QStringLiteral("arrived-2")},
                        QStringLiteral("TLS handshake failed again"))
                     .is_null());
        QTRY_COMPARE(window.followController()->newSessions(), 2);
        QCOMPARE(tree->indexAt(QPoint(0, 0)).data(SessionTreeModel::SessionIdRole).toString(),
                 topBefore);
        QCOMPARE(tree->verticalScrollBar()->value(), 12);
    }

    // A foreign WAL file with no writer is read as an immutable view; following reopens it
    // through SQLite's locks, and then shows what is written.
    void reopensAnImmutableFileLive()
    {
        const QString path = m_dir.filePath(QStringLiteral("foreign.db"));
        FixtureOptions options;
        options.walJournal = true;
        QVERIFY(writeProductionFixture(path, options).isEmpty());
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openDatabase(path));
        QVERIFY(window.database()->isReadOnly());
        QVERIFY(!seesOtherWriters(*window.database()));
        window.followController()->setIntervalMs(150);
        window.setFollowing(true);
        QVERIFY(seesOtherWriters(*window.database()));
        QVERIFY(window.database()->isReadOnly());
        QTRY_VERIFY(window.followController()->lastRead().isValid());
        // The user chose to write into it (--write); the window only reads.
        QVERIFY(!record(path,
                        {QStringLiteral("--write"), QStringLiteral("--session"),
                         QStringLiteral("foreign-live")},
                        QStringLiteral("connection pool exhausted"))
                     .is_null());
        QTRY_COMPARE(sessionAt(window, 0), QStringLiteral("foreign-live"));
    }
};

QTEST_MAIN(TestFollowMode)
#include "tst_follow_mode.moc"
