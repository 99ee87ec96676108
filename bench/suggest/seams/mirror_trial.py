#!/usr/bin/python3
"""One edge seen from both sides, or a picture across the spine? (bench/suggest/README.md,
"One edge seen from both sides: a mirror measure — not kept")

The two sides of one sheet photographed one after the other (a will's bifolium, the handwriting
probe's AN_0268) show the same physical edge at the seam: its binding strip and stitch holes at
the same rows, one side mirrored. A double-page picture shows two different parts of itself
either side of the spine. For each pair, the seam strips (the 16 columns at the seam, each page
fitted in 200 x 300 as `suggest`'s spreads draw it) are turned so column 0 lies at the seam,
and compared mirrored: Pearson's correlation of their pixels from column 0, 4 and 8 on.

usage: mirror_trial.py IMAGE_DIR... [--pair NAME PDF PAGE ltr|rtl]...
  IMAGE_DIR: a folder of make_image_books.py; its labelled joins (image-labels.tsv, `spreads`)
  are measured in the direction of the book's binding. --pair adds one pair (PAGE from 1, the
  join between PAGE and PAGE + 1). Prints one line a pair: name, page, direction, mirror0,
  mirror4, mirror8. Needs pdftoppm, numpy and Pillow.
"""
import csv
import io
import os
import subprocess
import sys

import numpy as np
from PIL import Image

COLUMNS = 16


def fitted(pdf, number):
    """Page `number` of `pdf` in grey, fitted in 200 x 300."""
    drawn = subprocess.run(
        ["pdftoppm", "-gray", "-f", str(number), "-l", str(number), "-scale-to", "300", pdf],
        capture_output=True, check=True).stdout
    image = Image.open(io.BytesIO(drawn)).convert("L")
    scale = min(200 / image.width, 300 / image.height)
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return np.asarray(image.resize(size), dtype=float)


def correlation(one, other):
    one = one.ravel() - one.mean()
    other = other.ravel() - other.mean()
    spread = np.sqrt((one * one).sum() * (other * other).sum())
    return float((one * other).sum() / spread) if spread > 0 else float("nan")


def mirror(pdf, page, direction):
    """The seam strips of `page` and the next, column 0 at the seam, correlated from 0, 4, 8."""
    first, second = fitted(pdf, page), fitted(pdf, page + 1)
    rows = min(first.shape[0], second.shape[0])
    first, second = first[:rows], second[:rows]
    if direction == "rtl":  # `page` lies on the right: its left edge meets the next's right
        one, other = first[:, :COLUMNS], second[:, -COLUMNS:][:, ::-1]
    else:
        one, other = first[:, -COLUMNS:][:, ::-1], second[:, :COLUMNS]
    return [correlation(one[:, start:], other[:, start:]) for start in (0, 4, 8)]


def pairs(arguments):
    folders, extra = [], []
    while arguments:
        if arguments[0] == "--pair":
            extra.append((arguments[1], arguments[2], int(arguments[3]), arguments[4]))
            arguments = arguments[5:]
        else:
            folders.append(arguments.pop(0))
    for folder in folders:
        labels = os.path.join(folder, "image-labels.tsv")
        for row in csv.DictReader(open(labels), delimiter="\t"):
            if row["spreads"] == "-":
                continue
            direction = "rtl" if row["expected"] == "right-edge" else "ltr"
            for page in row["spreads"].split(","):
                name = f"{os.path.basename(folder.rstrip('/'))}/{row['file']}"
                yield name, os.path.join(folder, row["file"]), int(page), direction
    yield from extra


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for name, pdf, page, direction in pairs(sys.argv[1:]):
        values = "\t".join(f"{value:.3f}" for value in mirror(pdf, page, direction))
        print(f"{name}\t{page}\t{direction}\t{values}", flush=True)


if __name__ == "__main__":
    main()
