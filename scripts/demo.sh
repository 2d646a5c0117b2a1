#!/usr/bin/env bash
# The demo: installs what is missing (scripts/setup.sh), builds tagrules in release mode, and
# shows what the shipped rules (rules/) would change in the shipped demo library
# (examples/library). A dry run: nothing is written.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
if [ "$(uname)" = "Darwin" ]; then
  # Homebrew's lua@5.4 is keg-only: tell pkg-config where its lua5.4.pc is.
  PKG_CONFIG_PATH="$(brew --prefix lua@5.4)/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
  export PKG_CONFIG_PATH
fi

tagrules="$(bash scripts/build_release.sh tagrules)"

echo
echo "\$ tagrules plan examples/library --rules rules"
status=0
"$tagrules" plan examples/library --rules rules || status=$?
echo
if [ "$status" -eq 1 ]; then
  echo "demo: exit status 1 is expected here: the demo library holds a truncated download and a" >&2
  echo "      text file named notes.pdf, which tagrules reports and leaves alone." >&2
fi
cat >&2 <<HINT
demo: to write the changes, work on a copy (the shipped files stay as they are):
        cp -R examples/library /tmp/library
        $tagrules apply /tmp/library --rules rules
        $tagrules undo /tmp/library
HINT
[ "$status" -le 1 ]
