#!/usr/bin/env python3
"""Rebuilds the small PDFs the suggest tests use, with the labelled benchmark's producers
(bench/suggest/make_labelled.py: fpdf2 with HarfBuzz shaping, ReportLab CID fonts,
ImageMagick, pikepdf). Each row of MANIFEST.tsv here names a file and the decision expected.
Needs fonts-noto-core, fonts-noto-cjk, fonts-droid-fallback, imagemagick and the Python
packages fpdf2, reportlab, uharfbuzz, pikepdf. usage: make_suggest_fixtures.py"""
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench", "suggest"))
import make_labelled as m  # noqa: E402

rng = random.Random(7)
rows = []


def book(name, blocks, expected, what, lang=None, pages=2):
    m.fpdf_book(os.path.join(HERE, name), blocks, lang=lang, pages=pages)
    rows.append((name, expected, what))


def main():
    for entry in os.listdir(HERE):
        path = os.path.join(HERE, entry)
        if entry.endswith(".pdf"):
            os.remove(path)
        elif os.path.isdir(path):
            shutil.rmtree(path)
    for language in ("arabic", "persian", "hebrew", "english", "russian"):
        expected = "right-edge" if language in m.RTL else "left-edge"
        book(f"{language}.pdf", [(language, p) for p in m.paragraphs(language, rng, 2)],
             expected, f"{language} text (fpdf2)")
    book("urdu-nastaliq.pdf", [("urdu", p) for p in m.paragraphs("urdu", rng, 2)],
         "right-edge", "Urdu in Nastaliq (fpdf2)")
    book("english-lang-he.pdf", [("english", p) for p in m.paragraphs("english", rng, 2)],
         "left-edge", "English text, /Lang he-IL (office-suite trap)", lang="he-IL")
    blocks = []
    for a, b in zip(m.paragraphs("arabic", rng, 2), m.paragraphs("english", rng, 2)):
        blocks += [("arabic", a), ("english", b)]
    book("bilingual-arabic-english.pdf", blocks, "undecided", "half Arabic, half English")
    m.reportlab_book(os.path.join(HERE, "japanese-vertical.pdf"), "japanese", rng, pages=1,
                     vertical=True)
    rows.append(("japanese-vertical.pdf", "right-edge", "ReportLab HeiseiMin-W3 UniJIS-UCS2-V"))
    m.reportlab_book(os.path.join(HERE, "japanese-horizontal.pdf"), "japanese", rng, pages=1)
    rows.append(("japanese-horizontal.pdf", "left-edge", "ReportLab HeiseiMin-W3 UniJIS-UCS2-H"))
    m.image_scan(os.path.join(HERE, "scan.pdf"), "arabic")
    rows.append(("scan.pdf", "undecided", "image-only (ImageMagick), no metadata"))
    m.image_scan(os.path.join(HERE, "scan-lang-ar.pdf"), "arabic", lang="ar")
    rows.append(("scan-lang-ar.pdf", "right-edge", "image-only, /Lang ar"))
    m.image_scan(os.path.join(HERE, "manga-pagedirection.pdf"), "japanese",
                 page_direction="right-to-left")
    rows.append(("manga-pagedirection.pdf", "right-edge", "image-only, /PageDirection /R2L"))
    for folder, sidecar, text in (("calibre-ara", "metadata.opf", m.OPF.format(code="ara")),
                                  ("comic-rtl", "ComicInfo.xml",
                                   m.COMIC.format(manga="YesAndRightToLeft"))):
        os.makedirs(os.path.join(HERE, folder))
        m.image_scan(os.path.join(HERE, folder, "book.pdf"), "japanese")
        with open(os.path.join(HERE, folder, sidecar), "w") as out:
            out.write(text)
        rows.append((f"{folder}/book.pdf", "right-edge", f"image-only beside {sidecar}"))
    with open(os.path.join(HERE, "MANIFEST.tsv"), "w") as out:
        out.write("file\texpected\twhat\n")
        for row in rows:
            out.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
