#!/usr/bin/env bash
# Fuzzes tagrules' readers with libFuzzer for SECONDS per target and prints the executions.
#
#   scripts/fuzz.sh [SECONDS] [pdf|xmp|csv|setlist|keywords|zip|musicxml|lilypond|all]     (default: 60 pdf)
#
# Builds Sources/PDFInfoFuzz with AddressSanitizer and libFuzzer's coverage into .build/fuzz,
# copies the seed corpus into a temporary working corpus, and runs one job. Crashing, hanging
# (> 5 s) and memory-hungry (> 2 GB) inputs are written to $FUZZ_OUT/<run>/<target>/ (default
# .build/fuzz/out; <run> is the start time) with a minimized copy (*.min); put that file under
# Tests/PDFInfoTests/Fixtures/fuzz-regressions/<target>/ to keep it as a regression test.
# Replay an input without sanitizers: swift run PDFInfoFuzz <target> FILE.
#
# Environment: FUZZ_OUT (artifacts and logs), FUZZ_CONFIG (release, the default, or debug),
# FUZZ_FLAGS (extra libFuzzer flags). Linux with the swift.org toolchain (its clang ships the
# libFuzzer runtime). Exit status: 0 when no target found anything, 1 otherwise, 64 on usage errors.
set -euo pipefail

seconds=${1:-60}
requested=${2:-pdf}
all_targets=(pdf xmp csv setlist keywords zip musicxml lilypond)
case "$requested" in
  all) targets=("${all_targets[@]}") ;;
  pdf|xmp|csv|setlist|keywords|zip|musicxml|lilypond) targets=("$requested") ;;
  *) echo "usage: scripts/fuzz.sh [SECONDS] [${all_targets[*]// /|}|all]" >&2; exit 64 ;;
esac
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz: SECONDS must be a whole number, not '$seconds'" >&2; exit 64; }

root=$(cd "$(dirname "$0")/.." && pwd)
shared=$root/../shared
regressions=$root/Tests/PDFInfoTests/Fixtures/fuzz-regressions
dictionaries=$root/Sources/PDFInfoFuzz/Dictionaries
out=${FUZZ_OUT:-$root/.build/fuzz/out}/$(date +%Y%m%d-%H%M%S)
config=${FUZZ_CONFIG:-release}

# libFuzzer without its main(): SwiftPM aliases main to the module's entry point, which starts
# libFuzzer through LLVMFuzzerRunDriver (Sources/PDFInfoFuzz/LibFuzzerMain.swift).
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
runtime=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-"$(uname -m)".a 2>/dev/null | head -n 1)
[ -n "$runtime" ] || { echo "fuzz: libclang_rt.fuzzer_no_main not found under $toolchain/lib/clang" >&2; exit 1; }

build=(swift build -c "$config" --package-path "$root" --scratch-path "$root/.build/fuzz" --product PDFInfoFuzz
  -Xswiftc -DFUZZING -Xswiftc -enable-experimental-feature -Xswiftc Extern
  -Xswiftc -sanitize=address
  -Xswiftc -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table
  -Xlinker "$runtime" -Xlinker -lstdc++)
echo "fuzz: building PDFInfoFuzz ($config, address sanitizer, libFuzzer)" >&2
"${build[@]}" >&2
binary=$("${build[@]}" --show-bin-path)/PDFInfoFuzz
echo "fuzz: artifacts and logs go to $out" >&2

# Leak reports are off (the Swift runtime keeps caches for the process's lifetime); short
# allocation stacks keep ASan's bookkeeping from dominating the run time.
asan_options=detect_leaks=0:malloc_context_size=5

