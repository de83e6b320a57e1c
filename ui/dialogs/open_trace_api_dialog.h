#pragma once
// File → Open Trace API…: a Trace API's base address, where its token comes from (an
// environment variable or a private file; never typed in, never stored), and the session
// to open — picked from the server's list when it offers /api/sessions, else typed.

#include "common/error.h"
#include "serve/trace_api_client.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace raglens::ui {

class OpenTraceApiDialog : public QDialog
{
    Q_OBJECT
public:
    explicit OpenTraceApiDialog(QWidget* parent = nullptr);

    /// The server to ask, with its token read; the error says what is wrong.
    Expected<serve::TraceApiEndpoint> endpoint() const;
    QString sessionId() const;

    void setBaseUrl(const QString& url);
    void setSessionId(const QString& id);
    /// Asks the server for its sessions in the background and fills the session list.
    void listSessions();
    /// What the dialog last said (the list's outcome), for tests.
    QString statusText() const;

private:
    void updateState();

    QLineEdit* m_url = nullptr;
    QLineEdit* m_tokenEnv = nullptr;
    QLineEdit* m_tokenFile = nullptr;
    QComboBox* m_session = nullptr;
    QPushButton* m_list = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_open = nullptr;
    int m_listGeneration = 0;
};

} // namespace raglens::ui
