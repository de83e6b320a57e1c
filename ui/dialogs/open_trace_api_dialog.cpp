#include "dialogs/open_trace_api_dialog.h"

#include "common/app_settings.h"
#include "serve/token_file.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace raglens::ui {

OpenTraceApiDialog::OpenTraceApiDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Open Trace API"));
    setMinimumWidth(520);
    AppSettings& settings = AppSettings::instance();
    m_url = new QLineEdit(settings.value(QStringLiteral("traceApi/url")).toString());
    m_url->setObjectName(QStringLiteral("traceApiUrl"));
    m_url->setPlaceholderText(QStringLiteral("http://127.0.0.1:8765"));
    m_tokenEnv = new QLineEdit(
        settings
            .value(QStringLiteral("traceApi/tokenEnv"), QStringLiteral("RAGLENS_TRACE_API_TOKEN"))
            .toString());
    m_tokenEnv->setObjectName(QStringLiteral("traceApiTokenEnv"));
    m_tokenFile = new QLineEdit(settings.value(QStringLiteral("traceApi/tokenFile")).toString());
    m_tokenFile->setObjectName(QStringLiteral("traceApiTokenFile"));
    m_tokenFile->setPlaceholderText(tr("optional; a file only you can read (chmod 600)"));
    m_session = new QComboBox;
    m_session->setObjectName(QStringLiteral("traceApiSession"));
    m_session->setEditable(true);
    m_session->setInsertPolicy(QComboBox::NoInsert);
    m_list = new QPushButton(tr("&List Sessions"));
    m_list->setObjectName(QStringLiteral("traceApiList"));
    connect(m_list, &QPushButton::clicked, this, &OpenTraceApiDialog::listSessions);
    auto* sessionRow = new QHBoxLayout;
    sessionRow->addWidget(m_session, 1);
    sessionRow->addWidget(m_list);

    auto* form = new QFormLayout;
    form->addRow(tr("&Address:"), m_url);
    form->addRow(tr("Token &variable:"), m_tokenEnv);
    form->addRow(tr("Token &file:"), m_tokenFile);
    // A row holding a layout gets no buddy on its own: without one "&" would show.
    auto* sessionLabel = new QLabel(tr("&Session:"));
    sessionLabel->setBuddy(m_session);
    form->addRow(sessionLabel, sessionRow);
    m_status = new QLabel(tr("Type a session id, or list the sessions the server offers."));
    m_status->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_open = buttons->addButton(tr("&Open Trace"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    connect(m_url, &QLineEdit::textChanged, this, &OpenTraceApiDialog::updateState);
    connect(m_session, &QComboBox::editTextChanged, this, &OpenTraceApiDialog::updateState);
    connect(this, &QDialog::accepted, this, [this] {
        AppSettings& s = AppSettings::instance();
        s.setValue(QStringLiteral("traceApi/url"), m_url->text().trimmed());
        s.setValue(QStringLiteral("traceApi/tokenEnv"), m_tokenEnv->text().trimmed());
        s.setValue(QStringLiteral("traceApi/tokenFile"), m_tokenFile->text().trimmed());
    });
    updateState();
}

Expected<serve::TraceApiEndpoint> OpenTraceApiDialog::endpoint() const
{
    auto base = serve::TraceApiEndpoint::parseBase(m_url->text());
    if (!base)
        return Error{base.error()};
    serve::TraceApiEndpoint endpoint;
    endpoint.base = *base;
    if (const QString file = m_tokenFile->text().trimmed(); !file.isEmpty()) {
        auto token = serve::TokenFile::read(file, 1);
        if (!token)
            return Error{token.error()};
        endpoint.token = *token;
    } else if (const QString env = m_tokenEnv->text().trimmed(); !env.isEmpty()) {
        endpoint.token = qgetenv(env.toLocal8Bit().constData()).trimmed();
    }
    return endpoint;
}

QString OpenTraceApiDialog::sessionId() const
{
    const int i = m_session->currentIndex();
    // A listed session carries its id as data; its text also shows the question.
    if (i >= 0 && m_session->itemText(i) == m_session->currentText())
        return m_session->itemData(i).toString();
    return m_session->currentText().trimmed();
}

void OpenTraceApiDialog::setBaseUrl(const QString& url)
{
    m_url->setText(url);
}

void OpenTraceApiDialog::setSessionId(const QString& id)
{
    m_session->setEditText(id);
}

QString OpenTraceApiDialog::statusText() const
{
    return m_status->text();
}

void OpenTraceApiDialog::listSessions()
{
    auto endpoint = this->endpoint();
    if (!endpoint) {
        m_status->setText(endpoint.error());
        return;
    }
    m_status->setText(tr("Asking %1 for its sessions…").arg(endpoint->base.toDisplayString()));
    m_list->setEnabled(false);
    const int generation = ++m_listGeneration;
    auto* watcher = new QFutureWatcher<Expected<nlohmann::json>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_listGeneration)
            return;
        m_list->setEnabled(true);
        const Expected<nlohmann::json> answer = watcher->result();
        if (!answer) {
            m_status->setText(answer.notFound()
                                  ? tr("This server does not list sessions; type a session id.")
                                  : answer.error());
            return;
        }
        const QString typed = m_session->currentText();
        m_session->clear();
        for (const nlohmann::json& s : (*answer)["sessions"]) {
            if (!s.is_object() || !s.contains("sessionId") || !s["sessionId"].is_string())
                continue;
            const QString id = QString::fromStdString(s["sessionId"].get<std::string>());
            QString question;
            if (s.contains("lastQuestion") && s["lastQuestion"].is_string())
                question = QString::fromStdString(s["lastQuestion"].get<std::string>());
            m_session->addItem(question.isEmpty() ? id : tr("%1 — %2").arg(id, question.left(80)),
                               id);
        }
        m_status->setText(tr("%n session(s) listed, newest first.", nullptr, m_session->count()));
        if (!typed.isEmpty() && m_session->findData(typed) < 0)
            m_session->setEditText(typed);
        updateState();
    });
    const serve::TraceApiEndpoint e = *endpoint;
    watcher->setFuture(
        QtConcurrent::run([e] { return serve::TraceApiClient(e).fetchSessions(200); }));
}

void OpenTraceApiDialog::updateState()
{
    m_open->setEnabled(!m_url->text().trimmed().isEmpty() && !sessionId().isEmpty());
    m_list->setEnabled(!m_url->text().trimmed().isEmpty());
}

} // namespace raglens::ui
