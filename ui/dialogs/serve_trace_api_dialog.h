#pragma once
// File → Serve Trace API…: where to listen (loopback by default) and, for any other
// address, the private token file every client must present.

#include "serve/trace_api_server.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace raglens::ui {

class ServeTraceApiDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ServeTraceApiDialog(QWidget* parent = nullptr);

    /// The options chosen; `error` says why they cannot be used (then the result is empty).
    std::optional<serve::ServeOptions> options(QString& error) const;

private:
    void updateState();

    QLineEdit* m_address = nullptr;
    QSpinBox* m_port = nullptr;
    QLineEdit* m_tokenFile = nullptr;
    QLabel* m_note = nullptr;
    QPushButton* m_start = nullptr;
};

} // namespace raglens::ui
