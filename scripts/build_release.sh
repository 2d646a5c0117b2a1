#!/usr/bin/env bash
# Builds one product of the package in release mode and prints the path of its binary (build
# output goes to stderr). Usage: scripts/build_release.sh PRODUCT
#
# This is the binary people run and the binary CI tests (scripts/test.sh runs the end-to-end
# tests against it): `swift build -c release`, position-independent, with no private compiler
# flags. On Linux the Swift runtime and Foundation are linked in (--static-swift-stdlib), so
# that the binary runs where no Swift toolchain is installed; Lua 5.4, zlib and libcrypto stay
# shared system libraries (the packages scripts/setup.sh installs).
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release)
if [ "$(uname)" = "Linux" ]; then
  flags+=(--static-swift-stdlib)
fi
swift build "${flags[@]}" --product "$1" >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/$1"
