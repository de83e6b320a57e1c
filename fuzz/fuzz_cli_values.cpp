// Option values typed on the command line: --db (a path or a server URL), times such as
// --since 24h, and numbers such as --tolerance.
#include "fuzz_input.h"

#include "cmd_common_db.h"
#include "db/database_location.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace raglens;
    const QString text = fuzz::text(data, size);
    if (auto location = DatabaseLocation::parse(text))
        (void)location->display();
    QDateTime time;
    (void)cli::parseTimeOption(text, time);
    (void)cli::parseNumberValue(text, 0.0, 1.0);
    return 0;
}
