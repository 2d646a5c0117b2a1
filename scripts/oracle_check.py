#!/usr/bin/env python3
"""Oracle check: every file tagrules writes is readable by every other reader (issue 26).

Usage:
    scripts/oracle_check.py [DIR_OR_FILE...] [--binary PATH] [--jobs N] [--timeout S]
                            [--json FILE] [--keep DIR]

Default folders: ../shared/corpus and ../shared/peer-corpus. The binary defaults to
.build/debug/tagrules (build it first). For every PDF:

  read     `tagrules inspect` must exit 0 or 1 within the timeout (else: crash or hang).
  verdict  inspect, plan, set and apply must agree on whether the file is damaged (its
           cross-reference data had to be rebuilt: `xref-reconstructed`, `repaired-file`).
  write    `tagrules set` writes non-ASCII Title/Author/Subject/Keywords and a key into a copy.
           A file refused as damaged must be one `qpdf --check` also faults.
  check    for each written copy: the original bytes are a prefix; `qpdf --check` is no worse
           than on the original (clean, then warnings, then errors); pikepdf, pdfinfo and
           exiftool read back exactly the values written wherever they could read the
           original; XMP dc:title agrees where XMP exists; a second identical `set` appends
           nothing; `undo` restores the original bytes.

Prints a table of counts and every failure; exits 1 when any file fails, 0 otherwise.
"""

import argparse
import concurrent.futures
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
ORACLE = os.path.join(ROOT, "scripts", "pdf_oracle.py")

TITLE = "Nocturne in E♭ major – Ünïcödé"
SET_ARGUMENTS = [
    "--title", TITLE,
    "--composer", "Frédéric Chopin", "--composer", "Antonín Dvořák",
    "--genre", "Romantic", "--genre", "测试",
    "--tag", "piano", "--tag", "solo",
    "--rating", "3", "--difficulty", "2", "--clear", "duration",
    "--key", "E-flat major",
]
EXPECTED = {
    "Title": TITLE,
    "Author": "Frédéric Chopin, Antonín Dvořák",
    "Subject": "Romantic, 测试",
    "Keywords": "piano, solo, rating:3, difficulty:2, keysf:-3, keymi:0",
}
RULE = """return {
  name = "oracle tag",
  description = "Tags every score, so that plan and apply have a change to make.",
  apply = function(score) score.tags:add("oracle") end,
}
"""
DAMAGE_CODES = {"xref-reconstructed", "repaired-file"}


def run(command, timeout):
    """(exit status, stdout, stderr); status None on a timeout. A signal is a negative status."""
    try:
        done = subprocess.run(command, capture_output=True, timeout=timeout)
        return done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired:
        return None, b"", b""


def report_entry(stdout):
    """The first file entry of a tagrules JSON report, or None."""
    try:
        return json.loads(stdout)["files"][0]
    except (ValueError, KeyError, IndexError, TypeError):
        return None


def codes(entry):
    return {diagnostic.get("code") for diagnostic in (entry or {}).get("diagnostics", [])}


def qpdf_level(path, timeout):
    """0 clean, 1 warnings, 2 errors (qpdf --check exits 0, 3, 2)."""
    status, _, _ = run(["qpdf", "--check", path], timeout)
    return {0: 0, 3: 1}.get(status, 2)


class Helper:
    """A long-running reader process that answers one request at a time: exiftool's
    -stay_open mode, or pdf_oracle.py's examine() in a loop. Each worker thread has its own
    (`helpers`), so that a run pays for their start once per thread, not per file. A helper
    that does not answer within the timeout, or dies, is started again for the next request."""

    def __init__(self, command, terminator):
        self.command, self.terminator, self.process = command, terminator, None

    def ask(self, request, timeout):
        """The answer's bytes, without the terminator; None on a timeout or a dead helper."""
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.DEVNULL)
        try:
            self.process.stdin.write(request)
            self.process.stdin.flush()
            answer = b""
            while not answer.endswith(self.terminator):
                ready, _, _ = select.select([self.process.stdout], [], [], timeout)
                chunk = os.read(self.process.stdout.fileno(), 1 << 16) if ready else b""
                if not chunk:
                    raise OSError("no answer")
                answer += chunk
            return answer[:-len(self.terminator)]
        except OSError:
            self.close()
            return None

    def close(self):
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


PIKEPDF_LOOP = """
import json, sys
sys.path.insert(0, %r)
import pdf_oracle
for line in sys.stdin:
    sys.stdout.write(json.dumps(pdf_oracle.examine(json.loads(line)), ensure_ascii=False) + "\\n")
    sys.stdout.flush()
""" % os.path.dirname(ORACLE)
local = threading.local()
all_helpers = []


