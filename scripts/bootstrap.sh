#!/usr/bin/env bash
# The two README commands.
#   scripts/bootstrap.sh run   install what is missing, build, open RagLens on the default workspace
#   scripts/bootstrap.sh test  install what is missing, build, start the test servers, run every test
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${RAGLENS_BUILD_DIR:-$root/build}"
mode="${1:-}"
case "$mode" in
  run|test) ;;
  *) echo "usage: $0 run|test" >&2; exit 2 ;;
esac

bash "$root/scripts/install-deps.sh"

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DRAGLENS_BUILD_GUI=ON -DRAGLENS_BUILD_TESTS=ON
cmake --build "$build" -j2

if [ "$mode" = run ]; then
  shift
  if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "bootstrap: no display found; starting RagLens on a virtual X server (:77)." >&2
    Xvfb :77 -screen 0 1600x1000x24 >/dev/null 2>&1 &
    export DISPLAY=:77
    sleep 1
  fi
  exec "$build/app/raglens" "$@"
fi

# Test servers (PostgreSQL, MariaDB) on loopback for the server-backed tests.
eval "$(bash "$root/scripts/start-test-servers.sh")"
cd "$build"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j2 --timeout 600
