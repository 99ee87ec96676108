#!/usr/bin/env python3
"""Makes the benchmark's inputs in bench/inputs/ (git-ignored), skipping those already there.

small.pdf              one page, ~40 KB (an incompressible image)
big-table.pdf          5,000 pages, ~330 MB, classic cross-reference table, no object streams:
                       every page has its own 64 KiB image of random bytes (unfiltered) and a
                       short content stream
big-xref-stream.pdf    the same pages with object streams and a cross-reference stream
book-table.pdf         5,000 text-heavy pages, ~330 MB, 14 objects a page (70,002 objects,
                       a 1.4 MB cross-reference table), no object streams: each page has a
                       ~64 KiB content stream of text, its own resources, font, font descriptor,
                       widths, graphics state and seven link annotations
book-xref-stream.pdf   the same pages with object streams and a cross-reference stream
many/0001.pdf ...      1,000 distinct one-page PDFs of ~3 KB

big-table.pdf is written object by object straight to disk (only the offsets stay in memory),
then opened with pikepdf, without recovery, to prove that its table is right (book-table.pdf
the same way); big-xref-stream.pdf (book-xref-stream.pdf) is pikepdf's rewrite of it, which copies the stream data from the file as
it writes. Peak memory stays well under 100 MB. Everything is deterministic: seeded
generators and a fixed /ID, so every machine measures the same bytes.
"""
import os
import random
import sys

import pikepdf

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "inputs")
FIXED_ID = b"31415926535897932384626433832795"
IMAGE_SIDE = 256  # 256 x 256 8-bit grey: 64 KiB a page, incompressible

CONTENT = "q 400 0 0 400 100 300 cm /Im0 Do Q BT /F1 24 Tf 100 200 Td ({label}) Tj ET"


# --- the small files, built with pikepdf in memory --------------------------------------------

def page_with_image(pdf, rng, side, label):
    """Appends a page showing one grey image of random bytes (unfiltered, so it keeps its size)."""
    image = pikepdf.Stream(pdf, rng.randbytes(side * side))
    image.Type = pikepdf.Name.XObject
    image.Subtype = pikepdf.Name.Image
    image.Width = side
    image.Height = side
    image.ColorSpace = pikepdf.Name.DeviceGray
    image.BitsPerComponent = 8
    page = pikepdf.Dictionary(
        Type=pikepdf.Name.Page,
        MediaBox=[0, 0, 612, 792],
        Resources=pikepdf.Dictionary(
            XObject=pikepdf.Dictionary(Im0=image),
            Font=pikepdf.Dictionary(F1=pikepdf.Dictionary(
                Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                BaseFont=pikepdf.Name.Helvetica)),
        ),
        Contents=pikepdf.Stream(pdf, CONTENT.format(label=label).encode()),
    )
    pdf.pages.append(pikepdf.Page(page))


def one_page(path, side, seed, label):
    pdf = pikepdf.new()
    page_with_image(pdf, random.Random(seed), side, label)
    save(pdf, path)


def save(pdf, path, object_streams=False):
    tmp = path + ".part"
    mode = pikepdf.ObjectStreamMode.generate if object_streams else pikepdf.ObjectStreamMode.disable
    pdf.save(tmp, static_id=True, object_stream_mode=mode, compress_streams=False,
             stream_decode_level=pikepdf.StreamDecodeLevel.none)
    os.replace(tmp, path)


# --- the big file, streamed ---------------------------------------------------------------------

class Writer:
    """Writes numbered objects in order and ends with a classic cross-reference table."""

    def __init__(self, f):
        self.f = f
        self.pos = 0
        self.offsets = {}

    def raw(self, data):
        self.f.write(data)
        self.pos += len(data)

    def obj(self, number, body, stream=None):
        self.offsets[number] = self.pos
        if stream is None:
            self.raw(b"%d 0 obj\n%s\nendobj\n" % (number, body))
        else:
            self.raw(b"%d 0 obj\n%s\nstream\n" % (number, body))
            self.raw(stream)
            self.raw(b"\nendstream\nendobj\n")

    def finish(self, root):
        size = max(self.offsets) + 1
        assert sorted(self.offsets) == list(range(1, size)), "object numbers must be dense"
        start = self.pos
        self.raw(b"xref\n0 %d\n0000000000 65535 f \n" % size)
        self.raw(b"".join(b"%010d 00000 n \n" % self.offsets[n] for n in range(1, size)))
        self.raw(b"trailer\n<< /Size %d /Root %d 0 R /ID [<%s><%s>] >>\nstartxref\n%d\n%%%%EOF\n"
                 % (size, root, FIXED_ID, FIXED_ID, start))


