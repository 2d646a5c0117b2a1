#!/usr/bin/env python3
"""Checks PDFInfo's first-page text on real typeset scores and on the peer corpus (issue 27).
A script, not a test: it needs LilyPond (apt `lilypond`) and, for MuseScore's exports, MuseScore 3
(apt `musescore3`), which CI does not install.

Usage: python3 scripts/pagetext_check.py [--scores] [--peer] [--keep DIR]

--scores  engraves LilyPond scores from varied \\header blocks in four text fonts (C059 and Nimbus
          Sans, Type 1 fonts Ghostscript embeds as CFF; DejaVu Serif and FreeSerif, TrueType),
          exports MuseScore 3's demo scores to PDF when `mscore3` is there, and takes the sample
          library; on each first page it checks that the title the source states is the largest
          line with letters in the top quarter, and that the composer is a line below it, right of
          the centre; and it reports agreement with `pdftotext -layout` (the order-aware,
          character-level metric of Tests/PDFInfoTests/Support/TextAgreement.swift).
--peer    reads page 1 of every ../shared/peer-corpus file in a process of its own with a time
          limit (crash and hang check), and reports agreement with pdftotext where poppler reads
          text there.
--keep    keeps the engraved and exported scores in DIR.

Exit status: 0 when every check passed, 1 otherwise.
"""
import argparse, collections, os, re, shutil, subprocess, sys, tempfile, time, unicodedata, zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
HANG_SECONDS = 10

# title, subtitle, composer, poet, opus, dedication: public-domain works as their editions print them.
WORKS = [
    ("Nocturne", "Op. 9 No. 2", "Frédéric Chopin (1810–1849)", None, None, None),
    ("Für Elise", "Bagatelle in A minor", "Ludwig van Beethoven", None, "WoO 59", None),
    ("Clair de Lune", "from Suite bergamasque", "Claude Debussy", None, "L. 75", None),
    ("Ave Maria", None, "Franz Schubert", "Walter Scott", "D. 839", None),
    ("Gymnopédie No. 1", None, "Erik Satie (1866–1925)", None, None, "à Mademoiselle Jeanne de Bret"),
    ("Canon in D", None, "Johann Pachelbel", None, "P. 37", None),
    ("The Swan", "from The Carnival of the Animals", "Camille Saint-Saëns", None, None, None),
    ("Träumerei", "Kinderszenen No. 7", "Robert Schumann", None, "Op. 15", None),
    ("Minuet in G major", None, "Christian Petzold", None, "BWV Anh. 114", None),
    ("Heidenröslein", None, "Franz Schubert", "Johann Wolfgang von Goethe", "D. 257", None),
    ("Air on the G String", "Orchestral Suite No. 3", "J. S. Bach", None, "BWV 1068", None),
    ("Pavane pour une infante défunte", None, "Maurice Ravel", None, None, "à la Princesse de Polignac"),
    ("Lullaby", "Wiegenlied", "Johannes Brahms (1833–1897)", "Des Knaben Wunderhorn", "Op. 49 No. 4", None),
    ("Greensleeves", None, "Traditional", None, None, None),
    ("Jesu, Joy of Man's Desiring", None, "J. S. Bach", "Martin Jahn", "BWV 147", None),
    ("La Donna è Mobile", "from Rigoletto", "Giuseppe Verdi", "Francesco Maria Piave", None, None),
    ("Salut d'Amour", None, "Edward Elgar", None, "Op. 12", "à Carice"),
    ("Méditation", "from Thaïs", "Jules Massenet", None, None, None),
    ("Sonata in C major", "K. 545", "Wolfgang Amadeus Mozart", None, None, None),
    ("Prelude in E minor", None, "Frédéric Chopin", None, "Op. 28 No. 4", None),
    ("Morning Mood", "Peer Gynt Suite No. 1", "Edvard Grieg", None, "Op. 46", None),
    ("Panis Angelicus", None, "César Franck", "Thomas Aquinas", None, None),
    ("Liebestraum No. 3", None, "Franz Liszt (1811–1886)", "Ferdinand Freiligrath", "S. 541", None),
    ("Humoresque", None, "Antonín Dvořák", None, "Op. 101 No. 7", None),
    ("Sicilienne", None, "Gabriel Fauré", None, "Op. 78", None),
    ("Arabesque No. 1", None, "Claude Debussy", None, None, None),
    ("Scarborough Fair", None, "Traditional English", None, None, None),
    ("Pie Jesu", "from Requiem", "Gabriel Fauré", None, "Op. 48", None),
    ("Sheep May Safely Graze", None, "J. S. Bach", "Salomon Franck", "BWV 208", None),
    ("Gnossienne No. 1", None, "Erik Satie", None, None, None),
    ("Ständchen", "Schwanengesang No. 4", "Franz Schubert", "Ludwig Rellstab", "D. 957", None),
    ("Largo", "from Xerxes", "George Frideric Handel", None, "HWV 40", None),
    ("Rêverie", None, "Claude Debussy", None, None, None),
    ("Chanson de Matin", None, "Edward Elgar", None, "Op. 15 No. 2", None),
    ("O mio babbino caro", "from Gianni Schicchi", "Giacomo Puccini", "Giovacchino Forzano", None, None),
    ("Solveig's Song", None, "Edvard Grieg", "Henrik Ibsen", "Op. 23 No. 19", None),
    ("Barcarolle", "from The Tales of Hoffmann", "Jacques Offenbach", None, None, None),
    ("Ode an die Freude", None, "Ludwig van Beethoven", "Friedrich Schiller", "Op. 125", None),
    ("Andante", None, "Antonio Diabelli", None, "Op. 149 No. 3", None),
    ("Romanze", None, "Clara Schumann", None, "Op. 21 No. 1", "Johannes Brahms gewidmet"),
]

