#!/usr/bin/env python3
"""Makes Fixtures/real/: a few small books of real page pictures for RealPagesTests (issue 40),
each one a book of the real-page bench (bench/suggest/real/books.tsv), from sources whose
licence lets us redistribute the pages (README.md here gives each page's source and licence).

The pages are read from the bench's pinned mirrors with the bench's own code
(bench/suggest/real/make_books.py): the pinned commit must be in the copy and the path at it
must be the pinned blob, or the script stops and says which page changed. Nothing is
downloaded.

A page is kept as the bench embeds it, or, where the bench's page is too large for the
repository, re-encoded with Pillow: scaled to LONG pixels on its long side (Lanczos) and saved
as a baseline JPEG of quality 80 (keeping only its EXIF orientation, which img2pdf turns
into the page's /Rotate), its resolution scaled alike so the PDF page keeps its size.
Each re-encoded book decides, or stays undecided, exactly as the bench's full-size book does:
the same decision and the same evidence lines (--compare checks it; RealPagesTests checks the
decision and the reason on every run); those of SAME_DECISION the same decision and reason.

usage: make_real_fixtures.py [--mirrors DIR] [--verify] [--compare PDFBIND BOOKS [--transformed P]]
  (DIR: $PDFBIND_REAL_MIRRORS, else /work/.mirror)
Writes the PDFs and MANIFEST.tsv here; --verify writes nothing and fails unless a rebuild is
byte-for-byte what is here; --compare writes nothing and fails unless `PDFBIND suggest --json`
gives each fixture the decision and evidence lines it gives the bench's book in BOOKS (the
folder make_books.py wrote). A rebuild is identical with the same Pillow and img2pdf
(Pillow 13.0, img2pdf 0.6.3).
"""
import argparse
import io
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench", "suggest", "real"))

import img2pdf  # noqa: E402
from PIL import Image  # noqa: E402

import make_books  # noqa: E402

