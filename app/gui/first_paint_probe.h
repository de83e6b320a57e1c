#pragma once
// `raglens --report-first-paint DB`: how long the window takes from start until the first
// session rows are painted, and the peak memory by then, printed as JSON on stdout before
// quitting. raglens-bench runs it offscreen on a large audit database (guiFirstPaint.*).

#include <QElapsedTimer>
#include <QObject>

class QTreeView;

class FirstPaintProbe : public QObject
{
public:
    /// Watches `tree` (the session tree); `started` runs since main() began.
    FirstPaintProbe(QTreeView* tree, const QElapsedTimer& started);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QTreeView* m_tree;
    QElapsedTimer m_started;
    bool m_done = false;
};
