#include "dialogs/serve_trace_api_dialog.h"

#include "common/app_settings.h"
#include "serve/token_file.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace raglens::ui {

ServeTraceApiDialog::ServeTraceApiDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Serve Trace API"));
    AppSettings& settings = AppSettings::instance();
    m_address = new QLineEdit(
        settings.value(QStringLiteral("serve/address"), QStringLiteral("127.0.0.1")).toString());
    m_address->setObjectName(QStringLiteral("serveAddress"));
    m_port = new QSpinBox;
    m_port->setObjectName(QStringLiteral("servePort"));
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("any free port"));
    m_port->setValue(settings.value(QStringLiteral("serve/port"), 8765).toInt());
    m_tokenFile = new QLineEdit(settings.value(QStringLiteral("serve/tokenFile")).toString());
    m_tokenFile->setObjectName(QStringLiteral("serveTokenFile"));
    m_tokenFile->setPlaceholderText(tr("needed for any address other than 127.0.0.1"));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Token File"));
        if (!path.isEmpty())
            m_tokenFile->setText(path);
    });
    auto* tokenRow = new QHBoxLayout;
    tokenRow->addWidget(m_tokenFile, 1);
    tokenRow->addWidget(browse);

    auto* form = new QFormLayout;
    form->addRow(tr("&Address:"), m_address);
    form->addRow(tr("&Port:"), m_port);
    // A row holding a layout gets no buddy on its own: without one "&" would show.
    auto* tokenLabel = new QLabel(tr("&Token file:"));
    tokenLabel->setBuddy(m_tokenFile);
    form->addRow(tokenLabel, tokenRow);
    m_note = new QLabel;
    m_note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_start = buttons->addButton(tr("&Start Serving"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Serve the open database's traces, read-only, to scripts "
                                    "and dashboards written against the Trace API.")));
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addWidget(buttons);
    connect(m_address, &QLineEdit::textChanged, this, &ServeTraceApiDialog::updateState);
    connect(m_tokenFile, &QLineEdit::textChanged, this, &ServeTraceApiDialog::updateState);
    connect(this, &QDialog::accepted, this, [this] {
        AppSettings& s = AppSettings::instance();
        s.setValue(QStringLiteral("serve/address"), m_address->text().trimmed());
        s.setValue(QStringLiteral("serve/port"), m_port->value());
        s.setValue(QStringLiteral("serve/tokenFile"), m_tokenFile->text().trimmed());
    });
    updateState();
}

std::optional<serve::ServeOptions> ServeTraceApiDialog::options(QString& error) const
{
    serve::ServeOptions options;
    QString address = m_address->text().trimmed();
    if (address == QLatin1String("localhost"))
        address = QStringLiteral("127.0.0.1");
    if (!options.bind.setAddress(address)) {
        error = tr("'%1' is not an IP address.").arg(address);
        return std::nullopt;
    }
    options.port = quint16(m_port->value());
    const QString tokenFile = m_tokenFile->text().trimmed();
    if (!tokenFile.isEmpty()) {
        auto token = serve::TokenFile::read(tokenFile);
        if (!token) {
            error = token.error();
            return std::nullopt;
        }
        options.token = *token;
    }
    return options;
}

void ServeTraceApiDialog::updateState()
{
    QHostAddress address;
    const QString text = m_address->text().trimmed();
    const bool valid = text == QLatin1String("localhost") || address.setAddress(text);
    const bool loopback = text == QLatin1String("localhost") || (valid && address.isLoopback());
    const bool hasToken = !m_tokenFile->text().trimmed().isEmpty();
    if (!valid)
        m_note->setText(tr("Give an IP address, such as 127.0.0.1."));
    else if (!loopback && !hasToken)
        m_note->setText(tr("Other machines could reach this address: choose a token file "
                           "(one line, readable only by you) that clients must present."));
    else if (loopback)
        m_note->setText(tr("Only programs on this computer can connect."));
    else
        m_note->setText(tr("Clients must send the token as 'Authorization: Bearer …'."));
    m_start->setEnabled(valid && (loopback || hasToken));
}

} // namespace raglens::ui
