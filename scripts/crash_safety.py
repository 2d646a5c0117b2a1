#!/usr/bin/env python3
"""Crash safety under SIGKILL (issue 9; not a test — CI runs the small CrashSafety tests).

Builds tagrules in release mode and makes a library of N PDF copies (default 1000, in folders
of 100) from the demo library and small undamaged, unencrypted ../shared/corpus files, keeping
a pristine copy of each. Then, round after round, it runs one write command over the library and
kills it with SIGKILL after a random delay, uniform within the time the same command takes to
run to completion on a copy of the library in the same state (the reference run, measured
first, every round), until ROUNDS runs were killed (a run that ends before its kill is
checked like the others but not counted). Rounds cycle through

    apply LIB --rules rules          the shipped rules (pending again after the two undos)
    set LIB --add-tag crash-test-N   every file changes
    undo LIB                         removes the set revision
    undo LIB                         removes the apply revision: the library is pristine again

After each kill EVERY file is checked against its bytes before the round and the reference
run's result:
  - byte-identical to before, or
  - apply/set: a valid update — the old bytes are an exact prefix, `qpdf --check` exits 0 (or
    reports no error the file did not have before), and Title/Author/Subject/Keywords read back
    with pikepdf equal the reference run's;
  - undo: byte-identical to the reference run's result (undo cuts the last revision off).
Anything else is a corrupt file. Then a normal run completes the round (for undo, over the
files not yet undone) and every file must equal the reference result in the same way; after
every completed round no `.tagrules-*.tmp` file may remain: the next run over the folders
removes the killed run's as stale (for undo, whose completion names files, a no-op apply).
At the end `apply` runs to completion, a second `apply` must report nothing to do, and
repeated `undo` must bring every file back to its pristine bytes.

Usage: scripts/crash_safety.py [--files 1000] [--rounds 20] [--seed S] [--dir DIR] [--keep]
(--rounds: how many runs are killed.)
Exit status 0 when no file was corrupt, no temporary file was left and every check passed.
"""
import argparse
import concurrent.futures
import csv
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

import pikepdf

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
RULES = os.path.join(ROOT, "rules")
INFO_KEYS = ("/Title", "/Author", "/Subject", "/Keywords")
CYCLE = ("apply", "set", "undo", "undo")


def build():
    return subprocess.check_output(["bash", os.path.join(ROOT, "scripts", "build_release.sh"), "tagrules"],
                                   text=True).strip()


