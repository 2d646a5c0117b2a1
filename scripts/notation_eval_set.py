#!/usr/bin/env python3
"""Builds an evaluation set of real typeset scores whose true title, composer and key are known,
for measuring issue 27's shipped rules ("metadata from notation source", "title and composer
from the first page").

    TAGRULES_NOTATION_TOOLS=1 bash scripts/setup.sh          # music21, python-ly, lilypond, musescore3
    python3 scripts/notation_eval_set.py OUT [--per-origin N] [--count ORIGIN=N ...] [--mutopia DIR]
                                             [--seed S] [--number-from K]

Three origins, N scores each (default 40; `--count mutopia=45` sets one origin's number),
every one engraved here from a real source:
  musescore  music21's corpus MusicXML saved by MuseScore 3 (`mscore3 -o x.mscz x.mxl`) and
             exported from that to PDF (`mscore3 -o x.pdf x.mscz`); the `.mscz` is the notation
             source beside it.
  lilypond   the same kind of MusicXML → `musicxml2ly` → `lilypond`; the `.ly` is the source.
  mutopia    Mutopia Project LilyPond sources compiled with `lilypond` (DIR is a checkout of
             github.com/MutopiaProject/MutopiaProject, e.g. `git clone` of the mirror the
             search tool's `fetch` gives), brought up to date by `convert-ly` (the converted
             `.ly` is the source beside the PDF); skipped without --mutopia.

Truth: for MusicXML, what music21 reads (title: work-title, else movement-title; the first
composer; the first key signature and its mode); for Mutopia, what LilyPond itself wrote into
the PDF's Info (/Title, /Composer) and the key of its MIDI output (music21), or python-ly's
reading of `\\key` when there is no MIDI. Only scores with a title (not a file name, as some
corpus files have), a composer and a key are kept, and only those whose first page shows the
title and the composer as pdftotext reads it: a score is real when the truth is printed on it.

Written to OUT:
  with-source/NAME.pdf + NAME.mscz|.ly   the PDF with its notation source beside it
  blind/score-NNNN.pdf                   the same PDF, Info and XMP emptied (pikepdf), a
                                         meaningless name, no source beside it
  truth.csv                              blind name, source name, origin, title, composer,
                                         keysf, keymi
Engraving is slow (LilyPond takes seconds a score); nothing here runs in CI.
"""
import argparse
import csv
import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile

ENV = dict(os.environ, QT_QPA_PLATFORM="offscreen")


def music21_truth(path):
    from music21 import converter, key
    score = converter.parse(path)
    if hasattr(score, "scores") and score.scores:
        score = score.scores[0]
    metadata = score.metadata
    if metadata is None:
        return None
    title = metadata.title or getattr(metadata, "movementName", None)
    composers = [str(c).strip() for c in metadata.composers if str(c).strip()]
    signatures = list(score.recurse().getElementsByClass(key.KeySignature))
    if not (title and composers and signatures):
        return None
    mode = getattr(signatures[0], "mode", None)
    keymi = {None: 0, "major": 0, "minor": 1}.get(mode)
    if keymi is None or not -7 <= signatures[0].sharps <= 7:
        return None
    return {"title": " ".join(str(title).split()), "composer": " ".join(composers[0].split()),
            "keysf": signatures[0].sharps, "keymi": keymi}


def plausible(truth, source):
    """Whether the truth's title is a title, not a file name (music21's corpus has
    `<movement-title>bwv419.mxl</movement-title>`), and its composer a name (not a numbered
    heading in capitals, as in `<creator type="composer">1. LAGIOVINETTAPIANTA</creator>`)."""
    title, composer = truth["title"].lower(), truth["composer"]
    stem = os.path.splitext(os.path.basename(source))[0].lower()
    named = any(c.islower() for c in composer) and not any(c.isdigit() for c in composer)
    return named and not title.endswith((".xml", ".mxl", ".musicxml", ".mscz", ".mscx", ".ly", ".pdf")) and title != stem


def shown(pdf, truth):
    """Whether page 1 of `pdf` shows the truth's title and composer."""
    page = " ".join(run(["pdftotext", "-f", "1", "-l", "1", pdf, "-"]).stdout.lower().split())
    return all(" ".join(truth[field].lower().split()) in page for field in ("title", "composer"))