FONTS = [None, "DejaVu Serif", "FreeSerif", "Nimbus Sans"]
MELODIES = [
    ("g \\major", "3/4", "d'4 g,8 a b c | d4 g, g | e' c8 d e fis | g4 g, g |"),
    ("ees \\major", "12/8", "bes'8 g'4 f8 g4. ees4. | bes'4 bes8 g2. |"),
    ("a \\minor", "4/4", "e'8 dis e dis e b d c | a2 r4 c,8 e |"),
    ("d \\major", "2/4", "fis8 fis g a | a g fis e | d d e fis |"),
]


def lily_source(index, work):
    title, subtitle, composer, poet, opus, dedication = work
    fields = {"title": title, "subtitle": subtitle, "composer": composer, "poet": poet, "opus": opus, "dedication": dedication}
    header = " ".join(f'{key} = "{value}"' for key, value in fields.items() if value)
    font = FONTS[index % len(FONTS)]
    paper = f'\\paper {{ #(define fonts (set-global-fonts #:roman "{font}" #:factor (/ staff-height pt 20))) }}' if font else ""
    key, time_signature, notes = MELODIES[index % len(MELODIES)]
    return f'\\version "2.24.1"\n{paper}\n\\header {{ {header} }}\n\\relative c\'\' {{ \\key {key} \\time {time_signature} {notes} \\bar "|." }}\n', font or "C059"


def normalized(text):
    """TextAgreement.normalized: the characters that count (no White_Space, Cc, Cf or Co)."""
    return [c for c in text if not c.isspace() and unicodedata.category(c) not in ("Cc", "Cf", "Co")]


def lcs_length(a, b):
    """The length of the longest common subsequence of `a` and `b` (bit-parallel, Hyyrö 2004)."""
    if not a or not b:
        return 0
    masks = {}
    for index, char in enumerate(a):
        masks[char] = masks.get(char, 0) | (1 << index)
    full = (1 << len(a)) - 1
    v = full
    for char in b:
        u = v & masks.get(char, 0)
        v = ((v + u) | (v - u)) & full
    return len(a) - bin(v).count("1")


def agreement(ours, theirs):
    """(characters in common in order, characters of the longer text): TextAgreement's metric."""
    a, b = normalized(ours), normalized(theirs)
    return lcs_length(a, b), max(len(a), len(b))


