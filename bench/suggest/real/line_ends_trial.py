#!/usr/bin/env python3
"""Issue 40, measured and not kept: do the ends of the lines Tesseract's layout analysis finds
show which way a page's writing runs, whatever its script? (real/README.md, "Line ends from
Tesseract's layout analysis".)

Prose is set flush on the side its lines start from: a short line (a paragraph's last, a
ragged line of a letter) keeps to the left margin in left-to-right writing and to the right
margin in right-to-left writing. pdfbind's own rows measure this (`WritingLayout.shortLines`,
"Short lines set from the left" in bench/suggest/README.md). This asks Tesseract instead: its
layout analysis alone (`TessBaseAPIAnalyseLayout`, no recognition, as `TextBlockLines` runs
it), each text block's lines, a line flush on one side (within FLUSH line heights of the
block's edge) and short on the other (RAGGED or more) counted for that side. A book says a side
where its pages' lines so counted reach NEED and RATIO times the other side's.

Pages are drawn with `pdftoppm -gray -scale-to 1600` (pdfbind draws a page at 1,600 pixels
for its layout), the first six of each book; Tesseract is told 300 dpi, as `TextBlockLines`.

usage: line_ends_trial.py BOOKS LINES.json [PART]      measure (resumes an unfinished LINES.json)
       line_ends_trial.py BOOKS LINES.json PART --score RECORDS.tsv [FLUSH RAGGED LINES NEED RATIO]
  BOOKS: make_books.py's output (its labels.tsv); PART: tune (default) or held-out;
  RECORDS.tsv: score.py --records, for which books are decided right today
"""
import csv
import ctypes
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile

TEXT_BLOCKS = {1, 2, 3, 6, 7, 8}  # PolyBlockType's text kinds, as TextBlockLines
RIL_BLOCK, RIL_TEXTLINE = 0, 2
GRID = [(0.6, 3, 3, 6, 4), (0.3, 5, 5, 10, 8), (0.5, 4, 6, 12, 10), (0.3, 6, 8, 15, 15)]


class LayoutAnalysis:
    """Tesseract's layout analysis through its C API: one handle, kept for every page."""

    def __init__(self):
        self.t = ctypes.CDLL("libtesseract.so.5")
        self.lept = ctypes.CDLL("liblept.so.5")
        t, p, i = self.t, ctypes.c_void_p, ctypes.c_int
        t.TessBaseAPICreate.restype = p
        t.TessBaseAPIInit3.argtypes = [p, ctypes.c_char_p, ctypes.c_char_p]
        t.TessBaseAPISetImage2.argtypes = [p, p]
        t.TessBaseAPISetSourceResolution.argtypes = [p, i]
        t.TessBaseAPIAnalyseLayout.argtypes = [p]
        t.TessBaseAPIAnalyseLayout.restype = p
        t.TessPageIteratorBoundingBox.argtypes = [p, i] + [ctypes.POINTER(i)] * 4
        t.TessPageIteratorNext.argtypes = [p, i]
        t.TessPageIteratorIsAtBeginningOf.argtypes = [p, i]
        t.TessPageIteratorBlockType.argtypes = [p]
        t.TessPageIteratorDelete.argtypes = [p]
        self.lept.pixRead.restype = p
        self.lept.pixRead.argtypes = [ctypes.c_char_p]
        self.lept.pixDestroy.argtypes = [ctypes.POINTER(p)]
        self.api = t.TessBaseAPICreate()
        if t.TessBaseAPIInit3(self.api, None, b"eng") != 0:
            sys.exit("line_ends_trial: Tesseract's eng data is missing")

    def blocks(self, png):
        """Each block of the picture: its PolyBlockType and its lines' boxes (x1, y1, x2, y2)."""
        t = self.t
        pix = self.lept.pixRead(png.encode())
        t.TessBaseAPISetImage2(self.api, pix)
        t.TessBaseAPISetSourceResolution(self.api, 300)
        iterator = t.TessBaseAPIAnalyseLayout(self.api)
        found = []
        if iterator:
            while True:
                if t.TessPageIteratorIsAtBeginningOf(iterator, RIL_BLOCK):
                    found.append({"type": t.TessPageIteratorBlockType(iterator), "lines": []})
                box = [ctypes.c_int() for _ in range(4)]
                if t.TessPageIteratorBoundingBox(iterator, RIL_TEXTLINE,
                                                 *[ctypes.byref(b) for b in box]):
                    found[-1]["lines"].append([b.value for b in box])
                if not t.TessPageIteratorNext(iterator, RIL_TEXTLINE):
                    break
            t.TessPageIteratorDelete(iterator)
        self.lept.pixDestroy(ctypes.byref(ctypes.c_void_p(pix)))
        return found


