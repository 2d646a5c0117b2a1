#!/usr/bin/env python3
"""Latency of `tagrules watch`: file complete -> tagged, p50/p95 (not a test; aim p50 <= 150 ms).

Builds tagrules in release mode, starts `tagrules watch INBOX --rules RULES --format json` with a
rule that tags every score, then drops N scores into the inbox one at a time. A score is
complete when the script has closed it (--mode copy: written in place, as a download) or
renamed it into place (--mode rename: temp file + rename, as sync clients and editors save).
It is tagged at the `time` of its JSON line, which watch prints right after the write is
durable (fsync of the file and its folder). Each file waits for its line before the next one
is dropped, so the figures are latencies, not throughput. Both times are the wall clock.

Usage: scripts/bench_watch.py [N] [--mode copy|rename] [--debounce MS] [--binary PATH]
"""
import argparse
import datetime
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCORE = os.path.join(ROOT, "examples", "library", "Bach - Minuet in G major BWV Anh 114.pdf")
RULE = """return {
  name = "benchmark tag",
  apply = function(score) score.tags:add("watched") end,
}
"""


def build():
    return subprocess.check_output(["bash", os.path.join(ROOT, "scripts", "build_release.sh"), "tagrules"],
                                   text=True).strip()


def reader(stream, lines):
    """Hands each JSON line of watch's standard output to the main thread."""
    for line in stream:
        lines.put(json.loads(line))


def wait_until_watching(process):
    for line in process.stderr:
        if "note: watching" in line:
            return
    sys.exit("bench: watch did not start (exit %s)" % process.wait())


def drop(source, inbox, name, mode):
    """Puts a copy of `source` at inbox/name; returns the wall-clock time it became complete."""
    target = os.path.join(inbox, name)
    if mode == "rename":
        temporary = os.path.join(inbox, "." + name + ".part")
        shutil.copyfile(source, temporary)
        os.rename(temporary, target)
    else:
        shutil.copyfile(source, target)
    return time.time()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("count", nargs="?", type=int, default=100)
    parser.add_argument("--mode", choices=["copy", "rename"], default="copy")
    parser.add_argument("--debounce", type=int, help="watch --debounce MS (default: watch's default)")
    parser.add_argument("--binary", help="a tagrules binary (default: build in release mode)")
    args = parser.parse_args()

    binary = args.binary or build()
    work = tempfile.mkdtemp(prefix="bench-watch-")
    process = None
    try:
        inbox = os.path.join(work, "inbox")
        rules = os.path.join(work, "rules")
        os.makedirs(inbox)
        os.makedirs(rules)
        with open(os.path.join(rules, "10-watched.lua"), "w") as handle:
            handle.write(RULE)
        command = [binary, "watch", inbox, "--rules", rules, "--format", "json"]
        if args.debounce is not None:
            command += ["--debounce", str(args.debounce)]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_until_watching(process)
        lines = queue.Queue()
        threading.Thread(target=reader, args=(process.stdout, lines), daemon=True).start()

        latencies = []
        for index in range(args.count):
            name = "score-%04d.pdf" % index
            complete = drop(SCORE, inbox, name, args.mode)
            record = lines.get(timeout=30)
            if record["path"] != os.path.join(inbox, name) or record["status"] != "written":
                sys.exit("bench: unexpected line %s" % record)
            tagged = datetime.datetime.fromisoformat(record["time"].replace("Z", "+00:00")).timestamp()
            latencies.append((tagged - complete) * 1000)
            time.sleep(0.05)

        print("bench: %d files, mode %s, debounce %s" % (
            args.count, args.mode, "%d ms" % args.debounce if args.debounce is not None else "default"))
        print("file complete -> tagged:  p50 %.0f ms   p95 %.0f ms   min %.0f ms   max %.0f ms   mean %.0f ms" % (
            percentile(latencies, 0.5), percentile(latencies, 0.95), min(latencies), max(latencies),
            statistics.mean(latencies)))
        print("aim: p50 <= 150 ms")
    finally:
        if process is not None and process.poll() is None:
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
