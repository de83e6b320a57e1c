#!/usr/bin/env bash
# Installs every Debian package RagLens needs to build, run and test.
# Idempotent: packages already present are skipped by apt-get.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-charts-dev libqt6charts6 libqt6opengl6-dev libqt6svg6
  libqt6sql6-sqlite libqt6sql6-psql libqt6sql6-mysql
  libgl-dev libglx-dev libxkbcommon-dev
  libfaiss-dev libopenblas-dev nlohmann-json3-dev
  sqlite3 libsqlite3-dev curl
  git-doc debian-reference-en debian-reference-zh-cn
  desktop-file-utils appstream
  xvfb xauth x11-apps xdotool imagemagick fonts-noto-cjk
  postgresql mariadb-server
  clang-14 libclang-rt-14-dev clang-format-14
  chromium
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
