#!/usr/bin/env python3
"""Runs `pdfbind suggest --json` over the labelled set and over ../shared/corpus, prints the
confusion table (right, wrong, undecided per class), checks the goals and times suggest over
1,000 small files. Exit status 1 when a goal is missed.

usage: score.py PDFBIND LABELLED_DIR [CORPUS_DIR]
"""
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

RTL_CORPUS = {  # ../shared/corpus/MANIFEST.tsv: the files whose text is Arabic or Hebrew.
    "pypdf-samples--habibi.pdf", "pdfium--hebrew_mirrored.pdf", "pdfcpu--UserFont_Hebrew.pdf",
    "pdfcpu--UserFont_Arabic.pdf", "pdfcpu--UserFont_Persian.pdf", "pdfcpu--UserFont_Urdu.pdf",
    "pdfcpu--tableRTL.pdf",
    # Vertical Japanese (columns right to left, Identity-V) although it declares /L2R.
    "verapdf--TWG_test_files--TWG_test_suite_A008-pdfa1-pass-a.pdf",
}


def suggest_with_errors(binary, paths, *extra):
    """One `suggest --json` over `paths`: the records by path, and what it wrote on stderr.
    score_images.py and score_mixed.py run suggest through this too."""
    with tempfile.NamedTemporaryFile("wb", delete=False) as listing:
        listing.write(b"\0".join(p.encode() for p in paths))
    try:
        run = subprocess.run([binary, "suggest", "--json", *extra, "-0", "--files-from",
                              listing.name], capture_output=True, text=True)
    finally:
        os.unlink(listing.name)
    results = {}
    for line in run.stdout.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        results[record.get("path")] = record
    return results, run.stderr


def suggest(binary, paths, *extra):
    return suggest_with_errors(binary, paths, *extra)[0]


def outcome(expected, decision):
    if decision in (None, "undecided"):
        return "undecided" if expected != "undecided" else "right"
    if expected == "undecided":
        # A decision where a human would not decide: wrong only if it is not what a human
        # would pick when forced; here any decision on an undecidable book counts as wrong.
        return "wrong"
    return "right" if decision == expected else "wrong"


def main():
    binary, labelled = sys.argv[1], sys.argv[2]
    corpus = sys.argv[3] if len(sys.argv) > 3 else None
    rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(labelled, "labels.tsv"))]
    rows = [dict(zip(rows[0], row)) for row in rows[1:]]
    paths = [os.path.join(labelled, row["file"]) for row in rows]
    results = suggest(binary, paths)
    table = collections.OrderedDict()
    wrong, rtl_total, rtl_right, scan_total, scan_undecided = [], 0, 0, 0, 0
    for row, path in zip(rows, paths):
        record = results.get(path, {})
        decision = record.get("decision") if "error" not in record else None
        result = outcome(row["expected"], decision)
        counts = table.setdefault(row["class"], collections.Counter())
        counts[result] += 1
        if result == "wrong":
            wrong.append((row["file"], row["expected"], decision, record.get("evidence")))
        if row["group"] == "rtl-text":
            rtl_total += 1
            rtl_right += decision == "right-edge"
        if row["group"] == "image-no-metadata":
            scan_total += 1
            scan_undecided += decision == "undecided"
    print(f"{'class':34} {'files':>5} {'right':>5} {'wrong':>5} {'undecided':>9}")
    for cls, counts in table.items():
        total = sum(counts.values())
        print(f"{cls:34} {total:5} {counts['right']:5} {counts['wrong']:5} "
              f"{counts['undecided']:9}")
    corpus_wrong, corpus_counts = [], collections.Counter()
    if corpus:
        files = sorted(f for f in os.listdir(corpus) if f.endswith(".pdf"))
        found = suggest(binary, [os.path.join(corpus, f) for f in files], "--password", "view")
        for name in files:
            record = found.get(os.path.join(corpus, name), {})
            decision = record.get("decision", "error")
            expected = "right-edge" if name in RTL_CORPUS else "left-edge"
            corpus_counts[decision] += 1
            if decision in ("left-edge", "right-edge") and decision != expected:
                corpus_wrong.append((name, expected, decision, record.get("evidence")))
        print(f"{'corpus (' + str(len(files)) + ' files)':34} {len(files):5}  "
              + ", ".join(f"{k}: {v}" for k, v in sorted(corpus_counts.items())))
        rtl_corpus = {n: found.get(os.path.join(corpus, n), {}).get("decision") for n in
                      sorted(RTL_CORPUS)}
        print("  right-to-left corpus files: " +
              ", ".join(f"{n.split('--')[1]} {d}" for n, d in rtl_corpus.items()))

    # Speed: suggest over 1,000 small files (copies of one small labelled Arabic book).
    with tempfile.TemporaryDirectory() as tmp:
        small = min((p for p, r in zip(paths, rows) if r["group"] == "rtl-text"),
                    key=os.path.getsize)
        copies = []
        for i in range(1000):
            copy = os.path.join(tmp, f"{i:04}.pdf")
            shutil.copyfile(small, copy)
            copies.append(copy)
        start = time.monotonic()
        timed = suggest(binary, copies)
        seconds = time.monotonic() - start
        rate = 1000 / seconds
        print(f"\nspeed: suggest over 1,000 files of {os.path.getsize(small):,} bytes: "
              f"{seconds:.2f} s, {rate:.0f} files/s ({len(timed)} answered)")

    goals = [
        ("no wrong decision in the labelled set", not wrong),
        ("no wrong decision in the corpus", not corpus_wrong),
        (f"right-to-left text books decided right-edge: {rtl_right}/{rtl_total} (>= 95%)",
         rtl_total and rtl_right >= 0.95 * rtl_total),
        (f"image-only books without metadata undecided: {scan_undecided}/{scan_total}",
         scan_undecided == scan_total),
        (f"speed >= 100 files/s ({rate:.0f})", rate >= 100),
    ]
    print()
    for text, ok in goals:
        print(("PASS " if ok else "FAIL ") + text)
    for name, expected, decision, evidence in wrong + corpus_wrong:
        print(f"  wrong: {name}: expected {expected}, decided {decision}: {evidence}")
    sys.exit(0 if all(ok for _, ok in goals) else 1)


if __name__ == "__main__":
    main()
