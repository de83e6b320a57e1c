#include "model/row_id.h"

namespace raglens::row_id {

qint64 handleOf(const QString& text)
{
    // FNV-1a over the UTF-16 text: fixed, unlike qHash's per-process seed, so a handle read
    // by the GUI's worker equals the one read by the GUI thread and by the next session.
    quint64 h = 14695981039346656037ULL;
    for (const QChar c : text) {
        h ^= c.unicode();
        h *= 1099511628211ULL;
    }
    return -qint64((h & 0x3FFFFFFFFFFFFFFFULL) + 1);
}

std::optional<qint64> read(const QVariant& cell, QString* text)
{
    if (text)
        text->clear();
    if (cell.isNull())
        return std::nullopt;
    const bool stored =
        cell.typeId() == QMetaType::QString || cell.typeId() == QMetaType::QByteArray;
    const QString t = cell.typeId() == QMetaType::QByteArray ? QString::fromUtf8(cell.toByteArray())
                                                             : cell.toString();
    bool ok = false;
    const qint64 n = cell.toLongLong(&ok);
    // A real number with a fraction (3.5) is no integer id: QVariant would round it. Text is
    // a number only as the number's own spelling: '000860' in a text column is not 860
    // there, and bound back as 860 it would match nothing.
    const bool integral = ok &&
                          (cell.typeId() != QMetaType::Double || double(n) == cell.toDouble()) &&
                          (!stored || t == QString::number(n));
    if (integral) {
        if (text && stored)
            *text = t; // bound back as stored: '860' in a column without a type is not 860
        return n;
    }
    if (t.isEmpty())
        return std::nullopt;
    if (text)
        *text = t;
    return handleOf(t);
}

bool isNumber(qint64 id, const QString& text)
{
    return text.isEmpty() || text == QString::number(id);
}

nlohmann::json toJson(std::optional<qint64> id, const QString& text)
{
    if (!text.isEmpty())
        return text.toStdString();
    if (id)
        return *id;
    return nullptr;
}

std::optional<qint64> fromJson(const nlohmann::json& object, const char* key, QString* text)
{
    if (text)
        text->clear();
    if (!object.is_object())
        return std::nullopt;
    const auto it = object.find(key);
    if (it == object.end())
        return std::nullopt;
    if (it->is_number_unsigned() && it->get<quint64>() > quint64(INT64_MAX))
        return std::nullopt; // no id RagLens could bind
    if (it->is_number_integer())
        return it->get<qint64>();
    if (it->is_string())
        return read(QString::fromStdString(it->get<std::string>()), text);
    return std::nullopt;
}

bool less(qint64 a, const QString& aText, qint64 b, const QString& bText)
{
    if (aText.isEmpty() != bText.isEmpty())
        return aText.isEmpty();
    return aText.isEmpty() ? a < b : aText < bText;
}

QVariant bindable(qint64 id, const QString& text)
{
    return text.isEmpty() ? QVariant(id) : QVariant(text);
}

QString shown(qint64 id, const QString& text)
{
    return text.isEmpty() ? QString::number(id) : text;
}

} // namespace raglens::row_id
