#include "run/run_feedback_dialog.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace raglens::ui {

namespace {
enum Choice
{
    Helpful = 1,
    NotHelpful = 2
};
} // namespace

RunFeedbackDialog::RunFeedbackDialog(const QString& runId, const QString& question, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Rate Run %1").arg(runId));
    auto* layout = new QVBoxLayout(this);
    if (!question.isEmpty()) {
        auto* asked = new QLabel(question, this);
        asked->setTextFormat(Qt::PlainText);
        asked->setWordWrap(true);
        layout->addWidget(asked);
    }
    auto* prompt = new QLabel(tr("Did this run help the person who asked?"), this);
    prompt->setWordWrap(true);
    layout->addWidget(prompt);

    m_choice = new QButtonGroup(this);
    auto* helpful = new QRadioButton(tr("&Helpful"), this);
    helpful->setObjectName(QStringLiteral("feedbackHelpful"));
    auto* notHelpful = new QRadioButton(tr("&Not helpful"), this);
    notHelpful->setObjectName(QStringLiteral("feedbackNotHelpful"));
    m_choice->addButton(helpful, Helpful);
    m_choice->addButton(notHelpful, NotHelpful);
    layout->addWidget(helpful);
    layout->addWidget(notHelpful);

    layout->addWidget(new QLabel(tr("Comment (optional):"), this));
    m_comment = new QPlainTextEdit(this);
    m_comment->setObjectName(QStringLiteral("feedbackComment"));
    m_comment->setTabChangesFocus(true);
    m_comment->setPlaceholderText(tr("What was missing or wrong, for whoever reviews it"));
    layout->addWidget(m_comment, 1);

    auto* note =
        new QLabel(tr("The rating is written to the audit database's run_feedback table."), this);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(note);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Save Rating"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_choice, &QButtonGroup::idToggled, this, [this] { updateOk(); });
    updateOk();
    resize(440, 300);
}

std::optional<bool> RunFeedbackDialog::satisfied() const
{
    switch (m_choice->checkedId()) {
    case Helpful:
        return true;
    case NotHelpful:
        return false;
    default:
        return std::nullopt;
    }
}

QString RunFeedbackDialog::comment() const
{
    return m_comment->toPlainText().trimmed();
}

void RunFeedbackDialog::updateOk()
{
    m_ok->setEnabled(m_choice->checkedId() != -1);
}

} // namespace raglens::ui
