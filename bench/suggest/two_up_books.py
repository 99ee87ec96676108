#!/usr/bin/env python3
"""2-up versions of a labelled set of image books, for SPEC round 4's "two pages in one picture":
each book's first pages drawn in grey and set two by two side by side in one landscape picture,
as a 2-up scan is (bench/suggest/README.md, "Two pages in one picture").

usage: two_up_books.py IN OUT [PAGES]   (IN: a folder of image books with image-labels.tsv, as
       make_image_books.py writes; OUT: the 2-up books and their image-labels.tsv; PAGES: the
       pages of each book set two by two, 8 by default)

A book's binding is its label's: the pages of a right-to-left book are set right page first
(page 1 on the right half), as such a book's spreads lie. The layout column is `-` and no
picture spans two PDF pages any more (`spreads` is `-`): only the binding is scored. The
photo albums, the conflicts and the speed books are left out. Needs pdftoppm, Pillow, img2pdf.
"""
import csv
import glob
import io
import os
import subprocess
import sys
import tempfile

import img2pdf
from PIL import Image

LEFT_OUT = ("photo album", "conflict", "speed")
GAP = 0.02  # the paper between the two pages, as a share of one page's width


def two_up(pages, right_to_left):
    """One picture of two facing pages: the first of `pages` on the right for right to left."""
    first, second = pages if len(pages) == 2 else (pages[0], Image.new("L", pages[0].size, 235))
    left, right = (second, first) if right_to_left else (first, second)
    width, height = left.size
    gap = int(width * GAP)
    picture = Image.new("L", (2 * width + gap, height), 235)
    picture.paste(left, (0, 0))
    picture.paste(right.resize((width, height)), (width + gap, 0))
    return picture


def main():
    source, out = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    os.makedirs(out, exist_ok=True)
    labels = list(csv.DictReader(open(os.path.join(source, "image-labels.tsv")), delimiter="\t"))
    kept = [label for label in labels if not label["class"].startswith(LEFT_OUT)]
    with open(os.path.join(out, "image-labels.tsv"), "w") as written:
        written.write("file\tclass\texpected\tlayout\tspreads\n")
        for label in kept:
            with tempfile.TemporaryDirectory() as scratch:
                subprocess.run(["pdftoppm", "-gray", "-l", str(count), "-r", "100",
                                os.path.join(source, label["file"]), scratch + "/p"], check=True)
                pages = [Image.open(path) for path in sorted(glob.glob(scratch + "/p-*.pgm"))]
                rtl = label["expected"] == "right-edge"
                pictures = []
                for index in range(0, len(pages), 2):
                    encoded = io.BytesIO()
                    two_up(pages[index:index + 2], rtl).save(encoded, "PNG")
                    pictures.append(encoded.getvalue())
            with open(os.path.join(out, label["file"]), "wb") as book:
                book.write(img2pdf.convert(pictures, engine=img2pdf.Engine.internal))
            written.write(f"{label['file']}\t{label['class']} 2-up\t{label['expected']}\t-\t-\n")


if __name__ == "__main__":
    main()
