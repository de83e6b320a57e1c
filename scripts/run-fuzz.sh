#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for a bounded time.
#   scripts/run-fuzz.sh [SECONDS_PER_TARGET]     default 45
# RAGLENS_FUZZ_BUILD_DIR names the build folder (default build-fuzz).
# Any crash, leak, sanitizer report, timeout or out-of-memory fails the run; the input that
# caused it is kept in build-fuzz/findings/. Prints one JSON line per target with
# executions, executions per second and coverage (libFuzzer's edge counter).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${RAGLENS_FUZZ_BUILD_DIR:-$root/build-fuzz}"
seconds="${1:-45}"

# A build already configured for fuzzing (CI's sanitizer build) is used as it is.
if ! grep -q '^RAGLENS_FUZZ:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  CC=clang-14 CXX=clang++-14 cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
    -DRAGLENS_FUZZ=ON -DRAGLENS_BUILD_GUI=OFF \
    -DRAGLENS_BUILD_TESTS=OFF -DRAGLENS_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$build" -j2 --target raglens_fuzz

mkdir -p "$build/findings"
failed=0
for seeds in "$root"/fuzz/seeds/*/; do
  name="$(basename "$seeds")"
  corpus="$build/corpus/$name"
  mkdir -p "$corpus"
  log="$build/fuzz_$name.log"
  # The working corpus grows across runs; the committed seeds are read, never written.
  if ! "$build/fuzz/fuzz_$name" "$corpus" "$seeds" -max_total_time="$seconds" \
       -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
       -artifact_prefix="$build/findings/${name}-" >"$log" 2>&1; then
    failed=1
    echo "run-fuzz: fuzz_$name FAILED; the last lines of $log:" >&2
    tail -n 40 "$log" >&2
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  printf '{"target":"fuzz_%s","seconds":%s,"executions":%s,"execPerSec":%s,"coverageEdges":%s,"features":%s}\n' \
    "$name" "$seconds" "${execs:-0}" "${rate:-0}" "${cov:-0}" "${ft:-0}"
done
exit $failed
