#pragma once
// A small two-column table of a flat JSON object (input_params): top-level keys with their
// scalar values; arrays of strings joined, anything nested shown as compact JSON.

#include <QAbstractTableModel>
#include <QTableView>

#include <nlohmann/json.hpp>

#include <vector>

namespace raglens::ui {

class KeyValueModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        KeyColumn,
        ValueColumn,
        ColumnCount
    };
    enum Roles
    {
        SortRole = Qt::UserRole + 1,
        RolesCount
    };

    explicit KeyValueModel(QObject* parent = nullptr);
    /// Non-objects (null, garbage) give an empty table.
    void setObject(const nlohmann::json& object);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<std::pair<QString, QString>> m_rows;
};

class KeyValueTable : public QTableView
{
    Q_OBJECT
public:
    explicit KeyValueTable(QWidget* parent = nullptr);
    void setObject(const nlohmann::json& object);
    KeyValueModel* keyValueModel() const { return m_model; }
    /// The value shown for key, or a null QString when the key is absent.
    QString valueOf(const QString& key) const;

private:
    KeyValueModel* m_model = nullptr;
};

} // namespace raglens::ui
