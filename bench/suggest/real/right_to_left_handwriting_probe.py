#!/usr/bin/env python3
"""A probe of right-to-left handwriting: 27 real pages (Arabic, Hebrew, Persian and Urdu
manuscripts, letters, registers and a lithographed Urdu book) from seven repositories, each page
a book of its own, and `suggest --no-cache` over all of them in one run (`probe.py`).

Unlike the two probes of whole collections (`handwriting_probe.py`, `right_to_left_probe.py`),
these pages were chosen: a helper who had not seen pdfbind's rules picked pages of several lines
of right-to-left handwriting, at least 800 pixels on their longer side, from the repositories at
hand (2026-12-07), to check the rule that reads Latin cursive upside down as Japanese
(`cursiveReadUpsideDown`). Seventeen more pages it picked are pages of the real bench already and
are left out here. Each page is pinned in `right_to_left_handwriting.tsv` as repo@commit:path
with its blob id; a page whose blob differs stops the probe.

Every page is bound on the right: a left-edge decision is wrong.

usage: right_to_left_handwriting_probe.py PDFBIND OUT [--mirrors DIR]
Writes OUT/REPO/BOOK.pdf, prints each decision and a count per repository; exits 1 when any
decision is wrong.
"""
import argparse
import collections
import csv
import os
import sys

import probe
from make_books import git

PINS = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                    "right_to_left_handwriting.tsv")
SCRIPT = "right_to_left_handwriting_probe.py"


def pinned():
    """The pinned pages, by (repo, commit)."""
    with open(PINS, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    by_source = collections.defaultdict(list)
    for row in rows:
        by_source[(row["repo"], row["commit"])].append(row)
    return by_source


def main():
    parser = argparse.ArgumentParser(prog=SCRIPT)
    parser.add_argument("pdfbind")
    parser.add_argument("out")
    parser.add_argument("--mirrors",
                        default=os.environ.get("PDFBIND_REAL_MIRRORS", "/work/.mirror"))
    args = parser.parse_args()
    wrong = 0
    for (repo, commit), rows in sorted(pinned().items()):
        gdir, paths = probe.names(args.mirrors, repo, commit, SCRIPT)
        for row in rows:
            blob = (git(gdir, "rev-parse", f"{commit}:{row['path']}") or "").strip()
            if blob != row["blob"]:
                sys.exit(f"{SCRIPT}: {repo}@{commit}:{row['path']}: blob {blob or 'missing'}, "
                         f"pinned {row['blob']}: the source changed")
        books = [(row["book"], [row["path"]]) for row in rows]
        made, counts, _ = probe.run(
            args.pdfbind, os.path.join(args.out, repo.replace("/", "+")), books, gdir, commit,
            1, lambda decision, line: decision == "left-edge")
        wrong += counts["wrong"]
        print(probe.summary(repo, made, counts))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