def discard(paths):
    for path in paths:
        if os.path.exists(path):
            os.remove(path)


def run(arguments, cwd=None, timeout=600):
    return subprocess.run(arguments, cwd=cwd, env=ENV, capture_output=True, text=True, timeout=timeout)


def musescore(source, stem, folder):
    """Saves the MusicXML as a MuseScore file and exports the PDF from that, as a MuseScore user
    does (the PDF's Info title is then the .mscz's name, not the MusicXML's)."""
    pdf, mscz = os.path.join(folder, stem + ".pdf"), os.path.join(folder, stem + ".mscz")
    run(["mscore3", "-o", mscz, source])
    if os.path.exists(mscz):
        run(["mscore3", "-o", pdf, mscz])
    return (pdf, mscz) if os.path.exists(pdf) and os.path.exists(mscz) else None


def lilypond_from_musicxml(source, stem, folder, work):
    xml = os.path.join(work, stem + ".xml")
    if source.endswith(".mxl"):
        run(["mscore3", "-o", xml, source])  # musicxml2ly reads .mxl poorly; MuseScore unpacks it
    else:
        shutil.copy(source, xml)
    ly = os.path.join(folder, stem + ".ly")
    run(["musicxml2ly", "--no-beaming", "-o", ly, xml])
    discard([ly + "~"])  # musicxml2ly's backup of a file it would overwrite
    if not os.path.exists(ly):
        return None
    run(["lilypond", "-dno-point-and-click", "-o", os.path.join(folder, stem), ly], cwd=folder)
    pdf = os.path.join(folder, stem + ".pdf")
    return (pdf, ly) if os.path.exists(pdf) else None


def mutopia_truth_and_pdf(source, stem, folder, work):
    """Compiles a Mutopia source (in a copy of its folder, for its includes)."""
    import pikepdf
    from music21 import converter, key
    copy = os.path.join(work, stem)
    shutil.copytree(os.path.dirname(source), copy, dirs_exist_ok=True)
    compiled = os.path.join(copy, os.path.basename(source))
    # Most Mutopia sources were written for an older LilyPond: bring the syntax up to date first.
    run(["convert-ly", "--edit", compiled], cwd=copy)
    discard([compiled + "~"])  # convert-ly's backup
    result = run(["lilypond", "-dno-point-and-click", "-o", os.path.join(copy, stem), compiled], cwd=copy)
    pdf = os.path.join(copy, stem + ".pdf")
    if result.returncode != 0 or not os.path.exists(pdf):
        return None
    with pikepdf.open(pdf) as document:
        info = {k: str(v) for k, v in document.docinfo.items()}
    title, composer = info.get("/Title", "").strip(), info.get("/Composer", "").strip()
    keysf = keymi = None
    for midi in (os.path.join(copy, stem + ".midi"), os.path.join(copy, stem + ".mid")):
        if os.path.exists(midi):
            signatures = list(converter.parse(midi).recurse().getElementsByClass(key.KeySignature))
            if signatures:
                keysf, keymi = signatures[0].sharps, {"major": 0, "minor": 1}.get(getattr(signatures[0], "mode", None))
    if keysf is None:
        exported = run([sys.executable, "-m", "ly.cli.main", "musicxml", compiled])
        if exported.returncode == 0 and exported.stdout.strip():
            xml = os.path.join(copy, stem + ".ly.xml")
            open(xml, "w").write(exported.stdout)
            signatures = list(converter.parse(xml).recurse().getElementsByClass(key.KeySignature))
            if signatures:
                keysf, keymi = signatures[0].sharps, {None: 0, "major": 0, "minor": 1}.get(getattr(signatures[0], "mode", None))
    if not (title and composer) or keysf is None or keymi is None:
        return None
    shutil.copy(pdf, os.path.join(folder, stem + ".pdf"))
    shutil.copy(compiled, os.path.join(folder, stem + ".ly"))
    truth = {"title": " ".join(title.split()), "composer": " ".join(composer.split()), "keysf": keysf, "keymi": keymi}
    return truth, (os.path.join(folder, stem + ".pdf"), os.path.join(folder, stem + ".ly"))


