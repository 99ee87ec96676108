#!/usr/bin/env python3
"""SPEC round 4, "Two pages in one picture", measured and not built yet: would a blank band down
the middle of a landscape page picture tell a 2-up scan (two facing pages in one picture) from a
page that is one page? (bench/suggest/README.md, "Two pages in one picture: a first measure".)

usage: two_up_trial.py BOOKS   (BOOKS: make_books.py's output, with labels.tsv)

Each page wider than 1.1 times its height is drawn 400 pixels wide in grey (pdftoppm). A column
holds ink where its share of pixels 60 levels darker than the paper (the page's 90th percentile)
is 0.01 or more, counted over the middle 80% of the height. The page's blank band is the widest
run of columns without ink between 35% and 65% of the width, as a share of the width, with where
its middle lies. Printed with the book's class, part and whether the class says two pages in one
picture (`2-up scan`, `open book photo`); a page of another class may hold two pages as well (a
magazine spread), which only looking says.
"""
import csv
import glob
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

TWO_PAGE_CLASSES = {"2-up scan", "open book photo"}


def blank_band(grey):
    """The widest run of inkless columns in the middle band: (share of the width, its middle)."""
    height, width = grey.shape
    paper = np.percentile(grey, 90)
    ink = (grey < paper - 60)[int(height * 0.1):int(height * 0.9)].mean(axis=0)
    widest, end, run = 0, 0, 0
    for column in range(int(width * 0.35), int(width * 0.65)):
        run = run + 1 if ink[column] < 0.01 else 0
        if run > widest:
            widest, end = run, column
    return widest / width, (end - widest / 2) / width if widest else 0.0


def main():
    books = sys.argv[1]
    labels = list(csv.DictReader(open(os.path.join(books, "labels.tsv")), delimiter="\t"))
    with tempfile.TemporaryDirectory() as scratch:
        for label in labels:
            stem = os.path.join(scratch, label["file"][:-4])
            subprocess.run(["pdftoppm", "-gray", "-scale-to", "400",
                            os.path.join(books, label["file"]), stem], check=True)
            for page in sorted(glob.glob(stem + "-*.pgm")):
                grey = np.asarray(Image.open(page), dtype=float)
                if grey.shape[1] <= grey.shape[0] * 1.1:
                    continue
                band, middle = blank_band(grey)
                two = "two pages" if label["class"] in TWO_PAGE_CLASSES else "-"
                print(f"{os.path.basename(page)[:-4]:40} {label['part']:8} {label['class']:20} "
                      f"{two:9} band {band:.3f} at {middle:.2f}")


if __name__ == "__main__":
    main()
