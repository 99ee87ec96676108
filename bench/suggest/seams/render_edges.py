#!/usr/bin/python3
"""Draws every page of the labelled image books as `suggest` does for double-page pictures
(Sources/PDFBindPages/Suggest/SpreadEvidence.swift: poppler-glib and cairo, fitted in 200 x 300,
only the 16 columns at each side drawn, grey levels by 299/587/114) and writes them as PGM:
OUT/BOOK/p-0001.pgm ...; for a page in colour also the colour differences of those columns
(Sources/PDFBindPages/Pictures/SpinePicture.swift), as p-0001.rg.pgm and p-0001.yb.pgm.
`main.swift` (built by measure.sh) and `cross.swift` read them.

usage: render_edges.py DIR OUT     (DIR holds image-labels.tsv; Debian's python3 with
python3-gi, python3-gi-cairo, gir1.2-poppler-0.18 and python3-numpy)
"""
import csv
import os
import sys
from multiprocessing import Pool

import gi

gi.require_version("Poppler", "0.18")
gi.require_foreign("cairo")
import cairo  # noqa: E402
import numpy  # noqa: E402
from gi.repository import Poppler  # noqa: E402

WIDTH, HEIGHT, EDGE_COLUMNS = 200, 300, 16
LEAST_VARIATION = 4  # OpponentColours.leastVariation


def draw_edges(page, scale, columns):
    """`page` drawn at `scale` pixels per point, only `columns` pixels at each side (the rest
    white), as cairo's RGB24 words: an array of rows x columns x 4 (blue, green, red, unused)."""
    page_width, page_height = page.get_size()
    width = max(1, round(page_width * scale))
    height = max(1, round(page_height * scale))
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
    context = cairo.Context(surface)
    context.set_source_rgb(1, 1, 1)
    context.rectangle(0, 0, width, height)
    context.fill()
    context.save()
    strip = min(columns, width // 2)
    context.rectangle(0, 0, strip, height)
    context.rectangle(width - strip, 0, strip, height)
    context.clip()
    context.scale(width / page_width, height / page_height)
    page.render(context)
    context.restore()
    surface.flush()
    words = numpy.frombuffer(surface.get_data(), numpy.uint8)
    pixels = words.reshape(height, surface.get_stride())[:, :width * 4]
    return pixels.reshape(height, width, 4).astype(numpy.uint32)


def grey_levels(pixels):
    """Grey levels of `draw_edges`' pixels, by 299/587/114 as `suggest` takes them."""
    return (299 * pixels[:, :, 2] + 587 * pixels[:, :, 1] + 114 * pixels[:, :, 0] + 500) // 1000


def draw_book(job):
    source, out = job
    document = Poppler.Document.new_from_file("file://" + os.path.abspath(source), None)
    os.makedirs(out, exist_ok=True)
    for index in range(document.get_n_pages()):
        page = document.get_page(index)
        page_width, page_height = page.get_size()
        pixels = draw_edges(page, min(WIDTH / page_width, HEIGHT / page_height), EDGE_COLUMNS)
        width = pixels.shape[1]
        grey = grey_levels(pixels)
        name = os.path.join(out, "p-%04d" % (index + 1))
        write_pgm(name + ".pgm", grey)
        strip = max(1, min(EDGE_COLUMNS, width // 2))
        edges = numpy.concatenate([pixels[:, :strip], pixels[:, width - strip:]], axis=1)
        red, green, blue = (edges[:, :, c].astype(numpy.int32) for c in (2, 1, 0))
        red_green, yellow_blue = red - green, (red + green) // 2 - blue
        if max(red_green.std(), yellow_blue.std()) >= LEAST_VARIATION:
            write_pgm(name + ".rg.pgm", numpy.clip(128 + red_green, 0, 255))
            write_pgm(name + ".yb.pgm", numpy.clip(128 + yellow_blue, 0, 255))


def write_pgm(path, levels):
    with open(path, "wb") as file:
        file.write(b"P5\n%d %d\n255\n" % (levels.shape[1], levels.shape[0]))
        file.write(levels.astype(numpy.uint8).tobytes())


def main():
    folder, out = sys.argv[1], sys.argv[2]
    with open(os.path.join(folder, "image-labels.tsv")) as labels:
        rows = list(csv.DictReader(labels, delimiter="\t"))
    # speed-200 is 200 scans of 1,600 x 2,400: long to draw, and its one join is found.
    jobs = [(os.path.join(folder, row["file"]), os.path.join(out, row["file"][:-4]))
            for row in rows if row["file"] != "speed-200.pdf"]
    with Pool(2) as pool:
        pool.map(draw_book, jobs)


if __name__ == "__main__":
    main()