# file, the bench's book, LONG (None: the page as the bench embeds it), what it shows,
# and what suggest must answer: the decision (the bench's label, or undecided where this build
# decides nothing), the evidence source that says why and the start of what it says
# (RealPagesTests checks both). MANIFEST.tsv also gives the bench's label.
FIXTURES = [
    ("arabic-yellowed-scan.pdf", "arabic-kraken-book", 1200,
     "printed Arabic book page on yellowed paper, dark page edge",
     "right-edge", "page-script", "Arabic script"),
    ("french-aged-paper.pdf", "latin-kraken-french", 1200,
     "French book page on aged paper, dark surround",
     "left-edge", "page-script", "Latin, rows in parts of the page"),
    ("magazine-photo.pdf", "latin-tess-magazine-photo", None,
     "English magazine page: three columns and a photograph",
     "left-edge", "page-script", "Latin, rows beside pictures"),
    ("magazine-ruled-columns.pdf", "latin-tess-magazine-columns", None,
     "English magazine page: three columns between column rules, a photograph",
     "left-edge", "page-script", "67 Latin words recognised between ruled lines"),
    ("open-book-photos.pdf", "openbook-dewarp-cooking", 1600,
     "two photographs of an open cookery book, curved pages, table around",
     "left-edge", "page-script", "Latin, rows beside pictures"),
    ("blackletter-goethe.pdf", "blackletter-cis-goethe", None,
     "Goethe 1809, Fraktur: four consecutive binarized pages",
     "left-edge", "page-script", "Fraktur script"),
    ("handwritten-spanish.pdf", "handwriting-kraken-spanish", None,
     "Spanish handwritten manuscript page, grey",
     "left-edge", "page-script", "writing read upside down as Japanese with hardly any "
     "Arabic-script letters, as Latin handwriting reads"),
    ("two-up-woodblock.pdf", "ja-vertical-ndl-2up", 1000,
     "two facing pages of a Japanese woodblock book in one picture, ruler and colour chart",
     "right-edge", "page-script",
     "Han, vertical lines in Tesseract's text blocks on page 1 (page 1 holds two facing pages, "
     "read whole: its halves said nothing)"),
    ("manga-blackjack.pdf", "manga-hoel-blackjack", 1200,
     "manga page (Give My Regards to Black Jack), vertical balloons",
     "right-edge", "page-script", "Japanese among pictures (as in manga)"),
    ("tamil-magazine.pdf", "other-tamilnews-tamil-1", None,
     "Tamil magazine page: two columns, a headline and a picture",
     "left-edge", "page-script", "Tamil, rows beside pictures"),
    ("siku-vertical-commentary.pdf", "cjk-guji-book-3", 1600,
     "a Siku Quanshu page: vertical columns in a ruled frame, commentary two lines to a column",
     "undecided", "page-script", "Han?, rows across squares of writing in columns on page 1: "
     "says nothing about the binding"),
    ("tamil-handwritten.pdf", "other-tamilocr-tamil-1", None,
     "Tamil handwritten page in a ruled notebook, photographed",
     "undecided", "page-script", "Arabic? (uncertain) on page 1: says nothing about the binding"),
    ("handwritten-french-will.pdf", "p29-hand-poilus-will-2", 1000,
     "a French soldier's will of 1914-1918 in a neat cursive hand, three pages",
     "undecided", "page-script", "Arabic?, Tesseract unsure which way up"),
    ("syriac-mitchell-scan.pdf", "probe-syrocr-syriac-2", None,
     "a printed Syriac (Estrangela) page, 300-dpi bitonal scan: two columns, Latin running head",
     "right-edge", "page-script", "54 Syriac letters recognised (Tesseract: Arabic?)"),
    ("yiddish-access-copy.pdf", "probe-jochre-yiddish-3", 640,
     "a Yiddish novel page (Sholem Aleykhem), a bilevel scan fitted into 640 pixels as a "
     "library's access copy keeps it",
     "right-edge", "page-script", "390 Hebrew letters recognised (Tesseract's script: Fraktur?)"),
    ("magazine-access-copy.pdf", "latin-tess-magazine-photo", 480,
     "the English magazine page with a photograph fitted into 480 pixels, as an access copy",
     "undecided", "page-script", "Arabic? among pictures on page 1: says nothing about the binding"),
    ("fontane-access-copy.pdf", "ltr-ocropy-book-2", 480,
     "a German Fraktur book page (Fontane, Wanderungen durch die Mark Brandenburg), a grey scan "
     "fitted into 480 pixels as an access copy",
     "left-edge", "page-script", "Fraktur script (rows unclear)"),
    ("latin-hymns-verse.pdf", "n59-latin-vdsbb-1", 1559,
     "four photographed pages of Latin hymns in italic antiqua, two of them verse that shows "
     "no rows of running text",
     "left-edge", "page-script", "Latin? (uncertain); Latin script on pages 1 and 3-4"),
    ("handwritten-candide.pdf", "p35b-candide-ms", 1000,
     "a manuscript copy of Voltaire's Candide (18th century): five pages of French cursive in "
     "brown ink",
     "left-edge", "page-script", "writing read upside down as Japanese with hardly any "
     "Arabic-script letters, as Latin handwriting reads on pages 1-2"),
    ("korean-exam-scan.pdf", "n64-korean-ocrkor-1", 1200,
     "five scanned pages of a printed two-column Korean exam paper (real-estate licensing), "
     "two of them ruled",
     "left-edge", "page-script", "Korean, horizontal lines"),
]

# Access copies (SuggestRules 45): books of the bench fitted into a few hundred pixels, as
# transform_books.py's fit480 and fit640 keep them (bench/suggest/real/README.md, "Access
# copies"). --compare asks each for the decision the transformed book gives, found with
# --transformed (a folder pattern: {} is the transformation), and for the same `says` on the
# line of its `source`: its JPEG is Pillow's at quality 80 where the bench's is at 85, and at
# these sizes that moves the letters counted (390 and 403) and what a page that says nothing
# is read as.
ACCESS_COPIES = {"yiddish-access-copy.pdf": "fit640", "magazine-access-copy.pdf": "fit480",
                 "fontane-access-copy.pdf": "fit480"}

# Re-encoded books whose evidence lines may differ from the full-size book's in what they say of
# a page that decides nothing; --compare asks these for the same decision, and for the
# evidence line of their `source` to start with their `detail` in both.
SAME_DECISION = {
    "handwritten-french-will.pdf": "its page 3, a few weak lines, reads upright at 1,000 pixels "
    "and upside down at full size",
}


def smaller(data, long_side):
    """The page as a JPEG of quality 80, LONG pixels on its long side, same page size."""
    image = Image.open(io.BytesIO(data))
    image.seek(0)
    if image.mode not in ("L", "RGB"):
        image = image.convert("RGB")
    scale = long_side / max(image.size)
    if scale >= 1:
        scale = 1.0
    else:
        size = (round(image.width * scale), round(image.height * scale))
        image = image.resize(size, Image.LANCZOS)
    dpi = image.info.get("dpi") or (96, 96)
    # The EXIF orientation only, so img2pdf turns the page as the bench's book (/Rotate).
    exif = Image.Exif()
    orientation = Image.open(io.BytesIO(data)).getexif().get(0x0112)
    if orientation:
        exif[0x0112] = orientation
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80, optimize=True, exif=exif.tobytes(),
               dpi=(round(float(dpi[0]) * scale), round(float(dpi[1]) * scale)))
    return out.getvalue()


