// The Trace API from the window: File → Serve Trace API… serves the open database (the
// address in the status bar, the same trace as the CLI prints), and File → Open Trace API…
// shows a trace fetched from a served URL as the same tree as the file gives.

#include "db/audit_database.h"
#include "dialogs/open_trace_api_dialog.h"
#include "interpret/trace_interpretation.h"
#include "mainwindow/main_window.h"
#include "serve/trace_api_client.h"
#include "serve/trace_api_server.h"
#include "sessions/session_tree_model.h"
#include "trace/trace_service.h"

#include "support/canned_http_server.h"
#include "support/cli_runner.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace raglens;
using namespace raglens::ui;
using Role = SessionTreeModel::Role;

namespace {

/// Every cell's text of a session's subtree (runs, then their steps and calls), read as the
/// user would see it after expanding each row.
QStringList dumpSession(QAbstractItemModel* model, const QString& sessionId)
{
    QModelIndex session;
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data(Role::SessionIdRole).toString() == sessionId)
            session = model->index(r, 0);
    if (!session.isValid())
        return {QStringLiteral("no row for ") + sessionId};
    // A row's cells are read once its children are: a run names its fallback cause from
    // its calls once they are read, whichever window read them first.
    std::function<QStringList(const QModelIndex&, int)> walk = [&](const QModelIndex& parent,
                                                                   int depth) {
        if (model->canFetchMore(parent))
            model->fetchMore(parent);
        if (depth <= 2) // sessions have runs and runs have steps: wait for them to be read
            (void)QTest::qWaitFor([&] { return model->rowCount(parent) > 0; }, 5000);
        QStringList rows;
        for (int r = 0; r < model->rowCount(parent); ++r) {
            const QStringList below = walk(model->index(r, 0, parent), depth + 1);
            QStringList cells;
            for (int c = 0; c < model->columnCount(parent); ++c)
                cells << model->index(r, c, parent).data().toString();
            rows << QString(depth * 2, QLatin1Char(' ')) + cells.join(QStringLiteral(" | "));
            rows << below;
        }
        return rows;
    };
    const QStringList below = walk(session, 1);
    QStringList cells;
    for (int c = 0; c < model->columnCount(); ++c)
        cells << model->index(session.row(), c).data().toString();
    return QStringList{cells.join(QStringLiteral(" | "))} + below;
}

} // namespace

