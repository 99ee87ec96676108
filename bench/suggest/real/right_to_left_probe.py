#!/usr/bin/env python3
"""A probe of real right-to-left and vertical books no one chose pages for: every page of four
collections, at pinned commits, made into books of consecutive pages as the collections hold
them, and `suggest --no-cache` over all of them in one run (`probe.py`). The mirror of
`handwriting_probe.py`: that one asks that no left-to-right page be decided right-edge, this
one that no right-to-left book be decided left-edge.

- `quran`: a whole printed mushaf, page by page (604 pages), six to a book.
- `guji`: open-guji's sample books of vertical Chinese woodblock pages (10 pages each), as
  many as the copy holds.
- `aocp`: OpenITI's Arabic-script manuscripts for OCR evaluation (Arabic, Persian, Ottoman
  Turkish), each manuscript's pages one book, as many as the copy holds.
- `risalah`: a Dari pamphlet scanned page by page (worldly-ocr), six pages to a book.

The real bench took a few pages from each of these (`qurpages`, `guji`, `aocp`, `worldly`),
three of its held-out books among them (`cjk-guji-book-2` and `-3`, `probe-aocp-manuscript-4`):
nothing may be chosen on what this probe shows of their pages.

Every book is bound on the right: a left-edge decision is wrong, and so is a double-page picture
joined left to right. A join right to left is counted apart: these are pages of single
leaves, but a mushaf's opening pages are drawn as a pair.

usage: right_to_left_probe.py PDFBIND OUT [--mirrors DIR] [--only aocp|guji|quran|risalah]
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
    "quran": ("zeyadetman/quran-pages-images", "f6c65a61a800e6db86e2e38de379cb87eeb7cd0a"),
    "guji": ("open-guji/open-guji-cv", "92490fd3b1ef2a0a37b98cc72f29cf70a5633317"),
    "aocp": ("OpenITI/aocp_ms_eval", "e3ddb0141b2263f264ef1ebf8cd4373ef02e8d5b"),
    "risalah": ("mrychlik/worldly-ocr", "ec9679727bb9f9e7be55f3352e57855c14c4af59"),
}
# Where each collection keeps its pages; the rest are the projects' own outputs and figures.
PAGES = {
    "quran": re.compile(r"quran-images/[^/]+$"),
    "guji": re.compile(r"data/book\d+/[^/]+$"),
    "aocp": re.compile(r"mss/[^/]+/[^/]+$"),
    "risalah": re.compile(r"AzuAckuRisalah/Pages/[^/]+\.png$"),
}
PAGES_A_BOOK = {"quran": 6, "guji": 10, "aocp": 10, "risalah": 6}


def page_order(path):
    """Pages in their book's order: by the numbers in the name, then the name."""
    name = os.path.basename(path)
    return [int(n) for n in re.findall(r"\d+", name)], name


def books(source, paths):
    """The books of one source: (name, [paths in page order])."""
    folders = collections.defaultdict(list)
    for path in paths:
        if PICTURE.match(path) and PAGES[source].match(path):
            folders[os.path.dirname(path)].append(path)
    return in_runs({folder: sorted(pages, key=page_order) for folder, pages in folders.items()},
                   PAGES_A_BOOK[source])


def is_wrong(source, decision, line):
    return decision == "left-edge" or "left to right" in line


if __name__ == "__main__":
    sys.exit(probe.main("right_to_left_probe.py", SOURCES, books, is_wrong,
                        joins_apart="with a join right to left"))
