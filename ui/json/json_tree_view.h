#pragma once
// A JSON document as an expandable tree (search, expand/collapse, copy value / copy path)
// beside its text. Malformed or over-deep JSON never reaches the tree: the raw text is shown
// with the parse error highlighted instead.

#include <QWidget>

#include <nlohmann/json.hpp>

#include <vector>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSplitter;
class QToolButton;
class QTreeView;

namespace raglens::ui {

class JsonTreeModel;

class JsonTreeView : public QWidget
{
    Q_OBJECT
public:
    /// Expand all stops at this depth and item count. Search reveals a match by expanding its
    /// ancestors one by one; QTreeView lays out expanded branches recursively, so matches are
    /// revealed no deeper than kMaxRevealDepth (tested at 9,990 levels).
    static constexpr int kExpandAllDepth = 64;
    static constexpr int kExpandAllItems = 5000;
    static constexpr int kMaxRevealDepth = 10000;

    explicit JsonTreeView(QWidget* parent = nullptr);
    ~JsonTreeView() override;

    /// Parses text (with the depth guard) and shows it.
    void setJsonText(const QString& text);
    /// Shows an already parsed value. raw is the exact source text when known; error is a
    /// parse error found by whoever parsed it (value is then ignored and raw is shown).
    void setJson(const nlohmann::json& value, const QString& raw = {}, const QString& error = {});
    void clear();

    bool hasError() const { return !m_error.isEmpty(); }
    QString errorMessage() const { return m_error; }

    /// Finds text in keys and values, expands to the first match and selects it; returns
    /// the number of matches (capped at 1000).
    int search(const QString& text);
    void nextMatch();
    void previousMatch();
    void expandAll();
    void collapseAll();

    QString pathOf(const QModelIndex& index) const;
    void copyPath(const QModelIndex& index);
    void copyValue(const QModelIndex& index);

    JsonTreeModel* model() const { return m_model; }
    QTreeView* treeView() const { return m_tree; }
    QPlainTextEdit* rawView() const { return m_raw; }
    QLineEdit* searchBox() const { return m_search; }
    QLabel* statusLabel() const { return m_status; }

private:
    void showError(const QString& raw, const QString& error, qint64 offset);
    void showDocument(nlohmann::json document, const QString& text);
    void revealMatch(int which);
    void showContextMenu(const QPoint& pos);

    JsonTreeModel* m_model = nullptr;
    QTreeView* m_tree = nullptr;
    QPlainTextEdit* m_raw = nullptr;
    QLineEdit* m_search = nullptr;
    QLabel* m_banner = nullptr;
    QLabel* m_status = nullptr;
    QSplitter* m_splitter = nullptr;
    QString m_error;
    std::vector<std::vector<int>> m_matches;
    int m_currentMatch = -1;
};

} // namespace raglens::ui
