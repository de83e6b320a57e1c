#include "json/json_tree_model.h"

#include "json/json_icons.h"

#include <QGuiApplication>
#include <QPalette>
#include <QRegularExpression>

namespace raglens::ui {

using nlohmann::json;

struct JsonTreeModel::Node
{
    const json* value = nullptr;
    Node* parent = nullptr;
    int row = 0;
    int depth = 0;
    QString key; ///< member name, or the index for array elements
    bool isIndex = false;
    int loaded = 0;                              ///< children exposed to views so far
    std::vector<std::unique_ptr<Node>> children; ///< created lazily, up to loaded
    json::const_iterator cursor;                 ///< next child to create
    bool cursorValid = false;

    int size() const { return value->is_structured() ? int(value->size()) : 0; }
};

JsonTreeModel::JsonTreeModel(QObject* parent) : QAbstractItemModel(parent)
{
    clear();
}

JsonTreeModel::~JsonTreeModel() = default;

void JsonTreeModel::setDocument(json document)
{
    beginResetModel();
    m_root.reset();
    m_document = std::move(document);
    m_root = std::make_unique<Node>();
    m_root->value = &m_document;
    m_root->loaded = std::min(m_root->size(), kBatchSize);
    // A scalar document still deserves a row: show it as the single entry "$".
    if (!m_document.is_structured())
        m_root->loaded = 0;
    endResetModel();
}

void JsonTreeModel::clear()
{
    setDocument(json(nullptr));
}

JsonTreeModel::Node* JsonTreeModel::nodeOf(const QModelIndex& index) const
{
    if (!index.isValid())
        return m_root.get();
    return static_cast<Node*>(index.internalPointer());
}

JsonTreeModel::Node* JsonTreeModel::childAt(Node* parent, int row) const
{
    if (row < 0 || row >= parent->loaded)
        return nullptr;
    if (!parent->cursorValid) {
        parent->cursor = parent->value->cbegin();
        parent->cursorValid = true;
    }
    while (int(parent->children.size()) <= row) {
        auto child = std::make_unique<Node>();
        const int childRow = int(parent->children.size());
        child->value = &*parent->cursor;
        child->parent = parent;
        child->row = childRow;
        child->depth = parent->depth + 1;
        if (parent->value->is_object()) {
            child->key = QString::fromStdString(parent->cursor.key());
        } else {
            child->key = QString::number(childRow);
            child->isIndex = true;
        }
        child->loaded = std::min(child->size(), kBatchSize);
        ++parent->cursor;
        parent->children.push_back(std::move(child));
    }
    return parent->children[size_t(row)].get();
}

bool JsonTreeModel::hasScalarRoot() const
{
    return !m_document.is_structured() && !m_document.is_null();
}

QModelIndex JsonTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0))
        return {};
    if (!parent.isValid() && hasScalarRoot())
        return row == 0 ? createIndex(0, column, m_root.get()) : QModelIndex();
    Node* p = nodeOf(parent);
    if (p == m_root.get() && parent.isValid())
        return {}; // the scalar root has no children
    Node* child = childAt(p, row);
    return child ? createIndex(row, column, child) : QModelIndex();
}

QModelIndex JsonTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    Node* n = nodeOf(child);
    if (n == m_root.get() || n->parent == m_root.get() || !n->parent)
        return {};
    return createIndex(n->parent->row, 0, n->parent);
}

int JsonTreeModel::rowCount(const QModelIndex& parent) const
{
    if (parent.column() > 0)
        return 0;
    if (!parent.isValid() && hasScalarRoot())
        return 1;
    Node* n = nodeOf(parent);
    if (parent.isValid() && n == m_root.get())
        return 0;
    return n->loaded;
}

int JsonTreeModel::columnCount(const QModelIndex& parent) const
{
    return parent.column() > 0 ? 0 : ColumnCount;
}

bool JsonTreeModel::hasChildren(const QModelIndex& parent) const
{
    if (parent.column() > 0)
        return false;
    if (!parent.isValid())
        return hasScalarRoot() || m_root->size() > 0;
    Node* n = nodeOf(parent);
    return n != m_root.get() && n->size() > 0;
}

bool JsonTreeModel::canFetchMore(const QModelIndex& parent) const
{
    if (parent.column() > 0)
        return false;
    Node* n = nodeOf(parent);
    if (parent.isValid() && n == m_root.get())
        return false;
    return n->loaded < n->size();
}

void JsonTreeModel::fetchMore(const QModelIndex& parent)
{
    if (!canFetchMore(parent))
        return;
    Node* n = nodeOf(parent);
    const int more = std::min(kBatchSize, n->size() - n->loaded);
    beginInsertRows(parent, n->loaded, n->loaded + more - 1);
    n->loaded += more;
    endInsertRows();
}

QString JsonTreeModel::typeName(const json& value)
{
    switch (value.type()) {
    case json::value_t::object:
        return tr("object");
    case json::value_t::array:
        return tr("array");
    case json::value_t::string:
        return tr("string");
    case json::value_t::boolean:
        return tr("boolean");
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
        return tr("integer");
    case json::value_t::number_float:
        return tr("number");
    case json::value_t::null:
        return tr("null");
    default:
        return tr("binary");
    }
}

