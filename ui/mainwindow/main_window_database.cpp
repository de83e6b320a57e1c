// MainWindow: opening and closing audit databases and workspaces, and the status bar that
// says what is open, whether it is writable and how much it holds.

#include "mainwindow/main_window.h"

#include "common/background_pool.h"
#include "common/database_worker.h"
#include "common/db_worker.h"
#include "common/logging.h"
#include "db/audit_database.h"
#include "mainwindow/demo_workspace_job.h"
#include "mainwindow/recent_databases.h"
#include "sessions/session_filter_bar.h"
#include "sessions/session_tree_model.h"
#include "sessionspage/sessions_page.h"
#include "trace/audit_browser.h"
#include "trace/schema_notes.h"

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QPointer>
#include <QProgressDialog>
#include <QStatusBar>
#include <QtConcurrent>

namespace raglens::ui {

bool MainWindow::openDatabase(const QString& pathOrUrl, const QString& password)
{
    auto location = DatabaseLocation::parse(pathOrUrl);
    if (!location) {
        reportError(tr("Cannot open database"), location.error());
        return false;
    }
    if (!password.isEmpty())
        location->password = password;
    QStringList notes;
    auto db = openInBackground(*location, &notes);
    if (!db) {
        reportError(tr("Cannot open database"), db.error());
        return false;
    }
    // The recent list keeps what the user typed (a URL never carries the password).
    const QString entry = location->isServer() ? pathOrUrl : location->path;
    return adoptDatabase(std::move(*db), entry, notes);
}

namespace {
/// What the background open learned, or why it failed.
struct BackgroundOpen
{
    AuditDatabase::Inspection inspection;
    QStringList notes;
    QString error;
};
} // namespace

Expected<std::unique_ptr<AuditDatabase>>
MainWindow::openInBackground(const DatabaseLocation& location, QStringList* schemaNotesOut)
{
    // Connecting to a server that is slow, away or behind a firewall takes up to the connect
    // timeout, reading the schema is a round trip per table, and a file with a log nobody
    // applied is copied first: all of it happens in the background, where the connection is
    // opened and inspected and then closed. This thread's connection trusts what it learned.
    if (location.isInMemory()) // only this thread's connection has it
        return AuditDatabase::open(location, AccessMode::Inspect);
    statusBar()->showMessage(tr("Opening %1…").arg(location.display()));
    QFutureWatcher<std::shared_ptr<BackgroundOpen>> watcher;
    QEventLoop loop;
    connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    // While following, a file is read through SQLite's locks, never as an immutable view or
    // a private copy, so what the agent commits shows.
    const AccessMode mode = m_readLive ? AccessMode::InspectLive : AccessMode::Inspect;
    watcher.setFuture(QtConcurrent::run(backgroundPool(), [location, mode] {
        auto result = std::make_shared<BackgroundOpen>();
        auto db = AuditDatabase::open(location, mode);
        if (!db) {
            result->error = db.error();
            return result;
        }
        // The notes read the columns of every table RagLens knows: the inspection carries them.
        for (const SchemaNote& note : schemaNotes(**db))
            result->notes << note.message;
        result->inspection = (*db)->inspection();
        return result;
    }));
    // Input waits (a second database opened meanwhile would race this one); painting not.
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    statusBar()->clearMessage();
    const std::shared_ptr<BackgroundOpen> opened = watcher.result();
    if (!opened->error.isEmpty())
        return Error{opened->error};
    if (schemaNotesOut)
        *schemaNotesOut = opened->notes;
    return AuditDatabase::openInspected(opened->inspection);
}

bool MainWindow::openWorkspace(const QString& dir, bool createDemo)
{
    const QString dbPath = QDir(dir).filePath(QStringLiteral("audit.db"));
    if (!QFileInfo::exists(dbPath)) {
        if (!createDemo) {
            reportError(
                tr("Cannot open workspace"),
                tr("%1 holds no audit database (audit.db). Create the demo workspace there with "
                   "`raglens-cli demo --workspace %1`.")
                    .arg(QDir::toNativeSeparators(dir)));
            return false;
        }
        startDemoWorkspace(dir);
        return true;
    }
    auto location = DatabaseLocation::parse(dbPath);
    if (!location) {
        reportError(tr("Cannot open workspace"), location.error());
        return false;
    }
    QStringList notes;
    auto db = openInBackground(*location, &notes);
    if (!db) {
        reportError(tr("Cannot open workspace"), db.error());
        return false;
    }
    return adoptDatabase(std::move(*db), QFileInfo(dbPath).absoluteFilePath(), notes);
}

bool MainWindow::adoptDatabase(std::unique_ptr<AuditDatabase> db, const QString& recentEntry,
                               std::optional<QStringList> notes)
{
    // A readable SQLite file is not necessarily an audit database.
    if (!db->hasTable(QStringLiteral("diagnosis_run")) ||
        !db->hasTable(QStringLiteral("tool_invocation"))) {
        reportError(tr("Not an audit database"),
                    tr("%1 is a database, but it holds no diagnosis_run and tool_invocation "
                       "tables, so it is not an agent audit database.")
                        .arg(db->location().display()));
        return false;
    }
    m_sessions->setDatabase(nullptr, nullptr);
    m_worker.reset();
    stopFactsIndex();
    stopServingTraceApi(); // it served the database being replaced
    m_fetchedFrom.clear();
    m_db = std::move(db);
    if (!notes) {
        notes.emplace();
        for (const SchemaNote& note : schemaNotes(*m_db))
            notes->append(note.message);
    }
    m_schemaNotes = *notes;
    const DatabaseLocation& location = m_db->location();
    if (!location.isInMemory())
        m_worker = std::make_unique<DatabaseWorker>(m_db->inspection());
    m_dbEntry = recentEntry;
    if (!recentEntry.isEmpty()) // a trace fetched by URL is a temporary copy: not recent
        RecentDatabases::add(recentEntry);
    m_totalSessions = m_totalRuns = m_totalInvocations = m_totalFallbackRuns = -1;
    m_summaryError.clear();
    m_sessions->setDatabase(m_db.get(), m_worker.get());
    setWindowTitle(tr("%1 — RagLens").arg(m_db->location().display()));
    qCInfo(lcUi) << "opened" << m_db->location().display();
    updateStatus();
    updatePanelsForDatabase();
    // The database's totals and the facts index are read once the first page is in: on
    // two cores they would otherwise hold back the rows the user opened it to see.
    m_factsAfterFirstPage = true;
    m_selectFirstOnLoad = true;
    if (!m_sessions->model()->isLoading()) {
        selectFirstSessionOnce();
        m_factsAfterFirstPage = false;
        refreshSummary();
        startFactsIndex();
    }
    emit databaseOpened(m_db->location().display());
    return true;
}

void MainWindow::selectFirstSessionOnce()
{
    // A freshly opened database shows its newest session at once (its telling run in the
    // run view), unless the user already picked a row while the page was read.
    if (!m_selectFirstOnLoad)
        return;
    m_selectFirstOnLoad = false;
    m_sessions->selectFirstSession();
}

void MainWindow::closeDatabase()
{
    stopFactsIndex();
    stopServingTraceApi();
    m_fetchedFrom.clear();
    m_sessions->setDatabase(nullptr, nullptr);
    m_worker.reset();
    m_db.reset();
    m_dbEntry.clear();
    m_schemaNotes.clear();
    ++m_summaryGeneration;
    setWindowTitle(tr("RagLens"));
    updateStatus();
    updatePanelsForDatabase();
}

void MainWindow::startDemoWorkspace(const QString& dir)
{
    // Ingest and scripted sessions take a while: the job does them while the window stays
    // live, and this dialog shows each phase and can cancel (the demo writer then leaves no
    // half database behind).
    if (m_demoJob && m_demoJob->isRunning())
        return;
    if (!m_demoJob)
        m_demoJob = new DemoWorkspaceJob(this);
    auto* progress =
        new QProgressDialog(tr("Creating the demo workspace…"), tr("Cancel"), 0, 0, this);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    progress->setObjectName(QStringLiteral("demoWorkspaceProgress"));
    progress->setWindowTitle(tr("First Start"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(0);
    progress->setMinimumWidth(420);
    connect(progress, &QProgressDialog::canceled, m_demoJob, &DemoWorkspaceJob::cancel);
    connect(m_demoJob, &DemoWorkspaceJob::progress, progress, &QProgressDialog::setLabelText);
    connect(
        m_demoJob, &DemoWorkspaceJob::finished, this,
        // Esc or the window's close button deletes the dialog before the job ends.
        [this, progress = QPointer<QProgressDialog>(progress),
         dir](const DemoWorkspaceOutcome& outcome) {
            if (progress) {
                m_demoJob->disconnect(progress);
                progress->close();
            }
            if (!outcome.ok) {
                reportError(tr("Cannot create the demo workspace"), outcome.error);
                return;
            }
            qCInfo(lcUi) << "demo workspace created in" << dir << "with"
                         << outcome.summary.runsRecorded << "runs";
            openWorkspace(dir);
        },
        Qt::SingleShotConnection);
    m_demoJob->start(dir);
    progress->show();
}

void MainWindow::refreshSummary()
{
    if (!m_db)
        return;
    // Counting every row of a large database takes a moment: do it off the UI thread.
    const quint64 generation = ++m_summaryGeneration;
    struct Result
    {
        bool ok = false;
        DatabaseSummary summary;
        QString error;
    };
    readInWorker<Result>(
        *m_db, this,
        [](AuditDatabase& db) {
            Result r;
            auto s = AuditBrowser(db).summary();
            r.ok = s.ok();
            if (s)
                r.summary = *s;
            else
                r.error = s.error();
            return r;
        },
        [this, generation](Result r) {
            if (generation != m_summaryGeneration)
                return;
            if (!r.ok) {
                // Never "counting…" forever: say why, and a damaged file leaves Recent and is
                // not offered as writable.
                qCWarning(lcUi) << "summary failed:" << r.error;
                m_summaryError = r.error;
                noteDatabaseDamage(r.error);
                updateStatus();
                return;
            }
            // Damage another read found stays reported: these counts did not touch it.
            if (!m_summaryError.contains(QLatin1String("corrupt")))
                m_summaryError.clear();
            m_totalSessions = r.summary.sessions;
            m_totalRuns = r.summary.runs;
            m_totalInvocations = r.summary.invocations;
            m_totalFallbackRuns = r.summary.fallbackRuns;
            updateStatus();
        });
}

void MainWindow::updateStatus()
{
    if (!m_db) {
        m_dbLabel->setText(tr("No database open"));
        m_accessLabel->clear();
        m_countsLabel->clear();
        return;
    }
    m_dbLabel->setText(m_fetchedFrom.isEmpty() ? m_db->location().display() : m_fetchedFrom);
    const bool corrupt = m_summaryError.contains(QLatin1String("corrupt"));
    QString access = corrupt                    ? tr("corrupt")
                     : !m_fetchedFrom.isEmpty() ? tr("fetched copy")
                     : m_db->isReadOnly()       ? tr("read-only")
                                                : tr("writable");
    QString accessTip =
        !m_fetchedFrom.isEmpty()
            ? tr("A local copy of a trace fetched from a Trace API; nothing is sent back")
        : m_db->isReadOnly() ? tr("Not created by RagLens: opened read-only, never changed")
                             : tr("Created by RagLens: writable");
    // What this database's schema lacks, and which features degrade because of it.
    if (!m_schemaNotes.isEmpty()) {
        access += tr(" · %n schema note(s)", nullptr, int(m_schemaNotes.size()));
        for (const QString& note : m_schemaNotes)
            accessTip += QLatin1Char('\n') + note;
    }
    m_accessLabel->setText(access);
    m_accessLabel->setToolTip(accessTip);
    if (!m_summaryError.isEmpty())
        m_countsLabel->setText(tr("cannot count: %1").arg(m_summaryError));
    else if (m_totalSessions < 0)
        m_countsLabel->setText(tr("counting…"));
    else
        m_countsLabel->setText(totalsText());
    updateCounts();
}

QString MainWindow::totalsText() const
{
    return tr("%Ln session(s)", nullptr, m_totalSessions) + QStringLiteral(" · ") +
           tr("%Ln run(s) (%1 FALLBACK)", nullptr, m_totalRuns)
               .arg(QLocale().toString(m_totalFallbackRuns)) +
           QStringLiteral(" · ") + tr("%Ln invocation(s)", nullptr, m_totalInvocations);
}

void MainWindow::updateCounts()
{
    m_sessions->filterBar()->setCounts(m_sessions->model()->matchingSessions(), m_totalSessions,
                                       m_sessions->model()->countError());
}

} // namespace raglens::ui
