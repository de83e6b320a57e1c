// A trace file given to `raglens-cli import`: read, validated, then interpreted and printed
// as `trace` would print it.
#include "fuzz_input.h"

#include "interpret/trace_interpretation.h"
#include "trace/trace_importer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace raglens;
    const auto trace = TraceImporter::parseText(fuzz::bytes(data, size), QStringLiteral("fuzz"));
    if (trace)
        (void)interpret::interpretedTraceJson(*trace).dump();
    return 0;
}