def build(mirrors):
    """{file: bytes} for every fixture, and the MANIFEST.tsv text."""
    sources = {row["source"]: row for row in make_books.table("sources.tsv")}
    books = {row["book"]: row for row in make_books.table("books.tsv")}
    pages = make_books.table("pages.tsv")
    files = {}
    manifest = ["file\texpected\tsource\tdetail\tlabel\tbench book\tclass\twhat"]
    for name, book, long_side, what, expected, source, detail in FIXTURES:
        if books[book]["expected"] != expected and expected != "undecided":
            sys.exit(f"make_real_fixtures.py: {name}: expected {expected}, the bench's label "
                     f"for {book} is {books[book]['expected']}")
        own = sorted((p for p in pages if p["book"] == book), key=lambda p: int(p["page"]))
        images = []
        for page in own:
            data = make_books.page_bytes(mirrors, sources[page["source"]], page)
            images.append(make_books.pdf_page(data) if long_side is None
                          else smaller(data, long_side))
        files[name] = img2pdf.convert(images, nodate=True, layout_fun=img2pdf.default_layout_fun,
                                     engine=img2pdf.Engine.internal)
        manifest.append("\t".join([name, expected, source, detail, books[book]["expected"], book,
                                   books[book]["class"], what]))
    return files, "\n".join(manifest) + "\n"


def suggested(pdfbind, path):
    """suggest's decision and evidence lines (source, says, detail) for one file, uncached."""
    run = subprocess.run([pdfbind, "suggest", "--json", path], capture_output=True,
                         env=dict(os.environ, PDFBIND_CACHE="off"), check=True)
    answer = json.loads(run.stdout)
    return answer["decision"], [(e["source"], e.get("says"), e.get("detail"))
                                for e in answer.get("evidence", [])]


def compare(pdfbind, books, transformed=None):
    """Fails unless each fixture is suggested exactly as the bench's full-size book (those of
    SAME_DECISION: with the same decision, and a line from `source` starting with `detail`;
    those of ACCESS_COPIES with the transformed book's decision and what its `source` says,
    and not compared without `transformed`)."""
    differ = []
    for name, book, _, _, _, source, detail in FIXTURES:
        if name in ACCESS_COPIES and not transformed:
            print(f"not compared  {name}: an access copy (--transformed not given)")
            continue
        small = suggested(pdfbind, os.path.join(HERE, name))
        folder = (transformed.replace("{}", ACCESS_COPIES[name]) if name in ACCESS_COPIES
                  else books)
        full = suggested(pdfbind, os.path.join(folder, book + ".pdf"))
        same = small == full
        if name in ACCESS_COPIES:
            same = small[0] == full[0] and (
                [says for s, says, _ in small[1] if s == source]
                == [says for s, says, _ in full[1] if s == source])
        elif name in SAME_DECISION:
            same = small[0] == full[0] and all(
                any(s == source and (d or "").startswith(detail) for s, _, d in lines)
                for lines in (small[1], full[1]))
        print(f"{'same' if same else 'DIFFERENT'}  {name}: {small[0]}")
        if not same:
            differ.append(f"{name}: {small} / {book}: {full}")
    if differ:
        sys.exit("make_real_fixtures.py: suggested unlike the full-size book:\n" + "\n".join(differ))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors",
                        default=os.environ.get("PDFBIND_REAL_MIRRORS", "/work/.mirror"))
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("--compare", nargs=2, metavar=("PDFBIND", "BOOKS"))
    parser.add_argument("--transformed", metavar="PATTERN",
                        help="with --compare: the transformed books' folder, {} for the "
                             "transformation (e.g. /tmp/real-books-{})")
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare, transformed=args.transformed)
        return
    files, manifest = build(args.mirrors)
    files["MANIFEST.tsv"] = manifest.encode()
    differ = []
    for name, data in files.items():
        path = os.path.join(HERE, name)
        if args.verify:
            try:
                with open(path, "rb") as f:
                    same = f.read() == data
            except OSError:
                same = False
            if not same:
                differ.append(name)
        else:
            with open(path, "wb") as f:
                f.write(data)
    if differ:
        sys.exit("make_real_fixtures.py: a rebuild differs from what is here: " + ", ".join(differ))
    total = sum(len(data) for data in files.values())
    for name, data in files.items():
        print(f"{len(data):>9}  {name}")
    print(f"{total:>9}  in all ({'verified' if args.verify else 'written'})")


if __name__ == "__main__":
    main()
