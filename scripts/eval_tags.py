#!/usr/bin/env python3
"""Real-world evaluation of the shipped rules' keys, composers and eras (a benchmark, not a test).

    python3 scripts/eval_tags.py --mutopia DIR [--cel-wheel FILE] [--imslp-titles N] [--show-misses]

Items, with expected values from each source's own metadata (never from tagrules):
  * Mutopia Project (github.com/MutopiaProject/MutopiaProject; DIR is a checkout, pieces public
    domain or Creative Commons): every piece's `title` header with the key of its music's first
    `\\key` command, its `composer` header ("Franz Abt (1819-1885)", "J. S. Bach") with the
    composer's Mutopia id ("AbtF", "BachJS") and the era its contributor gave the piece in the
    `style` header (Baroque, Classical, Romantic ...; pieces whose style is no era, such as
    Hymn, Folk, March or Technique, give no era item); its .ly file names as file names.
    Pieces by "Traditional" or "Anonymous" give no composer item.
  * IMSLP work titles with the key IMSLP's work page gives, as shipped in the PyPI package
    composition-entity-linker 0.0.6 (MIT; ref_corpus/CEL_meta_new.csv); titles of works IMSLP
    gives no key are the titles "without a key". The same rows' composers as IMSLP writes them
    ("Bach, Johann Sebastian") with the era of IMSLP's "Piece Style" category of the work.

Each item becomes a small PDF (Title, Author, file name) in a temporary library, `tagrules plan
--format json` runs the shipped rules on it, and its proposals are compared:
  * keys: of the titles whose source key is stated in the title (the tonic's name in English,
    German, French or Italian spelling next to a mode word or after "in"; a check written here,
    independent of tagrules' parser), the share read as exactly that key;
  * wrong keys: items read as a key other than the source's;
  * false keys: titles of works IMSLP gives no key, naming no key by the check above, read as
    having one;
  * composers recognised: Mutopia composer strings spelled out to a full name whose surname and
    initials are those of the Mutopia id (umlauts and their "ue" spelling, C and K alike: "MuellerW"
    is Wenzel Müller);
  * eras: composer strings whose composer got the era the source gives the piece (Mutopia's
    "Modern" and IMSLP's "Modern" stand for Modern and Contemporary alike), reported apart for
    Mutopia and IMSLP, and for Mutopia also over the composers whose row in
    rules/data/composers.tsv comes from a source other than Mutopia's own composer list (which
    the table also draws on, so that these figures are not the table grading itself).
A key signature names a major key and its relative minor alike, and a piece's first `\\key` is
sometimes the other one, or written enharmonically: keys that agree in keysf modulo 12 count
as agreeing for "wrong keys" (reported apart as "mode differs").
"""
import argparse
import collections
import csv
import io
import json
import random
import re
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from build_composers import CEL_SHA256, cel_wheel, mutopia_pieces  # noqa: E402

# LilyPond pitch names (Dutch default, Italian/French, German h) -> position on the line of fifths.
LETTER_FIFTHS = {"c": 0, "d": 2, "e": 4, "f": -1, "g": 1, "a": 3, "b": 5, "h": 5}
SOLFEGE = {"do": "c", "re": "d", "mi": "e", "fa": "f", "sol": "g", "la": "a", "si": "b"}
NAMES_BY_FIFTHS_MAJOR = {-7: "C♭", -6: "G♭", -5: "D♭", -4: "A♭", -3: "E♭", -2: "B♭", -1: "F", 0: "C",
                         1: "G", 2: "D", 3: "A", 4: "E", 5: "B", 6: "F♯", 7: "C♯"}


def lily_key(pitch, mode):
    """(keysf, keymi) of a LilyPond `\\key pitch \\mode`, or None."""
    pitch = pitch.lower()
    for syllable, letter in SOLFEGE.items():
        if pitch.startswith(syllable):
            rest = pitch[len(syllable):]
            pitch = letter + {"": "", "d": "is", "b": "es", "dd": "isis", "bb": "eses", "s": "is"}.get(rest, "?")
            break
    if not pitch or pitch[0] not in LETTER_FIFTHS:
        return None
    fifths = LETTER_FIFTHS[pitch[0]]
    rest = pitch[1:]
    if pitch[0] in "ea" and rest.startswith("s") and not rest.startswith("is"):
        rest = "e" + rest  # es, as
    shifts = {"": 0, "is": 7, "es": -7, "isis": 14, "eses": -14, "s": 7, "f": -7, "sharp": 7, "flat": -7}
    if rest not in shifts:
        return None
    fifths += shifts[rest]
    minor = 1 if mode == "minor" else 0
    keysf = fifths - 3 * minor
    if keysf > 7:
        keysf -= 12
    if keysf < -7:
        keysf += 12
    return (keysf, minor) if mode in ("major", "minor") else None


