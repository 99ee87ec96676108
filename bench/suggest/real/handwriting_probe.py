#!/usr/bin/env python3
"""A probe of real handwritten documents no one chose pages for: every page of three
handwriting-recognition datasets of HTR-United, at pinned commits, made into books as the
archives hold them, and `suggest --no-cache` over all of them in one run.

- `poilus`: CREMMA-AN-TestamentsDePoilus, French soldiers' wills (1914-1918): each will of two
  pages or more one book, its pages in order (50 books).
- `lectaurep`: lectaurep-repertoires, notaries' registers (printed forms filled in by hand):
  each folder of `data/` in name order, four pages to a book.
- `medlat`: CREMMA-Medieval-LAT, Latin manuscripts: likewise.

Every page is left-to-right writing on a separate sheet or leaf: a right-edge decision is
wrong, and so is a join of two pages across a spine ("spreads: pages 1|2 join"), whatever its
direction (bench/suggest/README.md, "Handwritten wills").

Nothing is downloaded: the pages are read from bare git copies of the repositories (the
engineers' `fetch` tool puts them at /work/.mirror/OWNER+NAME/repo; `git clone --bare
https://github.com/OWNER/NAME` at the commit below does as well). A page the copy does not hold
(Git LFS), or that is not a picture, is left out.

usage: handwriting_probe.py PDFBIND OUT [--mirrors DIR] [--only poilus|lectaurep|medlat]
Writes OUT/SOURCE/BOOK.pdf, prints each decision and a count per source; exits 1 when any
decision is wrong.
"""
import collections
import os
import re
import sys

import probe
from probe import PICTURE, in_runs

SOURCES = {
    "poilus": ("HTR-United/CREMMA-AN-TestamentsDePoilus",
               "8ffa4a8cd40f691d68f188e2ed1c6458bf2d6ec9"),
    "lectaurep": ("HTR-United/lectaurep-repertoires", "3d1c86cf5389265a1ce8b620301d36b4709eb435"),
    "medlat": ("HTR-United/CREMMA-Medieval-LAT", "9439fe33a07eeb2814fa4b94b65c280f20aa6ec1"),
}
WILL_PAGE = re.compile(r"data/batch-\d+/(TestamentsDePoilus_will_\w+?_\d+)-(\d+)\.jpg$")


def books(source, paths):
    """The books of one source: (name, [paths in page order])."""
    if source == "poilus":
        wills = collections.defaultdict(list)
        for name in paths:
            match = WILL_PAGE.match(name)
            if match:
                wills[match.group(1)].append((int(match.group(2)), name))
        return [(will, [n for _, n in sorted(pages)]) for will, pages in sorted(wills.items())]
    folders = collections.defaultdict(list)
    for name in paths:
        # The pages are under data/; the rest are the project's own figures and logos.
        if PICTURE.match(name) and name.startswith("data/"):
            folders[os.path.dirname(name)].append(name)
    return in_runs({folder: sorted(pages) for folder, pages in folders.items()}, 4)


def is_wrong(decision, line):
    return decision == "right-edge" or "spreads: pages" in line


if __name__ == "__main__":
    sys.exit(probe.main("handwriting_probe.py", SOURCES, books, is_wrong,
                        least_pages=lambda source: 2 if source == "poilus" else 1))
