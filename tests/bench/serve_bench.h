#pragma once
// Trace API throughput: `raglens-cli serve` on the demo database, driven by 1, 8 and 32
// keep-alive clients over loopback for a fixed time each. See serve_bench.cpp.

namespace raglens::bench {

int runServeBench(int secondsPerLevel);

} // namespace raglens::bench
