#include "db/sqlite_tuning.h"

#include <QtGlobal>

#include <sqlite3.h>

namespace raglens::sqlite_tuning {

namespace {

// At load time: sqlite3_config() works only before SQLite initializes, which its first
// connection does. RagLens reads none of the statistics (sqlite3_memory_used() and the soft
// heap limit need them). A host that used SQLite earlier keeps them, and RagLens then copies
// on one thread (SQLITE_MISUSE here).
const bool g_withoutMemoryStatistics = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;

} // namespace

bool connectionsRunInParallel()
{
    // RAGLENS_ONE_CORE=1 keeps SQLite work on one thread: for a machine shared with other
    // work, and to compare both ways (the tests check that they agree).
    return g_withoutMemoryStatistics && qEnvironmentVariableIntValue("RAGLENS_ONE_CORE") != 1;
}

} // namespace raglens::sqlite_tuning