work=$(mktemp -d "${TMPDIR:-/tmp}/tagrules-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Copies the seeds of target $1 into $2: real files for each format, and earlier regressions.
seed() {
  local target=$1 corpus=$2
  mkdir -p "$corpus"
  case "$target" in
    pdf) cp "$shared"/corpus/*.pdf "$shared"/samples/library/*.pdf "$corpus"/ ;;
    xmp) cp "$root"/Tests/PDFInfoTests/Fixtures/xmp/*.xmp "$corpus"/ ;;
    csv) cp "$root"/Tests/MetadataModelTests/Fixtures/*.csv "$corpus"/ ;;
    setlist) cp "$root"/Tests/MetadataModelTests/Fixtures/*.4ss "$corpus"/ ;;
    # The small archives (a large seed makes every execution slow), and the scores inside them.
    zip) find "$root"/Tests/NotationTests/Fixtures \( -name '*.mxl' -o -name '*.mscz' \) -size -16k -exec cp {} "$corpus"/ \; ;;
    musicxml) python3 - "$root"/Tests/NotationTests/Fixtures "$corpus" <<'PYTHON'
import os, sys, zipfile
fixtures, corpus = sys.argv[1:]
for name in sorted(os.listdir(fixtures)):
    if name.endswith((".mxl", ".mscz")) and os.path.getsize(os.path.join(fixtures, name)) < 16384:
        with zipfile.ZipFile(os.path.join(fixtures, name)) as archive:
            for entry in archive.infolist():
                if entry.filename.endswith((".xml", ".musicxml", ".mscx")) and entry.file_size < 65536:
                    open(os.path.join(corpus, name + "-" + os.path.basename(entry.filename)), "wb").write(archive.read(entry))
PYTHON
      ;;
    lilypond) cp "$root"/Tests/NotationTests/Fixtures/*.ly "$shared"/samples/lilypond/*.ly "$corpus"/ ;;
    keywords)  # Title, Author, Subject, Keywords separated by NUL (InterchangeTargets.keywords)
      printf 'Minuet in G\0Bach, Petzold\0Baroque\0piano, rating:4, difficulty:2, keysf:1, keymi:0' >"$corpus/minuet"
      printf 'Nocturne\0Chopin\0\0duration:270, seconds:30, forscore-rating:5, keysf:-3, keymi:1' >"$corpus/nocturne"
      printf '\0; Satie\0\0tag, , RATING: 9, difficulty:x, keysf:99999999999999999999' >"$corpus/odd" ;;
  esac
  if [ -d "$regressions/$target" ]; then cp "$regressions/$target"/* "$corpus"/ 2>/dev/null || true; fi
}

total=0
found=0
for target in "${targets[@]}"; do
  mkdir -p "$out/$target"
  seed "$target" "$work/$target"
  log=$out/$target.log
  max_len=4096
  [ "$target" = pdf ] && max_len=200000
  [ "$target" = xmp ] && max_len=65536
  [ "$target" = zip ] && max_len=16384
  [ "$target" = musicxml ] && max_len=65536
  [ "$target" = lilypond ] && max_len=16384
  echo "fuzz: $target for ${seconds}s, corpus of $(ls "$work/$target" | wc -l) seeds, log $log" >&2
  status=0
  # SWIFT_BACKTRACE off: libFuzzer's own handler reports traps and saves the input.
  FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-$asan_options} \
    "$binary" "$work/$target" -max_total_time="$seconds" -max_len="$max_len" -timeout=5 \
    -rss_limit_mb=2048 -dict="$dictionaries/$target.dict" -artifact_prefix="$out/$target/" \
    -print_final_stats=1 ${FUZZ_FLAGS:-} >"$log" 2>&1 || status=$?
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  total=$((total + ${executions:-0}))
  artifacts=()
  for artifact in "$out/$target"/crash-* "$out/$target"/timeout-* "$out/$target"/oom-* "$out/$target"/leak-*; do
    [ -e "$artifact" ] && [[ "$artifact" != *.min ]] && artifacts+=("$artifact")
  done
  for artifact in "${artifacts[@]}"; do
    [ -e "$artifact.min" ] && continue
    FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-$asan_options} \
      "$binary" "$artifact" -minimize_crash=1 -max_total_time=60 -timeout=5 -rss_limit_mb=2048 \
      -exact_artifact_path="$artifact.min" >>"$out/$target.minimize.log" 2>&1 || true
  done
  if [ "$status" -ne 0 ] || [ "${#artifacts[@]}" -gt 0 ]; then
    found=1
    echo "fuzz: $target: ${executions:-0} executions; FOUND ${#artifacts[@]} input(s) in $out/$target (exit $status; see $log)"
  else
    echo "fuzz: $target: ${executions:-0} executions, nothing found"
  fi
done
echo "fuzz: total executions: $total"
exit "$found"
