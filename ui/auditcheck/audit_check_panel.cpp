#include "auditcheck/audit_check_panel.h"

#include "auditcheck/audit_check_job.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace raglens::ui {

namespace {

enum FindingRole
{
    SessionRole = Qt::UserRole + 1,
    RunRole,
    InvocationRole
};

QColor verdictColor(check::Verdict v, const QPalette& palette)
{
    switch (v) {
    case check::Verdict::Pass:
        return QColor(0x2e, 0x9d, 0x4f);
    case check::Verdict::Fail:
        return QColor(0xd0, 0x3b, 0x3b);
    case check::Verdict::NotApplicable:
        break;
    }
    return palette.color(QPalette::PlaceholderText);
}

} // namespace

AuditCheckPanel::AuditCheckPanel(QWidget* parent) : QWidget(parent)
{
    m_job = new AuditCheckJob(this);
    createControls();
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Check:"), this));
    bar->addWidget(m_scope);
    bar->addWidget(m_run);
    bar->addWidget(m_cancel);
    bar->addWidget(m_rulesButton);
    bar->addWidget(m_progress);
    bar->addStretch(1);

    createResultViews();
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_rules);
    split->addWidget(m_findings);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    connectControls();
    clearDatabase();
}

void AuditCheckPanel::createControls()
{
    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("auditCheckScope"));
    m_scope->addItem(tr("Selected session"), int(Scope::Session));
    m_scope->addItem(tr("Selected run"), int(Scope::Run));
    m_scope->addItem(tr("Filter's time window"), int(Scope::Window));
    m_scope->setCurrentIndex(2);
    m_run = new QPushButton(tr("Run Check"), this);
    m_run->setObjectName(QStringLiteral("auditCheckRun"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setVisible(false);
    m_rulesButton = new QPushButton(tr("Rules File…"), this);
    m_rulesButton->setToolTip(tr("A JSON file that switches rules off or tunes them; "
                                 "see the README's Audit check section."));
    m_progress = new QProgressBar(this);
    m_progress->setVisible(false);
    m_progress->setMaximumWidth(220);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("auditCheckStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void AuditCheckPanel::createResultViews()
{
    m_rules = new QTreeWidget(this);
    m_rules->setObjectName(QStringLiteral("auditCheckRules"));
    m_rules->setRootIsDecorated(false);
    m_rules->setUniformRowHeights(true);
    m_rules->setHeaderLabels({tr("Verdict"), tr("Rule"), tr("Severity"), tr("Checked"),
                              tr("Failed"), tr("What it promises")});
    m_rules->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_rules->header()->setStretchLastSection(true);
    m_rules->setWordWrap(true);
    m_findings = new QTreeWidget(this);
    m_findings->setObjectName(QStringLiteral("auditCheckFindings"));
    m_findings->setRootIsDecorated(false);
    m_findings->setHeaderLabels({tr("Table"), tr("Row"), tr("Run"), tr("Step"), tr("Why")});
    m_findings->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_findings->header()->setStretchLastSection(true);
    m_findings->setToolTip(tr("Double-click a row to show it in the session tree."));
}

void AuditCheckPanel::connectControls()
{
    connect(m_run, &QPushButton::clicked, this, &AuditCheckPanel::runCheck);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_job->cancel();
        m_progress->setVisible(false);
        m_cancel->setVisible(false);
        m_run->setEnabled(true);
        setStatus(tr("Cancelled. Nothing was checked to the end; run it again to see results."));
    });
    connect(m_rulesButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Audit Check Rules"), QString(),
                                                          tr("JSON files (*.json);;All files (*)"));
        if (!path.isEmpty())
            setRulesFile(path);
    });
    connect(m_scope, &QComboBox::currentIndexChanged, this, &AuditCheckPanel::updateScopeState);
    connect(m_rules, &QTreeWidget::currentItemChanged, this, &AuditCheckPanel::showFindings);
    connect(m_findings, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        if (!item || item->data(0, SessionRole).toString().isEmpty())
            return;
        emit rowActivated(item->data(0, SessionRole).toString(), item->data(0, RunRole).toString(),
                          item->data(0, InvocationRole).toLongLong());
    });
    connect(m_job, &AuditCheckJob::progress, this, [this](qint64 done, qint64 total) {
        if (total > 0) {
            m_progress->setRange(0, 1000);
            m_progress->setValue(int(1000 * qMin(done, total) / total));
        }
        setStatus(
            tr("Checking… %1 of %2 runs").arg(QLocale().toString(done), QLocale().toString(total)));
    });
    connect(m_job, &AuditCheckJob::finished, this, &AuditCheckPanel::showReport);
    connect(m_job, &AuditCheckJob::failed, this, [this](const QString& message) {
        m_progress->setVisible(false);
        m_cancel->setVisible(false);
        updateScopeState();
        setStatus(tr("The check could not run: %1").arg(message));
    });
}

