#!/usr/bin/env python3
"""Makes the real-page bench of issue 40: one image-only PDF per book of books.tsv, each page one
real page picture (a scan, a photograph, a manga or comic page) taken from a public repository,
pinned in pages.tsv as repository, commit, path and git blob id (sources.tsv: the commit and
licence of each repository).

Nothing is downloaded here: the pages are read from bare git copies of the repositories (the
`fetch` tool of the engineers' sessions puts them at /work/.mirror/OWNER+NAME/repo; a plain
`git clone --bare https://github.com/OWNER/NAME MIRRORS/OWNER+NAME/repo` at the pinned commit
does as well). Every page is checked against its pin: the commit must be there and the path
at that commit must be the pinned blob, or the script stops and says which page changed.

A page may also be pinned as `FILE.pdf#N`: page N of a scanned PDF in the repository (the
blob is the PDF's), whose one picture is the page (a JPEG's DCT stream taken as the PDF holds
it, any other picture as lossless PNG; a JBIG2 picture needs `jbig2dec`, Debian's package of
that name, for pikepdf to decode it).

JPEG pages are embedded as they are (DCT, no re-encoding, through img2pdf); other pictures
(PNG, TIFF, WebP) are embedded losslessly (img2pdf, or Pillow to PNG first where img2pdf
cannot take the file as it is: alpha, WebP, a TIFF of several frames, whose first frame is
the page and the others smaller copies of it). Each page is a whole PDF
page of the picture's size (its own resolution, 96 dpi when it has none).

The held-out part: a book is held out when sha256("issue40-holdout:" + book id) is 0 mod 3,
so about a third, fixed before any result was seen and independent of books added later. The
part column of books.tsv must say the same (checked here).

usage: make_books.py OUT [--mirrors DIR]   (DIR: $PDFBIND_REAL_MIRRORS, else /work/.mirror)
Writes OUT/BOOK.pdf and OUT/labels.tsv (file, expected, layout, class, part, what).
"""
import argparse
import csv
import hashlib
import io
import os
import subprocess
import sys

import img2pdf
import pikepdf
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
Image.MAX_IMAGE_PIXELS = None


def table(name):
    with open(os.path.join(HERE, name), encoding="utf-8", newline="") as f:
        return [row for row in csv.DictReader(
            (line for line in f if not line.startswith("#")), delimiter="\t")]


def part_of(book):
    held = int(hashlib.sha256(("issue40-holdout:" + book).encode()).hexdigest(), 16) % 3 == 0
    return "held-out" if held else "tune"


def git_dir(mirrors, repo):
    base = os.path.join(mirrors, repo.replace("/", "+"), "repo")
    return os.path.join(base, ".git") if os.path.isdir(os.path.join(base, ".git")) else base


def git(gdir, *args, binary=False):
    run = subprocess.run(["git", "--git-dir", gdir, *args], capture_output=True)
    if run.returncode:
        return None
    return run.stdout if binary else run.stdout.decode().strip()


def page_bytes(mirrors, source, page):
    """The pinned bytes of one page, checked against its blob id; exits when they differ. A
    path `FILE.pdf#N` pins a scanned PDF (the blob is the PDF's) and takes the one picture its
    page N is (`scanned_page`)."""
    path, _, number = page["path"].partition("#")
    gdir = git_dir(mirrors, source["repo"])
    where = f"{source['repo']}@{source['commit']}:{path}"
    if not os.path.isdir(gdir):
        sys.exit(f"make_books.py: {source['repo']}: no copy at {gdir} (fetch github:"
                 f"{source['repo']}, or git clone --bare it there)")
    blob = git(gdir, "rev-parse", f"{source['commit']}:{path}")
    if blob is None:
        sys.exit(f"make_books.py: {where}: not in the copy at {gdir} (the commit or the "
                 f"path is missing: the source changed)")
    if blob != page["blob"]:
        sys.exit(f"make_books.py: {where}: blob {blob}, pinned {page['blob']}: the source changed")
    data = git(gdir, "cat-file", "blob", blob, binary=True)
    if data is None or data.startswith(b"version https://git-lfs"):
        sys.exit(f"make_books.py: {where}: blob {blob} is absent from the copy (too large for the "
                 f"snapshot, or a Git LFS pointer)")
    return scanned_page(data, int(number), f"{where}#{number}") if number else data


