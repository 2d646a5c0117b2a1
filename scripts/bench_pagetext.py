#!/usr/bin/env python3
"""Benchmark: the cost of reading the first-page text of typeset scores with PDFInfo (issue 27).

Usage: python3 scripts/bench_pagetext.py [--files N] [--scores DIR] [--rounds R]

Builds a library of N typeset scores (default 2,000) in a temporary folder: copies of the sample
library's readable scores (../shared/samples: LilyPond + Ghostscript), and of the PDFs in DIR when
given (e.g. the scores `scripts/pagetext_check.py --scores --keep DIR` engraves with LilyPond and
exports with MuseScore). Then times pdfinfo-bench (release build) over it, R rounds each (median
reported): reading Info and the page count only, and the same plus the first page's text; the
difference is what the text costs. Prints seconds per library and milliseconds per page.
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
SKIPPED = {"notes.pdf", "Truncated download - Handel Sarabande.pdf"}


def timed(command):
    start = time.monotonic()
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.monotonic() - start, run.stdout.strip().splitlines()[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--scores")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    subprocess.run(["swift", "build", "-c", "release", "--product", "pdfinfo-bench", "--package-path", ROOT],
                   check=True, stdout=subprocess.DEVNULL)
    bench = os.path.join(subprocess.run(["swift", "build", "-c", "release", "--package-path", ROOT, "--show-bin-path"],
                                        capture_output=True, text=True, check=True).stdout.strip(), "pdfinfo-bench")
    library = os.path.join(SHARED, "samples", "library")
    sources = [os.path.join(library, name) for name in sorted(os.listdir(library))
               if name.endswith(".pdf") and name not in SKIPPED]
    if args.scores:
        sources += [os.path.join(args.scores, name) for name in sorted(os.listdir(args.scores)) if name.endswith(".pdf")]
    folder = tempfile.mkdtemp(prefix="bench-pagetext-")
    try:
        for index in range(args.files):
            source = sources[index % len(sources)]
            shutil.copyfile(source, os.path.join(folder, f"score-{index:05d}.pdf"))
        print(f"library: {args.files} copies of {len(sources)} typeset scores in {folder}")
        timed([bench, folder])  # warm the file cache
        base, text = [], []
        for _ in range(args.rounds):
            seconds, summary = timed([bench, folder])
            base.append(seconds)
            seconds, text_summary = timed([bench, "--page-text", folder])
            text.append(seconds)
        print(f"  {summary}")
        print(f"  {text_summary}")
        base_s, text_s = statistics.median(base), statistics.median(text)
        print(f"Info and page count: {base_s:.3f} s; with the first page's text: {text_s:.3f} s "
              f"(median of {args.rounds}); the text costs {1000 * (text_s - base_s) / args.files:.3f} ms per score")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


main()