def candidate_sources():
    """The demo library's ordinary scores and small, undamaged, unencrypted corpus files."""
    demo = os.path.join(ROOT, "examples", "library")
    skip = ("encrypted", "Truncated", "notes.pdf")
    files = [os.path.join(demo, n) for n in sorted(os.listdir(demo)) if not any(s in n for s in skip)]
    with open(os.path.join(CORPUS, "MANIFEST.tsv"), newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            if (row["damaged"] == "no" and row["encrypted"] == "no" and int(row["size_bytes"]) <= 60000
                    and "sign" not in row["file"].lower() and row["pages"] != "?"):
                files.append(os.path.join(CORPUS, row["file"]))
    return files


def usable_sources(binary, work):
    """The candidates that `set` writes and `apply` reads without an error, and that pass
    `qpdf --check` before and after (so that a refused or already-broken source can neither
    hide nor fake a crash-safety failure)."""
    candidates = candidate_sources()
    verdicts = {}
    for command in (["set", "--add-tag", "trial"], ["apply", "--rules", RULES]):
        trial = os.path.join(work, "trial")
        os.makedirs(trial)
        names = ["%03d.pdf" % i for i in range(len(candidates))]
        for name, source in zip(names, candidates):
            shutil.copyfile(source, os.path.join(trial, name))
            verdicts.setdefault(name, qpdf_check(os.path.join(trial, name))[0] == 0)
        result = run([binary, command[0], trial, *command[1:], "--format", "json"])
        for entry in json.loads(result.stdout)["files"]:
            name = os.path.basename(entry["path"])
            good = (entry["status"] == "written" or (command[0] == "apply" and entry["status"] == "unchanged")) \
                and not any(d["severity"] == "error" for d in entry["diagnostics"])
            verdicts[name] = verdicts[name] and good and qpdf_check(os.path.join(trial, name))[0] == 0
        shutil.rmtree(trial)
    return [source for name, source in zip(names, candidates) if verdicts[name]]


def make_library(library, pristine, sources, count):
    for index in range(count):
        source = sources[index % len(sources)]
        relative = os.path.join("f%02d" % (index // 100), "%05d-%s" % (index, os.path.basename(source)))
        for root in (library, pristine):
            os.makedirs(os.path.join(root, os.path.dirname(relative)), exist_ok=True)
            shutil.copyfile(source, os.path.join(root, relative))
            os.chmod(os.path.join(root, relative), 0o644)


def pdf_files(folder):
    found = []
    for root, _, names in os.walk(folder):
        found += [os.path.relpath(os.path.join(root, n), folder) for n in names
                  if n.lower().endswith(".pdf") and not n.startswith(".")]
    return sorted(found)


def temporary_files(folder):
    return sorted(os.path.join(root, n) for root, _, names in os.walk(folder)
                  for n in names if n.startswith(".tagrules-") and n.endswith(".tmp"))


def snapshot(folder):
    state = {}
    for relative in pdf_files(folder):
        with open(os.path.join(folder, relative), "rb") as handle:
            state[relative] = handle.read()
    return state


def restore(folder, state):
    shutil.rmtree(folder, ignore_errors=True)
    for relative, data in state.items():
        path = os.path.join(folder, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)


def run(command):
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def command_for(kind, binary, folder, round_number, files=None):
    targets = [os.path.join(folder, f) for f in files] if files is not None else [folder]
    if kind == "apply":
        return [binary, "apply", *targets, "--rules", RULES, "--format", "json"]
    if kind == "set":
        return [binary, "set", *targets, "--add-tag", "crash-test-%d" % round_number, "--format", "json"]
    return [binary, "undo", *targets, "--format", "json"]


def qpdf_check(path):
    """`qpdf --check`: the exit status and its warning/error lines with the path removed."""
    result = run(["qpdf", "--check", path])
    lines = {line.replace(path, "FILE") for line in (result.stdout + result.stderr).splitlines()
             if "WARNING" in line or "ERROR" in line or "error" in line}
    return result.returncode, lines


_check_cache = {}


def qpdf_check_bytes(data, scratch):
    key = hashlib.sha256(data).hexdigest()
    if key not in _check_cache:
        path = os.path.join(scratch, "check-%s.pdf" % key[:16])
        with open(path, "wb") as handle:
            handle.write(data)
        _check_cache[key] = qpdf_check(path)
        os.remove(path)
    return _check_cache[key]


def info_strings(path):
    with pikepdf.open(path) as pdf:
        info = pdf.docinfo
        return tuple(str(info[k]) if k in info else None for k in INFO_KEYS)


def verify(kind, folder, before, reference, reference_info, scratch, pool):
    """Every file: unchanged, or what the reference run made of it. Returns (updated, corrupt)."""
    now = snapshot(folder)
    corrupt, updated, to_check = [], [], []
    for relative, old in before.items():
        data = now.get(relative)
        if data == old:
            continue
        if data is None:
            corrupt.append((relative, "missing"))
        elif kind == "undo":
            if data == reference[relative]:
                updated.append(relative)
            else:
                corrupt.append((relative, "undo result differs from the reference run's"))
        elif len(data) <= len(old) or data[:len(old)] != old:
            corrupt.append((relative, "the previous bytes are not a prefix (%d → %d bytes)" % (len(old), len(data))))
        elif reference[relative] == old:
            corrupt.append((relative, "written, but the reference run left it unchanged"))
        else:
            updated.append(relative)
            to_check.append(relative)
    paths = [os.path.join(folder, r) for r in to_check]
    for relative, (status, lines) in zip(to_check, pool.map(qpdf_check, paths)):
        if status != 0:
            _, old_lines = qpdf_check_bytes(before[relative], scratch)
            new = {line for line in lines if "ERROR" in line or "error" in line} - old_lines
            if new:
                corrupt.append((relative, "qpdf --check: %s" % sorted(new)[:2]))
    for relative in to_check:
        try:
            values = info_strings(os.path.join(folder, relative))
        except Exception as error:  # pikepdf cannot open it: corrupt
            corrupt.append((relative, "pikepdf: %s" % error))
            continue
        if values != reference_info[relative]:
            corrupt.append((relative, "Info %r, intended %r" % (values, reference_info[relative])))
    return updated, corrupt


def reference_run(kind, binary, work, state, round_number):
    """The command run to completion on a copy: its duration and result."""
    copy = os.path.join(work, "reference")
    restore(copy, state)
    start = time.perf_counter()
    result = run(command_for(kind, binary, copy, round_number))
    duration = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit("crash_safety: reference %s failed (%d): %s" % (kind, result.returncode, result.stderr[-600:]))
    after = snapshot(copy)
    info = {}
    if kind != "undo":
        info = {r: info_strings(os.path.join(copy, r)) for r in after if after[r] != state[r]}
    return duration, after, info


def killed_run(command, delay):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        process.wait(timeout=delay)
        return False
    except subprocess.TimeoutExpired:
        process.kill()  # SIGKILL
        process.wait()
        return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--dir", default=None, help="where the library is made (default: a temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the library afterwards")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    chance = random.Random(seed)

    binary = build()
    work = tempfile.mkdtemp(prefix="crash-safety-", dir=args.dir)
    library, pristine, scratch = (os.path.join(work, n) for n in ("library", "pristine", "scratch"))
    empty_rules = os.path.join(work, "no-rules")
    os.makedirs(scratch)
    os.makedirs(empty_rules)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=4)
    failures = []
    totals = {"kills": 0, "finished": 0, "mid-write": 0, "corrupt": 0, "updated-by-killed": 0, "temps-after-kill": 0,
              "temps-left": 0, "checked": 0}
    try:
        sources = usable_sources(binary, work)
        make_library(library, pristine, sources, args.files)
        count = len(pdf_files(library))
        print("crash_safety: %d files from %d sources in %s, %d rounds, seed %d" % (count, len(sources), work, args.rounds, seed))

        kinds = {k: 0 for k in CYCLE}
        round_number = 0
        while totals["kills"] < args.rounds and round_number < 3 * args.rounds:
            round_number += 1
            kind = CYCLE[(round_number - 1) % len(CYCLE)]
            kinds[kind] += 1
            before = snapshot(library)
            duration, reference, reference_info = reference_run(kind, binary, work, before, round_number)
            delay = chance.uniform(0, duration)
            killed = killed_run(command_for(kind, binary, library, round_number), delay)
            totals["kills" if killed else "finished"] += 1
            left = len(temporary_files(library))
            updated, corrupt = verify(kind, library, before, reference, reference_info, scratch, pool)
            pending = sum(1 for r in before if reference[r] != before[r])
            totals["mid-write"] += 1 if left or 0 < len(updated) < pending else 0
            totals["updated-by-killed"] += len(updated)
            totals["temps-after-kill"] += left
            totals["corrupt"] += len(corrupt)
            totals["checked"] += len(before)
            failures += ["round %d %s: %s" % (round_number, r, why) for r, why in corrupt]

            # Complete the job: undo only the files the killed run did not undo.
            rest = [r for r in before if kind == "undo" and reference[r] != before[r] and r not in updated]
            completion = command_for(kind, binary, library, round_number, rest if kind == "undo" else None)
            result = run(completion) if kind != "undo" or rest else None
            if result is not None and result.returncode != 0:
                failures.append("round %d: completing %s exited %d: %s" % (round_number, kind, result.returncode, result.stderr[-400:]))
            done = snapshot(library)
            for relative in before:
                if kind == "undo" or reference[relative] == before[relative]:
                    good = done[relative] == reference[relative]
                else:
                    good = (done[relative][:len(before[relative])] == before[relative]
                            and info_strings(os.path.join(library, relative)) == reference_info[relative])
                if not good:
                    failures.append("round %d %s: not as intended after completing the job" % (round_number, relative))
            if kind == "undo":
                # Undo was completed over named files, whose folders are not walked: the next
                # writing run over the folders — here apply without rules, which changes
                # nothing — must remove what the kill left.
                run([binary, "apply", library, "--rules", empty_rules])
            remaining = temporary_files(library)
            totals["temps-left"] += len(remaining)
            failures += ["round %d: temporary file left: %s" % (round_number, p) for p in remaining]
            if round_number % len(CYCLE) == 0 and done != snapshot(pristine):
                failures.append("round %d: apply, set, undo, undo did not give back the pristine library" % round_number)
            print("round %2d %-5s %s after %5.2f s of %5.2f s: %4d of %4d pending files updated, %d corrupt, "
                  "%d temp files left by the kill, %d after completing"
                  % (round_number, kind, "killed" if killed else "ended ", delay, duration, len(updated), pending,
                     len(corrupt), left, len(remaining)),
                  flush=True)

        final = run(command_for("apply", binary, library, 0))
        second = run(command_for("apply", binary, library, 0))
        summary = json.loads(second.stdout)["summary"] if second.returncode == 0 else {}
        if final.returncode != 0 or summary.get("written") != 0 or summary.get("changed") != 0:
            failures.append("final apply exited %d, second apply: %s" % (final.returncode, summary or second.stderr[-400:]))
        totals["temps-left"] += len(temporary_files(library))
        for _ in range(round_number + 2):
            undone = json.loads(run(command_for("undo", binary, library, 0)).stdout)["summary"]["undone"]
            if undone == 0:
                break
        restored = snapshot(library) == snapshot(pristine)
        if not restored:
            failures.append("repeated undo did not restore every file to its pristine bytes")

        print("\nrounds: %d (%s)" % (round_number, ", ".join("%d %s" % (kinds[k], k) for k in ("apply", "set", "undo"))))
        print("files: %d; file checks after kills: %d" % (count, totals["checked"]))
        print("kills: %d (%d landed while files were being written — some updated, or temporary files left; "
              "%d more rounds ended before their kill and were checked too)"
              % (totals["kills"], totals["mid-write"], totals["finished"]))
        print("files updated by killed runs and verified: %d" % totals["updated-by-killed"])
        print("corrupt files: %d" % totals["corrupt"])
        print("temporary files left by kills: %d; left after the next full run: %d" % (totals["temps-after-kill"], totals["temps-left"]))
        print("final rerun: second apply reported nothing to do: %s; undo restored every pristine byte: %s"
              % (not any(f.startswith("final") for f in failures), restored))
        for failure in failures[:40]:
            print("FAIL " + failure)
        return 1 if failures else 0
    finally:
        pool.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