static QString scalarText(const json& v)
{
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    return QString::fromStdString(v.dump(-1, ' ', false, json::error_handler_t::replace));
}

static QString displayValue(const json& v)
{
    if (v.is_object())
        return QStringLiteral("{%1}").arg(v.size()); // the type column says "object"
    if (v.is_array())
        return QStringLiteral("[%1]").arg(v.size());
    QString s = scalarText(v);
    if (s.size() > 300) // the tooltip and "Copy value" have the whole text
        s = s.left(300) + QChar(0x2026);
    s.replace(QLatin1Char('\n'), QChar(0x21B5));
    return v.is_string() ? QLatin1Char('"') + s + QLatin1Char('"') : s;
}

QVariant JsonTreeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    Node* n = nodeOf(index);
    const json& v = *n->value;
    const bool scalarRoot = n == m_root.get();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn:
            return scalarRoot ? QStringLiteral("$")
                              : (n->isIndex ? QStringLiteral("[%1]").arg(n->key) : n->key);
        case ValueColumn:
            return displayValue(v);
        case TypeColumn:
            return typeName(v);
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == ValueColumn && v.is_string()) {
            QString s = scalarText(v);
            return s.size() > 2000 ? s.left(2000) + QChar(0x2026) : s;
        }
        return pathOf(index);
    case Qt::DecorationRole:
        if (index.column() == KeyColumn)
            return json_icons::iconFor(v);
        break;
    case Qt::ForegroundRole:
        // The theme's faint text (Qt::gray read at 2.6:1 on white), looked up when drawn
        // so a theme switch re-colours it.
        if (index.column() == ValueColumn && v.is_null())
            return QGuiApplication::palette().color(QPalette::PlaceholderText);
        break;
    case PathRole:
        return pathOf(index);
    case CopyValueRole:
        return copyValueOf(index);
    case DepthRole:
        return n->depth;
    case SortRole:
        if (index.column() == KeyColumn)
            return n->isIndex ? QVariant(n->key.toInt()) : QVariant(n->key);
        if (index.column() == ValueColumn && v.is_number())
            return v.get<double>();
        return data(index, Qt::DisplayRole);
    }
    return {};
}

QVariant JsonTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case ValueColumn:
        return tr("Value");
    case TypeColumn:
        return tr("Type");
    }
    return {};
}

static QString pathStep(const QString& key, bool isIndex)
{
    if (isIndex)
        return QStringLiteral("[%1]").arg(key);
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (identifier.match(key).hasMatch())
        return QLatin1Char('.') + key;
    QString escaped = key;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    escaped.replace(QLatin1Char('\''), QLatin1String("\\'"));
    return QStringLiteral("['%1']").arg(escaped);
}

QString JsonTreeModel::pathOf(const QModelIndex& index) const
{
    if (!index.isValid())
        return {};
    QStringList steps;
    for (Node* n = nodeOf(index); n && n != m_root.get(); n = n->parent)
        steps.prepend(pathStep(n->key, n->isIndex));
    return QLatin1Char('$') + steps.join(QString());
}

QString JsonTreeModel::copyValueOf(const QModelIndex& index) const
{
    if (!index.isValid())
        return {};
    const json& v = *nodeOf(index)->value;
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    // The document passed the depth guard, so dumping a subtree is safe.
    return QString::fromStdString(v.dump(-1, ' ', false, json::error_handler_t::replace));
}

QModelIndex JsonTreeModel::indexForRows(const std::vector<int>& rows)
{
    QModelIndex current;
    for (int row : rows) {
        Node* n = nodeOf(current);
        if (row < 0 || row >= n->size())
            return {};
        while (row >= n->loaded)
            fetchMore(current);
        current = index(row, 0, current);
        if (!current.isValid())
            return {};
    }
    return current;
}

std::vector<std::vector<int>> JsonTreeModel::search(const QString& needle, int maxMatches) const
{
    std::vector<std::vector<int>> matches;
    if (needle.isEmpty() || !m_document.is_structured())
        return matches;
    struct Frame
    {
        const json* container;
        json::const_iterator it;
        int position;
    };
    std::vector<Frame> stack;
    stack.push_back({&m_document, m_document.cbegin(), 0});
    while (!stack.empty() && int(matches.size()) < maxMatches) {
        Frame& top = stack.back();
        if (top.it == top.container->cend()) {
            stack.pop_back();
            continue;
        }
        const json& child = *top.it;
        const int position = top.position;
        bool hit = false;
        if (top.container->is_object())
            hit = QString::fromStdString(top.it.key()).contains(needle, Qt::CaseInsensitive);
        if (!hit && !child.is_structured())
            hit = scalarText(child).contains(needle, Qt::CaseInsensitive);
        ++top.it;
        ++top.position;
        if (hit) {
            std::vector<int> path;
            path.reserve(stack.size());
            for (size_t i = 0; i + 1 < stack.size(); ++i)
                path.push_back(stack[i].position - 1);
            path.push_back(position);
            matches.push_back(std::move(path));
        }
        if (child.is_structured() && !child.empty())
            stack.push_back({&child, child.cbegin(), 0}); // invalidates top: not used below
    }
    return matches;
}

} // namespace raglens::ui
