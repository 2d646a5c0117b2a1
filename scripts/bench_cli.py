#!/usr/bin/env python3
"""Throughput of `tagrules plan` and `tagrules apply` beside exiftool and pikepdf (not a test).

Builds tagrules in release mode, makes a library of N small PDFs (default 2000) copied from
examples/library and small, undamaged, unencrypted ../shared/corpus files, and times on the
same files:

  read:  tagrules plan (shipped rules)   vs  exiftool -PDF:all   vs  pikepdf (open, read Info)
  write: tagrules apply (shipped rules + a rule that tags every score, so every file is written)
         vs  exiftool -Title=… -overwrite_original   vs  pikepdf (set Info, save = full rewrite)
         beside the atomic replace floor: temporary copy + rename per file, what any safe rewrite pays

Every tool gets a fresh copy for its write run. tagrules flushes each file and its folder to
disk (durable; a group commit); exiftool and pikepdf do not.

With --page-text it times only `tagrules plan` over N typeset scores (copies of the demo
library's LilyPond engravings and a MuseScore export), with the shipped rules alone and with
the shipped rules plus a rule that reads every score's first page (`score.text`, issue 27:
budget <= 5 s for 2,000 scores).

Usage: scripts/bench_cli.py [N] [--dir DIR] [--jobs J] [--page-text]
"""
import json
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
ROUNDS = 5

PIKEPDF_READ = """
import sys, pikepdf
for path in sys.stdin.read().split("\\0"):
    with pikepdf.open(path) as pdf:
        info = pdf.docinfo
        _ = [str(info.get(k, "")) for k in ("/Title", "/Author", "/Subject", "/Keywords")]
"""

# What any atomic rewrite of a file must do, and nothing else: read it, write a temporary copy
# with a few hundred bytes more in the same folder, rename it over the original; one sync at
# the end (tagrules' group commit is durable; pikepdf and exiftool do not flush). One process
# for all files. On a file system that is slow at creating and renaming files this is most of
# every tool's time.
REPLACE_FLOOR = """
import os, sys
for path in sys.stdin.read().split("\\0"):
    with open(path, "rb") as handle:
        data = handle.read()
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, ".floor-" + name + ".tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    os.write(fd, data + b" " * 450)
    os.close(fd)
    os.rename(temporary, path)
os.sync()
"""