def helpers():
    """This thread's exiftool and pikepdf helpers."""
    if not hasattr(local, "exiftool"):
        local.exiftool = Helper(["exiftool", "-stay_open", "True", "-@", "-"], b"{ready}\n")
        local.pikepdf = Helper([sys.executable, "-c", PIKEPDF_LOOP], b"\n")
        all_helpers.extend([local.exiftool, local.pikepdf])
    return local


def pikepdf_reading(path, timeout):
    """What pdf_oracle.py reads from `path` with pikepdf, or None when it fails to answer."""
    answer = helpers().pikepdf.ask((json.dumps(path) + "\n").encode(), timeout)
    try:
        return json.loads(answer) if answer else None
    except ValueError:
        return None


def pdfinfo(path, timeout):
    """pdfinfo's fields, or None when it cannot read the file."""
    status, stdout, _ = run(["pdfinfo", "-enc", "UTF-8", path], timeout)
    if status != 0:
        return None
    fields = {}
    for line in stdout.decode("utf-8", "replace").splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return fields


def exiftool(path, timeout):
    """exiftool's PDF Info fields and warning, or None when it cannot read the file as a PDF."""
    arguments = ["-j", "-sep", ", ", "-FileType", "-PDF:Title", "-PDF:Author", "-PDF:Subject", "-PDF:Keywords",
                 "-Warning", "-Error", path, "-execute"]
    answer = helpers().exiftool.ask(("\n".join(arguments) + "\n").encode(), timeout)
    try:
        fields = json.loads(answer)[0]
    except (TypeError, ValueError, IndexError):
        return None
    if fields.get("FileType") != "PDF" or "Error" in fields:
        return None
    return {key: str(value) for key, value in fields.items()}


def examine(task):
    """Runs the whole check on one file; returns its outcome (a dict of facts and failures)."""
    path, binary, timeout, scratch, rules = task
    name = os.path.basename(path)
    outcome = {"file": path, "failures": [], "read": None, "damaged": None, "write": None, "qpdf": None}
    fail = outcome["failures"].append
    folder = tempfile.mkdtemp(dir=scratch)
    try:
        status, stdout, stderr = run([binary, "inspect", "--format", "json", path], timeout)
        if status is None:
            outcome["read"] = "hang"
            fail("inspect: no answer within %ds" % timeout)
            return outcome
        if status not in (0, 1):
            outcome["read"] = "crash"
            fail("inspect: exit %d: %s" % (status, stderr.decode("utf-8", "replace")[-300:]))
            return outcome
        inspected = report_entry(stdout)
        outcome["read"] = "ok" if inspected and inspected.get("status") == "ok" else "error"
        if outcome["read"] != "ok":
            return outcome

        verdicts = {"inspect": bool(codes(inspected) & DAMAGE_CODES)}
        copies = {}
        for command in ("plan", "set", "apply"):
            copy = os.path.join(folder, command, name)
            os.makedirs(os.path.dirname(copy))
            shutil.copyfile(path, copy)
            os.chmod(copy, 0o644)
            copies[command] = copy
        commands = {
            "plan": [binary, "plan", copies["plan"], "--rules", rules, "--format", "json"],
            "set": [binary, "set", copies["set"]] + SET_ARGUMENTS + ["--format", "json"],
            "apply": [binary, "apply", copies["apply"], "--rules", rules, "--format", "json"],
        }
        entries = {}
        for command, arguments in commands.items():
            status, stdout, stderr = run(arguments, timeout)
            if status is None or status not in (0, 1):
                fail("%s: %s" % (command, "no answer within %ds" % timeout if status is None else
                                 "exit %d: %s" % (status, stderr.decode("utf-8", "replace")[-300:])))
                outcome["read"] = "hang" if status is None else "crash"
                return outcome
            entries[command] = report_entry(stdout)
            verdicts[command] = bool(codes(entries[command]) & DAMAGE_CODES)
        outcome["damaged"] = verdicts["inspect"]
        if len(set(verdicts.values())) > 1:
            fail("damage verdicts differ: %s" % verdicts)

        written = entries["set"] or {}
        outcome["write"] = written.get("status")
        original_level = qpdf_level(path, timeout)
        outcome["qpdf"] = original_level
        if outcome["write"] == "skipped" and "repaired-file" in codes(written) and original_level == 0:
            fail("refused as damaged, but qpdf --check finds nothing wrong: %s" % written.get("error"))
        if outcome["write"] == "written":
            check_written(path, copies["set"], binary, timeout, original_level, fail)
        return outcome
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def check_written(original, copy, binary, timeout, original_level, fail):
    """The checks of a written copy (see the module's summary)."""
    with open(original, "rb") as handle:
        original_bytes = handle.read()
    with open(copy, "rb") as handle:
        written_bytes = handle.read()
    if not written_bytes.startswith(original_bytes):
        fail("the original bytes are not a prefix of the written file")

    level = qpdf_level(copy, timeout)
    if level > original_level:
        names = ["clean", "warnings", "errors"]
        fail("qpdf --check: %s before, %s after" % (names[original_level], names[level]))

    before, after = pikepdf_reading(original, timeout), pikepdf_reading(copy, timeout)
    if before and before.get("ok"):
        if not (after and after.get("ok")):
            fail("pikepdf cannot read the written file: %s" % (after or {}).get("error"))
        else:
            for key, value in EXPECTED.items():
                if after["info"].get(key) != value:
                    fail("pikepdf /%s: %r" % (key, after["info"].get(key)))
    if after and after.get("xmp") is not None and after["xmp"].get("title") != TITLE:
        fail("XMP dc:title: %r" % after["xmp"].get("title"))

    if pdfinfo(original, timeout) is not None:
        fields = pdfinfo(copy, timeout)
        if fields is None:
            fail("pdfinfo cannot read the written file")
        else:
            for key, value in EXPECTED.items():
                if fields.get(key) != value:
                    fail("pdfinfo %s: %r" % (key, fields.get(key)))

    exif_before = exiftool(original, timeout)
    if exif_before is not None and "Warning" not in exif_before:
        exif_after = exiftool(copy, timeout)
        if exif_after is None:
            fail("exiftool cannot read the written file")
        else:
            for key, value in EXPECTED.items():
                if exif_after.get(key) != value:
                    fail("exiftool %s: %r" % (key, exif_after.get(key)))
            if "Warning" in exif_after:
                fail("exiftool warns: %s" % exif_after["Warning"])

    status, stdout, _ = run([binary, "set", copy] + SET_ARGUMENTS + ["--format", "json"], timeout)
    again = report_entry(stdout) or {}
    with open(copy, "rb") as handle:
        if handle.read() != written_bytes or again.get("status") != "unchanged":
            fail("a second identical set changed the file (status %s)" % again.get("status"))

    run([binary, "undo", copy, "--format", "json"], timeout)
    with open(copy, "rb") as handle:
        if handle.read() != original_bytes:
            fail("undo did not restore the original bytes")