def blind_copy(pdf, target):
    """The PDF with an empty Info dictionary and no XMP packet."""
    import pikepdf
    with pikepdf.open(pdf) as document:
        if "/Info" in document.trailer:
            del document.trailer["/Info"]
        if "/Metadata" in document.Root:
            del document.Root["/Metadata"]
        document.save(target)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--per-origin", type=int, default=40)
    parser.add_argument("--mutopia", help="a checkout of the Mutopia Project repository")
    parser.add_argument("--count", action="append", default=[], metavar="ORIGIN=N",
                        help="scores of one origin (musescore, lilypond, mutopia) instead of --per-origin")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--number-from", type=int, default=0,
                        help="first number in the names (NAME is ORIGIN-NNN-stem): another run's set can be added to this one")
    options = parser.parse_args()
    counts = {origin: options.per_origin for origin in ("musescore", "lilypond", "mutopia")}
    for setting in options.count:
        origin, _, number = setting.partition("=")
        if origin not in counts or not number.isdigit():
            parser.error(f"--count {setting}: expected ORIGIN=N with ORIGIN one of {', '.join(counts)}")
        counts[origin] = int(number)
    import music21

    with_source, blind = os.path.join(options.out, "with-source"), os.path.join(options.out, "blind")
    os.makedirs(with_source, exist_ok=True)
    os.makedirs(blind, exist_ok=True)
    corpus = os.path.join(os.path.dirname(music21.__file__), "corpus")
    sources = sorted(os.path.join(folder, name) for folder, _, names in os.walk(corpus) for name in names
                     if os.path.splitext(name)[1] in (".xml", ".mxl", ".musicxml") and os.path.getsize(os.path.join(folder, name)) < 400_000)
    random.Random(options.seed).shuffle(sources)
    work = tempfile.mkdtemp()
    # Each score is written as soon as it is made, so that a stopped run keeps what it made.
    table = open(os.path.join(options.out, "truth.csv"), "w", newline="", encoding="utf-8")
    writer = csv.writer(table)
    writer.writerow(["blind", "with_source", "source", "origin", "original", "title", "composer", "keysf", "keymi"])
    count = 0

    def record(origin, original, truth, built):
        nonlocal count
        pdf, notation = built
        name = "score-" + hashlib.sha256(os.path.basename(pdf).encode()).hexdigest()[:10] + ".pdf"
        blind_copy(pdf, os.path.join(blind, name))
        writer.writerow([name, os.path.basename(pdf), os.path.basename(notation), origin, original, truth["title"],
                         truth["composer"], truth["keysf"], truth["keymi"]])
        table.flush()
        count += 1

    try:
        candidates = iter(sources)
        for origin in ("musescore", "lilypond"):
            made = 0
            for source in candidates:
                if made == counts[origin]:
                    break
                try:
                    truth = music21_truth(source)
                except Exception:
                    truth = None
                if truth is None or not plausible(truth, source):
                    continue
                stem = f"{origin}-{options.number_from + made:03d}-" + os.path.splitext(os.path.basename(source))[0]
                built = (musescore(source, stem, with_source) if origin == "musescore"
                         else lilypond_from_musicxml(source, stem, with_source, work))
                if built is None:
                    continue
                if not shown(built[0], truth):
                    discard(built)
                    continue
                record(origin, source, truth, built)
                made += 1
                print(f"{origin} {made}/{counts[origin]}: {source}", file=sys.stderr)
        if options.mutopia:
            lys = sorted(os.path.join(folder, name) for folder, _, names in os.walk(os.path.join(options.mutopia, "ftp"))
                         for name in names if name.endswith(".ly") and os.path.getsize(os.path.join(folder, name)) < 60_000)
            random.Random(options.seed).shuffle(lys)
            made = 0
            for source in lys:
                if made == counts["mutopia"]:
                    break
                stem = f"mutopia-{options.number_from + made:03d}-" + os.path.splitext(os.path.basename(source))[0]
                try:
                    result = mutopia_truth_and_pdf(source, stem, with_source, work)
                except Exception:
                    result = None
                if result is None:
                    continue
                if not shown(result[1][0], result[0]):
                    discard(result[1])
                    continue
                record("mutopia", source, result[0], result[1])
                made += 1
                print(f"mutopia {made}/{counts['mutopia']}: {source}", file=sys.stderr)
    finally:
        shutil.rmtree(work)
        table.close()
    print(f"{count} scores in {options.out}")

if __name__ == "__main__":
    main()
