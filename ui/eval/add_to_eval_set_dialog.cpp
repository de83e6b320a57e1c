#include "eval/add_to_eval_set_dialog.h"

#include "common/app_settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace raglens::ui {

static const char kTargetKey[] = "AddToEvalSetDialog/targetFile";

AddToEvalSetDialog::AddToEvalSetDialog(const ProblemQuery& problem, QWidget* parent)
    : QDialog(parent), m_problem(problem)
{
    setWindowTitle(problem.invocationId != 0
                       ? tr("Add invocation %1 to an eval set")
                             .arg(row_id::shown(problem.invocationId, problem.invocationIdText))
                       : tr("Add query to an eval set"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    layout->addLayout(form);

    m_query = new QLineEdit(problem.query, this);
    form->addRow(tr("Query:"), m_query);
    m_cutWarning = new QLabel(
        tr("The audit row keeps only the first 160 characters of a query; check the end."), this);
    m_cutWarning->setWordWrap(true);
    m_cutWarning->setVisible(problem.queryMayBeCut);
    form->addRow(QString(), m_cutWarning);

    auto* facts = new QLabel(this);
    facts->setText(
        tr("Returned: %1 · attempt %2 · relevance %3")
            .arg(problem.evidenceStatus.isEmpty() ? tr("unknown") : problem.evidenceStatus,
                 problem.selectedAttempt.isEmpty() ? tr("unknown") : problem.selectedAttempt,
                 problem.relevanceLevel.isEmpty() ? tr("none") : problem.relevanceLevel));
    facts->setWordWrap(true);
    form->addRow(QString(), facts);

    addExpectationRows(form, problem);
    addTargetRows(form);

    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_message);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Add case"));
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &AddToEvalSetDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_keys, &QListWidget::itemChanged, this, &AddToEvalSetDialog::updateState);
    connect(m_noEvidence, &QCheckBox::toggled, this, &AddToEvalSetDialog::updateState);
    connect(m_query, &QLineEdit::textChanged, this, &AddToEvalSetDialog::updateState);
    connect(m_target, &QLineEdit::textChanged, this, &AddToEvalSetDialog::updateState);
    connect(m_extraKeys, &QLineEdit::textChanged, this, &AddToEvalSetDialog::updateState);
    // An empty lookup is the usual complaint: suggest "no evidence" only when nothing came back
    // and the person has nothing else to mark.
    updateState();
    resize(640, sizeHint().height());
}