def key_from_name(name):
    """(keysf, keymi) of IMSLP's "E-flat major", "F-sharp minor", "C major"; None otherwise."""
    match = re.fullmatch(r"\s*([A-G])(?:[- ]?(flat|sharp))?\s+(major|minor)\s*", name or "", re.I)
    if not match:
        return None
    letter, accidental, mode = match.group(1).lower(), (match.group(2) or "").lower(), match.group(3).lower()
    fifths = LETTER_FIFTHS[letter] + {"": 0, "flat": -7, "sharp": 7}[accidental]
    minor = 1 if mode == "minor" else 0
    keysf = fifths - 3 * minor
    return (keysf, minor) if -7 <= keysf <= 7 else None


def tonic_spellings(keysf, keymi):
    """Ways titles spell the tonic of a key, lowercase and without accents."""
    fifths = keysf + 3 * keymi
    letter = {0: "c", 2: "d", 4: "e", -1: "f", 1: "g", 3: "a", 5: "b"}
    base = next(l for f, l in letter.items() if (fifths - f) % 7 == 0 and abs(fifths - f) <= 7)
    shift = (fifths - [f for f, l in letter.items() if l == base][0]) // 7
    solfege = {"c": ["do", "ut"], "d": ["re"], "e": ["mi"], "f": ["fa"], "g": ["sol"], "a": ["la"], "b": ["si"]}[base]
    if shift == 0:
        german = ["h"] if base == "b" else [base]
        return [base] + german + solfege
    if shift == 1:
        return [base + "#", base + "♯", base + "-sharp", base + " sharp", base + "is"] + \
               [s + " diese" for s in solfege] + [s + " diesis" for s in solfege] + [s + "#" for s in solfege]
    flats = [base + "b", base + "♭", base + "-flat", base + " flat", base + "es", base + "s"] + \
            [s + " bemol" for s in solfege] + [s + " bemolle" for s in solfege] + [s + "b" for s in solfege]
    if base == "b":
        flats.append("b")  # German B
    return flats


ALL_KEYS = [(sf, mi) for sf in range(-7, 8) for mi in (0, 1)]


def fold(text):
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in text if not unicodedata.combining(c)).replace("_", " ")


def states_key(title, key):
    """Whether `title` names `key`'s tonic next to a mode word, after "in"/"en", or as "X-Dur"."""
    text = " " + fold(title) + " "
    modes = r"(major|minor|maj|min|dur|moll|majeur|mineur|maggiore|minore|mayor|menor|m)"
    for tonic in tonic_spellings(*key):
        t = re.escape(tonic)
        if re.search(r"(?<![a-z])" + t + r"[\s\-]*" + modes + r"(?![a-z])", text):
            return True
        if re.search(r"(?<![a-z])(in|en|key of)\s+" + t + r"(?![a-z#♯♭])", text):
            return True
    return False


# Mutopia's per-piece `style` header and IMSLP's "Piece Style" category, as forScore eras.
# Styles that are no era (Hymn, Folk, March, Song, Jazz, Technique, Popular / Dance ...) give none.
STYLE_ERAS = {
    "medieval": "Medieval", "renaissance": "Renaissance", "baroque": "Baroque",
    "classical": "Classical", "classique": "Classical",
    "romantic": "Romantic", "romantique": "Romantic", "romanticism": "Romantic",
    "modern": "Modern", "avant-garde": "Modern", "early 20th century": "Modern",
    "early_20th_century": "Modern",
}


def style_era(style):
    return STYLE_ERAS.get((style or "").strip().lower())


