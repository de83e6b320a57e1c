#include "json/json_icons.h"

#include <QFont>
#include <QHash>
#include <QPainter>
#include <QPixmap>

namespace raglens::ui::json_icons {

namespace {

QIcon paintIcon(const QString& glyph, const QColor& color)
{
    QIcon icon;
    for (int size : {16, 32}) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        p.drawRoundedRect(QRectF(0.5, 0.5, size - 1, size - 1), size / 5.0, size / 5.0);
        QFont f;
        f.setBold(true);
        f.setPixelSize(glyph.size() > 2 ? size * 5 / 12 : size * 5 / 8);
        p.setFont(f);
        p.setPen(Qt::white);
        p.drawText(QRect(0, 0, size, size), Qt::AlignCenter, glyph);
        p.end();
        icon.addPixmap(pm);
    }
    return icon;
}

} // namespace

QIcon iconFor(const nlohmann::json& value)
{
    using T = nlohmann::json::value_t;
    static QHash<int, QIcon> cache;
    const int key = int(value.type());
    auto it = cache.constFind(key);
    if (it != cache.constEnd())
        return *it;
    QIcon icon;
    switch (value.type()) {
    case T::object:
        icon = paintIcon(QStringLiteral("{}"), QColor(0x5b, 0x6b, 0xc0));
        break;
    case T::array:
        icon = paintIcon(QStringLiteral("[]"), QColor(0x2e, 0x86, 0x8c));
        break;
    case T::string:
        icon = paintIcon(QStringLiteral("abc"), QColor(0x3c, 0x8d, 0x3f));
        break;
    case T::boolean:
        icon = paintIcon(QStringLiteral("?"), QColor(0xb3, 0x6b, 0x00));
        break;
    case T::number_integer:
    case T::number_unsigned:
    case T::number_float:
        icon = paintIcon(QStringLiteral("#"), QColor(0x8e, 0x44, 0xad));
        break;
    default:
        icon = paintIcon(QStringLiteral("\u2205"), QColor(0x80, 0x80, 0x80));
        break;
    }
    cache.insert(key, icon);
    return icon;
}

} // namespace raglens::ui::json_icons
