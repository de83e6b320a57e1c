// The Trace API from the window: File → Serve Trace API… serves the open database to
// scripts and dashboards, File → Open Trace API… shows a trace fetched from a server (a
// support person's way in when they may call the Trace API but hold no database
// credentials). A fetched trace is imported into a temporary local copy, so the whole
// inspector — tree, attempt timelines, drill-down, findings — shows it unchanged.

#include "mainwindow/main_window.h"

#include "db/audit_database.h"
#include "dialogs/open_trace_api_dialog.h"
#include "dialogs/serve_trace_api_dialog.h"
#include "serve/trace_api_client.h"
#include "serve/trace_api_server.h"
#include "trace/trace_importer.h"

#include <QAction>
#include <QFutureWatcher>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtConcurrent>

namespace raglens::ui {

void MainWindow::createTraceApiActions(QMenu* file, QAction* before)
{
    auto* openApi = new QAction(tr("Open Trace &API…"), this);
    openApi->setObjectName(QStringLiteral("actionOpenTraceApi"));
    connect(openApi, &QAction::triggered, this, &MainWindow::showOpenTraceApiDialog);
    m_serveAction = new QAction(tr("&Serve Trace API…"), this);
    m_serveAction->setObjectName(QStringLiteral("actionServeTraceApi"));
    m_serveAction->setCheckable(true);
    connect(m_serveAction, &QAction::triggered, this, [this](bool on) {
        if (on)
            showServeTraceApiDialog();
        else
            stopServingTraceApi();
    });
    file->insertActions(before, {openApi, m_serveAction});
    file->insertSeparator(before);
    m_servingLabel = new QLabel;
    m_servingLabel->setObjectName(QStringLiteral("servingLabel"));
    m_servingLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_servingLabel->hide();
    statusBar()->addPermanentWidget(m_servingLabel);
}

void MainWindow::showServeTraceApiDialog()
{
    if (!m_db) {
        reportError(tr("Nothing to serve"), tr("Open a database first: the Trace API serves "
                                               "the open database."));
        updateServingStatus();
        return;
    }
    ServeTraceApiDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted) {
        updateServingStatus();
        return;
    }
    QString error;
    const auto options = dialog.options(error);
    if (!options) {
        reportError(tr("Cannot serve the Trace API"), error);
        updateServingStatus();
        return;
    }
    startServingTraceApi(*options);
}

bool MainWindow::startServingTraceApi(const serve::ServeOptions& options)
{
    stopServingTraceApi();
    if (!m_db) {
        updateServingStatus();
        return false;
    }
    auto server = std::make_unique<serve::TraceApiServer>(*m_db, options);
    if (Status s = server->start(); !s) {
        reportError(tr("Cannot serve the Trace API"), s.error());
        updateServingStatus();
        return false;
    }
    m_traceApiServer = std::move(server);
    statusBar()->showMessage(
        tr("Serving the Trace API on %1").arg(m_traceApiServer->url().toString()), 10000);
    updateServingStatus();
    return true;
}

void MainWindow::stopServingTraceApi()
{
    if (m_traceApiServer) {
        m_traceApiServer->stop();
        m_traceApiServer.reset();
    }
    updateServingStatus();
}

void MainWindow::updateServingStatus()
{
    if (!m_serveAction)
        return;
    const bool serving = m_traceApiServer && m_traceApiServer->isListening();
    m_serveAction->setChecked(serving);
    m_serveAction->setText(serving ? tr("Stop &Serving Trace API") : tr("&Serve Trace API…"));
    m_servingLabel->setVisible(serving);
    if (serving) {
        const QString url = m_traceApiServer->url().toString();
        m_servingLabel->setText(tr("Serving %1").arg(url));
        m_servingLabel->setToolTip(
            tr("The Trace API is served on %1, read-only: GET %1/api lists the endpoints.")
                .arg(url));
    }
}

void MainWindow::showOpenTraceApiDialog()
{
    OpenTraceApiDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    auto endpoint = dialog.endpoint();
    if (!endpoint) {
        reportError(tr("Cannot open the trace"), endpoint.error());
        return;
    }
    openTraceApi(*endpoint, dialog.sessionId());
}

namespace {

struct FetchedTrace
{
    QString path;  ///< the local copy, ready to open
    QString error; ///< or why there is none
};

} // namespace

void MainWindow::openTraceApi(const serve::TraceApiEndpoint& endpoint, const QString& sessionId)
{
    if (!m_fetchedTraces) {
        m_fetchedTraces = std::make_unique<QTemporaryDir>();
        if (!m_fetchedTraces->isValid()) {
            reportError(tr("Cannot open the trace"),
                        tr("No temporary folder for the local copy: %1")
                            .arg(m_fetchedTraces->errorString()));
            m_fetchedTraces.reset();
            return;
        }
    }
    const quint64 generation = ++m_fetchGeneration;
    const QString path = m_fetchedTraces->filePath(QStringLiteral("trace-%1.db").arg(generation));
    const QString shown = endpoint.base.toDisplayString();
    statusBar()->showMessage(tr("Fetching %1 from %2…").arg(sessionId, shown));
    auto* watcher = new QFutureWatcher<FetchedTrace>(this);
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, generation, sessionId, shown] {
                watcher->deleteLater();
                if (generation != m_fetchGeneration)
                    return; // another fetch was asked for since
                const FetchedTrace fetched = watcher->result();
                if (!fetched.error.isEmpty()) {
                    statusBar()->clearMessage();
                    reportError(tr("Cannot open the trace"), fetched.error);
                    return;
                }
                auto db = AuditDatabase::open(fetched.path, AccessMode::Inspect);
                if (!db) {
                    reportError(tr("Cannot open the trace"), db.error());
                    return;
                }
                if (!adoptDatabase(std::move(*db), QString()))
                    return;
                setWindowTitle(tr("%1 from %2 — RagLens").arg(sessionId, shown));
                m_fetchedFrom = tr("%1 from %2").arg(sessionId, shown);
                updateStatus();
                statusBar()->showMessage(tr("Fetched %1").arg(sessionId), 10000);
            });
    // Fetching and writing the copy both wait on the network or the disk: not here.
    watcher->setFuture(QtConcurrent::run([endpoint, sessionId, path]() -> FetchedTrace {
        auto trace = serve::TraceApiClient(endpoint).fetchTrace(sessionId);
        if (!trace)
            return {{}, trace.error()};
        auto db = AuditDatabase::open(path, AccessMode::Create);
        if (!db)
            return {{}, db.error()};
        auto imported = TraceImporter(**db).import(*trace);
        if (!imported)
            return {{}, imported.error()};
        return {path, {}};
    }));
}

} // namespace raglens::ui