def table_sources():
    """Each composer of rules/data/composers.tsv (by full name) with the source of its row."""
    sources = {}
    with open(ROOT / "rules" / "data" / "composers.tsv", encoding="utf-8") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t")
        for row in rows:
            sources[row["name"]] = row.get("source") or ""
    return sources


def mutopia_items(folder):
    """Title, composer and file-name items from every Mutopia piece's main .ly file."""
    items = []
    for path, text, fields in mutopia_pieces(folder):
        if "mutopiacomposer" not in fields:
            continue
        keys = re.findall(r"\\key\s+([a-z]+)\s*\\(major|minor)", text)
        key = lily_key(*keys[0]) if keys else None
        title = fields.get("title") or fields.get("mutopiatitle")
        source = f"mutopia:{path.relative_to(folder)}"
        if title:
            items.append({"kind": "title", "text": title, "key": key, "source": source})
        items.append({"kind": "filename", "text": path.stem, "key": key, "source": source})
        if fields.get("composer") and fields["mutopiacomposer"] not in ("Traditional", "Anonymous"):
            items.append({"kind": "composer", "text": fields["composer"], "composer_id": fields["mutopiacomposer"],
                          "era": style_era(fields.get("style") or fields.get("mutopiastyle")), "source": source})
    return items


def imslp_items(wheel, count):
    with zipfile.ZipFile(wheel) as archive:
        text = archive.read("composition_entity_linker/ref_corpus/CEL_meta_new.csv").decode("utf-8")
    csv.field_size_limit(1 << 30)
    rows = list(csv.DictReader(io.StringIO(text)))
    random.Random(30).shuffle(rows)
    items = []
    for row in rows[:count]:
        title = re.sub(r"\s*\([^()]*\)\s*$", "", row["composition-title"]).strip()
        key_text = row["composition-key"].strip()
        items.append({"kind": "title", "text": title, "key": key_from_name(key_text),
                      "keyless": key_text == "", "source": "imslp:" + row["composition-link"]})
        if row["composer-imslp_name"]:
            items.append({"kind": "composer", "text": row["composer-imslp_name"],
                          "era": style_era(row["composition-piece_style"]),
                          "source": "imslp:" + row["composition-link"]})
    return items


def pdf_string(text):
    data = text.encode("utf-16-be")
    return "<FEFF" + data.hex().upper() + ">"


def tiny_pdf(info):
    entries = " ".join(f"/{k} {pdf_string(v)}" for k, v in info.items())
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>", f"<< {entries} >>"]
    out = b"%PDF-1.4\n"
    offsets = []
    for index, body in enumerate(objects):
        offsets.append(len(out))
        out += f"{index + 1} 0 obj\n{body}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def safe_name(text, index):
    name = re.sub(r'[/\\\0:*?"<>|]', "_", text).strip() or "untitled"
    return f"{name[:150]}.pdf" if not name.lower().endswith(".pdf") else name[:150]


def run_plan(items, binary):
    with tempfile.TemporaryDirectory() as temp:
        paths = []
        for index, item in enumerate(items):
            folder = Path(temp, f"{index:05d}")
            folder.mkdir()
            if item["kind"] == "title":
                name, info = f"score{index}.pdf", {"Title": item["text"]}
            elif item["kind"] == "composer":
                name, info = f"score{index}.pdf", {"Title": "Piece", "Author": item["text"]}
            else:
                name, info = safe_name(item["text"], index), {}
            (folder / name).write_bytes(tiny_pdf(info))
            paths.append(folder / name)
        result = subprocess.run([binary, "plan", temp, "--rules", str(ROOT / "rules"), "--format", "json"],
                                capture_output=True, text=True)
        report = json.loads(result.stdout)
        by_path = {Path(f["path"]).resolve(): f for f in report["files"]}
        return [by_path.get(path.resolve()) for path in paths]


def ascii_fold(text):
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()
    return text.translate(str.maketrans({"ł": "l", "ø": "o", "æ": "ae", "'": " ", "’": " "}))


def era_matches(era, genres):
    """Whether the rules' genres hold the source's era (a source's "Modern" is Modern or Contemporary)."""
    return era in genres or (era == "Modern" and "Contemporary" in genres)


