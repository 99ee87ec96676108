#!/usr/bin/env python3
"""A probe of real handwritten documents no one chose pages for: every page of thirteen
handwriting-recognition datasets (most of them HTR-United's), at pinned commits, made into
books as the archives hold them, and `suggest --no-cache` over all of them in one run.

- `poilus`: CREMMA-AN-TestamentsDePoilus, French soldiers' wills (1914-1918): each will of two
  pages or more one book, its pages in order (50 books).
- `lectaurep`: lectaurep-repertoires, notaries' registers (printed forms filled in by hand):
  each folder of `data/` in name order, four pages to a book.
- `medlat`: CREMMA-Medieval-LAT, Latin manuscripts: likewise.
- Added on 2026-12-07, each likewise (each folder of pictures, four pages to a book): French
  manuscripts of the 18th century (`mss18`), of the 15th (`mss15`) and of the Middle Ages
  (`cremmamed`, most of them leaves of bound codices photographed one by one), typescripts
  (`tapus`), a notary's registers (`bronod`), marriage and divorce registers (`mariages`),
  ten-year tables of births (`decennales`), the registers of a labour court photographed open
  on a table (`timeus`), Sofia Kovalevskaya's letters (`kovalewsky`) and Joseph Hooker's
  (`hooker`: the folder is the repository's top, a letter's pages the names that differ only
  in their last number). Several of these sources gave the real bench a few pages: the probe
  is a check made after the rules were chosen, never a set to choose them on.

Every page is left-to-right writing: a right-edge decision is wrong. The wills and the letters
are loose sheets, so a join of two of their pages across a spine ("spreads: pages 1|2 join")
is wrong whatever its direction (bench/suggest/README.md, "Handwritten wills"). The other
sources are bound volumes, where a verso and the recto after it face each other with the
gutter between them: there a join is wrong when it runs right to left, and one left to right
is named after the source's count, to be looked at: a verso and its recto are an opening of
the volume, but the two sides of one leaf (a recto and its own verso) are not
(bench/suggest/README.md, "Handwritten wills", found such joins on the registers and
manuscripts).

Nothing is downloaded: the pages are read from bare git copies of the repositories (the
engineers' `fetch` tool puts them at /work/.mirror/OWNER+NAME/repo; `git clone --bare
https://github.com/OWNER/NAME` at the commit below does as well). A page the copy does not hold
(Git LFS), or that is not a picture, is left out.

usage: handwriting_probe.py PDFBIND OUT [--mirrors DIR] [--only SOURCE]
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
    "mss18": ("HTR-United/CREMMA-MSS-18", "e4a89141807513b61c1f750d83da820314c777d8"),
    "mss15": ("Gallicorpora/HTR-MSS-15e-Siecle", "707a106f7dfa12c463ef40ec5cb53eae5e1b5e63"),
    "cremmamed": ("HTR-United/cremma-medieval", "bc4a105f6e8316a9b30d9ce5d98dda2ba947d7d4"),
    "tapus": ("HTR-United/tapuscorpus", "f18a6afe067bdb213d58ba2b69c3a04013149685"),
    "bronod": ("HTR-United/lectaurep-bronod", "1b4ac12dfb41634538b1e7149dd62fd04d5d6dd8"),
    "mariages": ("HTR-United/lectaurep-mariages-et-divorces",
                 "6c4edfb818c0da2390cbeb416ee8d15af8846f11"),
    "decennales": ("Lucie-Louis/Tables_decennales_HTR", "9da8b907f58cb638dadc8624e81e93f1ea70cc2e"),
    "timeus": ("HTR-United/timeuscorpus", "df8ee63837dabe79c511e8aa748f465da5e2d5e5"),
    "kovalewsky": ("PSL-Chartes-HTR-Students/HN2021-Kovalewsky-1893",
                   "3b030f9f741785cd163e1049566e1093eb68e7d9"),
    "hooker": ("jschaefer738b/JosephHookerHTR", "ece582973283818621e956163f295fcde672786c"),
}
# The sources whose pages are loose sheets (wills, letters): a join across a spine is wrong
# either way. A letter's pages 1 and 2 are most often the two sides of one leaf.
LOOSE_SHEETS = {"poilus", "kovalewsky", "hooker"}
# Where each source keeps its pages ("data/" unless named here); the rest of a repository's
# pictures are the project's own figures and logos. "" is the repository's top.
PAGES_FOLDER = {"mariages": "lectaurep-cm-sd/", "hooker": "", "decennales": ""}
HOOKER_LETTER = re.compile(r"(.+)_\d+\.\w+$")
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
    under = PAGES_FOLDER.get(source, "data/")
    folders = collections.defaultdict(list)
    for name in paths:
        if not PICTURE.match(name) or not name.startswith(under):
            continue
        if under:
            folders[os.path.dirname(name)].append(name)
        elif "/" not in name:
            # Pages at the top: Hooker's letters by name, the tables one folder.
            letter = HOOKER_LETTER.match(name) if source == "hooker" else None
            folders[letter.group(1) if letter else source].append(name)
    return in_runs({folder: sorted(pages) for folder, pages in folders.items()}, 4)


def is_wrong(source, decision, line):
    """A right-edge decision; on loose sheets any join, in bound volumes one right to left."""
    if source in LOOSE_SHEETS:
        return decision == "right-edge" or "spreads: pages" in line
    spreads = line.split("spreads: pages ", 1)[1] if "spreads: pages " in line else ""
    return decision == "right-edge" or "right to left" in spreads


if __name__ == "__main__":
    # A join left to right in a bound volume is left to a person (the docstring says why).
    sys.exit(probe.main("handwriting_probe.py", SOURCES, books, is_wrong,
                        least_pages=lambda source: 2 if source == "poilus" else 1,
                        joins_apart="left-to-right joins to look at"))
