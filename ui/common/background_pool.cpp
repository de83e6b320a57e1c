#include "common/background_pool.h"

#include <QThreadPool>

namespace raglens::ui {

QThreadPool* backgroundPool()
{
    // Most jobs wait on a database or a disk, not a core: more threads than cores keeps a
    // slow server read from holding back a lookup or a page.
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool;
        p->setObjectName(QStringLiteral("raglens-background"));
        p->setMaxThreadCount(qMax(4, QThread::idealThreadCount() * 2));
        p->setExpiryTimeout(60000);
        return p;
    }();
    return pool;
}

} // namespace raglens::ui
