#!/usr/bin/env python3
"""Issue 40, item 3, measured and not kept: would the spine's side, alternating from page to
page, decide the binding of the real-page books? (bench/suggest/README.md, "Evidence without
the script".)

usage: spine_side_trial.py BOOKS   (BOOKS: make_books.py's output, with labels.tsv)

Each page of each book of several pages is drawn at 30 dpi in grey (pdftoppm). The darker of
its two outer bands (6% of the width, against the page's 70th-percentile paper) is taken as the
spine's side when it is 15 levels darker than the other. Page k's side implies the binding as
if page 1 were a right-hand page: spine on the left of an odd page, left-edge. A book is
decided when at least two pages say a side and all of them imply the same binding.
"""
import csv
import glob
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image


def sides(pdf, scratch):
    stem = os.path.join(scratch, os.path.basename(pdf)[:-4])
    subprocess.run(["pdftoppm", "-gray", "-r", "30", pdf, stem], check=True)
    found = []
    for page in sorted(glob.glob(stem + "-*.pgm")):
        grey = np.asarray(Image.open(page), dtype=float)
        height, width = grey.shape
        columns = np.median(grey[int(height * 0.1):int(height * 0.9)], axis=0)
        paper = np.percentile(columns, 70)
        band = max(2, int(width * 0.06))
        left = paper - columns[:band].mean()
        right = paper - columns[-band:].mean()
        found.append("L" if left > right + 15 else "R" if right > left + 15 else "-")
    return found


def main():
    books = sys.argv[1]
    labels = list(csv.DictReader(open(os.path.join(books, "labels.tsv")), delimiter="\t"))
    outcomes = {"right": 0, "wrong": 0, "undecided": 0}
    with tempfile.TemporaryDirectory() as scratch:
        for label in labels:
            pdf = os.path.join(books, label["file"])
            info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
            if int(info.split("Pages:")[1].split()[0]) < 2:
                continue
            said = sides(pdf, scratch)
            implied = [("left-edge" if (side == "L") == (number % 2 == 1) else "right-edge")
                       for number, side in enumerate(said, 1) if side != "-"]
            if len(implied) >= 2 and len(set(implied)) == 1:
                outcome = "right" if implied[0] == label["expected"] else "wrong"
            else:
                outcome = "undecided"
            outcomes[outcome] += 1
            print(f"{label['file']:40} {label['expected']:10} {label['part']:8} {outcome:9} "
                  + "".join(said))
    print(outcomes)


if __name__ == "__main__":
    main()
