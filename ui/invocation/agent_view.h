#pragma once
// What the agent (the model) receives from one lookup — a RagToolResult — shown twice: as
// a readable rendering and as the exact pretty-printed JSON of the wire format.

#include <QWidget>

class QPlainTextEdit;
class QTextBrowser;

namespace raglens {
struct RagToolResult;
}

namespace raglens::ui {

class AgentView : public QWidget
{
    Q_OBJECT
public:
    explicit AgentView(QWidget* parent = nullptr);
    void setResult(const RagToolResult& result);
    void clear();

    QString jsonText() const;
    QTextBrowser* readableView() const { return m_readable; }

private:
    QTextBrowser* m_readable = nullptr;
    QPlainTextEdit* m_json = nullptr;
};

} // namespace raglens::ui
