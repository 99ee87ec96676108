#!/usr/bin/env python3
"""Cuts the fixtures of Fixtures/edges/ from pages drawn as `suggest` draws them for double-page
pictures: each page's first and last 16 columns (the only ones drawn) in a PGM whose comment
gives the page's size. SpreadMarginTests puts them back on a white page.

The margins come from bench/suggest's tuning set (seed 19); the print cropped close from two
books of the real bench: `n59-latin-kovalewsky-1` at half its pixels and
`n59-latin-fauxvisage-1` in grey (a folder holding them as `kovalewsky-half.pdf` and
`fauxvisage-grey.pdf`, with an image-labels.tsv naming them, as bench/suggest/seams reads):
    python3 bench/suggest/make_image_books.py /tmp/tune
    /usr/bin/python3 bench/suggest/seams/render_edges.py /tmp/tune /tmp/tune-pages
    python3 bench/suggest/real/make_books.py /tmp/real
    python3 bench/suggest/real/transform_books.py /tmp/real /tmp/real-half half
    python3 bench/suggest/real/transform_books.py /tmp/real /tmp/real-grey grey
    mkdir /tmp/kv && cp /tmp/real-half/n59-latin-kovalewsky-1.pdf /tmp/kv/kovalewsky-half.pdf
    cp /tmp/real-grey/n59-latin-fauxvisage-1.pdf /tmp/kv/fauxvisage-grey.pdf
    (printf 'file\tclass\texpected\tlayout\tspreads\n'
     printf '%s\tlatin\tleft-edge\t-\t-\n' kovalewsky-half.pdf fauxvisage-grey.pdf) \
        > /tmp/kv/image-labels.tsv
    /usr/bin/python3 bench/suggest/seams/render_edges.py /tmp/kv /tmp/kv-pages
    python3 Fixtures/edges/make_edges.py /tmp/tune-pages /tmp/kv-pages
"""
import os
import sys

import numpy

# Two scanned text pages of different books whose blank margins the smooth-seam rule joined
# before it asked for a picture's structure (bench/suggest/seams/cross.sh); then two pages of
# a real book cropped close to the print, which it joined right to left before SuggestRules 55
# (the other direction's continuity 0.41 to 0.48); then two pages of another, whose lines of
# text meet row for row, which the smooth rule joined left to right before SuggestRules 56, and
# without it the plain rule's profiles.
TUNE_PAGES = [("russian-2", 4), ("hebrew-5", 9)]
REAL_PAGES = [("kovalewsky-half", 1), ("kovalewsky-half", 2), ("fauxvisage-grey", 3),
              ("fauxvisage-grey", 4)]
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
