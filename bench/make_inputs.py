#!/usr/bin/env python3
"""Makes the benchmark's inputs in bench/inputs/ (git-ignored), skipping those already there.

small.pdf              one page, ~40 KB (an incompressible image)
big-table.pdf          5,000 pages, ~330 MB, classic cross-reference table
big-xref-stream.pdf    the same pages with object streams and a cross-reference stream
many/0001.pdf ...      1,000 distinct one-page PDFs of a few KB

Deterministic: a seeded generator and fixed /ID, so every machine measures the same files.
"""
import os
import random
import sys

import pikepdf

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "inputs")


def page_with_image(pdf, rng, image_bytes, label):
    """A page showing one grey image of random bytes (stored unfiltered, so it keeps its size)."""
    side = int(image_bytes ** 0.5)
    image = pikepdf.Stream(pdf, rng.randbytes(side * side))
    image.Type = pikepdf.Name.XObject
    image.Subtype = pikepdf.Name.Image
    image.Width = side
    image.Height = side
    image.ColorSpace = pikepdf.Name.DeviceGray
    image.BitsPerComponent = 8
    content = f"q 400 0 0 400 100 300 cm /Im0 Do Q BT /F1 24 Tf 100 200 Td ({label}) Tj ET"
    page = pikepdf.Dictionary(
        Type=pikepdf.Name.Page,
        MediaBox=[0, 0, 612, 792],
        Resources=pikepdf.Dictionary(
            XObject=pikepdf.Dictionary(Im0=image),
            Font=pikepdf.Dictionary(F1=pikepdf.Dictionary(
                Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)),
        ),
        Contents=pikepdf.Stream(pdf, content.encode()),
    )
    pdf.pages.append(pikepdf.Page(page))


def document(pages, image_bytes, seed, label):
    rng = random.Random(seed)
    pdf = pikepdf.new()
    for number in range(pages):
        page_with_image(pdf, rng, image_bytes, f"{label} {number + 1}")
    return pdf


def save(pdf, path, object_streams=False):
    tmp = path + ".part"
    mode = pikepdf.ObjectStreamMode.generate if object_streams else pikepdf.ObjectStreamMode.disable
    pdf.save(tmp, static_id=True, object_stream_mode=mode, compress_streams=False,
             stream_decode_level=pikepdf.StreamDecodeLevel.none)
    os.replace(tmp, path)


def main():
    os.makedirs(os.path.join(INPUTS, "many"), exist_ok=True)
    small = os.path.join(INPUTS, "small.pdf")
    if not os.path.exists(small):
        save(document(1, 40_000, 1, "small"), small)
    table = os.path.join(INPUTS, "big-table.pdf")
    if not os.path.exists(table):
        print("making big-table.pdf (5,000 pages, ~330 MB)...", file=sys.stderr)
        save(document(5000, 66_000, 2, "page"), table)
    stream = os.path.join(INPUTS, "big-xref-stream.pdf")
    if not os.path.exists(stream):
        print("making big-xref-stream.pdf...", file=sys.stderr)
        with pikepdf.open(table) as pdf:
            save(pdf, stream, object_streams=True)
    for number in range(1, 1001):
        path = os.path.join(INPUTS, "many", f"{number:04d}.pdf")
        if not os.path.exists(path):
            save(document(1, 2_000, 1000 + number, f"file {number}"), path)
    for name in ("small.pdf", "big-table.pdf", "big-xref-stream.pdf"):
        size = os.path.getsize(os.path.join(INPUTS, name))
        print(f"{name}: {size / 1e6:.1f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
