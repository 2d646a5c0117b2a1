#!/usr/bin/env bash
# Builds one product of the package in release mode and prints the path of its binary
# (build output goes to stderr). Usage: scripts/build_release.sh PRODUCT
#
# On Linux the Swift runtime and Foundation are linked into the binary (--static-swift-stdlib):
# a run then resolves about 20,000 fewer symbols when it starts (a one-file `tagrules plan`:
# 83 M → 68 M instructions, 23 → 16 ms), at the price of a larger binary. Every script builds
# through here, so that they share one release build instead of rebuilding it with other flags.
#
# So are the C and C++ libraries (Linux): Lua 5.4, zlib, OpenSSL's libcrypto and libstdc++,
# which the Swift runtime needs. The dynamic loader then maps and relocates four libraries
# fewer (a one-file plan: 6 M instructions fewer); only libc, libm
# and libgcc_s stay shared (how the binary is linked: below). The archives come with the -dev packages
# scripts/setup.sh installs (liblua5.4-dev, zlib1g-dev, libssl-dev; libstdc++-dev with the
# compiler Swift needs). Package.swift is untouched: debug and test builds link the shared ones.
#
# Concrete generic types (Array<Rule>, Set<String>, OptionGroup<InputOptions>, Result<DataTable,
# RuleError>…) are reached through their metadata accessors, not by mangled name
# (-disable-concrete-type-metadata-mangled-name-accessors): by name, the runtime demangles each
# type on first use and checks its generic requirements by scanning the conformance table of
# the whole static binary once per new type/protocol pair (Set<String>: String is Hashable),
# about 40,000 instructions per type and 240,000-370,000 per scan; an accessor is handed the
# witness table the compiler already knows (a one-file plan: 23.5 M → 19.4 M instructions;
# the binary grows by 80 KB).
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
if [ "$(uname)" = "Linux" ]; then
  flags+=(--static-swift-stdlib)
  # The linker takes the first folder on its search path that holds lib<name>.so or
  # lib<name>.a, and the shared one when a folder holds both. So the archives are linked
  # from a folder of their own that holds nothing else, named by copies of the packages'
  # pkg-config files whose libdir is that folder (pkg-config's -L folders come first).
  static=$PWD/.build/static-link
  mkdir -p "$static/lib" "$static/pkgconfig"
  for name in lua5.4 z crypto stdc++; do
    archive=$(clang -print-file-name="lib$name.a")
    if [ ! -f "$archive" ]; then
      echo "build_release: lib$name.a not found: run scripts/setup.sh (libstdc++.a: install the" \
        "libstdc++-dev package of your C++ compiler, which Swift needs)" >&2
      exit 1
    fi
    ln -sfn "$archive" "$static/lib/lib$name.a"
  done
  for package in lua5.4 zlib libcrypto; do
    sed "s|^libdir=.*|libdir=$static/lib|" "$(pkg-config --path "$package")" >"$static/pkgconfig/$package.pc"
  done
  flags+=(--pkg-config-path "$static/pkgconfig" -Xlinker -L"$static/lib")
  # The binary is linked at a fixed address (not position-independent, as Go links its
  # programs): a position-independent one has about 100,000 pointers the loader must adjust
  # when it starts, and each page holding one is copied on first write. Linked fixed, those
  # pages stay shared with the page cache: half the page faults of a start (626 → 308), and
  # `tagrules --version` 4.4 → 3.6 ms on this machine. The price is address-space
  # randomization of the program's own code (its heap, stacks and libc stay randomized); what
  # tagrules parses from untrusted files is parsed by Swift code. The objects are compiled
  # position-independent as before, so only the link differs. Set TAGRULES_PIE=1 to link a
  # position-independent binary instead.
  if [ "${TAGRULES_PIE:-0}" = 1 ]; then
    # The adjustments are then listed packed with glibc 2.36 or later (DT_RELR: 21 KB instead
    # of 2.3 MB of 24-byte entries), which GNU gold cannot write, so lld (shipped with Swift)
    # links; a binary so linked runs only where glibc is 2.36 or later.
    glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | cut -d' ' -f2 || true)
    if [ "$(printf '%s\n' 2.36 "$glibc" | sort -V | head -1)" = 2.36 ]; then
      flags+=(-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)
    fi
  else
    flags+=(-Xswiftc -use-ld=lld -Xlinker --no-pie)
  fi
fi
swift build "${flags[@]}" --product "$1" >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/$1"
