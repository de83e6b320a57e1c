#include "first_paint_probe.h"

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QTimer>
#include <QTreeView>

#include <cstdio>

namespace {

/// Peak resident memory of this process (VmHWM), in MB; -1 where /proc is not there.
double peakRssMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    return -1;
}

} // namespace

FirstPaintProbe::FirstPaintProbe(QTreeView* tree, const QElapsedTimer& started)
    : QObject(tree), m_tree(tree), m_started(started)
{
    tree->viewport()->installEventFilter(this);
}

bool FirstPaintProbe::eventFilter(QObject* watched, QEvent* event)
{
    // The paint that shows rows: the model has some when the viewport is painted.
    if (!m_done && event->type() == QEvent::Paint && watched == m_tree->viewport() &&
        m_tree->model() && m_tree->model()->rowCount() > 0) {
        m_done = true;
        const double ms = double(m_started.nsecsElapsed()) / 1e6;
        // Reported after this paint has finished.
        QTimer::singleShot(0, this, [this, ms] {
            std::printf("{\"firstPaintMs\": %.1f, \"peakRssMb\": %.1f, \"rows\": %d}\n", ms,
                        peakRssMb(), m_tree->model()->rowCount());
            std::fflush(stdout);
            QCoreApplication::exit(0);
        });
    }
    return QObject::eventFilter(watched, event);
}
