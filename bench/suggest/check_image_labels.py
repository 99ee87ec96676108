#!/usr/bin/env python3
"""Checks the double-page pictures of make_image_books.py against their labels: for every k in
image-labels.tsv, the facing edges of pages k and k+1 (rendered at 30 dpi by pdftoppm) must
correlate better and differ less in the labelled direction (right-to-left book: k's left edge
with k+1's right edge) than in the other; winning on one of the two is reported as weak. A
naive join test, not a detector: it only guards the labels (a picture cut the wrong way, or a
texture whose join cannot be seen). Exit status 1 on a mismatch (losing on both).

usage: check_image_labels.py DIR
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image


def render(pdf, page, folder):
    out = os.path.join(folder, f"{os.path.basename(pdf)}-{page}")
    subprocess.run(["pdftoppm", "-r", "30", "-gray", "-png", "-singlefile", "-f", str(page),
                    "-l", str(page), pdf, out], check=True)
    return Image.open(out + ".png").convert("L")


def edge(image, side, height):
    a = np.asarray(image.resize((image.width, height)), dtype=np.float32)
    return a[:, 2:5].mean(1) if side == "left" else a[:, -5:-2].mean(1)


def correlation(x, y):
    """Best Pearson correlation over vertical shifts of up to 3 pixels (tilt, a shifted half);
    -1 where either edge is flat (a margin says nothing)."""
    n = len(x)
    trim, best = n // 20, -1.0
    for d in range(-3, 4):
        a, b = x[trim:n - trim], y[trim + d:n - trim + d]
        if a.std() < 8 or b.std() < 8:
            continue
        best = max(best, float(np.corrcoef(a, b)[0, 1]))
    return best


def difference(x, y):
    """Mean absolute difference of the grey levels (best over shifts of up to 3 pixels);
    infinite where either edge is flat."""
    n = len(x)
    trim, best = n // 20, float("inf")
    for d in range(-3, 4):
        a, b = x[trim:n - trim], y[trim + d:n - trim + d]
        if a.std() < 8 or b.std() < 8:
            continue
        best = min(best, float(np.abs(a - b).mean()))
    return best


def main():
    folder = sys.argv[1]
    rows = [line.rstrip("\n").split("\t")
            for line in open(os.path.join(folder, "image-labels.tsv"), encoding="utf-8")]
    rows = [dict(zip(rows[0], r)) for r in rows[1:]]
    bad = checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        for row in rows:
            if row["spreads"] == "-":
                continue
            pdf = os.path.join(folder, row["file"])
            # A right-to-left book's picture runs from k's left edge into k+1's right edge;
            # the conflict books' pictures run left to right whatever their text says.
            rtl = row["expected"] == "right-edge"
            for k in map(int, row["spreads"].split(",")):
                a, b = render(pdf, k, tmp), render(pdf, k + 1, tmp)
                h = min(a.height, b.height)
                forward = edge(a, "right", h), edge(b, "left", h)
                backward = edge(a, "left", h), edge(b, "right", h)
                ltr, rtl_join = correlation(*forward), correlation(*backward)
                d_ltr, d_rtl = difference(*forward), difference(*backward)
                # The labelled join must win on correlation or on difference; losing on both
                # is a mismatch, winning on one only a weak join (smooth or vertical pictures:
                # out-of-focus backgrounds, forests).
                r_join, r_other = (rtl_join, ltr) if rtl else (ltr, rtl_join)
                d_join, d_other = (d_rtl, d_ltr) if rtl else (d_ltr, d_rtl)
                wins = (r_join > r_other) + (d_join < d_other)
                verdict = ["BAD ", "weak", "ok  "][wins]
                checked += 1
                bad += wins == 0
                print(f"{verdict}{row['file']:24} k={k:<4} labelled "
                      f"{'right-to-left' if rtl else 'left-to-right'}: r(left-to-right) "
                      f"{ltr:5.2f}, r(right-to-left) {rtl_join:5.2f}; difference "
                      f"left-to-right {d_ltr:5.1f}, right-to-left {d_rtl:5.1f}")
    print(f"{checked - bad}/{checked} double-page pictures join in their labelled direction")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
