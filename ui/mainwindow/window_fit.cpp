#include "mainwindow/window_fit.h"

#include <algorithm>

namespace raglens::ui {

QRect firstStartGeometry(const QSize& preferred, const QRect& available)
{
    QSize size = preferred;
    if (available.isValid()) {
        const QSize most(available.width() * 9 / 10, available.height() * 9 / 10);
        size = size.boundedTo(most);
    }
    QRect out(QPoint(0, 0), size);
    if (available.isValid())
        out.moveCenter(available.center());
    return out;
}

QRect fittedGeometry(const QRect& wanted, const QRect& available)
{
    if (!available.isValid() || !wanted.isValid())
        return wanted;
    QRect out(wanted.topLeft(), wanted.size().boundedTo(available.size()));
    // Moved back inside, right and bottom edges first so the top-left wins when both are out.
    out.moveRight(std::min(out.right(), available.right()));
    out.moveBottom(std::min(out.bottom(), available.bottom()));
    out.moveLeft(std::max(out.left(), available.left()));
    out.moveTop(std::max(out.top(), available.top()));
    return out;
}

} // namespace raglens::ui
