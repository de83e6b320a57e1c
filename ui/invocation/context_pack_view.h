#pragma once
// What was packed for the agent: the character budget used (a bar), the number of blocks
// included, whether it was truncated, and the packed text itself.

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QProgressBar;

namespace raglens {
struct ContextPack;
}

namespace raglens::ui {

class ContextPackView : public QWidget
{
    Q_OBJECT
public:
    explicit ContextPackView(QWidget* parent = nullptr);
    void setContextPack(const ContextPack& pack);
    QString summaryText() const;

private:
    QLabel* m_summary = nullptr;
    QProgressBar* m_budget = nullptr;
    QPlainTextEdit* m_text = nullptr;
};

} // namespace raglens::ui