def poppler_text(path):
    try:
        run = subprocess.run(["pdftotext", "-q", "-f", "1", "-l", "1", "-layout", "-enc", "UTF-8", path, "-"],
                             capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None
    return run.stdout.decode("utf-8", "replace") if run.returncode == 0 else None


def read_page_text(bench, path):
    """PDFInfo's first-page text of `path` in a process of its own: (reading or None, seconds, how it ended)."""
    start = time.monotonic()
    try:
        run = subprocess.run([bench, "--print-text", path], capture_output=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start, "hang"
    elapsed = time.monotonic() - start
    if run.returncode < 0 or run.returncode > 1:
        return None, elapsed, f"crash (status {run.returncode}): {run.stderr.decode('utf-8', 'replace')[-300:]}"
    reading = None
    for row in run.stdout.decode("utf-8").splitlines():
        fields = row.split("\t")
        if fields[0] == "page" and len(fields) == 4:
            reading = {"file": fields[1], "width": float(fields[2]), "height": float(fields[3]), "lines": [], "notes": []}
        elif fields[0] == "line" and reading is not None and len(fields) == 5:
            reading["lines"].append({"size": float(fields[1]), "x": float(fields[2]), "y": float(fields[3]), "text": fields[4]})
        elif fields[0] == "note" and reading is not None:
            reading["notes"].append(fields[1])
    if reading is not None:
        return reading, elapsed, "read"
    return None, elapsed, "refused"


def check_score(bench, path, title, composer):
    """Problems with the title and composer PDFInfo finds where a rule looks; and the agreement."""
    reading, _, outcome = read_page_text(bench, path)
    if reading is None:
        return [f"not read ({outcome})"], (0, 0)
    lines, width, height = reading["lines"], reading["width"], reading["height"]
    top = [line for line in lines if line["y"] < height / 4 and any(c.isalpha() for c in line["text"])]
    problems = []
    largest = max(top, key=lambda line: line["size"]) if top else None
    if largest is None or largest["text"] != title:
        problems.append(f"title {title!r}: largest top line is {largest and largest['text']!r}")
    if composer:
        found = [line for line in top if line["text"] == composer]
        if not found:
            problems.append(f"composer {composer!r} not a line of {[line['text'] for line in top]}")
        elif largest and not (found[0]["y"] > largest["y"] and found[0]["x"] > width / 2):
            problems.append(f"composer {composer!r} not below and right of the title")
    theirs = poppler_text(path)
    figure = agreement("\n".join(line["text"] for line in lines), theirs) if theirs is not None else (0, 0)
    return problems, figure


def musescore_header(path):
    """The Title and Composer texts of a MuseScore file (.mscx, or the .mscx inside a .mscz)."""
    if path.endswith(".mscz"):
        with zipfile.ZipFile(path) as archive:
            name = next(n for n in archive.namelist() if n.endswith(".mscx"))
            text = archive.read(name).decode("utf-8")
    else:
        with open(path, encoding="utf-8") as source:
            text = source.read()
    def styled(style):
        match = re.search(r"<style>%s</style>\s*<text>(.*?)</text>" % style, text, re.S)
        return re.sub(r"<[^>]+>", "", match.group(1)).strip() if match else None
    return styled("Title"), styled("Composer")


def fonts_of(path):
    run = subprocess.run(["pdffonts", "-l", "1", path], capture_output=True, text=True)
    rows = run.stdout.splitlines()[2:]
    return sorted({" ".join(row[37:].split()[:-5]) for row in rows})


def scores(bench, folder):
    failures = 0
    groups = collections.OrderedDict()
    if shutil.which("lilypond"):
        for index, work in enumerate(WORKS):
            source, font = lily_source(index, work)
            stem = os.path.join(folder, f"lilypond-{index:02d}")
            with open(stem + ".ly", "w", encoding="utf-8") as out:
                out.write(source)
            run = subprocess.run(["lilypond", "-s", "-o", stem, stem + ".ly"], capture_output=True, timeout=300)
            if run.returncode != 0 or not os.path.exists(stem + ".pdf"):
                print(f"lilypond failed on {stem}.ly: {run.stderr.decode()[-300:]}")
                failures += 1
                continue
            groups.setdefault(f"LilyPond 2.24 + Ghostscript, text in {font}", []).append((stem + ".pdf", work[0], work[2]))
    else:
        print("lilypond not installed: no LilyPond scores (apt-get install lilypond)")
    demos = sorted(f for pattern in ["/usr/share/mscore3*/demos"] for d in __import__("glob").glob(pattern) for f in [os.path.join(d, n) for n in os.listdir(d)])
    if shutil.which("mscore3") and demos:
        for demo in demos:
            target = os.path.join(folder, "musescore-" + os.path.splitext(os.path.basename(demo))[0] + ".pdf")
            subprocess.run(["mscore3", "-o", target, demo], capture_output=True, timeout=300,
                           env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
            if os.path.exists(target):
                title, composer = musescore_header(demo)
                groups.setdefault("MuseScore 3.2 + Qt 5", []).append((target, title, composer))
    else:
        print("mscore3 not installed: no MuseScore exports (apt-get install musescore3)")
    library = os.path.join(SHARED, "samples", "library")
    for name, (title, composer) in {
        "Bach - Minuet in G major BWV Anh 114.pdf": ("Minuet in G", "J. S. Bach"),
        "Chopin Nocturne Op.9 No.2 Es-Dur.pdf": ("Nocturne", "F. Chopin"),
        "Satie - Gymnopédie No. 1 in D major.pdf": ("Gymnopédie No. 1", "Erik Satie"),
        "Beethoven_Ode_to_Joy_D.pdf": ("Ode to Joy", "Ludwig van Beethoven"),
        "Greensleeves (Traditional) - E minor.pdf": ("Greensleeves", None),
        "IMSLP00042-Chopin_-_Prelude_Op.28_No.7_in_A_major.pdf": ("Prelude Op. 28 No. 7", "Chopin, Frédéric"),
        "Mozart - Twinkle Variations K265 (encrypted).pdf": ("Ode to Joy", "Ludwig van Beethoven"),
    }.items():
        groups.setdefault("sample library (LilyPond 2.24 + Ghostscript)", []).append((os.path.join(library, name), title, composer))
    for group, entries in groups.items():
        titles = composers = with_composer = common = longer = 0
        fonts = set()
        for path, title, composer in entries:
            problems, (c, l) = check_score(bench, path, title, composer)
            common, longer = common + c, longer + l
            titles += not any(p.startswith("title") for p in problems)
            with_composer += composer is not None
            composers += composer is not None and not any(p.startswith("composer") or p.startswith("not read") for p in problems)
            fonts.update(fonts_of(path))
            for problem in problems:
                print(f"  {os.path.basename(path)}: {problem}")
            failures += bool(problems)
        figure = f"{100 * common / longer:.2f} %" if longer else "n/a"
        print(f"{group}: {len(entries)} scores, title right {titles}/{len(entries)}, composer right {composers}/{with_composer}, "
              f"agreement with pdftotext {figure}; fonts: {', '.join(sorted(fonts))}")
    return failures


def peer(bench):
    folder = os.path.join(SHARED, "peer-corpus")
    files = sorted(f for f in os.listdir(folder) if f.lower().endswith(".pdf"))
    outcomes = collections.Counter()
    failures, slowest = [], (0, "")
    common = longer = pages = 0
    for name in files:
        path = os.path.join(folder, name)
        reading, elapsed, outcome = read_page_text(bench, path)
        outcomes[outcome.split(" ")[0]] += 1
        slowest = max(slowest, (elapsed, name))
        if outcome.startswith("crash") or outcome == "hang":
            failures.append(f"{name}: {outcome}")
            continue
        if reading is None:
            continue
        theirs = poppler_text(path)
        if theirs is None or not normalized(theirs):
            continue
        c, l = agreement("\n".join(line["text"] for line in reading["lines"]), theirs)
        common, longer, pages = common + c, longer + l, pages + 1
    print(f"peer corpus: {len(files)} files: {dict(outcomes)}; slowest {slowest[0]:.2f} s ({slowest[1]})")
    if pages:
        print(f"peer corpus agreement with pdftotext on the {pages} first pages where poppler reads text: {100 * common / longer:.2f} %")
    for failure in failures:
        print("  " + failure)
    return len(failures)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scores", action="store_true")
    parser.add_argument("--peer", action="store_true")
    parser.add_argument("--keep")
    args = parser.parse_args()
    if not (args.scores or args.peer):
        args.scores = args.peer = True
    subprocess.run(["swift", "build", "-c", "release", "--product", "pdfinfo-bench", "--package-path", ROOT], check=True,
                   stdout=subprocess.DEVNULL)
    bench = os.path.join(subprocess.run(["swift", "build", "-c", "release", "--package-path", ROOT, "--show-bin-path"],
                                        capture_output=True, text=True, check=True).stdout.strip(), "pdfinfo-bench")
    failures = 0
    if args.scores:
        folder = args.keep or tempfile.mkdtemp(prefix="pagetext-scores-")
        os.makedirs(folder, exist_ok=True)
        try:
            failures += scores(bench, folder)
        finally:
            if not args.keep:
                shutil.rmtree(folder, ignore_errors=True)
    if args.peer:
        failures += peer(bench)
    sys.exit(1 if failures else 0)


main()
