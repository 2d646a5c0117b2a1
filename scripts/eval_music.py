#!/usr/bin/env python3
"""Measures issue 27's shipped rules on real typeset scores (a benchmark, not a test): how often
`tagrules plan` with the shipped rules sets the right title, composer and key.

    python3 scripts/notation_eval_set.py SET --mutopia DIR ...     # builds SET (see its header)
    python3 scripts/eval_music.py SET [SET ...] [--tagrules BIN] [--rules DIR] [--half dev|test|all] [--misses]

SET holds `truth.csv`, `blind/` (each PDF with Info and XMP emptied and a meaningless name, no
notation source: only the first page can tell) and `with-source/` (the PDF as engraved, its
MusicXML/MuseScore/LilyPond source beside it). `tagrules plan --format json --rules DIR` runs on
each folder; the title, composers and key it would leave are compared with truth.csv:
  * title: equal after folding case, accents, punctuation and spaces;
  * composer: the truth's composer is one of the score's composers, both read through the
    shipped composer table (rules/data/composers.tsv and its spellings: "J. S. Bach",
    "Bach, Johann Sebastian" and "Johann Sebastian Bach (1685-1750)" are one composer), else
    equal after folding as titles are and dropping life dates;
  * key: keysf and keymi both equal.
The blind figures are the first-page rule's (plus the rules that run after it); the with-source
figures the notation-source rule's, counted where the source states the field (`tagrules
inspect` shows what it states); a miss where the source itself says otherwise than the truth
(MuseScore 3 keeps no mode, so a minor piece's .mscz states major) is marked so. Scores are split into two halves by a hash of their blind
name: `dev` (the rules were tuned looking at it) and `test` (held out); both and the total are
printed, per origin (musescore, lilypond, mutopia) and in all. Several SETs (runs of
notation_eval_set.py with other seeds) are measured as one; a score engraved from the same
original in two of them counts once.
"""
import argparse
import collections
import csv
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from build_composers import normalize  # noqa: E402
ORIGINS = ("musescore", "lilypond", "mutopia")
FIELDS = ("title", "composer", "key")


def fold(text):
    """tagrules.normalize's form (case, accents, punctuation, initials); "" for nothing."""
    return normalize(text or "")


def read_table(path):
    """A TSV of the rules' data folder (a header row, `#` comments) as {folded first cell: row}."""
    with open(path, encoding="utf-8") as handle:
        lines = [line for line in handle if line.strip() and not line.startswith("#")]
    return {fold(cells[0]): cells for cells in csv.reader(lines[1:], delimiter="\t", quoting=csv.QUOTE_NONE)}


class Composers:
    """Composer names through the shipped table: full name of a spelling, else the name."""

    def __init__(self, rules):
        data = Path(rules) / "data"
        self.spellings = {key: cells[1] for key, cells in read_table(data / "composer-spellings.tsv").items()}
        self.names = read_table(data / "composers.tsv")

    def canonical(self, text):
        name = re.sub(r"\(?\s*(c\.\s*)?\d{3,4}\??\s*[-–—]+\s*(c\.\s*)?(\d{3,4})?\??\s*\)?", " ", text or "")
        name = re.sub(r",\s*\d{4}\s*$", "", name)  # a year after the name is the work's ("Holst (1874-1934), 1906")
        name = re.sub(r"\([^()]*\)", " ", name)  # a remark in brackets is no part of the name ("(opus dubium)")
        name = re.sub(r"^\s*(music by|composed by|by)\s+", "", name, flags=re.I).strip(" ,;")
        candidates = [name]
        if "," in name:
            surname, _, given = name.partition(",")
            candidates.append(f"{given} {surname}")
        for candidate in candidates:
            key = fold(candidate)
            if key in self.spellings:
                return fold(self.spellings[key])
            if key in self.names:
                return key
        return fold(candidates[-1])  # "Laub, Ferdinand" is "Ferdinand Laub"


def half_of(blind_name):
    return "dev" if int(hashlib.sha256(blind_name.encode()).hexdigest()[:8], 16) % 2 == 0 else "test"


def tagrules_json(binary, arguments, folder):
    result = subprocess.run([binary, *arguments, str(folder), "--format", "json"], capture_output=True, text=True)
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        sys.exit(f"tagrules {arguments[0]} on {folder} gave no JSON (exit {result.returncode}): {result.stderr[-2000:]}")
    return {Path(entry["path"]).name: entry for entry in report["files"]}


def values(title, names, keysf, keymi):
    return {"title": title, "composer": names, "key": (keysf, keymi)}