def big_table(path, pages, seed):
    """pages pages, each with its own image (random bytes) and content stream; one shared font."""
    rng = random.Random(seed)
    # 1 catalog, 2 page tree, 3 font; then per page: page, content stream, image.
    page_number = [4 + 3 * i for i in range(pages)]
    tmp = path + ".part"
    with open(tmp, "wb", buffering=1 << 20) as f:
        w = Writer(f)
        w.raw(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        w.obj(1, b"<< /Type /Catalog /Pages 2 0 R >>")
        kids = b" ".join(b"%d 0 R" % n for n in page_number)
        w.obj(2, b"<< /Type /Pages /Count %d /Kids [ %s ] >>" % (pages, kids))
        w.obj(3, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        for i, number in enumerate(page_number):
            content = CONTENT.format(label=f"page {i + 1}").encode()
            w.obj(number, b"<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 612 792 ] /Contents %d 0 R"
                  b" /Resources << /Font << /F1 3 0 R >> /XObject << /Im0 %d 0 R >> >> >>"
                  % (number + 1, number + 2))
            w.obj(number + 1, b"<< /Length %d >>" % len(content), content)
            image = rng.randbytes(IMAGE_SIDE * IMAGE_SIDE)
            w.obj(number + 2, b"<< /Type /XObject /Subtype /Image /Width %d /Height %d"
                  b" /ColorSpace /DeviceGray /BitsPerComponent 8 /Length %d >>"
                  % (IMAGE_SIDE, IMAGE_SIDE, len(image)), image)
        w.finish(root=1)
    # A strict open: a wrong offset anywhere in the table fails here instead of being repaired.
    with pikepdf.open(tmp, attempt_recovery=False) as pdf:
        assert len(pdf.pages) == pages, len(pdf.pages)
        assert not pdf.get_warnings(), pdf.get_warnings()
    os.replace(tmp, path)


# --- the book: many small objects -------------------------------------------------------------

BOOK_OBJECTS_PER_PAGE = 14
BOOK_LINKS = 7
# Random bytes mapped onto letters and spaces: cheap to make, and never a delimiter.
LETTERS = bytes((b"abcdefghijklmnopqrstuvwxyz      etaoin"[i % 38]) for i in range(256))


def book_text(rng, size):
    """A content stream of about `size` bytes: lines of 90 letters shown with Tj and T*."""
    out = [b"BT /F1 9 Tf 11 TL 40 760 Td"]
    length = len(out[0])
    while length < size:
        line = b"(" + rng.randbytes(90).translate(LETTERS) + b") Tj T*"
        out.append(line)
        length += len(line) + 1
    out.append(b"ET")
    return b"\n".join(out)


def book_table(path, pages, seed, text_size=64 * 1024):
    """pages text-heavy pages of 14 objects each (page, content stream, resources, font, font
    descriptor, widths, graphics state, seven links): ~70,000 objects for 5,000 pages."""
    rng = random.Random(seed)
    first = 3  # 1 catalog, 2 page tree
    page_number = [first + BOOK_OBJECTS_PER_PAGE * i for i in range(pages)]
    tmp = path + ".part"
    with open(tmp, "wb", buffering=1 << 20) as f:
        w = Writer(f)
        w.raw(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        w.obj(1, b"<< /Type /Catalog /Pages 2 0 R >>")
        kids = b" ".join(b"%d 0 R" % n for n in page_number)
        w.obj(2, b"<< /Type /Pages /Count %d /Kids [ %s ] >>" % (pages, kids))
        for i, n in enumerate(page_number):
            contents, resources, font, descriptor, widths, state = range(n + 1, n + 7)
            links = list(range(n + 7, n + 7 + BOOK_LINKS))
            annots = b" ".join(b"%d 0 R" % k for k in links)
            w.obj(n, b"<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 612 792 ] /Contents %d 0 R"
                  b" /Resources %d 0 R /Annots [ %s ] >>" % (contents, resources, annots))
            text = book_text(rng, text_size)
            w.obj(contents, b"<< /Length %d >>" % len(text), text)
            w.obj(resources, b"<< /Font << /F1 %d 0 R >> /ExtGState << /G0 %d 0 R >> >>"
                  % (font, state))
            w.obj(font, b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /FirstChar 32"
                  b" /LastChar 126 /Widths %d 0 R /FontDescriptor %d 0 R >>" % (widths, descriptor))
            w.obj(descriptor, b"<< /Type /FontDescriptor /FontName /Times-Roman /Flags 34"
                  b" /FontBBox [ -168 -218 1000 898 ] /ItalicAngle 0 /Ascent 683 /Descent -217"
                  b" /CapHeight 662 /StemV 84 >>")
            w.obj(widths, b"[ %s ]" % b" ".join(b"%d" % (250 + (c * 37) % 500) for c in range(95)))
            w.obj(state, b"<< /Type /ExtGState /CA 1 /ca 1 >>")
            for k, link in enumerate(links):
                y = 700 - 80 * k
                w.obj(link, b"<< /Type /Annot /Subtype /Link /Rect [ 40 %d 300 %d ] /Border [ 0 0 0 ]"
                      b" /A << /S /URI /URI (https://example.org/page/%d/link/%d) >> >>"
                      % (y, y + 12, i + 1, k + 1))
        w.finish(root=1)
    with pikepdf.open(tmp, attempt_recovery=False) as pdf:
        assert len(pdf.pages) == pages, len(pdf.pages)
        assert not pdf.get_warnings(), pdf.get_warnings()
    os.replace(tmp, path)


def main():
    os.makedirs(os.path.join(INPUTS, "many"), exist_ok=True)
    small = os.path.join(INPUTS, "small.pdf")
    if not os.path.exists(small):
        one_page(small, 200, 1, "small")  # 40,000 bytes of image
    table = os.path.join(INPUTS, "big-table.pdf")
    if not os.path.exists(table):
        print("bench: making big-table.pdf (5,000 pages, ~330 MB)...", file=sys.stderr)
        big_table(table, 5000, 2)
    stream = os.path.join(INPUTS, "big-xref-stream.pdf")
    if not os.path.exists(stream):
        print("bench: making big-xref-stream.pdf...", file=sys.stderr)
        with pikepdf.open(table) as pdf:
            save(pdf, stream, object_streams=True)
    book = os.path.join(INPUTS, "book-table.pdf")
    if not os.path.exists(book):
        print("bench: making book-table.pdf (5,000 text pages, 70,000 objects, ~330 MB)...",
              file=sys.stderr)
        book_table(book, 5000, 3)
    book_stream = os.path.join(INPUTS, "book-xref-stream.pdf")
    if not os.path.exists(book_stream):
        print("bench: making book-xref-stream.pdf...", file=sys.stderr)
        with pikepdf.open(book) as pdf:
            save(pdf, book_stream, object_streams=True)
    made = 0
    for number in range(1, 1001):
        path = os.path.join(INPUTS, "many", f"{number:04d}.pdf")
        if not os.path.exists(path):
            one_page(path, 44, 1000 + number, f"file {number}")  # 1,936 bytes of image
            made += 1
    if made:
        print(f"bench: made {made} files in many/", file=sys.stderr)
    for name in ("small.pdf", "big-table.pdf", "big-xref-stream.pdf", "book-table.pdf",
                 "book-xref-stream.pdf"):
        size = os.path.getsize(os.path.join(INPUTS, name))
        print(f"bench: {name}: {size:,} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
