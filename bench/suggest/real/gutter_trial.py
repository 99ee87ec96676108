#!/usr/bin/env python3
"""SPEC round 4, evidence 9, "the bound edge", measured and not built: does the side each page
of a scanned book is bound on (its gutter's shadow, its narrower inner margin), alternating
from page to page, say the binding, and how often would it be wrong? (bench/suggest/README.md,
"The bound edge: a first measure".)

usage: gutter_trial.py BOOKS [PART]   (BOOKS: make_books.py's output with labels.tsv, or a
       folder of generated image books with image-labels.tsv; PART: only the books of that
       part of the real bench, `tune` or `held-out`)

Each portrait page (at most the first 12) is drawn 600 pixels on its long side in grey
(pdftoppm). The paper is the page's 90th percentile level. From each side, the band of columns
whose mean level (over the middle 80% of the height) is 25 or more below the paper is the
page's edge: a gutter's shadow or the dark around a scan. Past it, the columns without ink
(under 1% of pixels 60 levels below the paper) are its margin.

A page is bound on a side when its edge band there is at least 2% of the width wider than on
the other side (`shadow`), or, with no such band, when its margin there is under 70% of the
other's and the margins differ by at least 2% of the width (`margin`). In a book bound on the
left edge (read left to right) page 1 is a right-hand page, bound on its left; in a book bound
on the right edge, page 1 is bound on its right. The book says a binding when at least three
pages are bound on some side, every one of them on the side that binding gives its parity,
and both parities are among them (sides that alternate, not a scanner's dark side).
"""
import csv
import glob
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image


def measures(grey):
    """(edge band left, edge band right, margin left, margin right) as shares of the width."""
    height, width = grey.shape
    paper = np.percentile(grey, 90)
    middle = grey[int(height * 0.1):int(height * 0.9)]
    levels = middle.mean(axis=0)
    inked = (middle < paper - 60).mean(axis=0) >= 0.01

    def side(columns):
        edge = 0
        while edge < len(columns) // 3 and levels[columns[edge]] < paper - 25:
            edge += 1
        margin = 0
        while edge + margin < len(columns) // 2 and not inked[columns[edge + margin]]:
            margin += 1
        return edge / width, margin / width

    left_edge, left_margin = side(list(range(width)))
    right_edge, right_margin = side(list(range(width - 1, -1, -1)))
    return left_edge, right_edge, left_margin, right_margin


def bound_side(left_edge, right_edge, left_margin, right_margin):
    """('L' or 'R' or '-', what showed it)."""
    if abs(left_edge - right_edge) >= 0.02:
        return ("L" if left_edge > right_edge else "R"), "shadow"
    if abs(left_margin - right_margin) >= 0.02:
        if left_margin < 0.7 * right_margin:
            return "L", "margin"
        if right_margin < 0.7 * left_margin:
            return "R", "margin"
    return "-", ""


def verdict(sides):
    """The binding the pages' sides say, or None."""
    bound = [(page, side) for page, side in enumerate(sides, start=1) if side != "-"]
    if len(bound) < 3 or len({page % 2 for page, _ in bound}) < 2:
        return None
    # Left edge: odd pages bound on the left, even on the right.
    if all(side == ("L" if page % 2 else "R") for page, side in bound):
        return "left-edge"
    if all(side == ("R" if page % 2 else "L") for page, side in bound):
        return "right-edge"
    return None


def main():
    books = sys.argv[1]
    part = sys.argv[2] if len(sys.argv) > 2 else None
    labels_name = "labels.tsv" if os.path.exists(os.path.join(books, "labels.tsv")) else (
        "image-labels.tsv")
    labels = [label for label in
              csv.DictReader(open(os.path.join(books, labels_name)), delimiter="\t")
              if part is None or label.get("part") == part]
    decided = wrong = 0
    with tempfile.TemporaryDirectory() as scratch:
        for label in labels:
            stem = os.path.join(scratch, label["file"][:-4])
            subprocess.run(["pdftoppm", "-gray", "-l", "12", "-scale-to", "600",
                            os.path.join(books, label["file"]), stem], check=True)
            sides, why = [], []
            for page in sorted(glob.glob(stem + "-*.pgm")):
                grey = np.asarray(Image.open(page), dtype=float)
                if grey.shape[1] > grey.shape[0]:
                    sides.append("-")
                    continue
                side, reason = bound_side(*measures(grey))
                sides.append(side)
                why.append(reason)
            said = verdict(sides)
            expected = label["expected"]
            if said:
                decided += 1
                wrong += said != expected
            mark = "" if not said else ("right" if said == expected else "WRONG")
            print(f"{label['file']:44} {label.get('part', '-'):8} {expected:10} "
                  f"{''.join(sides):12} {said or '-':10} {mark:5} "
                  f"{','.join(sorted(set(w for w in why if w)))}")
    print(f"\n{len(labels)} books: {decided} decided by the bound edge, {wrong} of them wrong")


if __name__ == "__main__":
    main()
