#pragma once
// "Add to eval set": turns a problem query (from an audited invocation or a console
// result) into an eval case. The person edits the query if needed, ticks the evidence keys
// that are correct (or chooses "expect no evidence"), picks the target eval set file and
// what to do when the query is already in it. A duplicate that is skipped keeps the dialog
// open and says which case it is; an added or updated case closes it.

#include "eval/eval_set_writer.h"
#include "eval/problem_query.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;

namespace raglens::ui {

class AddToEvalSetDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AddToEvalSetDialog(const ProblemQuery& problem, QWidget* parent = nullptr);

    void setTargetFile(const QString& path);
    QString targetFile() const;
    void setExpectNoEvidence(bool on);
    /// Ticks or unticks a candidate key; false when the key is not listed.
    bool setKeyChecked(const QString& evidenceKey, bool checked);
    QStringList checkedKeys() const;
    void setDuplicatePolicy(DuplicatePolicy policy);
    /// Extra evidence keys typed by the person (comma-separated), e.g. a runbook that
    /// the lookup did not return at all.
    void setExtraKeys(const QString& commaSeparated);

    /// The case as it would be written now.
    EvalCase evalCase() const;
    /// Writes the case; the outcome (or error) is also shown in the dialog.
    Expected<AppendOutcome> apply();
    const std::optional<AppendOutcome>& lastOutcome() const { return m_outcome; }
    QString messageText() const;

signals:
    /// After a case was added or updated; message is one translated sentence.
    void caseWritten(const QString& path, const QString& message);

public slots:
    void accept() override;

private:
    /// The evidence that should come back (or none), and the case's tags.
    void addExpectationRows(QFormLayout* form, const ProblemQuery& problem);
    /// The eval set written to and what a query already there gets.
    void addTargetRows(QFormLayout* form);
    void updateState();
    void browseTarget();

    ProblemQuery m_problem;
    std::optional<AppendOutcome> m_outcome;
    QLineEdit* m_query = nullptr;
    QLabel* m_cutWarning = nullptr;
    QListWidget* m_keys = nullptr;
    QLineEdit* m_extraKeys = nullptr;
    QCheckBox* m_noEvidence = nullptr;
    QLineEdit* m_tags = nullptr;
    QLineEdit* m_target = nullptr;
    QComboBox* m_policy = nullptr;
    QLabel* m_message = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace raglens::ui
