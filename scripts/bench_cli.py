#!/usr/bin/env python3
"""Throughput of `tagrules plan` and `tagrules apply` beside exiftool and pikepdf (not a test).

Builds tagrules in release mode, makes a library of N small PDFs (default 2000) copied from
examples/library and small, undamaged, unencrypted ../shared/corpus files, and times on the
same files:

  read:  tagrules plan (shipped rules)   vs  exiftool -PDF:all   vs  pikepdf (open, read Info)
  write: tagrules apply (shipped rules + a rule that tags every score, so every file is written)
         vs  exiftool -Title=… -overwrite_original   vs  pikepdf (set Info, save = full rewrite)

Every tool gets a fresh copy for its write run. tagrules flushes each file and its folder to
disk (durable; a group commit); exiftool and pikepdf do not. Usage: scripts/bench_cli.py [N] [--dir DIR] [--jobs J]
"""
import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")

PIKEPDF_READ = """
import sys, pikepdf
for path in sys.argv[1:]:
    with pikepdf.open(path) as pdf:
        info = pdf.docinfo
        _ = [str(info.get(k, "")) for k in ("/Title", "/Author", "/Subject", "/Keywords")]
        _ = len(pdf.pages)
"""

PIKEPDF_WRITE = """
import sys, pikepdf
for path in sys.argv[1:]:
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.docinfo["/Title"] = "Benchmark"
        pdf.docinfo["/Keywords"] = "benchmark"
        pdf.save(path)
"""

BENCH_RULE = """return {
  name = "benchmark tag",
  description = "Tags every score, so that apply writes every file.",
  apply = function(score) score.tags:add("benchmark") end,
}
"""


def sources():
    """Readable, writable small PDFs: the demo library's good files and clean corpus files."""
    demo = os.path.join(ROOT, "examples", "library")
    skip = ("encrypted", "Truncated", "notes.pdf")
    files = [os.path.join(demo, n) for n in sorted(os.listdir(demo)) if not any(s in n for s in skip)]
    with open(os.path.join(CORPUS, "MANIFEST.tsv"), newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            if (row["damaged"] == "no" and row["encrypted"] == "no" and int(row["size_bytes"]) <= 30000
                    and "sign" not in row["file"].lower() and row["pages"] != "?"):
                files.append(os.path.join(CORPUS, row["file"]))
    return files


def make_library(folder, files, count):
    os.makedirs(folder)
    paths = []
    for index in range(count):
        source = files[index % len(files)]
        target = os.path.join(folder, "%05d-%s" % (index, os.path.basename(source)))
        shutil.copyfile(source, target)
        os.chmod(target, 0o644)
        paths.append(target)
    return paths


def timed(command, **kwargs):
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)
    elapsed = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit("bench: %s failed (%d): %s" % (command[0], result.returncode, result.stderr.decode()[-400:]))
    return elapsed


def in_batches(script, paths):
    """Runs a python script over the paths in few processes (argument lists of 500)."""
    total = 0.0
    for start in range(0, len(paths), 500):
        total += timed([sys.executable, "-c", script] + paths[start:start + 500])
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("count", nargs="?", type=int, default=2000)
    parser.add_argument("--dir", default=os.path.join(ROOT, "bench-out"), help="where the libraries are made")
    parser.add_argument("--jobs", type=int, default=0, help="tagrules --jobs (default: all cores)")
    args = parser.parse_args()

    subprocess.run(["swift", "build", "-c", "release", "--product", "tagrules"], cwd=ROOT, check=True)
    binary = os.path.join(subprocess.check_output(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, text=True).strip(), "tagrules")
    jobs = ["--jobs", str(args.jobs)] if args.jobs else []

    os.makedirs(args.dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="bench-", dir=args.dir)
    try:
        files = sources()
        rules = os.path.join(work, "rules")
        shutil.copytree(os.path.join(ROOT, "rules"), rules)
        with open(os.path.join(rules, "99-benchmark.lua"), "w") as handle:
            handle.write(BENCH_RULE)
        print("bench: %d PDFs from %d sources in %s (%d cores)" % (args.count, len(files), work, os.cpu_count()))

        results = {}
        read = make_library(os.path.join(work, "read"), files, args.count)
        folder = os.path.dirname(read[0])
        timed([binary, "plan", folder, "--rules", os.path.join(ROOT, "rules"), "--format", "json"] + jobs)  # warm cache
        results["tagrules plan"] = timed([binary, "plan", folder, "--rules", os.path.join(ROOT, "rules"), "--format", "json"] + jobs)
        results["tagrules plan --jobs 1"] = timed([binary, "plan", folder, "--rules", os.path.join(ROOT, "rules"), "--format", "json", "--jobs", "1"])
        results["exiftool -PDF:all"] = timed(["exiftool", "-q", "-PDF:all", "-json", folder])
        results["pikepdf read"] = in_batches(PIKEPDF_READ, read)

        for name, command in [
            ("tagrules apply", lambda f, p: [binary, "apply", f, "--rules", rules, "--format", "json"] + jobs),
            ("exiftool -Title= -overwrite_original", lambda f, p: ["exiftool", "-q", "-Title=Benchmark", "-overwrite_original", f]),
        ]:
            paths = make_library(os.path.join(work, name.split()[0] + "-write"), files, args.count)
            results[name] = timed(command(os.path.dirname(paths[0]), paths))
        pike = make_library(os.path.join(work, "pikepdf-write"), files, args.count)
        results["pikepdf set Info + save"] = in_batches(PIKEPDF_WRITE, pike)

        print("\n%-40s %9s %10s" % ("", "seconds", "files/s"))
        for name, seconds in results.items():
            print("%-40s %9.2f %10.0f" % (name, seconds, args.count / seconds))
        plan, apply = results["tagrules plan"], results["tagrules apply"]
        print("\nplan  vs pikepdf read:  %6.1fx faster   (aim >= 10x)" % (results["pikepdf read"] / plan))
        print("plan  vs exiftool read: %6.1fx faster   (aim >= 100x)" % (results["exiftool -PDF:all"] / plan))
        print("apply vs pikepdf save:  %6.1fx faster   (aim >= 10x)" % (results["pikepdf set Info + save"] / apply))
        print("apply vs exiftool write:%6.1fx faster" % (results["exiftool -Title= -overwrite_original"] / apply))
        print("\ntagrules apply flushes every file and folder to disk before it reports them written"
              " (group commit); exiftool and pikepdf do not flush at all.")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
