#pragma once
// The thread pool every background job of the GUI runs on (database reads, health, facts
// index, lookups, ingest, eval). Not QThreadPool::globalInstance(): Qt 6.4 converts and
// scales images on the global pool and waits for it on the GUI thread, so a global pool
// busy with slow queries would freeze painting.

class QThreadPool;

namespace raglens::ui {

QThreadPool* backgroundPool();

} // namespace raglens::ui