void AddToEvalSetDialog::addExpectationRows(QFormLayout* form, const ProblemQuery& problem)
{
    m_keys = new QListWidget(this);
    for (const QString& key : problem.candidateEvidenceKeys) {
        auto* item = new QListWidgetItem(key, m_keys);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    if (problem.candidateEvidenceKeys.isEmpty()) {
        auto* none = new QListWidgetItem(tr("(the lookup returned no evidence)"), m_keys);
        none->setFlags(Qt::NoItemFlags);
    }
    form->addRow(tr("Correct evidence:"), m_keys);
    m_extraKeys = new QLineEdit(this);
    m_extraKeys->setPlaceholderText(tr("other correct keys, comma-separated (source#chunk-n)"));
    form->addRow(QString(), m_extraKeys);
    m_noEvidence = new QCheckBox(tr("Expect no evidence (the right answer is NO_EVIDENCE)"), this);
    form->addRow(QString(), m_noEvidence);
    m_tags = new QLineEdit(this);
    m_tags->setPlaceholderText(tr("extra tags, comma-separated"));
    form->addRow(tr("Tags:"), m_tags);
}

void AddToEvalSetDialog::addTargetRows(QFormLayout* form)
{
    auto* targetRow = new QHBoxLayout;
    m_target = new QLineEdit(this);
    m_target->setPlaceholderText(tr("eval set file (.jsonl); created when missing"));
    m_target->setText(AppSettings::instance().value(QLatin1String(kTargetKey)).toString());
    auto* browse = new QPushButton(tr("Browse…"), this);
    targetRow->addWidget(m_target, 1);
    targetRow->addWidget(browse);
    form->addRow(tr("Eval set:"), targetRow);
    m_policy = new QComboBox(this);
    m_policy->addItem(tr("Skip it and tell me"), int(DuplicatePolicy::Skip));
    m_policy->addItem(tr("Update its expectations"), int(DuplicatePolicy::Update));
    form->addRow(tr("If the query is already there:"), m_policy);
    connect(browse, &QPushButton::clicked, this, &AddToEvalSetDialog::browseTarget);
}

void AddToEvalSetDialog::setTargetFile(const QString& path)
{
    m_target->setText(path);
}

QString AddToEvalSetDialog::targetFile() const
{
    return m_target->text().trimmed();
}

void AddToEvalSetDialog::setExpectNoEvidence(bool on)
{
    m_noEvidence->setChecked(on);
}

bool AddToEvalSetDialog::setKeyChecked(const QString& evidenceKey, bool checked)
{
    for (int i = 0; i < m_keys->count(); ++i) {
        QListWidgetItem* item = m_keys->item(i);
        if ((item->flags() & Qt::ItemIsUserCheckable) && item->text() == evidenceKey) {
            item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
            return true;
        }
    }
    return false;
}

QStringList AddToEvalSetDialog::checkedKeys() const
{
    QStringList keys;
    for (int i = 0; i < m_keys->count(); ++i) {
        const QListWidgetItem* item = m_keys->item(i);
        if ((item->flags() & Qt::ItemIsUserCheckable) && item->checkState() == Qt::Checked)
            keys << item->text();
    }
    for (const QString& extra : m_extraKeys->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!extra.trimmed().isEmpty() && !keys.contains(extra.trimmed()))
            keys << extra.trimmed();
    return keys;
}

void AddToEvalSetDialog::setDuplicatePolicy(DuplicatePolicy policy)
{
    m_policy->setCurrentIndex(m_policy->findData(int(policy)));
}

void AddToEvalSetDialog::setExtraKeys(const QString& commaSeparated)
{
    m_extraKeys->setText(commaSeparated);
}

QString AddToEvalSetDialog::messageText() const
{
    return m_message->text();
}

EvalCase AddToEvalSetDialog::evalCase() const
{
    ProblemQuery p = m_problem;
    p.query = m_query->text().trimmed();
    const bool none = m_noEvidence->isChecked();
    return p.toEvalCase(none ? QStringList{} : checkedKeys(), none,
                        m_tags->text().split(QLatin1Char(','), Qt::SkipEmptyParts));
}

void AddToEvalSetDialog::updateState()
{
    const bool none = m_noEvidence->isChecked();
    m_keys->setEnabled(!none);
    m_extraKeys->setEnabled(!none);
    const bool hasExpectation = none || !checkedKeys().isEmpty();
    const bool ready =
        hasExpectation && !m_query->text().trimmed().isEmpty() && !targetFile().isEmpty();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ready);
    if (!hasExpectation)
        m_message->setText(tr("Tick the evidence that answers the query, or choose \"expect no "
                              "evidence\"."));
    else if (targetFile().isEmpty())
        m_message->setText(tr("Choose the eval set file to add the case to."));
    else
        m_message->clear();
}

void AddToEvalSetDialog::browseTarget()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Eval set to add the case to"), targetFile(),
        tr("Eval sets (*.jsonl);;All files (*)"), nullptr, QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        m_target->setText(path);
}

Expected<AppendOutcome> AddToEvalSetDialog::apply()
{
    const auto policy = DuplicatePolicy(m_policy->currentData().toInt());
    Expected<AppendOutcome> outcome = appendCaseToEvalSet(targetFile(), evalCase(), policy);
    if (!outcome) {
        m_message->setText(outcome.error());
        return outcome;
    }
    m_outcome = *outcome;
    m_message->setText(outcome->describe());
    if (outcome->action != AppendOutcome::Action::SkippedDuplicate) {
        AppSettings::instance().setValue(QLatin1String(kTargetKey), targetFile());
        emit caseWritten(targetFile(), outcome->describe());
    }
    return outcome;
}

void AddToEvalSetDialog::accept()
{
    const Expected<AppendOutcome> outcome = apply();
    if (outcome && outcome->action != AppendOutcome::Action::SkippedDuplicate)
        QDialog::accept();
}

} // namespace raglens::ui
