#!/usr/bin/env bash
# Developer build: one shared build tree, one build at a time (the machine has 2 cores).
# usage: scripts/dev-build.sh [target...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${RAGLENS_BUILD_DIR:-$root/build}"
exec 9>/tmp/raglens-build.lock
flock 9
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja >/dev/null
fi
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build "$build" -j2 "${targets[@]}"
