#!/usr/bin/env bash
# Renders a tagrules HTML report to a PNG with headless Chromium, to check that it displays.
#
#   scripts/render_report.sh                      # plan of examples/library with rules/ → report.png
#   scripts/render_report.sh REPORT.html OUT.png  # an existing report
#
# Installs Chromium when it is missing (Debian/Ubuntu: apt package `chromium`; macOS: Google
# Chrome or Homebrew's chromium cask). Without a report, builds tagrules (release) and writes the
# report to a temporary folder first.
set -euo pipefail
cd "$(dirname "$0")/.."

find_browser() {
  for candidate in chromium chromium-headless-shell chromium-browser google-chrome \
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" \
    "/Applications/Chromium.app/Contents/MacOS/Chromium"; do
    if command -v "$candidate" >/dev/null 2>&1 || [ -x "$candidate" ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

browser="$(find_browser || true)"
if [ -z "$browser" ]; then
  echo "render_report: installing Chromium" >&2
  if [ "$(uname)" = "Darwin" ]; then
    brew install --cask chromium
  else
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium-headless-shell
  fi
  browser="$(find_browser)"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
report="${1:-}"
output="${2:-report.png}"
if [ -z "$report" ]; then
  tagrules="$(bash scripts/build_release.sh tagrules)"
  cp -R examples/library "$work/library"
  report="$work/report.html"
  # Exit status 1 is expected: the demo library holds unreadable files on purpose.
  "$tagrules" plan "$work/library" --rules rules --output "$report" || true
fi

case "$output" in /*) png="$output" ;; *) png="$PWD/$output" ;; esac
page="file://$(cd "$(dirname "$report")" && pwd)/$(basename "$report")"
# --no-sandbox: Chromium refuses to run as root otherwise (containers, CI).
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
  --window-size=1200,"${HEIGHT:-2600}" --screenshot="$work/shot.png" "$page" >/dev/null 2>&1
mv "$work/shot.png" "$png"
echo "render_report: $output" >&2
