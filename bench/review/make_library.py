#!/usr/bin/env python3
"""A library of N small books for `make bench`'s review step, from the repository's fixtures:

    make_library.py FIXTURES OUT N

A quarter each: right-to-left comics (colours-7.pdf, with a ComicInfo.xml saying so: decided),
flat-colour books (colours-12.pdf: undecided, shown under both bindings), double-page books
(Fixtures/layout/double-page-*.pdf) and text books (Fixtures/suggest/*.pdf: Arabic, Hebrew,
Japanese, English...); review draws a picture of each page their first spreads show (up to six
here). Folders of 100 books, as libraries keep them.
"""

import shutil
import sys
from pathlib import Path

fixtures, out, count = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
kinds = [
    ("comics", [fixtures / "layout/colours-7.pdf"]),
    ("colours", [fixtures / "layout/colours-12.pdf"]),
    ("double-page", sorted((fixtures / "layout").glob("double-page-*.pdf"))),
    ("text", sorted((fixtures / "suggest").glob("*.pdf"))),
]
for index in range(count):
    kind, sources = kinds[index % 4]
    folder = out / kind / f"{index // 400:03d}"
    if not folder.exists():
        folder.mkdir(parents=True)
        if kind == "comics":
            (folder / "ComicInfo.xml").write_text(
                "<ComicInfo><Manga>YesAndRightToLeft</Manga></ComicInfo>")
    shutil.copyfile(sources[index // 4 % len(sources)], folder / f"book-{index:05d}.pdf")
