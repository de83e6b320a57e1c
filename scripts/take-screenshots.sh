#!/bin/bash
# The README's window screenshots: RagLens on its demo workspace at 1280×720 and 1600×1000,
# light and dark, English and Chinese, each on a FALLBACK run's empty lookup (F7 from the
# newest session). Needs the GUI built in build/ and Xvfb, xdotool, xwd and ImageMagick
# (scripts/install-deps.sh installs them).
#
#   bash scripts/take-screenshots.sh [OUT_DIR]   (default docs/screenshots/window)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots/window}
gui=build/app/raglens
[ -x "$gui" ] || { echo "build the GUI first: $gui is missing" >&2; exit 1; }
mkdir -p "$out"
display=:97
for size in 1280x720 1600x1000; do
  Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  sleep 1
  for theme in light dark; do
    for lang in en zh_CN; do
      home=$(mktemp -d)
      mkdir -p "$home/.config/RagLens"
      printf '[ui]\ntheme=%s\nlanguage=%s\n' "$theme" "$lang" > "$home/.config/RagLens/raglens.conf"
      HOME=$home DISPLAY=$display LC_ALL=C.UTF-8 "$gui" >/dev/null 2>&1 &
      app=$!
      wid=
      for _ in $(seq 60); do
        wid=$(DISPLAY=$display xdotool search --onlyvisible --name 'RagLens' 2>/dev/null | head -1 || true)
        [ -n "$wid" ] && break
        sleep 0.5
      done
      [ -n "$wid" ] || { echo "RagLens did not open a window ($size $theme $lang)" >&2; kill $app; exit 1; }
      sleep 4 # the demo workspace is created on first start, then its newest session shown
      DISPLAY=$display xdotool windowfocus --sync "$wid" key F7
      sleep 2
      name="$out/raglens-$size-$theme-$lang.png"
      DISPLAY=$display xwd -silent -id "$wid" | convert xwd:- "$name"
      echo "$name"
      kill $app
      wait $app 2>/dev/null || true
      rm -rf "$home"
    done
  done
  kill $xvfb
  wait $xvfb 2>/dev/null || true
done
