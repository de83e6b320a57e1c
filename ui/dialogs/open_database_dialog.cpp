#include "dialogs/open_database_dialog.h"

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

namespace {
bool isUrl(const QString& text)
{
    return text.contains(QLatin1String("://"));
}
} // namespace

OpenDatabaseDialog::OpenDatabaseDialog(const QStringList& recent, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Open Audit Database"));
    m_location = new QLineEdit(this);
    m_location->setPlaceholderText(tr("/path/to/audit.db or postgresql://user@host:5432/db"));
    m_location->setMinimumWidth(460);
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* locationRow = new QHBoxLayout;
    locationRow->addWidget(m_location, 1);
    locationRow->addWidget(browse);

    m_password = new QLineEdit(this);
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("from RAGLENS_DB_PASSWORD when left empty"));
    m_passwordLabel = new QLabel(tr("Password:"), this);

    auto* hint = new QLabel(
        tr("An SQLite file, or a server URL: postgresql://user@host:port/db or "
           "mysql://user@host:port/db, with ?schema=NAME or ?sslmode=require (PostgreSQL), "
           "?ssl-ca=FILE (MySQL) when the server needs them. Databases RagLens did not "
           "create are opened read-only."),
        this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);

    m_recent = new QListWidget(this);
    m_recent->addItems(recent);
    m_recent->setVisible(!recent.isEmpty());

    auto* form = new QFormLayout;
    form->addRow(tr("Database:"), locationRow);
    form->addRow(m_passwordLabel, m_password);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    m_openButton = buttons->button(QDialogButtonBox::Open);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(hint);
    if (!recent.isEmpty())
        layout->addWidget(new QLabel(tr("Recent:"), this));
    layout->addWidget(m_recent, 1);
    layout->addWidget(buttons);

    connect(browse, &QPushButton::clicked, this, &OpenDatabaseDialog::browse);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_location, &QLineEdit::textChanged, this, &OpenDatabaseDialog::updateState);
    connect(m_recent, &QListWidget::currentTextChanged, m_location, &QLineEdit::setText);
    connect(m_recent, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
    updateState();
}

QString OpenDatabaseDialog::location() const
{
    return m_location->text().trimmed();
}

QString OpenDatabaseDialog::password() const
{
    return isUrl(location()) ? m_password->text() : QString();
}

void OpenDatabaseDialog::setLocation(const QString& pathOrUrl)
{
    m_location->setText(pathOrUrl);
}

void OpenDatabaseDialog::browse()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Open Audit Database"), location(),
        tr("SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)"));
    if (!file.isEmpty())
        m_location->setText(file);
}

void OpenDatabaseDialog::updateState()
{
    const bool url = isUrl(location());
    m_password->setVisible(url);
    m_passwordLabel->setVisible(url);
    m_openButton->setEnabled(!location().isEmpty());
}

} // namespace raglens::ui
