#include "invocation/key_value_table.h"

#include "json/json_guard.h"

#include <QHeaderView>

namespace raglens::ui {

using nlohmann::json;

KeyValueModel::KeyValueModel(QObject* parent) : QAbstractTableModel(parent) {}

void KeyValueModel::setObject(const json& object)
{
    beginResetModel();
    m_rows.clear();
    if (object.is_object()) {
        for (auto it = object.begin(); it != object.end(); ++it) {
            const json& v = it.value();
            QString text;
            if (v.is_string())
                text = QString::fromStdString(v.get<std::string>());
            else if (v.is_array() &&
                     std::all_of(v.begin(), v.end(), [](const json& e) { return e.is_string(); })) {
                QStringList parts;
                for (const json& e : v)
                    parts << QString::fromStdString(e.get<std::string>());
                text = parts.join(QStringLiteral(", "));
            } else
                text = json_guard::compactText(v);
            m_rows.emplace_back(QString::fromStdString(it.key()), text);
        }
    }
    endResetModel();
}

int KeyValueModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int KeyValueModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KeyValueModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& row = m_rows[size_t(index.row())];
    if (role == Qt::DisplayRole || role == SortRole || role == Qt::ToolTipRole)
        return index.column() == KeyColumn ? row.first : row.second;
    return {};
}

QVariant KeyValueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == KeyColumn ? tr("Parameter") : tr("Value");
}

KeyValueTable::KeyValueTable(QWidget* parent) : QTableView(parent), m_model(new KeyValueModel(this))
{
    setModel(m_model);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    setEditTriggers(NoEditTriggers);
    setSelectionBehavior(SelectRows);
    setAlternatingRowColors(true);
    setWordWrap(false);
}

void KeyValueTable::setObject(const json& object)
{
    m_model->setObject(object);
    resizeColumnToContents(KeyValueModel::KeyColumn);
    const int rows = std::max(1, m_model->rowCount());
    // Fit the rows (input_params are short), scrolling only past eight.
    setFixedHeight(horizontalHeader()->sizeHint().height() +
                   std::min(rows, 8) * verticalHeader()->defaultSectionSize() + 2 * frameWidth());
}

QString KeyValueTable::valueOf(const QString& key) const
{
    for (int r = 0; r < m_model->rowCount(); ++r)
        if (m_model->index(r, KeyValueModel::KeyColumn).data().toString() == key)
            return m_model->index(r, KeyValueModel::ValueColumn).data().toString();
    return {};
}

} // namespace raglens::ui