void AuditCheckPanel::setDatabase(AuditDatabase* db)
{
    m_job->cancel();
    m_db = db;
    m_report.reset();
    m_rules->clear();
    m_findings->clear();
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    setStatus(tr("Not run yet. Choose what to check and press Run Check."));
    updateScopeState();
}

void AuditCheckPanel::clearDatabase()
{
    setDatabase(nullptr);
    setStatus(tr("No database is open."));
}

void AuditCheckPanel::setSelection(const QString& sessionId, const QString& runId)
{
    m_sessionId = sessionId;
    m_runId = runId;
    updateScopeState();
}

void AuditCheckPanel::setWindow(const QDateTime& since, const QDateTime& until)
{
    m_since = since;
    m_until = until;
    updateScopeState();
}

void AuditCheckPanel::setScope(Scope scope)
{
    m_scope->setCurrentIndex(m_scope->findData(int(scope)));
}

void AuditCheckPanel::setRulesFile(const QString& path)
{
    m_rulesFile = path;
    m_rulesButton->setText(path.isEmpty() ? tr("Rules File…")
                                          : tr("Rules: %1").arg(QFileInfo(path).fileName()));
    m_rulesButton->setToolTip(path);
}

bool AuditCheckPanel::isRunning() const
{
    return m_job->isRunning();
}

QString AuditCheckPanel::statusText() const
{
    return m_status->text();
}

void AuditCheckPanel::setStatus(const QString& text)
{
    m_status->setText(text);
}

void AuditCheckPanel::updateScopeState()
{
    const auto scope = Scope(m_scope->currentData().toInt());
    QString why;
    if (!m_db)
        why = tr("Open an audit database first.");
    else if (scope == Scope::Session && m_sessionId.isEmpty())
        why = tr("Select a session in the Sessions tab first.");
    else if (scope == Scope::Run && m_runId.isEmpty())
        why = tr("Select a run in the Sessions tab first.");
    QString what;
    if (scope == Scope::Session)
        what = m_sessionId;
    else if (scope == Scope::Run)
        what = m_runId;
    else if (m_since.isValid() || m_until.isValid())
        what = tr("runs started %1 – %2")
                   .arg(m_since.isValid()
                            ? QLocale().toString(m_since.toLocalTime(), QLocale::ShortFormat)
                            : tr("any time"),
                        m_until.isValid()
                            ? QLocale().toString(m_until.toLocalTime(), QLocale::ShortFormat)
                            : tr("now"));
    else
        what = tr("the whole database");
    m_run->setEnabled(why.isEmpty() && !m_job->isRunning());
    m_run->setToolTip(why.isEmpty() ? tr("Check %1").arg(what) : why);
    if (!why.isEmpty() && !m_report && !m_job->isRunning() && m_db)
        setStatus(why);
}

void AuditCheckPanel::runCheck()
{
    if (!m_db || !m_run->isEnabled())
        return;
    AuditCheckRequest request;
    request.location = m_db->location();
    request.inspection = m_db->inspection();
    request.memoryDatabase = m_db;
    const auto scope = Scope(m_scope->currentData().toInt());
    if (scope == Scope::Session)
        request.scope.sessionId = m_sessionId;
    else if (scope == Scope::Run)
        request.scope.runId = m_runId;
    else {
        request.scope.since = m_since;
        request.scope.until = m_until;
    }
    if (!m_rulesFile.isEmpty()) {
        auto config = check::CheckConfig::fromFile(m_rulesFile);
        if (!config) {
            setStatus(tr("The rules file cannot be used: %1").arg(config.error()));
            return;
        }
        request.config = *config;
    }
    m_report.reset();
    m_rules->clear();
    m_findings->clear();
    m_progress->setRange(0, 0); // busy until the first batch says how many runs
    m_progress->setVisible(true);
    m_cancel->setVisible(true);
    m_run->setEnabled(false);
    setStatus(tr("Checking…"));
    m_job->start(request);
}

