#!/usr/bin/env python3
"""Checks tagrules' notation reader (Sources/Notation) against independent readers.

    python3 scripts/notation_oracle.py record           # re-record Tests/NotationTests/Fixtures/expected.json
    python3 scripts/notation_oracle.py corpus [N] [M]   # music21's corpus: N MusicXML files, M via MuseScore

What the other tools say, field by field:
  * MusicXML (.xml, .mxl): music21 parses the file (title, composers, first key signature and
    its mode, first time signature, first metronome mark, part names).
  * MuseScore (.mscz, .mscx): MuseScore 3 itself exports the score to MusicXML
    (`mscore3 -o x.musicxml x.mscz`), which music21 then parses.
  * LilyPond (.ly): LilyPond compiles the file; its PDF's Title (pdfinfo) is the title and the
    key signature of its MIDI output (read by music21) the key; python-ly's MusicXML export
    gives the composer and time signature.

`record` writes what the oracles say about each committed fixture into expected.json, which
NotationFixtureTests compares with the reader, so that CI needs none of these tools. `corpus`
reads the corpus from the installed music21 package, prints agreement per field, and lists
each disagreement. Neither is part of CI.

Needs (opt-in, not installed by CI): `TAGRULES_NOTATION_TOOLS=1 bash scripts/setup.sh`
(music21, python-ly, Debian's lilypond and musescore3).
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "NotationTests", "Fixtures")
ENV = dict(os.environ, QT_QPA_PLATFORM="offscreen")


def dump(paths):
    """What tagrules' reader says about each path: {path: source dict or {"error": …}}."""
    subprocess.run(["swift", "build", "--package-path", ROOT, "--product", "NotationDump"], check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(subprocess.run(["swift", "build", "--package-path", ROOT, "--show-bin-path"], check=True,
                                         capture_output=True, text=True).stdout.strip(), "NotationDump")
    result = {}
    for start in range(0, len(paths), 200):
        out = subprocess.run([binary] + paths[start:start + 200], capture_output=True, text=True).stdout
        for line in out.splitlines():
            entry = json.loads(line)
            result[entry["path"]] = entry.get("source") or {"error": entry.get("error")}
    return result


def music21_facts(path):
    """What music21 reads from a MusicXML file."""
    from music21 import converter, key, meter, tempo
    score = converter.parse(path)
    if hasattr(score, "scores") and score.scores:
        score = score.scores[0]
    facts = {}
    metadata = score.metadata
    if metadata is not None:
        # music21's title is the work-title; a score without one is known by its movement-title,
        # which music21 sets to the file's name when the score states none: that is no title.
        title = metadata.title or getattr(metadata, "movementName", None)
        if title and str(title) not in (os.path.basename(path), os.path.splitext(os.path.basename(path))[0]):
            facts["title"] = " ".join(str(title).split())
        composers = [" ".join(str(c).split()) for c in metadata.composers if str(c).strip()]
        if composers:
            facts["composers"] = composers
    signatures = list(score.recurse().getElementsByClass(key.KeySignature))
    if signatures:
        first = signatures[0]
        facts["keysf"] = first.sharps
        facts["mode"] = getattr(first, "mode", None)
    times = list(score.recurse().getElementsByClass(meter.TimeSignature))
    if times:
        facts["time"] = times[0].ratioString
    marks = list(score.recurse().getElementsByClass(tempo.MetronomeMark))
    if marks and marks[0].number is not None:
        facts["quarterNotesPerMinute"] = round(marks[0].getQuarterBPM(), 3)
    facts["parts"] = [" ".join(str(p.partName).split()) if p.partName else None for p in score.parts]
    return facts


def musescore_facts(path, work):
    """MuseScore's own export of the score to MusicXML, read by music21."""
    target = os.path.join(work, os.path.basename(path) + ".musicxml")
    subprocess.run(["mscore3", "-o", target, path], env=ENV, capture_output=True, timeout=300)
    facts = music21_facts(target)
    facts.pop("quarterNotesPerMinute", None)  # MuseScore's export adds a default tempo mark
    return facts


def lilypond_facts(path, work):
    """LilyPond's PDF title and MIDI key; python-ly's composer and time signature."""
    from music21 import converter, key
    facts = {}
    stem = os.path.join(work, os.path.splitext(os.path.basename(path))[0])
    subprocess.run(["lilypond", "-dno-point-and-click", "-o", stem, path], capture_output=True, timeout=600,
                   cwd=os.path.dirname(path))
    if os.path.exists(stem + ".pdf"):
        info = subprocess.run(["pdfinfo", stem + ".pdf"], capture_output=True, text=True).stdout
        for line in info.splitlines():
            if line.startswith("Title:") and line[6:].strip():
                facts["title"] = " ".join(line[6:].split())
    for midi in (stem + ".midi", stem + ".mid"):
        if os.path.exists(midi):
            signatures = list(converter.parse(midi).recurse().getElementsByClass(key.KeySignature))
            if signatures:
                facts["keysf"] = signatures[0].sharps
                facts["mode"] = getattr(signatures[0], "mode", None)
            break
    xml = subprocess.run([sys.executable, "-m", "ly.cli.main", "musicxml", path], capture_output=True, text=True)
    if xml.returncode == 0 and xml.stdout.strip():
        exported = stem + ".ly.musicxml"
        open(exported, "w").write(xml.stdout)
        ly = music21_facts(exported)
        for field in ("composers", "time"):
            if field in ly:
                facts[field] = ly[field]
        if "keysf" not in facts and "keysf" in ly:  # no \midi block: python-ly's reading of \key
            facts["keysf"], facts["mode"] = ly["keysf"], ly["mode"]
    return facts


def facts_for(path, work):
    extension = os.path.splitext(path)[1].lower()
    if extension in (".mscz", ".mscx"):
        return musescore_facts(path, work)
    if extension == ".ly":
        return lilypond_facts(path, work)
    return music21_facts(path)


def compare(expected, actual):
    """Per field, whether tagrules' reading agrees with the oracle's (fields the oracle gives)."""
    verdicts = {}
    if "error" in actual:
        return {field: False for field in expected}
    for field, value in expected.items():
        if field == "mode":
            keymi = {None: 0, "major": 0, "minor": 1}.get(value)
            verdicts[field] = actual.get("keymi") == keymi
        elif field == "quarterNotesPerMinute":
            mine = (actual.get("tempo") or {}).get("quarterNotesPerMinute")
            verdicts[field] = mine is not None and abs(mine - value) < 0.01
        elif field == "parts":
            # music21 makes a part of each staff of a piano: the same name twice in a row.
            names = [name for index, name in enumerate(value) if index == 0 or value[index - 1] != name]
            mine = [p.get("name") for p in actual.get("parts", [])]
            verdicts[field] = mine in (value, names)
        else:
            verdicts[field] = actual.get(field) == value
    return verdicts


def record():
    paths = sorted(os.path.join(FIXTURES, name) for name in os.listdir(FIXTURES)
                   if os.path.splitext(name)[1].lower() in (".xml", ".mxl", ".musicxml", ".mscz", ".mscx", ".ly")
                   and not name.startswith("made-"))
    work = tempfile.mkdtemp()
    try:
        expected = {os.path.basename(path): facts_for(path, work) for path in paths}
    finally:
        shutil.rmtree(work)
    with open(os.path.join(FIXTURES, "expected.json"), "w", encoding="utf-8") as out:
        json.dump(expected, out, indent=1, ensure_ascii=False, sort_keys=True)
        out.write("\n")
    report(expected, dump(paths), key=lambda path: os.path.basename(path))


def report(expected, actual, key):
    totals = {}
    for path, source in actual.items():
        for field, agrees in compare(expected.get(key(path), {}), source).items():
            total = totals.setdefault(field, [0, 0])
            total[0] += agrees
            total[1] += 1
            if not agrees:
                print(f"DIFFERS {field}: {path}: oracle {expected[key(path)].get(field)!r}, tagrules "
                      f"{source.get(field, source.get('keymi') if field == 'mode' else source.get('error'))!r}")
    for field, (agree, total) in sorted(totals.items()):
        print(f"{field:24} {agree}/{total} agree")


def corpus(count, via_musescore):
    import music21
    root = os.path.join(os.path.dirname(music21.__file__), "corpus")
    files = sorted(os.path.join(folder, name) for folder, _, names in os.walk(root) for name in names
                   if os.path.splitext(name)[1].lower() in (".xml", ".mxl", ".musicxml"))
    random.Random(27).shuffle(files)
    files = files[:count]
    expected, work = {}, tempfile.mkdtemp()
    try:
        for path in files:
            try:
                expected[path] = music21_facts(path)
            except Exception as error:  # music21 cannot read it: nothing to compare
                print(f"SKIPPED {path}: music21: {error}")
        converted = []
        for path in list(expected)[:via_musescore]:
            target = os.path.join(work, os.path.basename(path) + ".mscz")
            subprocess.run(["mscore3", "-o", target, path], env=ENV, capture_output=True, timeout=300)
            if os.path.exists(target):
                try:
                    expected[target] = musescore_facts(target, work)
                    converted.append(target)
                except Exception as error:
                    print(f"SKIPPED {target}: {error}")
        print(f"{len(expected) - len(converted)} MusicXML files, {len(converted)} MuseScore files")
        report(expected, dump(list(expected)), key=lambda path: path)
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "corpus"
    if command == "record":
        record()
    elif command == "corpus":
        corpus(int(sys.argv[2]) if len(sys.argv) > 2 else 10_000, int(sys.argv[3]) if len(sys.argv) > 3 else 60)
    else:
        sys.exit(__doc__)