def verdicts(left, truth, composers, stated=None):
    """{field: right?} of what the rules left against the truth; a field the notation source
    does not state (`stated`, when given) is None: not counted."""
    wanted = composers.canonical(truth["composer"])
    right = {"title": fold(left["title"]) == fold(truth["title"]),
             "composer": any(composers.canonical(name) == wanted for name in left["composer"]),
             "key": left["key"] == (int(truth["keysf"]), int(truth["keymi"]))}
    return {field: (None if stated is not None and not stated[field] else verdict) for field, verdict in right.items()}


def rate(right, total):
    return f"{100 * right / total:5.1f} % ({right:3d} of {total:3d})" if total else "   -"


def report(label, results):
    print(f"\n{label}")
    halves = sorted({half for _, half, _ in results}) + ["all"]
    print(f"  {'origin':<10} {'half':<5} " + "  ".join(f"{field:<22}" for field in FIELDS))
    for origin in ORIGINS + ("all",):
        for half in halves:
            chosen = [verdict for o, h, verdict in results if origin in (o, "all") and half in (h, "all")]
            if not chosen:
                continue
            cells = [rate(sum(v[field] is True for v in chosen), sum(v[field] is not None for v in chosen)) for field in FIELDS]
            print(f"  {origin:<10} {half:<5} " + "  ".join(f"{cell:<22}" for cell in cells))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sets", type=Path, nargs="+", metavar="SET")
    parser.add_argument("--tagrules", default=None, help="the tagrules binary (default: .build/release, else .build/debug)")
    parser.add_argument("--rules", type=Path, default=ROOT / "rules")
    parser.add_argument("--half", choices=("dev", "test", "all"), default="all")
    parser.add_argument("--misses", action="store_true", help="list every score a rule got wrong")
    options = parser.parse_args()
    binary = options.tagrules or next((str(path) for path in (ROOT / ".build/release/tagrules", ROOT / ".build/debug/tagrules")
                                       if path.exists()), None)
    if binary is None:
        sys.exit("no tagrules binary: run `swift build -c release` or give --tagrules")
    composers = Composers(options.rules)
    truths, seen, blind, sourced, inspected = [], set(), {}, {}, {}
    for folder in options.sets:
        with open(folder / "truth.csv", newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                if row["original"] not in seen and options.half in ("all", half_of(row["blind"])):
                    seen.add(row["original"])
                    truths.append(row)
        plan = ["plan", "--rules", str(options.rules)]
        blind.update(tagrules_json(binary, plan, folder / "blind"))
        sourced.update(tagrules_json(binary, plan, folder / "with-source"))
        inspected.update(tagrules_json(binary, ["inspect"], folder / "with-source"))
    results, misses = {"blind": [], "with source": []}, {"blind": [], "with source": []}
    for truth in truths:
        half = half_of(truth["blind"])
        source = (inspected.get(truth["with_source"]) or {}).get("source") or {}
        said = values(source.get("title") or source.get("movement"), source.get("composers") or [],
                      source.get("keysf"), source.get("keymi"))
        stated = {"title": bool(said["title"]), "composer": bool(said["composer"]), "key": None not in said["key"]}
        for label, entries, name, states in (("blind", blind, truth["blind"], None),
                                             ("with source", sourced, truth["with_source"], stated)):
            after = (entries.get(name) or {}).get("after") or {}
            left = values(after.get("title"), after.get("composers") or [], after.get("keysf"), after.get("keymi"))
            verdict = verdicts(left, truth, composers, states)
            results[label].append((truth["origin"], half, verdict))
            # No rule reads a key from the printed page: blind keys are shown, their misses not listed.
            wrong = [field for field in FIELDS if verdict[field] is False and not (label == "blind" and field == "key")]
            if wrong:
                # Whether the source itself says otherwise than the truth (then the rule is not at fault).
                source_right = verdicts(said, truth, composers) if states else None
                misses[label].append((name, truth, wrong, left, said if states else None, source_right))
    print(f"{len(truths)} scores in {', '.join(map(str, options.sets))} ({options.half}); rules {options.rules}; {binary}")
    report("blind (Info emptied, meaningless name, no source): title and composer from the first page", results["blind"])
    report("with the notation source beside the PDF, where the source states the field", results["with source"])
    if options.misses:
        for label in ("blind", "with source"):
            print(f"\nmisses, {label}:")
            for name, truth, wrong, left, said, source_right in misses[label]:
                want = values(truth["title"], truth["composer"], int(truth["keysf"]), int(truth["keymi"]))
                notes = []
                for field in wrong:
                    note = f"{field}: {left[field]!r}, truth {want[field]!r}"
                    if source_right is not None and not source_right[field]:
                        note += f" (the source says {said[field]!r})"
                    notes.append(note)
                print(f"  {name} [{truth['origin']}, {half_of(truth['blind'])}] " + "; ".join(notes))

if __name__ == "__main__":
    main()
