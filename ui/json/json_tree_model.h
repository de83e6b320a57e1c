#pragma once
// A QAbstractItemModel over one nlohmann::json document (key, value, type columns). Nodes
// are created lazily, one level at a time and in batches for huge containers, so opening a
// large document costs nothing until it is expanded. Nothing here recurses over the
// document's depth: parents are walked with loops.

#include <QAbstractItemModel>

#include <nlohmann/json.hpp>

#include <memory>
#include <vector>

namespace raglens::ui {

class JsonTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Columns
    {
        KeyColumn,
        ValueColumn,
        TypeColumn,
        ColumnCount
    };
    enum Roles
    {
        PathRole = Qt::UserRole + 1, ///< JSONPath-like path, e.g. $.attempts[0].usable
        CopyValueRole,               ///< strings unquoted, everything else compact JSON
        DepthRole,                   ///< 1 for the document's top-level members
        SortRole,
        RolesCount
    };
    /// Children of a huge object or array are exposed this many at a time (fetchMore).
    static constexpr int kBatchSize = 1000;

    explicit JsonTreeModel(QObject* parent = nullptr);
    ~JsonTreeModel() override;

    /// Takes the document (the caller has checked its depth with json_guard).
    void setDocument(nlohmann::json document);
    void clear();
    const nlohmann::json& document() const { return m_document; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    QString pathOf(const QModelIndex& index) const;
    QString copyValueOf(const QModelIndex& index) const;
    /// Index of the node reached by following child positions from the top level, loading
    /// batches as needed; invalid if a position is out of range.
    QModelIndex indexForRows(const std::vector<int>& rows);

    /// Searches keys and scalar values (case-insensitive, without recursion) and returns the
    /// child-position paths of the first maxMatches hits in document order.
    std::vector<std::vector<int>> search(const QString& needle, int maxMatches = 1000) const;

    static QString typeName(const nlohmann::json& value);

private:
    struct Node;
    Node* nodeOf(const QModelIndex& index) const;
    Node* childAt(Node* parent, int row) const;
    bool hasScalarRoot() const;

    nlohmann::json m_document;
    std::unique_ptr<Node> m_root;
};

} // namespace raglens::ui
