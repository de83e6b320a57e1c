#pragma once
// File → Open database…: an SQLite file (typed, browsed or picked from the recent list)
// or a postgresql:// / mysql:// URL with its password, which is never kept anywhere.

#include <QDialog>

class QLineEdit;
class QLabel;
class QListWidget;

namespace raglens::ui {

class OpenDatabaseDialog : public QDialog
{
    Q_OBJECT
public:
    explicit OpenDatabaseDialog(const QStringList& recent, QWidget* parent = nullptr);

    QString location() const;
    QString password() const;
    void setLocation(const QString& pathOrUrl);

private:
    void browse();
    void updateState();

    QLineEdit* m_location = nullptr;
    QLineEdit* m_password = nullptr;
    QLabel* m_passwordLabel = nullptr;
    QListWidget* m_recent = nullptr;
    QPushButton* m_openButton = nullptr;
};

} // namespace raglens::ui