class TestTraceApiWindow : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;
    QStringList m_errors;

    std::unique_ptr<MainWindow> makeWindow()
    {
        auto window = std::make_unique<MainWindow>();
        window->setErrorReporter([this](const QString& title, const QString& message) {
            m_errors << title + QStringLiteral(": ") + message;
        });
        window->show();
        return window;
    }

    static bool loaded(MainWindow& w)
    {
        return QTest::qWaitFor([&] {
            return w.sessionModel() && !w.sessionModel()->isLoading() &&
                   w.sessionModel()->matchingSessions() >= 0;
        });
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        m_db = test::makeDemoWorkspace(m_dir.filePath(QStringLiteral("ws")), &error);
        QVERIFY2(!m_db.isEmpty(), qPrintable(error));
    }

    void init() { m_errors.clear(); }

    void servingFromTheWindow()
    {
        auto window = makeWindow();
        QVERIFY(window->openDatabase(m_db));
        QVERIFY(loaded(*window));
        QAction* serve = window->action(QStringLiteral("actionServeTraceApi"));
        QVERIFY(serve);
        QVERIFY(!serve->isChecked());
        serve::ServeOptions options; // loopback, any free port
        QVERIFY(window->startServingTraceApi(options));
        QVERIFY(serve->isChecked());
        auto* label = window->findChild<QLabel*>(QStringLiteral("servingLabel"));
        QVERIFY(label && label->isVisible());
        const QUrl url = window->traceApiServer()->url();
        QVERIFY(label->text().contains(url.toString()));

        // A client gets what the CLI prints, while the window keeps its event loop.
        serve::TraceApiEndpoint endpoint;
        endpoint.base = url;
        auto fetched = serve::TraceApiClient(endpoint).fetchTrace(QStringLiteral("sess-demo-006"));
        QVERIFY2(fetched, fetched ? "" : qPrintable(fetched.error()));
        auto db = AuditDatabase::open(m_db, AccessMode::Inspect);
        QVERIFY(db);
        auto local = TraceService(**db).getTrace(QStringLiteral("sess-demo-006"));
        QVERIFY(local);
        QCOMPARE(interpret::interpretedTraceJson(*fetched),
                 interpret::interpretedTraceJson(*local));

        // Closing the database stops serving it.
        window->closeDatabase();
        QVERIFY(!window->traceApiServer());
        QVERIFY(!serve->isChecked());
        QVERIFY(!label->isVisible());
        QVERIFY(m_errors.isEmpty());
    }

    void openingATraceFromAUrlShowsTheSameTree()
    {
        auto db = AuditDatabase::open(m_db, AccessMode::Inspect);
        QVERIFY(db);
        serve::TraceApiServer server(**db, {});
        QVERIFY(server.start());
        auto fromFile = makeWindow();
        QVERIFY(fromFile->openDatabase(m_db));
        QVERIFY(loaded(*fromFile));

        for (const QString& session :
             {QStringLiteral("sess-demo-002"), QStringLiteral("sess-demo-006"),
              QStringLiteral("sess-demo-010")}) {
            auto fromUrl = makeWindow();
            QSignalSpy opened(fromUrl.get(), &MainWindow::databaseOpened);
            serve::TraceApiEndpoint endpoint;
            endpoint.base = server.url();
            fromUrl->openTraceApi(endpoint, session);
            QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 20000);
            QVERIFY(loaded(*fromUrl));
            QCOMPARE(fromUrl->sessionProxy()->rowCount(), 1);
            QVERIFY(fromUrl->windowTitle().contains(session));
            const QStringList a = dumpSession(fromUrl->sessionProxy(), session);
            const QStringList b = dumpSession(fromFile->sessionProxy(), session);
            QVERIFY(a.size() > 3);
            QVERIFY2(a.join(QLatin1Char('\n')).contains(QLatin1String("lookup_knowledge")),
                     qPrintable(a.join(QLatin1Char('\n'))));
            QCOMPARE(a, b);
            QVERIFY2(m_errors.isEmpty(), qPrintable(m_errors.join('\n')));
        }

        // An unknown session is reported and the window keeps what it showed.
        auto window = makeWindow();
        serve::TraceApiEndpoint endpoint;
        endpoint.base = server.url();
        window->openTraceApi(endpoint, QStringLiteral("no-such-session"));
        QTRY_VERIFY_WITH_TIMEOUT(!m_errors.isEmpty(), 20000);
        QVERIFY(m_errors.first().contains(QLatin1String("no-such-session")));
        QVERIFY(!window->database());
    }

    void dialogListsSessionsWhenTheServerOffersThem()
    {
        auto db = AuditDatabase::open(m_db, AccessMode::Inspect);
        QVERIFY(db);
        serve::TraceApiServer server(**db, {});
        QVERIFY(server.start());
        OpenTraceApiDialog dialog;
        dialog.setBaseUrl(server.url().toString());
        dialog.listSessions();
        auto* sessions = dialog.findChild<QComboBox*>(QStringLiteral("traceApiSession"));
        QTRY_VERIFY_WITH_TIMEOUT(sessions->count() >= 10, 20000);
        QVERIFY(sessions->itemText(0).contains(sessions->itemData(0).toString()));
        QCOMPARE(dialog.sessionId(), sessions->itemData(0).toString());

        // The seed's own Trace API has no /api/sessions: the user types the id instead.
        test::CannedHttpServer seed(
            test::CannedHttpServer::response(404, "application/json", "{}"));
        QVERIFY(seed.start());
        OpenTraceApiDialog typed;
        typed.setBaseUrl(seed.baseUrl());
        typed.listSessions();
        QTRY_VERIFY_WITH_TIMEOUT(typed.statusText().contains(QLatin1String("type a session id")),
                                 20000);
        typed.setSessionId(QStringLiteral("sess-42"));
        QCOMPARE(typed.sessionId(), QStringLiteral("sess-42"));
        QVERIFY(typed.endpoint());
        typed.setBaseUrl(QStringLiteral("ftp://nowhere"));
        QVERIFY(!typed.endpoint());
    }
};

QTEST_MAIN(TestTraceApiWindow)
#include "tst_trace_api_window.moc"
