#!/usr/bin/env python3
"""A probe of real handwritten documents no one chose pages for: every page of three
handwriting-recognition datasets of HTR-United, at pinned commits, made into books as the
archives hold them, and `suggest --no-cache` over all of them in one run.

- `poilus`: CREMMA-AN-TestamentsDePoilus, French soldiers' wills (1914-1918): each will of two
  pages or more one book, its pages in order (50 books).
- `lectaurep`: lectaurep-repertoires, notaries' registers (printed forms filled in by hand):
  each folder's pages in name order, four to a book (47 books).
- `medlat`: CREMMA-Medieval-LAT, Latin manuscripts: likewise (60 books).

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
import argparse
import collections
import io
import os
import re
import subprocess
import sys

import img2pdf
from PIL import Image

SOURCES = {
    "poilus": ("HTR-United/CREMMA-AN-TestamentsDePoilus",
               "8ffa4a8cd40f691d68f188e2ed1c6458bf2d6ec9"),
    "lectaurep": ("HTR-United/lectaurep-repertoires", "3d1c86cf5389265a1ce8b620301d36b4709eb435"),
    "medlat": ("HTR-United/CREMMA-Medieval-LAT", "9439fe33a07eeb2814fa4b94b65c280f20aa6ec1"),
}
PICTURE = re.compile(r".*\.(jpe?g|png|tiff?)$", re.IGNORECASE)
WILL_PAGE = re.compile(r"data/batch-\d+/(TestamentsDePoilus_will_\w+?_\d+)-(\d+)\.jpg$")


def books(source, names):
    """The books of one source: (name, [paths in page order])."""
    if source == "poilus":
        wills = collections.defaultdict(list)
        for name in names:
            match = WILL_PAGE.match(name)
            if match:
                wills[match.group(1)].append((int(match.group(2)), name))
        return [(will, [n for _, n in sorted(pages)]) for will, pages in sorted(wills.items())]
    folders = collections.defaultdict(list)
    for name in names:
        if PICTURE.match(name) and "/" in name:
            folders[os.path.dirname(name)].append(name)
    made = []
    for folder, pages in sorted(folders.items()):
        pages.sort()
        for start in range(0, len(pages), 4):
            made.append((f"{folder.replace('/', '_')}-{start // 4 + 1}", pages[start:start + 4]))
    return made


def picture(git, commit, name):
    """The page as img2pdf takes it (a JPEG as it is, anything else as PNG), or None."""
    page = subprocess.run(["git", "-C", git, "show", f"{commit}:{name}"], capture_output=True)
    if page.returncode != 0:
        return None
    if page.stdout[:2] == b"\xff\xd8":
        return page.stdout
    try:
        image = Image.open(io.BytesIO(page.stdout))
        image.seek(0)
        if image.mode not in ("L", "RGB"):
            image = image.convert("RGB")
        png = io.BytesIO()
        image.save(png, "PNG")
        return png.getvalue()
    except Exception:
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("pdfbind")
    parser.add_argument("out")
    parser.add_argument("--mirrors", default=os.environ.get("PDFBIND_REAL_MIRRORS", "/work/.mirror"))
    parser.add_argument("--only", choices=sorted(SOURCES))
    args = parser.parse_args()
    wrong = 0
    for source, (repo, commit) in SOURCES.items():
        if args.only and source != args.only:
            continue
        base = os.path.join(args.mirrors, repo.replace("/", "+"), "repo")
        git = os.path.join(base, ".git") if os.path.isdir(os.path.join(base, ".git")) else base
        names = subprocess.run(["git", "-C", git, "ls-tree", "-r", "--name-only", commit],
                               capture_output=True, text=True, check=True).stdout.split()
        folder = os.path.join(args.out, source)
        os.makedirs(folder, exist_ok=True)
        made = []
        for book, pages in books(source, names):
            pictures = [p for p in (picture(git, commit, n) for n in pages) if p]
            if len(pictures) < (2 if source == "poilus" else 1):
                continue
            path = os.path.join(folder, book[-80:] + ".pdf")
            with open(path, "wb") as f:
                f.write(img2pdf.convert(pictures))
            made.append(path)
        run = subprocess.run([args.pdfbind, "suggest", "--no-cache", *made],
                             capture_output=True, text=True)
        counts = collections.Counter()
        for line in run.stdout.splitlines():
            print(line)
            decision = line.split(": ", 1)[1].split(" ", 1)[0].rstrip(",")
            counts["wrong" if decision == "right-edge" or "spreads: pages" in line
                   else decision] += 1
        wrong += counts["wrong"]
        print(f"{source}: {len(made)} books: "
              + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