void AuditCheckPanel::showReport(const check::CheckReport& report)
{
    m_report = report;
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    updateScopeState();
    m_rules->clear();
    QTreeWidgetItem* firstFailed = nullptr;
    for (const check::RuleResult& r : report.rules) {
        const check::Verdict v = r.verdict();
        auto* item = new QTreeWidgetItem(m_rules);
        item->setText(0, check::verdictName(v));
        item->setForeground(0, verdictColor(v, palette()));
        QFont bold = item->font(0);
        bold.setBold(true);
        item->setFont(0, bold);
        item->setText(1, r.info.title);
        item->setToolTip(1, r.info.id);
        item->setText(2, r.info.severity);
        item->setText(3, QLocale().toString(r.checked));
        item->setText(4, QLocale().toString(r.failed));
        item->setText(5, v == check::Verdict::NotApplicable && !r.note.isEmpty()
                             ? tr("%1 (not applicable: %2)").arg(r.info.explanation, r.note)
                             : r.info.explanation);
        item->setToolTip(5, item->text(5));
        item->setData(0, Qt::UserRole, r.info.id);
        if (v == check::Verdict::Fail && !firstFailed)
            firstFailed = item;
    }
    QStringList summary;
    summary << (report.checkedNothing() ? tr("Nothing was checked: no rows in scope.")
                : report.passed()       ? tr("Every rule passed.")
                                        : tr("Some rules failed."));
    summary << tr("Checked %1 runs, %2 steps, %3 invocations and %4 timeline events.")
                   .arg(QLocale().toString(report.runs), QLocale().toString(report.steps),
                        QLocale().toString(report.invocations), QLocale().toString(report.events));
    summary << report.notes;
    setStatus(summary.join(QLatin1Char(' ')));
    m_rules->setCurrentItem(firstFailed ? firstFailed : m_rules->topLevelItem(0));
    emit checkFinished(report.passed());
}

void AuditCheckPanel::showFindings()
{
    m_findings->clear();
    QTreeWidgetItem* current = m_rules->currentItem();
    if (!current || !m_report)
        return;
    const QString id = current->data(0, Qt::UserRole).toString();
    for (const check::RuleResult& r : m_report->rules) {
        if (r.info.id != id)
            continue;
        for (const check::RuleFinding& f : r.findings) {
            auto* item = new QTreeWidgetItem(m_findings);
            item->setText(0, f.table);
            item->setText(1, f.hasRowId() ? row_id::shown(f.rowId, f.rowIdText) : QString());
            // A call recorded without any run id: say so rather than leave the run blank.
            const bool noRunId = f.runId.isEmpty() && f.table == QLatin1String("tool_invocation");
            item->setText(2, noRunId ? tr("(no run id)") : f.runId);
            item->setText(3, f.stepId ? row_id::shown(*f.stepId, f.stepIdText) : QString());
            item->setText(4, f.reason);
            item->setToolTip(4, f.reason);
            item->setData(0, SessionRole, f.sessionId);
            item->setData(0, RunRole, f.runId);
            item->setData(0, InvocationRole,
                          f.table == QLatin1String("tool_invocation") ? f.rowId : qint64(0));
        }
        if (r.failed > qint64(r.findings.size())) {
            auto* more = new QTreeWidgetItem(m_findings);
            more->setText(4, tr("… and %1 more (the first %2 are listed)")
                                 .arg(QLocale().toString(r.failed - qint64(r.findings.size())),
                                      QLocale().toString(qint64(r.findings.size()))));
        }
        if (r.findings.empty())
            new QTreeWidgetItem(m_findings,
                                {QString(), QString(), QString(), QString(),
                                 r.verdict() == check::Verdict::NotApplicable
                                     ? (r.note.isEmpty() ? tr("Nothing to check.") : r.note)
                                     : tr("No offending rows.")});
    }
}

} // namespace raglens::ui