def scanned_page(data, number, where):
    """The one picture page `number` of a scanned PDF is: a JPEG's bytes as the PDF holds them
    (its DCT stream, not decoded), any other picture losslessly as PNG. Exits unless the page
    is exactly one picture."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        if not 1 <= number <= len(pdf.pages):
            sys.exit(f"make_books.py: {where}: the PDF has {len(pdf.pages)} pages")
        page = pdf.pages[number - 1]
        # get_images in newer pikepdf (which deprecates images), images in older ones
        pictures = list((page.get_images() if hasattr(page, "get_images") else page.images).values())
        if len(pictures) != 1:
            sys.exit(f"make_books.py: {where}: {len(pictures)} pictures on the page, not one")
        picture = pikepdf.PdfImage(pictures[0])
        if picture.filters == ["/DCTDecode"]:
            return pictures[0].read_raw_bytes()
        out = io.BytesIO()
        picture.as_pil_image().save(out, "PNG")
        return out.getvalue()


def pdf_page(data):
    """Bytes img2pdf takes as one page: JPEG as it is, the rest losslessly re-packed when
    img2pdf cannot take them directly."""
    image = Image.open(io.BytesIO(data))
    if image.format == "JPEG" and image.mode in ("L", "RGB", "CMYK"):
        return data
    alpha = "A" in image.mode or "transparency" in image.info
    # A TIFF of several frames (a pyramid of smaller copies) is one page: its first frame.
    if not alpha and getattr(image, "n_frames", 1) == 1:
        try:
            img2pdf.convert(data, nodate=True)
            return data
        except Exception:
            pass
    image.seek(0)
    if image.mode not in ("1", "L", "RGB"):
        image = image.convert("RGBA") if "A" in image.mode or "transparency" in image.info \
            else image.convert("RGB")
        if image.mode == "RGBA":  # the page's paper under what is transparent
            paper = Image.new("RGB", image.size, "white")
            paper.paste(image, mask=image.split()[3])
            image = paper
    out = io.BytesIO()
    dpi = image.info.get("dpi")
    image.save(out, "PNG", **({"dpi": dpi} if dpi else {}))
    return out.getvalue()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--mirrors", default=os.environ.get("PDFBIND_REAL_MIRRORS", "/work/.mirror"))
    args = parser.parse_args()
    sources = {row["source"]: row for row in table("sources.tsv")}
    books = table("books.tsv")
    pages = table("pages.tsv")
    pinned = {}
    for p in pages:  # one picture in two books would count one page twice, or leak a held-out one
        key = (p["blob"], p["path"].partition("#")[2])
        if key in pinned:
            sys.exit(f"make_books.py: {p['book']} page {p['page']} is {pinned[key]}'s picture "
                     f"(blob {p['blob']}): one page belongs to one book")
        pinned[key] = f"{p['book']} page {p['page']}"
    os.makedirs(args.out, exist_ok=True)
    labels = ["file\texpected\tlayout\tclass\tpart\twhat"]
    for book in books:
        if book["part"] != part_of(book["book"]):
            sys.exit(f"make_books.py: {book['book']}: part {book['part']}, the seed says "
                     f"{part_of(book['book'])}")
        own = sorted((p for p in pages if p["book"] == book["book"]), key=lambda p: int(p["page"]))
        if not own:
            sys.exit(f"make_books.py: {book['book']}: no page in pages.tsv")
        images = [pdf_page(page_bytes(args.mirrors, sources[p["source"]], p)) for p in own]
        name = book["book"] + ".pdf"
        with open(os.path.join(args.out, name), "wb") as f:
            # img2pdf's own writer: its pikepdf writer asks for a fixed /ID only where it
            # compares pikepdf's version as a string ("10.18.0" < "6.2.0"), and the books then
            # differed from run to run in their /ID.
            img2pdf.convert(images, outputstream=f, nodate=True,
                            layout_fun=img2pdf.default_layout_fun,
                            engine=img2pdf.Engine.internal)
        labels.append("\t".join([name, book["expected"], book["layout"], book["class"],
                                 book["part"], book["what"]]))
    with open(os.path.join(args.out, "labels.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(labels) + "\n")
    print(f"make_books.py: {len(books)} books, {len(pages)} pages in {args.out}")


if __name__ == "__main__":
    main()