PIKEPDF_WRITE = """
import sys, pikepdf
for path in sys.stdin.read().split("\\0"):
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


PAGE_TEXT_RULE = """return {
  name = "benchmark first line",
  description = "Reads the first page's text of every score and tags it with the top line.",
  apply = function(score)
    local top = score.text and score.text[1]
    if top then score.tags:add("top " .. top.text) end
  end,
}
"""


def typeset_sources():
    """Engraved scores: the demo library's readable LilyPond PDFs and MuseScore 3's demo score
    as mscore3 exports it (Tests/TagrulesCLITests/Fixtures/notation/Reunion.pdf)."""
    demo = os.path.join(ROOT, "examples", "library")
    skip = ("encrypted", "Truncated", "notes.pdf")
    files = [os.path.join(demo, n) for n in sorted(os.listdir(demo)) if not any(s in n for s in skip)]
    return files + [os.path.join(ROOT, "Tests", "TagrulesCLITests", "Fixtures", "notation", "Reunion.pdf")]


def bench_page_text(binary, work, count, jobs):
    """`plan` over `count` typeset scores with the shipped rules, alone and with a rule that
    reads `score.text`; checks that the second tagged every score with its top line."""
    files = typeset_sources()
    folder = os.path.dirname(make_library(os.path.join(work, "typeset"), files, count)[0])
    text_rules = os.path.join(work, "text-rules")
    os.makedirs(text_rules)
    with open(os.path.join(text_rules, "99-first-line.lua"), "w") as handle:
        handle.write(PAGE_TEXT_RULE)
    shipped = [binary, "plan", folder, "--rules", os.path.join(ROOT, "rules"), "--format", "json"] + jobs
    with_text = shipped + ["--rules", text_rules]
    report = json.loads(subprocess.run(with_text, capture_output=True, check=False).stdout)
    tagged = sum(1 for f in report["files"] if any(t.startswith("top ") for t in (f["after"] or {}).get("tags", [])))
    print("bench: %d typeset scores from %d sources in %s (%d cores); %d tagged from page 1"
          % (count, len(files), folder, os.cpu_count(), tagged))
    if tagged != count:
        sys.exit("bench: the page-text rule tagged %d of %d scores" % (tagged, count))
    rounds = {"plan, shipped rules": [], "plan, shipped rules + score.text rule": []}
    for _ in range(ROUNDS):
        rounds["plan, shipped rules"].append(timed(shipped))
        rounds["plan, shipped rules + score.text rule"].append(timed(with_text))
    print("\n%-40s %9s %9s %10s" % ("", "wall s", "CPU s", "files/s"))
    for name, runs in rounds.items():
        wall, cpu = min(run[0] for run in runs), min(run[1] for run in runs)
        print("%-40s %9.2f %9.2f %10.0f" % (name, wall, cpu, count / wall))
    print("\nBest of %d alternating rounds. Budget (issue 27): 2,000 typeset scores with the first-page"
          " rule in <= 5 s wall." % ROUNDS)


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
    """Copies `count` files into `folder` and flushes them to disk, as a user's library is
    before any tool runs: the tool timed next must not pay for writing back these copies (a
    tool that flushes, as tagrules apply does, would otherwise flush them too)."""
    os.makedirs(folder)
    paths = []
    for index in range(count):
        source = files[index % len(files)]
        target = os.path.join(folder, "%05d-%s" % (index, os.path.basename(source)))
        shutil.copyfile(source, target)
        os.chmod(target, 0o644)
        paths.append(target)
    os.sync()
    return paths


def timed(command, stdin=None):
    """Wall seconds and CPU seconds (user + system of the process and its children, from
    wait4: what the machine's other load cannot inflate) of one run of `command`, which reads
    `stdin` (bytes) when given."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if stdin is not None:
        process.stdin.write(stdin)
        process.stdin.close()
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit("bench: %s failed (%d): %s" % (command[0], code, stderr.decode()[-400:]))
    return elapsed, usage.ru_utime + usage.ru_stime


def plan_breakdown(binary, work, folder, paths, jobs):
    """What plan's parts cost on this library: plan with no rules (open, read, report), plan with
    the shipped rules but 14-first-page.lua, and, for the first pages that rule reads (the files
    whose Info has no Title, or the file name as Title), poppler's pdftotext over one PDF of
    those pages (made with qpdf, not timed): what an established reader pays for that text."""
    no_rules = os.path.join(work, "rules-none")
    without_first_page = os.path.join(work, "rules-without-first-page")
    os.makedirs(no_rules)
    shutil.copytree(os.path.join(ROOT, "rules"), without_first_page)
    os.remove(os.path.join(without_first_page, "14-first-page.lua"))
    untitled = [path for path in paths if not has_own_title(path)]
    first_pages = os.path.join(work, "first-pages.pdf")
    arguments = ["qpdf", "--empty", "--pages"]
    for path in untitled:
        arguments += [path, "1"]
    subprocess.run(arguments + ["--", first_pages], check=True, capture_output=True)
    commands = {
        "plan, no rules": [binary, "plan", folder, "--rules", no_rules, "--format", "json"] + jobs,
        "plan, shipped rules but the first-page rule": [
            binary, "plan", folder, "--rules", without_first_page, "--format", "json"] + jobs,
        "pdftotext, the %d first pages that rule reads" % len(untitled): [
            "pdftotext", "-q", first_pages, os.path.join(work, "first-pages.txt")],
    }
    rounds = {name: [timed(command) for _ in range(ROUNDS)] for name, command in commands.items()}
    return {name: (min(run[0] for run in runs), min(run[1] for run in runs)) for name, runs in rounds.items()}


def has_own_title(path):
    """Whether the file's Info has a Title other than its file name (rule 14 reads the first
    page of the others)."""
    import pikepdf
    with pikepdf.open(path) as pdf:
        title = str(pdf.docinfo.get("/Title", "")).strip()
    stem = os.path.splitext(os.path.basename(path))[0]
    return title not in ("", stem, stem.split("-", 1)[-1])


def python_over(script, paths):
    """Runs a python script over all the paths in one process, as a user's script would (one
    interpreter start and one import); the paths go in on stdin, separated by NUL bytes."""
    return timed([sys.executable, "-c", script], stdin="\0".join(paths).encode())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("count", nargs="?", type=int, default=2000)
    parser.add_argument("--dir", default=os.path.join(ROOT, "bench-out"), help="where the libraries are made")
    parser.add_argument("--jobs", type=int, default=0, help="tagrules --jobs (default: all cores)")
    parser.add_argument("--page-text", action="store_true", help="time plan with a rule reading score.text only")
    args = parser.parse_args()

    binary = subprocess.check_output(["bash", os.path.join(ROOT, "scripts", "build_release.sh"), "tagrules"],
                                     text=True).strip()
    jobs = ["--jobs", str(args.jobs)] if args.jobs else []

    os.makedirs(args.dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="bench-", dir=args.dir)
    if args.page_text:
        try:
            bench_page_text(binary, work, args.count, jobs)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return
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
        plan = [binary, "plan", folder, "--rules", os.path.join(ROOT, "rules"), "--format", "json"]
        timed(plan + jobs)  # warm cache
        # The readers take turns, so that each meets the same moments of a shared host (its
        # speed drifts by 2x and more over a minute); each keeps its best round.
        rounds = {"tagrules plan": [], "tagrules plan --jobs 1": [], "pikepdf read": []}
        for _ in range(ROUNDS):
            rounds["tagrules plan"].append(timed(plan + jobs))
            rounds["tagrules plan --jobs 1"].append(timed(plan + ["--jobs", "1"]))
            rounds["pikepdf read"].append(python_over(PIKEPDF_READ, read))
        for name, runs in rounds.items():
            results[name] = (min(run[0] for run in runs), min(run[1] for run in runs))
        breakdown = plan_breakdown(binary, work, folder, read, jobs)
        results["exiftool -PDF:all"] = timed(["exiftool", "-q", "-PDF:all", "-json", folder])

        results["exiftool -Title= -overwrite_original"] = timed(
            ["exiftool", "-q", "-Title=Benchmark", "-overwrite_original",
             os.path.dirname(make_library(os.path.join(work, "exiftool-write"), files, args.count)[0])])
        # The writers take turns too, each round on fresh copies.
        writers = {
            "tagrules apply": lambda paths: timed(
                [binary, "apply", os.path.dirname(paths[0]), "--rules", rules, "--format", "json"] + jobs),
            "pikepdf set Info + save": lambda paths: python_over(PIKEPDF_WRITE, paths),
            "atomic replace floor": lambda paths: python_over(REPLACE_FLOOR, paths),
        }
        rounds = {name: [] for name in writers}
        for round_index in range(ROUNDS):
            for name, run in writers.items():
                folder = os.path.join(work, "write-%d-%s" % (round_index, name.split()[0]))
                # Kept until the end: on a file system that is slow at creating files right after
                # many were removed (ext4 without a journal passes over recently freed inodes),
                # removing a library would slow the next tool's writes.
                rounds[name].append(run(make_library(folder, files, args.count)))
        for name, runs in rounds.items():
            results[name] = (min(run[0] for run in runs), min(run[1] for run in runs))

        print("\n%-40s %9s %9s %10s" % ("", "wall s", "CPU s", "files/s"))
        for name, (wall, cpu) in results.items():
            print("%-40s %9.2f %9.2f %10.0f" % (name, wall, cpu, args.count / wall))

        def ratio(slow, fast, index):
            return results[slow][index] / results[fast][index]

        print("\n%-26s %8s %8s" % ("tagrules is … faster", "wall", "CPU"))
        for label, slow, fast, budget in [
            ("plan  vs pikepdf read", "pikepdf read", "tagrules plan", "budget >= 5x (issues 26, 29, 30)"),
            ("plan  vs exiftool read", "exiftool -PDF:all", "tagrules plan", "budget >= 50x"),
            ("apply vs pikepdf save", "pikepdf set Info + save", "tagrules apply", "budget >= 5x"),
            ("apply vs exiftool write", "exiftool -Title= -overwrite_original", "tagrules apply", ""),
        ]:
            print("%-26s %7.1fx %7.1fx   %s" % (label, ratio(slow, fast, 0), ratio(slow, fast, 1), budget))
        floor = results["atomic replace floor"][0]
        print("%-26s %7.1fx %8s   the most any rewrite that creates and renames each file can reach here"
              % ("floor vs pikepdf save", results["pikepdf set Info + save"][0] / floor, ""))
        print("%-26s %7.2fx %8s   tagrules apply's wall time as a multiple of the floor's"
              % ("apply / floor", results["tagrules apply"][0] / floor, ""))
        print("\nWhere plan's time goes (best of %d rounds each):" % ROUNDS)
        for name, (wall, cpu) in breakdown.items():
            print("  %-50s %6.2f s wall %6.2f s CPU" % (name, wall, cpu))
        print("\nRead rows and tagrules/pikepdf/floor write rows: best of %d alternating rounds (writes on fresh"
              " copies); exiftool: one run each." % ROUNDS)
        print("Wall time is what a user waits (tagrules uses every core; exiftool and pikepdf one);"
              " CPU time is the work done, whatever else the machine runs.")
        print("\ntagrules apply flushes every file and folder to disk before it reports them written"
              " (group commit); exiftool and pikepdf do not flush at all.")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