def line_ends(blocks, flush, ragged, least_lines):
    """Lines flush left and short on the right, and the reverse, in the page's text blocks."""
    from_left = from_right = 0
    for block in blocks:
        lines = block["lines"]
        if block["type"] not in TEXT_BLOCKS or len(lines) < least_lines:
            continue
        height = statistics.median(y2 - y1 for _, y1, _, y2 in lines)
        left, right = min(l[0] for l in lines), max(l[2] for l in lines)
        for x1, _, x2, _ in lines:
            gap_left, gap_right = x1 - left, right - x2
            if gap_left <= flush * height and gap_right >= ragged * height:
                from_left += 1
            elif gap_right <= flush * height and gap_left >= ragged * height:
                from_right += 1
    return from_left, from_right


def labels(books, part):
    with open(os.path.join(books, "labels.tsv"), encoding="utf-8") as f:
        return [r for r in csv.DictReader(f, delimiter="\t") if r["part"] == part]


def measure(books, out, part):
    found = json.load(open(out)) if os.path.exists(out) else {}
    analysis = LayoutAnalysis()
    for book in labels(books, part):
        if book["file"] in found:
            continue
        with tempfile.TemporaryDirectory() as pictures:
            subprocess.run(["pdftoppm", "-gray", "-png", "-scale-to", "1600", "-f", "1", "-l", "6",
                            os.path.join(books, book["file"]), pictures + "/p"], timeout=300)
            found[book["file"]] = [analysis.blocks(png)
                                   for png in sorted(glob.glob(pictures + "/*.png"))]
        with open(out, "w") as f:
            json.dump(found, f)
        counts = [line_ends(page, *GRID[0][:3]) for page in found[book["file"]]]
        print(book["file"], counts, file=sys.stderr, flush=True)


def score(books, found, part, records, setting):
    flush, ragged, least_lines, need, ratio = setting
    right_now = {}
    with open(records, encoding="utf-8") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            right_now[r["file"]] = r["outcome"] == "right"
    tally = {side: [0, 0, 0, 0] for side in ("right-edge", "left-edge")}
    for book in labels(books, part):
        counts = [line_ends(page, flush, ragged, least_lines) for page in found[book["file"]]]
        from_left, from_right = sum(c[0] for c in counts), sum(c[1] for c in counts)
        says = None
        if from_left >= need and from_left >= ratio * from_right:
            says = "left-edge"
        elif from_right >= need and from_right >= ratio * from_left:
            says = "right-edge"
        row = tally[book["expected"]]
        row[0] += 1
        if says == book["expected"]:
            row[1] += 1
            row[2] += not right_now.get(book["file"], False)
        elif says:
            row[3] += 1
            print(f"  wrong: {book['file']} ({book['class']}): {counts}")
    print(f"flush {flush}, ragged {ragged}, least lines {least_lines}, need {need}, ratio {ratio}:")
    for side, (books_, right, new, wrong) in tally.items():
        print(f"  {side} books {books_}: the line ends say it {right} (of those {new} not "
              f"decided right today), say the other side {wrong}")


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    books, out = args[0], args[1]
    part = args[2] if len(args) > 2 else "tune"
    if "--score" in args:
        at = args.index("--score")
        records, rest = args[at + 1], args[at + 2:]
        settings = [tuple(float(x) for x in rest)] if rest else GRID
        found = json.load(open(out))
        for setting in settings:
            score(books, found, part, records, setting)
    else:
        measure(books, out, part)


if __name__ == "__main__":
    main()