def majority_eras(items):
    """Each (source, composer) with the era the source gives most of its pieces (None when two
    eras tie), and per source the share of era items that era matches: the ceiling of any rule
    that gives a composer one era."""
    counts = collections.defaultdict(collections.Counter)
    for item in items:
        if item["kind"] == "composer" and item["era"]:
            source = item["source"].split(":")[0]
            counts[(source, item.get("composer_id") or imslp_id(item["text"]))][item["era"]] += 1
    majorities, best, total = collections.defaultdict(lambda: None), collections.Counter(), collections.Counter()
    for (source, composer), eras in counts.items():
        ranked = eras.most_common(2)
        if len(ranked) == 1 or ranked[0][1] > ranked[1][1]:
            majorities[(source, composer)] = ranked[0][0]
        best[source] += ranked[0][1]
        total[source] += sum(eras.values())
    return majorities, {source: 100 * best[source] / total[source] for source in total}


def imslp_id(name):
    """A Mutopia-like id of IMSLP's "Surname, Given Names" ("Bach, Johann Sebastian" -> "BachJS")."""
    surname, _, given = name.partition(",")
    words = ascii_fold(surname).replace("-", " ").split()
    return words[-1].capitalize() + "".join(w[0].upper() for w in given.split() if w[:1].isalpha())


def id_fold(text):
    """Text for comparing a name with a Mutopia id: ASCII, umlauts and their spelling in ids
    alike ("MuellerW" is Wenzel Müller: "ue" as "u"), and K as C, as German given names are
    spelled either way ("GoldmarkC" is the Carl Goldmark whom reference works call Karl)."""
    return re.sub(r"([aou])e", r"\1", ascii_fold(text)).replace("k", "c")


