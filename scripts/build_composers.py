#!/usr/bin/env python3
"""Builds rules/data/composers.tsv and rules/data/composer-spellings.tsv from openly licensed sources.

Not part of the build: run it when a source changes, review the diff, commit the two files.

    python3 scripts/build_composers.py --wikipedia-lists DIR [--cel-wheel FILE] [--out rules/data]

Sources (rules/data/README.md records each one's licence):
  1. Open Opus (CC0): composers with dates and epoch, as shipped in the PyPI package
     composition-entity-linker 0.0.6 (MIT), file ref_corpus/openopus_corpus.json.
  2. Wikidata (CC0): other spellings (labels in other languages, aliases, transliterations) of
     the same composers, from the same package's ref_corpus/composer_translations.json.
  3. IMSLP's "Surname, Given" names with dates, from the same package's ref_corpus/CEL_meta_new.csv.
  4. Wikipedia's lists of Medieval, Classical-era and 20th-century composers (CC BY-SA 4.0), as
     tables in the repository horvatha/choir_music_data (DIR: a checkout of commit 5c439c8; its
     composers_*.csv files).
  5. scripts/composers/curated-eras.csv and curated-spellings.csv: tagrules' earlier hand-checked
     table (eras of composers who bridge two periods, the default composer of a shared surname).

The wheel is downloaded with pip when --cel-wheel is not given, and checked against its SHA-256.
"""
import argparse
import csv
import io
import json
import re
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from pathlib import Path

CEL_WHEEL = "composition_entity_linker-0.0.6-py3-none-any.whl"
CEL_SHA256 = "cb71e064cdc8bcfad54c26ee8641cbe5d9d5af5c21fefa7d27514f09011649e4"
# The 21st-century list (about 2,900 composers, most of them young) is left out: its rows
# would cost every run's rule loading more than its composers appear in sheet-music libraries.
WIKIPEDIA_LISTS = ["composers_Medieval.csv", "composers_Classical-era.csv", "composers_20th_century.csv"]
ROOT = Path(__file__).resolve().parent.parent

# Era boundaries (rules/data/README.md): the era of the year a composer turned 35.
ERAS = [(1400, "Medieval"), (1600, "Renaissance"), (1750, "Baroque"), (1820, "Classical"),
        (1900, "Romantic"), (1975, "Modern"), (10_000, "Contemporary")]
OPEN_OPUS_EPOCHS = {
    "Medieval": "Medieval", "Renaissance": "Renaissance", "Baroque": "Baroque",
    "Classical": "Classical", "Early Romantic": "Romantic", "Romantic": "Romantic",
    "Late Romantic": "Romantic", "20th Century": "Modern", "Post-War": "Contemporary",
    "21st Century": "Contemporary",
}
PARTICLES = {"von", "van", "de", "der", "den", "da", "di", "du", "del", "della", "des", "la", "le", "d", "y", "ten", "zu"}
# Surnames that are everyday words or names of other famous people: never a composer alone.
NOT_SURNAMES = {
    "field", "glass", "williams", "young", "king", "bell", "white", "black", "brown", "green",
    "rose", "may", "mass", "hymn", "carol", "love", "reed", "bird", "wood", "lane", "page",
    "adams", "smith", "jones", "lee", "martin", "james", "john", "moore", "hall", "hill",
    "ward", "hart", "cook", "day", "ball", "read", "long", "little", "sharp", "flat", "major",
    "minor", "fine", "march", "song", "air", "dance", "ives", "traditional", "anonymous",
    # Shared by composers of like fame: the surname alone names none of them.
    "strauss", "scarlatti", "marcello", "gabrieli", "stamitz", "benda", "graun",
}


def era_of_dates(born, died):
    """The era of the year a composer turned 35, or of 25 years before death; None without dates."""
    year = born + 35 if born is not None else (died - 25 if died is not None else None)
    if year is None:
        return None
    return next(era for limit, era in ERAS if year < limit)


