#include "dialogs/embedder_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace raglens::ui {

EmbedderDialog::EmbedderDialog(const std::optional<EmbeddingsEndpoint>& current, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Embedder"));
    setMinimumWidth(480);
    m_hashing = new QRadioButton(tr("&Offline hashing embedder (no network; the default)"));
    m_hashing->setObjectName(QStringLiteral("embedderHashing"));
    m_server = new QRadioButton(tr("OpenAI-compatible embeddings &server"));
    m_server->setObjectName(QStringLiteral("embedderServer"));
    m_url = new QLineEdit;
    m_url->setObjectName(QStringLiteral("embedderUrl"));
    m_url->setPlaceholderText(QStringLiteral("http://127.0.0.1:11434"));
    m_model = new QLineEdit;
    m_model->setObjectName(QStringLiteral("embedderModel"));
    m_dimension = new QSpinBox;
    m_dimension->setRange(0, 65536);
    m_dimension->setSpecialValueText(tr("as the server answers"));
    m_tokenEnv = new QLineEdit;
    m_tokenEnv->setObjectName(QStringLiteral("embedderTokenEnv"));
    m_tokenEnv->setPlaceholderText(tr("none"));
    m_batch = new QSpinBox;
    m_batch->setRange(1, 4096);
    m_timeout = new QSpinBox;
    m_timeout->setRange(1, 600);
    m_timeout->setSuffix(tr(" s"));

    const EmbeddingsEndpoint defaults;
    const EmbeddingsEndpoint shown = current.value_or(defaults);
    m_url->setText(shown.url);
    m_model->setText(shown.model);
    m_dimension->setValue(shown.dimension);
    m_tokenEnv->setText(shown.tokenEnv);
    m_batch->setValue(shown.batchSize);
    m_timeout->setValue(std::max(1, shown.timeoutMs / 1000));
    (current ? m_server : m_hashing)->setChecked(true);

    auto* form = new QFormLayout;
    form->addRow(tr("&URL:"), m_url);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("&Dimension:"), m_dimension);
    form->addRow(tr("&Token variable:"), m_tokenEnv);
    form->addRow(tr("&Batch size:"), m_batch);
    form->addRow(tr("T&imeout:"), m_timeout);
    auto* serverBox = new QWidget;
    serverBox->setLayout(form);
    form->setContentsMargins(24, 0, 0, 0);

    m_problem = new QLabel;
    m_problem->setWordWrap(true);
    auto* note = new QLabel(tr("The choice applies from the next Update or Rebuild; the "
                               "knowledge base records it, so later ingests and lookups "
                               "use the same embedder. The token stays in its environment "
                               "variable."));
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_hashing);
    layout->addWidget(m_server);
    layout->addWidget(serverBox);
    layout->addWidget(note);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);

    for (QLineEdit* e : {m_url, m_model, m_tokenEnv})
        connect(e, &QLineEdit::textChanged, this, &EmbedderDialog::updateState);
    connect(m_server, &QRadioButton::toggled, this, &EmbedderDialog::updateState);
    connect(m_server, &QRadioButton::toggled, serverBox, &QWidget::setEnabled);
    serverBox->setEnabled(m_server->isChecked());
    updateState();
}

std::optional<EmbeddingsEndpoint> EmbedderDialog::choice() const
{
    if (!m_server->isChecked())
        return std::nullopt;
    EmbeddingsEndpoint e;
    e.url = m_url->text().trimmed();
    e.model = m_model->text().trimmed();
    e.dimension = m_dimension->value();
    e.tokenEnv = m_tokenEnv->text().trimmed();
    e.batchSize = m_batch->value();
    e.timeoutMs = m_timeout->value() * 1000;
    return e;
}

QString EmbedderDialog::problem() const
{
    const auto e = choice();
    return e ? e->problem() : QString();
}

void EmbedderDialog::chooseServer(const EmbeddingsEndpoint& endpoint)
{
    m_server->setChecked(true);
    m_url->setText(endpoint.url);
    m_model->setText(endpoint.model);
    m_dimension->setValue(endpoint.dimension);
    m_tokenEnv->setText(endpoint.tokenEnv);
    m_batch->setValue(endpoint.batchSize);
    m_timeout->setValue(std::max(1, endpoint.timeoutMs / 1000));
}

void EmbedderDialog::chooseHashing()
{
    m_hashing->setChecked(true);
}

void EmbedderDialog::updateState()
{
    const QString why = problem();
    m_problem->setText(why.isEmpty() ? QString() : tr("Cannot use this server: %1.").arg(why));
    m_ok->setEnabled(why.isEmpty());
}

} // namespace raglens::ui
