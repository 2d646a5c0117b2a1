#!/usr/bin/env bash
# Sets up and runs all tests: installs what is missing (scripts/setup.sh), builds the release
# binary people run (scripts/build_release.sh), then `swift test`, whose end-to-end tests run
# that very binary (TAGRULES_BIN).
# Debian/Ubuntu or macOS; tests expect ../shared beside the package root.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
if [ "$(uname)" = "Darwin" ]; then
  # Homebrew's lua@5.4 is keg-only: tell pkg-config where its lua5.4.pc is.
  PKG_CONFIG_PATH="$(brew --prefix lua@5.4)/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
  export PKG_CONFIG_PATH
fi
[ -d ../shared/corpus ] || { echo "test: ../shared (corpus, samples) must sit beside the package root" >&2; exit 1; }

TAGRULES_BIN="$(bash scripts/build_release.sh tagrules)"
export TAGRULES_BIN
swift test
