#!/usr/bin/env bash
# Installs what tagrules needs to build (Lua 5.4, zlib, pkg-config; on Linux also OpenSSL's
# libcrypto) and the independent readers its tests use as oracles (qpdf, poppler's pdfinfo,
# exiftool, pikepdf; on Linux headless Chromium, which renders the HTML report for the test
# of its chart — scripts/render_report.sh installs it on macOS when it is first needed).
# Safe to run repeatedly; installs only what is missing. Debian/Ubuntu (apt) or macOS (Homebrew).
set -euo pipefail

need_apt=()
have() { command -v "$1" >/dev/null 2>&1; }

if [ "$(uname)" = "Darwin" ]; then
  have brew || { echo "setup: Homebrew is required on macOS (https://brew.sh)" >&2; exit 1; }
  for formula in lua@5.4 pkg-config qpdf poppler exiftool; do
    brew list "$formula" >/dev/null 2>&1 || brew install "$formula"
  done
  echo "setup: export PKG_CONFIG_PATH=\"$(brew --prefix lua@5.4)/lib/pkgconfig\" before swift build" >&2
else
  pkg-config --exists lua5.4 2>/dev/null || need_apt+=(liblua5.4-dev)
  pkg-config --exists zlib 2>/dev/null || need_apt+=(zlib1g-dev)
  # Hashes and AES for encrypted PDFs; macOS has them in the SDK (CommonCrypto).
  pkg-config --exists libcrypto 2>/dev/null || need_apt+=(libssl-dev)
  have pkg-config || need_apt+=(pkg-config)
  have qpdf || need_apt+=(qpdf)
  have pdfinfo || need_apt+=(poppler-utils)
  have exiftool || need_apt+=(libimage-exiftool-perl)
  have chromium || have chromium-headless-shell || need_apt+=(chromium-headless-shell)
  if [ "${#need_apt[@]}" -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
  fi
fi

python3 -c 'import pikepdf' 2>/dev/null || python3 -m pip install --quiet 'pikepdf>=9'

# Opt-in, not for CI: the tools scripts/notation_oracle.py and scripts/notation_eval_set.py
# compare the notation reader with and engrave scores through (TAGRULES_NOTATION_TOOLS=1).
if [ "${TAGRULES_NOTATION_TOOLS:-0}" = 1 ] && [ "$(uname)" != "Darwin" ]; then
  notation_apt=()
  have lilypond || notation_apt+=(lilypond)
  have mscore3 || notation_apt+=(musescore3)
  if [ "${#notation_apt[@]}" -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${notation_apt[@]}"
  fi
  python3 -c 'import music21, ly' 2>/dev/null || python3 -m pip install --quiet music21 python-ly
fi