def normalize(text):
    """tagrules.normalize (Sources/RuleHost/Helpers/TextNormalizer.swift), for finding duplicates."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    for letter, spelled in {"æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ß": "ss"}.items():
        text = text.replace(letter, spelled)
    text = re.sub(r"['’‘ʼ`]", "", text)
    words = [w for w in re.split(r"[^\w]|_", text) if w]
    joined, initials = [], ""
    for word in words:
        if len(word) == 1 and word.isalpha():
            initials += word
            continue
        if initials:
            joined.append(initials)
            initials = ""
        joined.append(word)
    if initials:
        joined.append(initials)
    return " ".join(joined)


def year(text):
    """The year in a date or year text ("1685-01-01", "29-10-1505", "c.1450", "1540"), or None."""
    if not text:
        return None
    years = re.findall(r"(?<!\d)(\d{3,4})(?!\d)", text)
    return int(years[0]) if years else None


def is_latin_or_cyrillic(text):
    return all(c.isspace() or not c.isalpha() or ("LATIN" in unicodedata.name(c, "") or "CYRILLIC" in unicodedata.name(c, ""))
               for c in text)


class Composer:
    def __init__(self, name, born, died):
        self.name, self.born, self.died = name, born, died
        self.era = None
        self.era_source = None
        self.surname = None
        self.spellings = set()
        self.famous = False  # in Open Opus or the curated table: wins a shared surname

    def key(self):
        return normalize(self.name)


class Table:
    def __init__(self):
        self.composers = []
        self.by_key = {}
        self.by_surname_birth = {}

    def find(self, name, born, surname):
        found = self.by_key.get(normalize(name))
        if found is None and surname and born is not None:
            found = self.by_surname_birth.get((normalize(surname), born))
        return found

    def add(self, name, born, died, surname):
        # forScore splits Author at commas: "Karlheinz Essl, Jr." is written "Karlheinz Essl Jr.".
        name = re.sub(r"\s+", " ", name.replace(",", " ")).strip()
        found = self.find(name, born, surname)
        if found is None:
            found = Composer(name, born, died)
            self.composers.append(found)
            self.by_key[found.key()] = found
        found.born = found.born if found.born is not None else born
        found.died = found.died if found.died is not None else died
        if surname and not found.surname:
            found.surname = surname
        if found.surname and found.born is not None:
            self.by_surname_birth[(normalize(found.surname), found.born)] = found
        found.spellings.add(name)
        return found


def guess_surname(name):
    """The surname of a full name: the last word with the particles before it ("van Beethoven")."""
    words = name.split()
    start = len(words) - 1
    while start > 1 and words[start - 1].lower().strip(".") in PARTICLES:
        start -= 1
    return " ".join(words[start:])


def given_names(name, surname):
    rest = name[: len(name) - len(surname)].strip() if name.endswith(surname) else " ".join(name.split()[:-1])
    return [w for w in re.split(r"[\s]+", rest) if w and w.lower() not in PARTICLES]


def initials_forms(name, surname):
    """"J. S. Bach", "J. Bach", "Johann S. Bach" for "Johann Sebastian Bach"."""
    given = given_names(name, surname)
    if not given:
        return []
    def initial(word):
        return "-".join(part[:1] + "." for part in word.split("-") if part)
    forms = [" ".join(initial(w) for w in given) + " " + surname, initial(given[0]) + " " + surname]
    if len(given) > 1:
        forms.append(given[0] + " " + " ".join(initial(w) for w in given[1:]) + " " + surname)
        forms.append(given[0] + " " + surname)
    return forms


def load_cel(wheel_path, table):
    with zipfile.ZipFile(wheel_path) as wheel:
        opus = json.loads(wheel.read("composition_entity_linker/ref_corpus/openopus_corpus.json"))
        translations = json.loads(wheel.read("composition_entity_linker/ref_corpus/composer_translations.json"))
        meta = wheel.read("composition_entity_linker/ref_corpus/CEL_meta_new.csv").decode("utf-8")
    for entry in opus["composers"]:
        composer = table.add(entry["complete_name"], year(entry["birth"]), year(entry["death"]), entry["name"])
        composer.famous = True
        composer.surname = entry["name"]
        if composer.era is None and entry["epoch"] in OPEN_OPUS_EPOCHS:
            composer.era, composer.era_source = OPEN_OPUS_EPOCHS[entry["epoch"]], "Open Opus"
    csv.field_size_limit(1 << 30)
    seen = set()
    for row in csv.DictReader(io.StringIO(meta)):
        imslp = row["composer-imslp_name"]
        if imslp in seen or "," not in imslp:
            continue
        seen.add(imslp)
        surname, given = [part.strip() for part in imslp.split(",", 1)]
        composer = table.add(row["composer-openopus_name"] or f"{given} {surname}",
                             year(row["composer-birth"]), year(row["composer-death"]), surname)
        composer.spellings.add(f"{given} {surname}")
    for name, spellings in translations.items():
        composer = table.by_key.get(normalize(name))
        if composer is None:
            continue
        texts = [t.strip() for t in spellings.get("transliterations", [])]
        # Labels in other languages: Latin-script ones, and the Russian label in Cyrillic (each
        # Cyrillic row costs the loader a Foundation folding: the other Cyrillic languages and
        # aliases would add thousands of rows for few readers).
        for field in ("other_languages", "alias"):
            for languages, text in spellings.get(field, {}).items():
                codes = {code.strip() for code in languages.split(",")}
                cyrillic = any("CYRILLIC" in unicodedata.name(c, "") for c in text)
                if not cyrillic or (field == "other_languages" and "ru" in codes):
                    texts.append(text.strip())
        for text in texts:
            if re.search(r"[\t\n\r]", text):
                continue  # a label pasted with layout: not a spelling
            text = re.sub(r"\s*\(.*?\)\s*", " ", text).strip()
            if text and is_latin_or_cyrillic(text) and len(text) <= 60:
                composer.spellings.add(text)


def load_wikipedia_lists(folder, table):
    for file in WIKIPEDIA_LISTS:
        path = Path(folder) / file
        with open(path, encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                name = re.sub(r"\s*\(.*?\)\s*", " ", row["name"]).strip()
                name = re.sub(r"\[\d+\]", "", name).strip()
                if not name or not is_latin_or_cyrillic(name) or len(name.split()) > 6:
                    continue
                born, died = year(row.get("birth")), year(row.get("death"))
                if born is None and file == "composers_Medieval.csv":
                    born = year(row.get("flourish"))
                composer = table.add(name, born, died, None)
                if file == "composers_Medieval.csv" and composer.era is None:
                    composer.era, composer.era_source = "Medieval", "Wikipedia list"


def load_curated(folder, table):
    """The earlier hand-checked table: its eras win, its spellings settle shared surnames."""
    overrides = {}
    with open(folder / "curated-eras.csv", encoding="utf-8") as handle:
        rows = [line for line in handle if not line.startswith("#")]
    for row in csv.DictReader(rows):
        composer = table.add(row["name"], year(row["born"]), year(row["died"]), None)
        composer.name = row["name"]
        composer.famous = True
        composer.era, composer.era_source = row["era"], "curated"
    with open(folder / "curated-spellings.csv", encoding="utf-8") as handle:
        rows = [line for line in handle if not line.startswith("#")]
    for row in csv.DictReader(rows):
        overrides[normalize(row["alias"])] = (row["alias"], row["name"])
    return overrides


def build(table, overrides):
    for composer in table.composers:
        if not composer.surname:
            composer.surname = guess_surname(composer.name)
        if composer.era is None:
            composer.era = era_of_dates(composer.born, composer.died)
            composer.era_source = "dates"
    table.composers = [c for c in table.composers if c.era is not None]
    # Each spelling's candidates, in two tiers: full spellings, then surnames alone.
    full, surnames = {}, {}
    for composer in table.composers:
        forms = set(composer.spellings) | {composer.name}
        for spelling in list(forms) if composer.famous else []:
            if " " in spelling.strip():
                generated = initials_forms(spelling, guess_surname(spelling))
                if any("CYRILLIC" in unicodedata.name(c, "") for c in spelling):
                    generated = generated[2:4]  # "Пётр И. Чайковский", "Пётр Чайковский"
                forms.update(generated)
        # Every composer is found by its initials ("J. S. Bach") and its first given name with
        # the surname ("Maria Szymanowska"); the other forms ("J. Bach", "Johann S. Bach") are
        # kept for well-known composers (thousands of rows else, each parsed when rules load).
        extra = initials_forms(composer.name, composer.surname)
        forms.update(extra if composer.famous else extra[:1] + extra[3:4])
        # German umlauts spelled out, as typewriters and file names write them ("Haendel").
        forms.update(re.sub("[äöüÄÖÜ]", lambda m: {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}[m.group(0)], f)
                     for f in list(forms) if re.search("[äöüÄÖÜ]", f))
        one_word = set()
        for form in forms:
            key = normalize(form)
            if key and " " not in key:
                one_word.add((key, form))  # a surname: weighed below
                continue
            if key and key != normalize(composer.name):
                full.setdefault(key, {}).setdefault(composer.name, form)
        # A surname alone names a well-known composer, or one whose surname no other composer
        # of the table has and that is long enough not to be a word ("Gade", "Hahn" are not).
        one_word.add((normalize(composer.surname), composer.surname))
        for spelling in composer.spellings:  # the Russian surname ("Чайковский")
            if " " in spelling and any("CYRILLIC" in unicodedata.name(c, "") for c in spelling):
                cyrillic_surname = guess_surname(spelling)
                one_word.add((normalize(cyrillic_surname), cyrillic_surname))
        for surname_key, surname in one_word:
            if not surname_key or surname_key in NOT_SURNAMES or " " in surname_key:
                continue
            entries = surnames.setdefault(surname_key, [])
            if any(entry is not None and entry[0] is composer for entry in entries):
                continue
            entries.append((composer, surname) if composer.famous or len(surname_key) >= 6 else None)
    names = {normalize(c.name): c for c in table.composers}
    spellings = {}
    for key, candidates in full.items():
        if key in names:
            continue  # a composer's own full name is never another's spelling
        if len(candidates) == 1:
            (name, form), = candidates.items()
            spellings[key] = (form, name)
    for key, candidates in surnames.items():
        if key in spellings or key in names:
            continue
        famous = [c for c in candidates if c is not None and c[0].famous]
        if (len(candidates) == 1 and candidates[0] is not None) or len(famous) == 1:
            chosen, written = candidates[0] if len(candidates) == 1 else famous[0]
            spellings[key] = (written, chosen.name)
        else:
            spellings.pop(key, None)
    for key, (alias, name) in overrides.items():
        if normalize(name) in names and key not in names:
            spellings[key] = (alias, names[normalize(name)].name)
    return spellings


def cel_wheel(path):
    if path:
        return Path(path)
    folder = Path(tempfile.mkdtemp())
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", str(folder),
                    "composition-entity-linker==0.0.6"], check=True)
    return folder / CEL_WHEEL


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wikipedia-lists", required=True, help="checkout of horvatha/choir_music_data")
    parser.add_argument("--cel-wheel", help="composition_entity_linker 0.0.6 wheel (else pip downloads it)")
    parser.add_argument("--out", default=str(ROOT / "rules" / "data"))
    args = parser.parse_args()
    wheel = cel_wheel(args.cel_wheel)
    import hashlib
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != CEL_SHA256:
        sys.exit(f"build_composers: {wheel} has SHA-256 {digest}, expected {CEL_SHA256}")
    table = Table()
    overrides = load_curated(ROOT / "scripts" / "composers", table)
    load_cel(wheel, table)
    load_wikipedia_lists(args.wikipedia_lists, table)
    spellings = build(table, overrides)
    out = Path(args.out)
    composers = sorted(table.composers, key=lambda c: (c.born if c.born is not None else c.died or 0, c.name))
    seen = set()
    with open(out / "composers.tsv", "w", encoding="utf-8", newline="") as handle:
        handle.write("# Generated by scripts/build_composers.py; sources and licences in README.md.\n")
        handle.write("name\tera\tborn\tdied\n")
        for c in composers:
            if c.key() in seen:
                continue
            seen.add(c.key())
            handle.write(f"{c.name}\t{c.era}\t{c.born if c.born is not None else ''}\t{c.died if c.died is not None else ''}\n")
    # Cyrillic spellings in a file of their own, which the rules load only for a name written
    # in Cyrillic (folding Cyrillic for the lookup keys costs the loader far more than Latin).
    def cyrillic(text):
        return any("CYRILLIC" in unicodedata.name(c, "") for c in text)
    for file, wanted in (("composer-spellings.tsv", False), ("composer-spellings-cyrillic.tsv", True)):
        with open(out / file, "w", encoding="utf-8", newline="") as handle:
            handle.write("# Generated by scripts/build_composers.py; sources and licences in README.md.\n")
            handle.write("spelling\tname\n")
            for key in sorted(spellings):
                alias, name = spellings[key]
                if cyrillic(alias) == wanted:
                    handle.write(f"{alias}\t{name}\n")
    print(f"build_composers: {len(seen)} composers, {len(spellings)} spellings", file=sys.stderr)


if __name__ == "__main__":
    main()