def recognised(full_names, composer_id):
    """Whether a full name has the surname of a Mutopia id ("BachJS" -> Bach; a hyphenated
    surname by its first part: "Mendelssohn-BartholdyF" -> Mendelssohn) and, when the name
    has given names, one of them starts with the id's first initial."""
    surname = re.match(r"[A-ZÀ-Þ][a-zß-ÿ]+", composer_id)
    if not surname:
        return False
    initials = [id_fold(c) for c in composer_id[surname.end():] if c.isupper()]
    surname = id_fold(surname.group(0))
    for name in full_names:
        words = id_fold(name).replace("-", " ").split()
        # A surname with a particle is one word in an id: "Desprez" is "des Prez".
        joined = [words[i] + words[i + 1] for i in range(len(words) - 1)]
        if surname in joined:
            i = joined.index(surname)
            words = words[:i] + [surname] + words[i + 2:]
        matches = [i for i, w in enumerate(words) if w == surname or (w.startswith(surname[:5]) and len(surname) > 6)]
        if not matches:
            continue
        given = [w[0] for i, w in enumerate(words) if i not in matches]
        if not initials or not given or any(i in given for i in initials):
            return True
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutopia", required=True, help="checkout of MutopiaProject/MutopiaProject")
    parser.add_argument("--cel-wheel", help="composition_entity_linker 0.0.6 wheel (else pip downloads it)")
    parser.add_argument("--imslp-titles", type=int, default=3000)
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "tagrules"))
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    wheel = cel_wheel(args.cel_wheel)
    import hashlib
    if hashlib.sha256(wheel.read_bytes()).hexdigest() != CEL_SHA256:
        sys.exit("eval_tags: the composition-entity-linker wheel is not the expected one")
    items = mutopia_items(args.mutopia) + imslp_items(wheel, args.imslp_titles)
    results = run_plan(items, args.binary)
    stated = stated_right = wrong = mode_differs = keyless = false_keys = 0
    counts = {source: dict.fromkeys(("composers", "recognised", "eras", "eras_right", "by_composer", "by_composer_right",
                                     "held_out", "held_out_right", "no_era"), 0) for source in ("mutopia", "imslp")}
    majorities, ceilings = majority_eras(items)
    sources = table_sources()
    misses = []
    for item, result in zip(items, results):
        after = (result or {}).get("after") or {}
        got = (after.get("keysf"), after.get("keymi")) if after.get("keysf") is not None else None
        if item["kind"] in ("title", "filename"):
            key = item.get("key")
            if key and got and got != key:
                if (got[0] - key[0]) % 12 != 0:
                    wrong += 1
                    misses.append(("wrong key", item["text"], key, got))
                else:
                    mode_differs += 1
            if key and item["kind"] == "title" and states_key(item["text"], key):
                stated += 1
                if got == key:
                    stated_right += 1
                elif not (got and got != key):
                    misses.append(("missed key", item["text"], key, got))
            if item.get("keyless") and not any(states_key(item["text"], k) for k in ALL_KEYS):
                keyless += 1
                if got:
                    false_keys += 1
                    misses.append(("false key", item["text"], None, got))
        else:
            tally = counts[item["source"].split(":")[0]]
            # Recognised: spelled out to a composer of the table with the source's surname and
            # initials (a string kept as it was is not recognised, even when it is a full name).
            names = [n for n in after.get("composers") or [] if n in sources]
            composer_id = item.get("composer_id") or imslp_id(item["text"])
            recognised_here = recognised(names, composer_id)
            tally["composers"] += 1
            tally["recognised"] += recognised_here
            if not recognised_here:
                misses.append(("composer", item["text"], composer_id, names))
            if item["era"]:
                genres = after.get("genres") or []
                ok = era_matches(item["era"], genres)
                tally["eras"] += 1
                tally["eras_right"] += ok
                if not ok:
                    misses.append(("era", item["text"], item["era"], genres))
                majority = majorities[(item["source"].split(":")[0], composer_id)]
                if majority:
                    ok = era_matches(majority, genres)
                    tally["by_composer"] += 1
                    tally["by_composer_right"] += ok
                    # Held out: the composer's row comes from a source other than Mutopia's list.
                    if recognised_here and all(sources[n] != "Mutopia" for n in names):
                        tally["held_out"] += 1
                        tally["held_out_right"] += ok
            elif item["source"].startswith("mutopia"):
                tally["no_era"] += 1
    def pct(a, b):
        return f"{100 * a / b:.1f} % ({a} of {b})" if b else "n/a"
    mutopia, imslp = counts["mutopia"], counts["imslp"]
    print(f"eval_tags: {len(items)} items ({sum(i['kind'] == 'title' for i in items)} titles, "
          f"{sum(i['kind'] == 'filename' for i in items)} file names, "
          f"{mutopia['composers'] + imslp['composers']} composer strings)")
    print(f"  keys read right, of titles that state their key: {pct(stated_right, stated)}")
    print(f"  wrong keys (a key other than the source's):      {pct(wrong, sum(1 for i in items if i.get('key')))}")
    print(f"  (same signature, mode or spelling differs:       {mode_differs})")
    print(f"  false keys on titles that name no key:           {pct(false_keys, keyless)}")
    print(f"  composers recognised (Mutopia):                  {pct(mutopia['recognised'], mutopia['composers'])}")
    print(f"  composers recognised (IMSLP):                    {pct(imslp['recognised'], imslp['composers'])}")
    print(f"  era right, by the era the source gives most of the composer's pieces:")
    print(f"    Mutopia:                                       {pct(mutopia['by_composer_right'], mutopia['by_composer'])}")
    print(f"      composers the table has from other sources   {pct(mutopia['held_out_right'], mutopia['held_out'])}")
    print(f"    IMSLP:                                         {pct(imslp['by_composer_right'], imslp['by_composer'])}")
    print(f"  era right, by the era the source gives each piece (no one era per composer can do better")
    print(f"  than the ceiling, as sources place a composer's pieces in different eras):")
    print(f"    Mutopia (ceiling {ceilings['mutopia']:.1f} %):                       {pct(mutopia['eras_right'], mutopia['eras'])}")
    print(f"    IMSLP (ceiling {ceilings['imslp']:.1f} %):                         {pct(imslp['eras_right'], imslp['eras'])}")
    print(f"  left out of the era figures: Mutopia pieces whose style is no era: {mutopia['no_era']}; "
          f"IMSLP works without a style: {imslp['composers'] - imslp['eras']}; composers whose pieces "
          f"are as often in one era as another: {mutopia['eras'] - mutopia['by_composer'] + imslp['eras'] - imslp['by_composer']}")
    if args.show_misses:
        for miss in misses:
            print("  ", *miss, sep="\t")


if __name__ == "__main__":
    main()
