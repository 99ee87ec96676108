#!/usr/bin/python3
"""Measures a seam rule `suggest` does not have (bench/suggest/README.md, "The pairing without
a binding"): the fine detail of the columns nearest the spine, drawn at full height. Where a book
was made without a scanner, the halves of a double-page picture meet within a few pixels and
their nearest columns carry the same fine detail; unrelated pages do not.

For every labelled image set given, every page's edge strips are drawn 1,500 rows high (one
scale per book, by render_edges.py's `draw_edges`; 6 columns a side), cached in
WORK/SET/BOOK.npz. For each pair of consecutive pages and each direction:
`seam`, the best correlation of the fine detail (each column less its mean over 5 rows; columns
whose detail varies under 4 levels s.d. are left out) of the two columns nearest each facing
edge, shifted up to 15 rows; `chance`, the best of the same at shifts of 60 to 400 rows, the
other direction and the pages' same sides. A pair joins by the rule when `seam` >= LIMIT and
`seam - chance` >= MARGIN in exactly one direction. Prints, per limit pair, the labelled joins it
passes, those `seams/measure.sh` misses (with MEASURES, a folder of its tables named SET.csv),
and the unrelated pairs it joins.

usage: fine_detail.py WORK [--measures MEASURES] NAME=DIR...
  (Debian's python3 with python3-gi, python3-gi-cairo, gir1.2-poppler-0.18, python3-numpy)
"""
import argparse
import csv
import os
from multiprocessing import Pool

import numpy

# The drawing `measure.sh` uses (and with it `suggest`'s), at another scale.
from render_edges import Poppler, draw_edges, grey_levels

HEIGHT, EDGE = 1500, 6
DETAIL_RADIUS = 2       # rows either side of the mean taken out
LEAST_DETAIL = 4.0      # levels, standard deviation
NEAR, FAR = 15, (60, 400)
TRIM = 30


