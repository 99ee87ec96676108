#!/usr/bin/env python3
"""Cuts the fixtures of Fixtures/edges/ from pages drawn as `suggest` draws them for double-page
pictures: each page's first and last 16 columns (the only ones drawn) in a PGM whose comment
gives the page's size. SpreadMarginTests puts them back on a white page.

The margins come from bench/suggest's tuning set (seed 19); the cropped print from the real
bench's `n59-latin-kovalewsky-1` at half its pixels (a folder holding that one book as
`kovalewsky-half.pdf`, with an image-labels.tsv naming it, as bench/suggest/seams reads):
    python3 bench/suggest/make_image_books.py /tmp/tune
    python3 bench/suggest/seams/render_edges.py /tmp/tune /tmp/tune-pages
    python3 bench/suggest/real/make_books.py /tmp/real
    python3 bench/suggest/real/transform_books.py /tmp/real /tmp/real-half half
    mkdir /tmp/kv && cp /tmp/real-half/n59-latin-kovalewsky-1.pdf /tmp/kv/kovalewsky-half.pdf
    printf 'file\tclass\texpected\tlayout\tspreads\nkovalewsky-half.pdf\tlatin\tleft-edge\t-\t-\n' \
        > /tmp/kv/image-labels.tsv
    python3 bench/suggest/seams/render_edges.py /tmp/kv /tmp/kv-pages
    python3 Fixtures/edges/make_edges.py /tmp/tune-pages /tmp/kv-pages
"""
import os
import sys

import numpy

# Two scanned text pages of different books whose blank margins the smooth-seam rule joined
# before it asked for a picture's structure (bench/suggest/seams/cross.sh); then two pages of
# a real book cropped close to the print, which it joined right to left before SuggestRules 55
# (the other direction's continuity 0.41 to 0.48).
TUNE_PAGES = [("russian-2", 4), ("hebrew-5", 9)]
REAL_PAGES = [("kovalewsky-half", 1), ("kovalewsky-half", 2)]
STRIP = 16


def read_pgm(path):
    data = open(path, "rb").read()
    magic, size, depth, pixels = data.split(b"\n", 3)
    width, height = map(int, size.split())
    return numpy.frombuffer(pixels[:width * height], numpy.uint8).reshape(height, width)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    here = os.path.dirname(os.path.abspath(__file__))
    for pages, book, page in [(sys.argv[1], *p) for p in TUNE_PAGES] + [
            (sys.argv[2], *p) for p in REAL_PAGES]:
        image = read_pgm(os.path.join(pages, book, "p-%04d.pgm" % page))
        height, width = image.shape
        if not (image[:, STRIP:width - STRIP] == 255).all():
            sys.exit(f"{book} page {page}: more than the edge strips are drawn")
        strips = numpy.concatenate([image[:, :STRIP], image[:, width - STRIP:]], axis=1)
        header = b"P5\n# edge strips of a %dx%d page: its first and last %d columns\n%d %d\n255\n" % (
            width, height, STRIP, 2 * STRIP, height)
        with open(os.path.join(here, f"{book}-page-{page}.pgm"), "wb") as out:
            out.write(header + strips.tobytes())


if __name__ == "__main__":
    main()