def pdfs(arguments):
    files = []
    for argument in arguments:
        if os.path.isdir(argument):
            for folder, _, names in os.walk(argument):
                files += [os.path.join(folder, n) for n in sorted(names) if n.lower().endswith(".pdf")]
        else:
            files.append(argument)
    return sorted(files)


def summarize(outcomes):
    """The table of counts."""
    count = lambda test: sum(1 for outcome in outcomes if test(outcome))
    rows = [
        ("files", len(outcomes)),
        ("read (inspect exit 0)", count(lambda o: o["read"] == "ok")),
        ("not readable (exit 1)", count(lambda o: o["read"] == "error")),
        ("crashes", count(lambda o: o["read"] == "crash")),
        ("hangs", count(lambda o: o["read"] == "hang")),
        ("written", count(lambda o: o["write"] == "written")),
        ("refused as damaged", count(lambda o: o["write"] == "skipped" and o["damaged"])),
        ("refused otherwise (signed, encrypted, ...)", count(lambda o: o["write"] == "skipped" and not o["damaged"])),
        ("unchanged or not written", count(lambda o: o["write"] not in (None, "written", "skipped"))),
        ("files failing a check", count(lambda o: o["failures"])),
    ]
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", default=[os.path.join(SHARED, "corpus"), os.path.join(SHARED, "peer-corpus")])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "tagrules"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=int, default=120, help="seconds per command")
    parser.add_argument("--json", help="also write the outcomes as JSON to this file")
    args = parser.parse_args()

    files = pdfs(args.paths)
    scratch = tempfile.mkdtemp(prefix="oracle-check-")
    rules = os.path.join(scratch, "rules")
    os.makedirs(rules)
    with open(os.path.join(rules, "oracle.lua"), "w") as handle:
        handle.write(RULE)
    try:
        tasks = [(path, os.path.abspath(args.binary), args.timeout, scratch, rules) for path in files]
        outcomes = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for outcome in pool.map(examine, tasks):
                outcomes.append(outcome)
                if len(outcomes) % 100 == 0 or outcome["failures"]:
                    print("oracle check: %d of %d files%s" % (len(outcomes), len(tasks),
                          ", FAIL " + os.path.basename(outcome["file"]) if outcome["failures"] else ""),
                          file=sys.stderr, flush=True)
    finally:
        for helper in all_helpers:
            helper.close()
        shutil.rmtree(scratch, ignore_errors=True)

    print("%-44s %6s" % ("oracle check", "files"))
    for label, number in summarize(outcomes):
        print("%-44s %6d" % (label, number))
    failed = [outcome for outcome in outcomes if outcome["failures"]]
    for outcome in failed:
        print("\nFAIL %s" % outcome["file"])
        for failure in outcome["failures"]:
            print("  - %s" % failure)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"counts": dict(summarize(outcomes)), "outcomes": outcomes}, handle, indent=1, ensure_ascii=False)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
