#pragma once
// The filter bar support staff use to narrow the session tree: outcome, evidence status,
// relevance, selected attempt / fallback reason, tool, time range and free text, plus a
// one-click "Fallback runs" view and the count of what matches. It only builds a
// SessionFilter; the filtering itself happens in SQL.

#include "trace/audit_browser.h"

#include <QWidget>

class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QTimer;
class QToolButton;

namespace raglens::ui {

class SessionFilterBar : public QWidget
{
    Q_OBJECT
public:
    explicit SessionFilterBar(QWidget* parent = nullptr);

    SessionFilter filter() const;
    /// The filters set, by the names `raglens-cli sessions` and saved views use; a relative
    /// time range stays relative ("since" = "24h"), a custom one is written as ISO times.
    QList<QPair<QString, QString>> filterParams() const;
    /// Sets the controls from such filters (a saved view) and applies them at once. Returns
    /// the filters the bar has no control for (they are left out), empty when all were shown.
    QStringList applyParams(const QList<QPair<QString, QString>>& params);
    /// "12 of 340 sessions match"; matching < 0 while counting.
    void setCounts(int matching, int total, const QString& error = {});
    void focusText();
    QToolButton* fallbackRunsButton() const { return m_fallbackButton; }
    QLineEdit* textEdit() const { return m_text; }
    QComboBox* outcomeCombo() const { return m_outcome; }
    QString countText() const;

public slots:
    void clear();
    /// Clears every filter and searches for `text` at once (no typing delay): used to
    /// bring one session into the list.
    void showOnly(const QString& text);
    void setFallbackRunsOnly(bool on);

signals:
    void filterChanged(const raglens::SessionFilter& filter);

private:
    /// Outcome, evidence, relevance and attempt: the values of a call or run.
    void createValueCombos();
    /// The tool and the time range.
    void createScopeControls();
    void createTextControls();
    void layOut();
    void connectControls();
    void emitChanged();
    void resetControls();
    void updateTimeRangeEdits();

    QComboBox* m_outcome = nullptr;
    QComboBox* m_evidence = nullptr;
    QComboBox* m_relevance = nullptr;
    QComboBox* m_attempt = nullptr;
    QComboBox* m_tool = nullptr;
    QComboBox* m_timeRange = nullptr;
    QDateTimeEdit* m_since = nullptr;
    QDateTimeEdit* m_until = nullptr;
    QLineEdit* m_text = nullptr;
    QToolButton* m_fallbackButton = nullptr;
    QToolButton* m_clearButton = nullptr;
    QLabel* m_count = nullptr;
    QTimer* m_textDebounce = nullptr;
    bool m_updating = false;
};

} // namespace raglens::ui
