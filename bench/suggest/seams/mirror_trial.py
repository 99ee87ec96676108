#!/usr/bin/python3
"""One edge seen from both sides, or a picture across the spine? (bench/suggest/README.md,
"One edge seen from both sides: a mirror measure — not kept")

The two sides of one sheet photographed one after the other (a will's bifolium, the handwriting
probe's AN_0268) show the same physical edge at the seam: its binding strip and stitch holes at
the same rows, one side mirrored. A double-page picture shows two different parts of itself
either side of the spine. For each pair, the seam strips as `suggest`'s spreads see them (the
pages `render_edges.py` draws: fitted in 200 x 300, the 16 columns at each side) are turned so
column 0 lies at the seam, and compared mirrored: Pearson's correlation of their pixels from
column 0, 4 and 8 on.

usage: mirror_trial.py IMAGE_DIR PAGES... [--pair NAME BOOK_PAGES PAGE ltr|rtl]...
  IMAGE_DIR PAGES: a folder of make_image_books.py and where `render_edges.py IMAGE_DIR PAGES`
  drew its pages; its labelled joins (image-labels.tsv, `spreads`) are measured in the
  direction of the book's binding (speed-200, which render_edges.py leaves out, is skipped).
  --pair adds one pair: BOOK_PAGES is render_edges.py's folder of one book (PAGES/BOOK), PAGE
  from 1 (the join between PAGE and PAGE + 1). Prints one line a pair: name, page, direction,
  mirror0, mirror4, mirror8. Needs numpy.
"""
import csv
import os
import re
import sys

import numpy as np

COLUMNS = 16


def pgm(path):
    """The grey levels of a binary PGM, as render_edges.py writes them."""
    with open(path, "rb") as file:
        data = file.read()
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", data)
    assert header, path
    width, height = int(header[1]), int(header[2])
    levels = np.frombuffer(data, np.uint8, width * height, header.end())
    return levels.reshape(height, width).astype(float)


def correlation(one, other):
    one = one.ravel() - one.mean()
    other = other.ravel() - other.mean()
    spread = np.sqrt((one * one).sum() * (other * other).sum())
    return float((one * other).sum() / spread) if spread > 0 else float("nan")


def mirror(book, page, direction):
    """The seam strips of `page` and the next, column 0 at the seam, correlated from 0, 4, 8."""
    first = pgm(os.path.join(book, "p-%04d.pgm" % page))
    second = pgm(os.path.join(book, "p-%04d.pgm" % (page + 1)))
    rows = min(first.shape[0], second.shape[0])
    strip = min(COLUMNS, first.shape[1] // 2, second.shape[1] // 2)
    first, second = first[:rows], second[:rows]
    if direction == "rtl":  # `page` lies on the right: its left edge meets the next's right
        one, other = first[:, :strip], second[:, -strip:][:, ::-1]
    else:
        one, other = first[:, -strip:][:, ::-1], second[:, :strip]
    return [correlation(one[:, start:], other[:, start:]) for start in (0, 4, 8)]


def pairs(arguments):
    while arguments:
        if arguments[0] == "--pair":
            yield arguments[1], arguments[2], int(arguments[3]), arguments[4]
            arguments = arguments[5:]
            continue
        folder, drawn = arguments[0], arguments[1]
        arguments = arguments[2:]
        labels = os.path.join(folder, "image-labels.tsv")
        for row in csv.DictReader(open(labels), delimiter="\t"):
            if row["spreads"] == "-" or row["file"] == "speed-200.pdf":
                continue
            direction = "rtl" if row["expected"] == "right-edge" else "ltr"
            book = row["file"][:-4]
            for page in row["spreads"].split(","):
                name = f"{os.path.basename(folder.rstrip('/'))}/{book}"
                yield name, os.path.join(drawn, book), int(page), direction


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    for name, book, page, direction in pairs(sys.argv[1:]):
        values = "\t".join(f"{value:.3f}" for value in mirror(book, page, direction))
        print(f"{name}\t{page}\t{direction}\t{values}", flush=True)


if __name__ == "__main__":
    main()
