#include "console/lookup_console_widget.h"

#include "common/background_pool.h"
#include "common/logging.h"
#include "console/console_lookup_job.h"
#include "console/console_recorder.h"
#include "console/console_result_panes.h"
#include "console/lookup_options_panel.h"
#include "db/audit_database.h"
#include "kb/knowledge_base.h"
#include "model/vocabulary.h"

#include <QCheckBox>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace raglens::ui {

LookupConsoleWidget::LookupConsoleWidget(QWidget* parent)
    : QWidget(parent), m_sessionId(newConsoleSessionId())
{
    m_kbLabel = new QLabel(this);
    m_kbLabel->setObjectName(QStringLiteral("consoleKbLabel"));
    m_kbLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_query = new QLineEdit(this);
    m_query->setObjectName(QStringLiteral("consoleQueryEdit"));
    m_query->setPlaceholderText(
        tr("Ask what the agent would ask, e.g. \"HikariPool connection is not available\""));
    m_query->setClearButtonEnabled(true);
    m_run = new QPushButton(tr("Look up"), this);
    m_run->setObjectName(QStringLiteral("consoleRunButton"));
    m_run->setDefault(true);
    m_record = new QCheckBox(tr("Record into audit database"), this);
    m_record->setObjectName(QStringLiteral("consoleRecordCheck"));

    // A result worth keeping becomes an eval case (the problem-query library).
    m_addToEval = new QPushButton(tr("Add to Eval Set…"), this);
    m_addToEval->setObjectName(QStringLiteral("consoleAddToEvalButton"));
    m_addToEval->setToolTip(tr("Append this query to an eval set, with the evidence you mark "
                               "correct or as a no-evidence case"));

    auto* queryRow = new QHBoxLayout;
    queryRow->addWidget(m_query, 1);
    queryRow->addWidget(m_run);
    queryRow->addWidget(m_record);
    queryRow->addWidget(m_addToEval);

    m_options = new LookupOptionsPanel(this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("consoleStatusLabel"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_panes = new ConsoleResultPanes(this);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_kbLabel);
    layout->addLayout(queryRow);
    layout->addWidget(m_options);
    layout->addWidget(m_status);
    layout->addWidget(m_panes, 1);

    m_watcher = new QFutureWatcher<ConsoleLookupOutcome>(this);
    connect(m_watcher, &QFutureWatcherBase::finished, this, &LookupConsoleWidget::onLookupDone);
    connect(m_run, &QPushButton::clicked, this, &LookupConsoleWidget::startLookup);
    connect(m_addToEval, &QPushButton::clicked, this, &LookupConsoleWidget::addToEvalSetRequested);
    connect(m_query, &QLineEdit::returnPressed, this, &LookupConsoleWidget::startLookup);
    connect(m_query, &QLineEdit::textChanged, this, &LookupConsoleWidget::updateEnabled);
    setAuditDatabase(QString());
    setKnowledgeBase(nullptr);
}

LookupConsoleWidget::~LookupConsoleWidget()
{
    // The job holds its own copies, but a recording still writing must finish before the
    // caller (a test, the window) removes the database underneath it.
    m_watcher->disconnect(this);
    m_watcher->waitForFinished();
}

void LookupConsoleWidget::setKnowledgeBase(std::shared_ptr<KnowledgeBase> kb)
{
    m_kb = std::move(kb);
    if (m_kb) {
        const KbStats stats = m_kb->stats();
        QStringList categories;
        for (const KbCategoryStats& c : stats.categories)
            categories << c.name;
        m_options->setKnowledgeBaseSettings(m_kb->settingsSnapshot(), categories);
        m_kbLabel->setText(tr("Knowledge base: %1 — %2 documents, %3 chunks, %4 index")
                               .arg(QDir::toNativeSeparators(m_kb->directory()))
                               .arg(stats.documents)
                               .arg(stats.chunks)
                               .arg(stats.indexType));
    } else {
        m_kbLabel->setText(tr("No knowledge base is open. Open or create one in the Knowledge "
                              "base panel."));
    }
    updateEnabled();
}

void LookupConsoleWidget::setAuditDatabase(const QString& pathOrUrl)
{
    if (pathOrUrl.trimmed().isEmpty()) {
        m_hasDatabase = false;
        m_canRecord = false;
        m_record->setChecked(false);
        m_record->setToolTip(tr("Open a writable RagLens audit database to record lookups."));
        updateEnabled();
        return;
    }
    auto location = DatabaseLocation::parse(pathOrUrl);
    if (!location) {
        m_hasDatabase = false;
        m_canRecord = false;
        m_record->setChecked(false);
        m_record->setToolTip(location.error());
        updateEnabled();
        return;
    }
    setAuditDatabase(*location);
}

void LookupConsoleWidget::setAuditDatabase(const DatabaseLocation& location,
                                           std::optional<bool> writable)
{
    m_database = location;
    m_hasDatabase = true;
    m_canRecord = true;
    QString why;
    // An SQLite file is checked now (instant); a server is checked when recording, so that
    // an unreachable host never stalls the window.
    if (writable) {
        m_canRecord = *writable;
        if (!m_canRecord)
            why =
                tr("%1 was not created by RagLens and is open read-only.").arg(location.display());
    } else if (!location.isServer()) {
        auto db = AuditDatabase::open(location, AccessMode::Inspect);
        if (!db) {
            m_canRecord = false;
            why = db.error();
        } else if ((*db)->isReadOnly()) {
            m_canRecord = false;
            why =
                tr("%1 was not created by RagLens and is open read-only.").arg(location.display());
        }
    }
    if (!m_canRecord)
        m_record->setChecked(false);
    m_record->setToolTip(m_canRecord
                             ? tr("Each lookup becomes a run of the local session %1 in %2.")
                                   .arg(m_sessionId, location.display())
                             : why);
    updateEnabled();
}

void LookupConsoleWidget::setRecording(bool on)
{
    m_record->setChecked(on && m_canRecord);
}

bool LookupConsoleWidget::isRecording() const
{
    return m_record->isChecked() && m_canRecord;
}

bool LookupConsoleWidget::isRunning() const
{
    return m_watcher->isRunning();
}

void LookupConsoleWidget::runQuery(const QString& query)
{
    m_query->setText(query);
    startLookup();
}

void LookupConsoleWidget::updateEnabled()
{
    const bool running = isRunning();
    m_query->setEnabled(m_kb != nullptr);
    m_run->setEnabled(m_kb && !running && !m_query->text().trimmed().isEmpty());
    m_record->setEnabled(m_canRecord && !running);
    m_options->setEnabled(m_kb && !running);
    m_addToEval->setEnabled(m_hasResult && !running);
}

void LookupConsoleWidget::startLookup()
{
    const QString query = m_query->text().trimmed();
    if (!m_kb) {
        m_status->setText(tr("Open a knowledge base first."));
        return;
    }
    if (query.isEmpty()) {
        m_status->setText(tr("Type a question to look up."));
        return;
    }
    if (isRunning()) {
        // The newest question wins; it runs as soon as the current lookup is done.
        m_pendingQuery = query;
        m_hasPending = true;
        return;
    }
    ConsoleLookupJob job;
    job.kb = m_kb;
    job.request.query = query;
    m_options->applyTo(job.request);
    job.record = isRecording();
    job.database = m_database;
    job.sessionId = m_sessionId;
    m_status->setText(job.record ? tr("Looking up and recording…") : tr("Looking up…"));
    qCDebug(lcUi) << "console lookup" << query << "record" << job.record;
    m_watcher->setFuture(QtConcurrent::run(backgroundPool(), runConsoleLookup, job));
    updateEnabled();
}

void LookupConsoleWidget::onLookupDone()
{
    const QFuture<ConsoleLookupOutcome> future = m_watcher->future();
    if (future.resultCount() > 0)
        showOutcome(future.result());
    updateEnabled();
    emit lookupFinished();
    if (m_hasPending) {
        m_hasPending = false;
        m_query->setText(m_pendingQuery);
        startLookup();
    }
}

void LookupConsoleWidget::showOutcome(const ConsoleLookupOutcome& out)
{
    m_lastResult = out.result;
    m_lastAgent = out.agent;
    m_hasResult = true;
    m_panes->setResult(out.result, out.agent);

    const LookupResult& r = out.result;
    QString status;
    if (r.evidenceStatus == vocab::kError) {
        status = tr("The lookup failed: %1").arg(r.errorMessage);
    } else {
        const QString level =
            r.relevanceLevel.isEmpty() ? tr("no relevance level") : r.relevanceLevel;
        status =
            tr("%1 — %2, %3 via %4, %n evidence block(s)", nullptr, int(r.evidenceBlocks.size()))
                .arg(r.evidenceStatus, level,
                     r.retrievalTrace.searchMode.isEmpty() ? r.settings.searchMode
                                                           : r.retrievalTrace.searchMode,
                     r.retrievalTrace.selectedAttempt.isEmpty() ? tr("no attempt")
                                                                : r.retrievalTrace.selectedAttempt);
        if (!r.retrievalTrace.fallbackReason.isEmpty())
            status += tr(" (retry reason: %1)").arg(r.retrievalTrace.fallbackReason);
        status += tr(" in %1 ms").arg(qRound(r.durationMs));
    }
    if (out.recorded)
        status += QLatin1Char('\n') + tr("Recorded as invocation %1 (run %2, session %3).")
                                          .arg(out.invocationId)
                                          .arg(out.runId, out.sessionId);
    else if (!out.recordError.isEmpty())
        status += QLatin1Char('\n') + tr("Not recorded: %1").arg(out.recordError);
    m_status->setText(status);

    if (out.recorded)
        emit recorded(out.sessionId, out.runId, out.invocationId);
}

} // namespace raglens::ui
