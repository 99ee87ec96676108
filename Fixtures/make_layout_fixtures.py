#!/usr/bin/env python3
"""Rebuild the books in Fixtures/layout/ that `spreads` and `preview` are tested with.

    python3 Fixtures/make_layout_fixtures.py

Needs only Python 3: every file is written object by object, with its offsets computed here,
a fixed /ID and no dates, so a rebuild is byte-for-byte identical. None of the books has
/Direction or /PageLayout: tests add them to copies (with pikepdf) or choose with --as/--cover.

- colours-N.pdf: N pages (0, 1, 2, 3, 7, 12), page k a flat colour of its own (PALETTE[k-1])
  with its number in the middle, so a picture of a spread shows which page is where.
- double-page-BINDING-COVER.pdf: books with double-page pictures (a horizontal gradient from
  a dark to a bright shade of one hue, a different hue per picture) split across the facing
  pages of a two-page view with that binding (left-edge, right-edge) and that pairing (cover:
  page 1 alone; no-cover: pairs from page 1). The halves meet at the spine only when a viewer
  lays the book out that way.
- unrenderable-page.pdf: three pages whose page tree counts three but whose second kid is a
  missing object, which poppler cannot load as a page.
- catalog-in-trailer.pdf: one page, whose catalog is a dictionary written in the trailer
  (`/Root << ... >>`) instead of a reference: qpdf reads it (`qpdf --check` is clean), poppler
  cannot open it (it finds a catalog only through a reference, and finds none when it
  reconstructs), so every command that draws pages must say that poppler refused it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

HERE = Path(__file__).resolve().parent / "layout"
WIDTH, HEIGHT = 360, 480  # points; 3:4

# Page k of a colour book is PALETTE[(k - 1) % 12]: saturated, far apart, none of them grey.
PALETTE = [
    (230, 25, 75),  # 1 red
    (60, 180, 75),  # 2 green
    (255, 225, 25),  # 3 yellow
    (0, 130, 200),  # 4 blue
    (245, 130, 48),  # 5 orange
    (145, 30, 180),  # 6 purple
    (70, 240, 240),  # 7 cyan
    (240, 50, 230),  # 8 magenta
    (170, 110, 40),  # 9 brown
    (0, 128, 128),  # 10 teal
    (128, 0, 0),  # 11 maroon
    (0, 0, 128),  # 12 navy
]

# The bright end of double-page picture k (from 1); the dark end is a fifth of it.
PICTURE_HUES = [(255, 60, 60), (60, 220, 60), (70, 110, 255), (255, 200, 0)]
COVER = (90, 100, 110)


def rgb(colour: tuple[int, int, int]) -> str:
    return " ".join(f"{c / 255:.4f}" for c in colour)


def text_colour(colour: tuple[int, int, int]) -> str:
    light = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 150
    return "0 0 0" if light else "1 1 1"


def centred_text(text: str, size: int, y: float, colour: str) -> str:
    # Helvetica-Bold digits are 0.556 em wide; letters are close enough for a label.
    x = (WIDTH - 0.556 * size * len(text)) / 2
    return f"BT /F1 {size} Tf {colour} rg {x:.2f} {y:.2f} Td ({text}) Tj ET\n"


class Book:
    """Objects 1 (catalog), 2 (page tree) and 3 (font) first, then what pages add."""

    def __init__(self) -> None:
        self.objects: list[bytes] = [b"", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>"]
        self.kids: list[int] = []
        self.count = 0

    def add(self, body: bytes) -> int:
        self.objects.append(body)
        return len(self.objects)

    def stream(self, content: str) -> int:
        data = content.encode("latin-1")
        return self.add(b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream")

    def page(self, content: str, resources: str = "") -> None:
        contents = self.stream(content)
        page = self.add(
            (
                f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {WIDTH} {HEIGHT}] "
                f"/Resources << /Font << /F1 3 0 R >> {resources}>> /Contents {contents} 0 R >>"
            ).encode()
        )
        self.kids.append(page)
        self.count += 1

    def write(
        self, name: str, extra_kids: dict[int, int] | None = None, root_in_trailer: bool = False
    ) -> None:
        """`extra_kids` puts a reference to a missing object at that index of /Kids;
        `root_in_trailer` writes the catalog into the trailer (object 1 is then null)."""
        kids = [f"{k} 0 R" for k in self.kids]
        for index, number in sorted((extra_kids or {}).items()):
            kids.insert(index, f"{number} 0 R")
        catalog = "<< /Type /Catalog /Pages 2 0 R >>"
        self.objects[0] = b"null" if root_in_trailer else catalog.encode()
        self.objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
        out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(self.objects, start=1):
            offsets.append(len(out))
            out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.objects) + 1)
        for offset in offsets:
            out += b"%010d 00000 n \n" % offset
        digest = hashlib.md5(name.encode()).hexdigest()
        root = catalog if root_in_trailer else "1 0 R"
        out += (
            f"trailer\n<< /Size {len(self.objects) + 1} /Root {root} "
            f"/ID [<{digest}> <{digest}>] >>\nstartxref\n{xref}\n%%EOF\n"
        ).encode()
        (HERE / name).write_bytes(bytes(out))


def colour_page(book: Book, number: int) -> None:
    colour = PALETTE[(number - 1) % len(PALETTE)]
    book.page(
        f"{rgb(colour)} rg 0 0 {WIDTH} {HEIGHT} re f\n"
        + centred_text(str(number), 160, HEIGHT / 2 - 56, text_colour(colour))
    )


def colours(count: int) -> None:
    book = Book()
    for number in range(1, count + 1):
        colour_page(book, number)
    book.write(f"colours-{count}.pdf")


def picture_half(book: Book, picture: int, left_half: bool, number: int) -> None:
    """One half of double-page picture `picture`: the gradient runs over twice the page's
    width, and this page shows its left or right half."""
    bright = PICTURE_HUES[(picture - 1) % len(PICTURE_HUES)]
    dark = tuple(c // 5 for c in bright)
    shading = book.add(
        (
            f"<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [{0 if left_half else -WIDTH} 0 "
            f"{2 * WIDTH if left_half else WIDTH} 0] /Extend [true true] /Function << "
            f"/FunctionType 2 /Domain [0 1] /C0 [{rgb(dark)}] /C1 [{rgb(bright)}] /N 1 >> >>"
        ).encode()
    )
    # The page number sits in the outer bottom corner, away from the spine.
    x = 24 if left_half else WIDTH - 24 - 0.556 * 28 * len(str(number))
    book.page(
        f"q 0 0 {WIDTH} {HEIGHT} re W n /Sh1 sh Q\n"
        f"BT /F1 28 Tf 1 1 1 rg {x:.2f} 24 Td ({number}) Tj ET\n",
        resources=f"/Shading << /Sh1 {shading} 0 R >> ",
    )


def double_page(binding: str, cover: bool) -> None:
    """Four pictures; with a cover, page 1 is a flat cover and the book has nine pages."""
    book = Book()
    number = 1
    if cover:
        book.page(
            f"{rgb(COVER)} rg 0 0 {WIDTH} {HEIGHT} re f\n"
            + centred_text("COVER", 64, HEIGHT / 2 - 22, "1 1 1")
        )
        number = 2
    for picture in range(1, 5):
        # The page shown on the left of the spread holds the left half: the first page of
        # the pair for a left-edge binding, the second for a right-edge one.
        first_is_left = binding == "left-edge"
        picture_half(book, picture, left_half=first_is_left, number=number)
        picture_half(book, picture, left_half=not first_is_left, number=number + 1)
        number += 2
    book.write(f"double-page-{binding}-{'cover' if cover else 'no-cover'}.pdf")


def unrenderable_page() -> None:
    book = Book()
    for number in (1, 3):
        colour_page(book, number)
    book.write("unrenderable-page.pdf", extra_kids={1: 999})


def catalog_in_trailer() -> None:
    book = Book()
    colour_page(book, 1)
    book.write("catalog-in-trailer.pdf", root_in_trailer=True)


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for count in (0, 1, 2, 3, 7, 12):
        colours(count)
    for binding in ("left-edge", "right-edge"):
        for cover in (True, False):
            double_page(binding, cover)
    unrenderable_page()
    catalog_in_trailer()


if __name__ == "__main__":
    main()