def draw_book(job):
    source, out = job
    if os.path.exists(out):
        return
    document = Poppler.Document.new_from_file("file://" + os.path.abspath(source), None)
    heights = sorted(document.get_page(i).get_size()[1] for i in range(document.get_n_pages()))
    scale = HEIGHT / heights[len(heights) // 2]
    strips = []
    for index in range(document.get_n_pages()):
        grey = grey_levels(draw_edges(document.get_page(index), scale, EDGE))
        width = grey.shape[1]
        strips.append(numpy.concatenate([grey[:, :EDGE], grey[:, width - EDGE:]], axis=1)
                      .astype(numpy.uint8))
    numpy.savez_compressed(out, *strips)


def detail(column):
    values = column.astype(numpy.float64)
    r = DETAIL_RADIUS
    sums = numpy.cumsum(numpy.pad(values, (r + 1, r), mode="edge"))
    return values - (sums[2 * r + 1:] - sums[:-2 * r - 1]) / (2 * r + 1)


def columns(strip, side):
    """The two columns nearest the edge, as fine detail."""
    if side == "left":
        return [detail(strip[:, o]) for o in (0, 1)]
    return [detail(strip[:, 2 * EDGE - 1 - o]) for o in (0, 1)]


def correlations(x, y):
    """{shift: correlation of x[i] with y[i + shift]} where both vary enough."""
    x, y = x[TRIM:len(x) - TRIM], y[TRIM:len(y) - TRIM]
    n, m = len(x), len(y)
    full = numpy.correlate(y, x, mode="full")
    xx = numpy.concatenate([[0], numpy.cumsum(x * x)])
    yy = numpy.concatenate([[0], numpy.cumsum(y * y)])
    out = {}
    for shift in range(-FAR[1], FAR[1] + 1):
        low, high = max(0, -shift), min(n, m - shift)
        if high - low < n // 2:
            continue
        ex, ey = xx[high] - xx[low], yy[high + shift] - yy[low + shift]
        least = LEAST_DETAIL ** 2 * (high - low)
        if ex < least or ey < least:
            continue
        out[shift] = full[shift + n - 1] / numpy.sqrt(ex * ey)
    return out


def best(first, second, shifts, sides=("right", "left")):
    """The best correlation of `first`'s edge `sides[0]` with `second`'s edge `sides[1]` (by
    default a left-hand page's right edge and a right-hand page's left edge) at `shifts`."""
    found = -1.0
    for x in columns(first, sides[0]):
        for y in columns(second, sides[1]):
            for shift, r in correlations(x, y).items():
                if shifts(abs(shift)):
                    found = max(found, r)
    return found


def measure_book(job):
    name, book, label, pages_file = job
    archive = numpy.load(pages_file)
    pages = [archive[f"arr_{i}"] for i in range(len(archive.files))]
    joined = [int(k) for k in label["spreads"].split(",")] if label["spreads"] != "-" else []
    right_to_left = label["expected"] == "right-edge" and not book.startswith("conflict")
    near = lambda s: s <= NEAR  # noqa: E731
    far = lambda s: s >= FAR[0]  # noqa: E731
    rows = []
    for k in range(1, len(pages)):
        earlier, later = pages[k - 1], pages[k]
        seams = {"ltr": best(earlier, later, near), "rtl": best(later, earlier, near)}
        same = max(best(earlier, later, near, ("right", "right")),
                   best(earlier, later, near, ("left", "left")))
        chance = {
            "ltr": max(best(earlier, later, far), seams["rtl"], same),
            "rtl": max(best(later, earlier, far), seams["ltr"], same),
        }
        truth = ("rtl" if right_to_left else "ltr") if k in joined else "-"
        rows.append((name, book, k, truth, seams, chance))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("work")
    parser.add_argument("--measures", help="folder of seams/measure.sh tables named SET.csv")
    parser.add_argument("sets", nargs="+", help="NAME=DIR of make_image_books.py")
    arguments = parser.parse_args()
    drawing, measuring = [], []
    for item in arguments.sets:
        name, folder = item.split("=", 1)
        os.makedirs(os.path.join(arguments.work, name), exist_ok=True)
        for label in csv.DictReader(open(os.path.join(folder, "image-labels.tsv")),
                                    delimiter="\t"):
            if label["file"].startswith("speed-200"):
                continue
            book = label["file"][:-4]
            cached = os.path.join(arguments.work, name, book + ".npz")
            drawing.append((os.path.join(folder, label["file"]), cached))
            measuring.append((name, book, label, cached))
    with Pool(2) as pool:
        pool.map(draw_book, drawing)
        books = pool.map(measure_book, measuring, chunksize=4)
    missed = set()
    if arguments.measures:
        for name in {job[0] for job in measuring}:
            for row in csv.DictReader(open(os.path.join(arguments.measures, name + ".csv"))):
                if row["label"] != "-" and row["outcome"] != row["label"]:
                    missed.add((name, row["book"], int(row["k"])))
    pairs = [row for rows in books for row in rows]
    joins = sum(1 for row in pairs if row[3] != "-")
    print(f"{len(pairs)} pairs of pages, {joins} labelled joins")
    for limit, margin in [(0.25, 0.05), (0.3, 0.05), (0.3, 0.1), (0.4, 0.05), (0.4, 0.1),
                          (0.5, 0.1), (0.6, 0.15)]:
        passed = new = unrelated = wrong = 0
        for name, book, k, truth, seams, chance in pairs:
            ways = [d for d in ("ltr", "rtl")
                    if seams[d] >= limit and seams[d] - chance[d] >= margin]
            if len(ways) != 1:
                continue
            if truth == "-":
                unrelated += 1
            elif ways[0] != truth:
                wrong += 1
            else:
                passed += 1
                new += (name, book, k) in missed
        print(f"limit {limit}, margin {margin}: {passed} joins pass"
              + (f", {new} of them missed by suggest" if arguments.measures else "")
              + f"; {unrelated} unrelated pairs and {wrong} joins the wrong way join")


if __name__ == "__main__":
    main()
