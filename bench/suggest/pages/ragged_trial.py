#!/usr/bin/env python3
"""Issue 40, a trial not kept: does the ragged side of a page's lines show its writing's
direction where the script does not (handwriting read turned round, scripts Tesseract does not
know)? Left-to-right handwriting would start its lines at a straight left margin and end them
raggedly; right-to-left writing the other way round.

Measured on page pictures drawn as `suggest` draws them (`pdftoppm -gray -scale-to 1600`, first
four pages a book): the paper cropped (Otsu's threshold; the longest run of rows and of columns
at least 60% light), the outer 3% left out, ink darker than 0.7 of the local paper level, rows
of ink over 0.5% of the width grouped into lines of 4 rows or more, lines 0.4 to 2.5 times the
median height kept. A line starts and ends where 1% and 99% of its ink lie; the text's left
edge is the 10th percentile of the starts, its right edge the 90th of the ends. Printed per
page: lines, the share of lines starting within 3% of the span from the left edge and ending
within 3% of the right edge, the median distance of starts from the left edge and of ends from
the right edge (shares of the span), the median line height.

usage: ragged_trial.py PAGES_DIR OUT.tsv   (PAGES_DIR: BOOK-N.pgm pictures)
"""
import glob
import os
import re
import sys

import numpy as np
from PIL import Image
from scipy import ndimage


def longest(mask):
    """The longest run of True in `mask`, as (start, end)."""
    best, y, n = (0, 0), 0, len(mask)
    while y < n:
        if mask[y]:
            a = y
            while y < n and mask[y]:
                y += 1
            if y - a > best[1] - best[0]:
                best = (a, y)
        else:
            y += 1
    return best


def paper(im):
    hist = np.bincount(im.astype(np.uint8).ravel(), minlength=256).astype(np.float64)
    p = hist / hist.sum()
    om, mu = np.cumsum(p), np.cumsum(p * np.arange(256))
    between = (mu[-1] * om - mu) ** 2 / (om * (1 - om) + 1e-12)
    light = im > int(np.argmax(between))
    for _ in range(2):
        r0, r1 = longest(light.mean(axis=1) >= 0.6)
        c0, c1 = longest(light[r0:r1].mean(axis=0) >= 0.6)
        im, light = im[r0:r1, c0:c1], light[r0:r1, c0:c1]
    return im


def measure(path):
    im = paper(np.asarray(Image.open(path).convert("L"), dtype=np.float32))
    h, w = im.shape
    im = im[int(0.03 * h):h - int(0.03 * h), int(0.03 * w):w - int(0.03 * w)]
    h, w = im.shape
    level = ndimage.uniform_filter(ndimage.maximum_filter(im[::4, ::4], size=15), size=15)
    level = np.kron(level, np.ones((4, 4), dtype=np.float32))[:h, :w]
    ink = im < level * 0.7
    on = ink.sum(axis=1) > 0.005 * w
    lines, y = [], 0
    while y < h:
        if on[y]:
            y0 = y
            while y < h and on[y]:
                y += 1
            if y - y0 >= 4:
                lines.append((y0, y))
        else:
            y += 1
    if len(lines) < 6:
        return None
    median = np.median([b - a for a, b in lines])
    ends = []
    for a, b in lines:
        if not 0.4 * median <= b - a <= 2.5 * median:
            continue
        cumulative = np.cumsum(ink[a:b].sum(axis=0).astype(np.float64))
        if cumulative[-1] <= 0:
            continue
        ends.append((int(np.searchsorted(cumulative, 0.01 * cumulative[-1])),
                     int(np.searchsorted(cumulative, 0.99 * cumulative[-1]))))
    if len(ends) < 6:
        return None
    starts, stops = np.array([s for s, _ in ends]), np.array([e for _, e in ends])
    left, right = np.percentile(starts, 10), np.percentile(stops, 90)
    span = right - left
    if span <= 0.2 * w:
        return None
    keep = (stops - starts) >= 0.2 * span
    starts, stops = starts[keep], stops[keep]
    if len(starts) < 6:
        return None
    return (len(starts), np.mean(np.abs(starts - left) <= 0.03 * span),
            np.mean(np.abs(right - stops) <= 0.03 * span),
            np.median(np.maximum(0, starts - left)) / span,
            np.median(np.maximum(0, right - stops)) / span, median)


def main():
    with open(sys.argv[2], "w") as out:
        out.write("book\tpage\tlines\tflush_left\tflush_right\tragged_left\tragged_right"
                  "\tline_height\n")
        for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.pgm"))):
            book, page = re.match(r"(.*)-0*(\d+)$", os.path.basename(path)[:-4]).groups()
            found = measure(path)
            fields = ["%d" % found[0]] + ["%.3f" % v for v in found[1:5]] + ["%.0f" % found[5]] \
                if found else ["-"] * 6
            out.write("\t".join([book, page] + fields) + "\n")


if __name__ == "__main__":
    main()
