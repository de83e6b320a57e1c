#pragma once
// Edit → Rate Run…: a person says whether a run helped, with a comment. What they choose
// becomes one run_feedback row (core's writeRunFeedback); health counts it and a negative
// rating puts the run's queries into the problem-query library.

#include <QDialog>

#include <optional>

class QButtonGroup;
class QPlainTextEdit;
class QPushButton;

namespace raglens::ui {

class RunFeedbackDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RunFeedbackDialog(const QString& runId, const QString& question,
                               QWidget* parent = nullptr);

    /// true: helpful, false: not helpful; nullopt until one is chosen.
    std::optional<bool> satisfied() const;
    QString comment() const;

private:
    void updateOk();

    QButtonGroup* m_choice = nullptr;
    QPlainTextEdit* m_comment = nullptr;
    QPushButton* m_ok = nullptr;
};

} // namespace raglens::ui
