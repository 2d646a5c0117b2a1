#!/usr/bin/env bash
# Installs tagrules: the binary, the shipped rules (what `--rules builtin` finds without a
# checkout) and shell completions.
#
#   scripts/install.sh [PREFIX] [BINARY]
#
# PREFIX defaults to /usr/local; BINARY defaults to the release build (scripts/build_release.sh).
# Lays out PREFIX/bin/tagrules, PREFIX/share/tagrules/rules (replaced as a whole, so files the
# new rules no longer have go away) and the completion scripts for bash, zsh and fish where
# those shells look under PREFIX/share.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${1:-/usr/local}"
binary="${2:-}"
[ -n "$binary" ] || binary="$(bash scripts/build_release.sh tagrules)"

install -d "$prefix/bin" "$prefix/share/tagrules"
install -m 755 "$binary" "$prefix/bin/tagrules"
rm -rf "$prefix/share/tagrules/rules.new"
cp -R rules "$prefix/share/tagrules/rules.new"
rm -rf "$prefix/share/tagrules/rules"
mv "$prefix/share/tagrules/rules.new" "$prefix/share/tagrules/rules"

install -d "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" \
  "$prefix/share/fish/vendor_completions.d"
"$prefix/bin/tagrules" --generate-completion-script bash >"$prefix/share/bash-completion/completions/tagrules"
"$prefix/bin/tagrules" --generate-completion-script zsh >"$prefix/share/zsh/site-functions/_tagrules"
"$prefix/bin/tagrules" --generate-completion-script fish >"$prefix/share/fish/vendor_completions.d/tagrules.fish"

echo "install: $prefix/bin/tagrules, $prefix/share/tagrules/rules (--rules builtin), completions" >&2
