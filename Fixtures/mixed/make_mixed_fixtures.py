#!/usr/bin/env python3
"""Rebuilds the small PDFs of the mixed-text tests (issue 19, item 4) with the bench's
generator (bench/suggest/make_mixed_forms.py: fpdf2 with HarfBuzz shaping, Debian's Noto
faces), each from its own seed, apart from the bench's seeds. MANIFEST.tsv is written by hand,
after looking at each page: it is not made here. Needs fonts-noto-core and the Python
packages fpdf2 and uharfbuzz. usage: make_mixed_fixtures.py"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench", "suggest"))
import make_mixed_forms as f  # noqa: E402

FIXTURES = [
    ("arabic-form.pdf", 1101, lambda p, r: f.rtl_form(p, "arabic", r, 1, 0.0, "near")),
    ("hebrew-form.pdf", 1201, lambda p, r: f.rtl_form(p, "hebrew", r, 1, 1.0, "field")),
    ("persian-form.pdf", 1201, lambda p, r: f.rtl_form(p, "persian", r, 1, 0.0, "field")),
    ("urdu-form.pdf", 1104, lambda p, r: f.rtl_form(p, "urdu", r, 2, 0.5, "near")),
    ("arabic-short.pdf", 1105, lambda p, r: f.rtl_short(p, "arabic", r)),
    ("english-form-arabic-values.pdf", 1106, lambda p, r: f.english_form(p, "arabic", r, 1)),
    ("arabic-aligned-left.pdf", 1107, lambda p, r: f.left_aligned_mixed(p, "arabic", r, 1)),
    ("bilingual-columns.pdf", 1108, lambda p, r: f.parallel_columns(p, "hebrew", r, 1)),
    ("bilingual-paragraphs.pdf", 1109, lambda p, r: f.alternating(p, "arabic", r, 1)),
    ("trilingual.pdf", 1110,
     lambda p, r: f.trilingual(p, ["arabic", "hebrew", "english"], r, 1)),
]


def main():
    for name, seed, make in FIXTURES:
        make(os.path.join(HERE, name), random.Random(seed))


if __name__ == "__main__":
    main()
