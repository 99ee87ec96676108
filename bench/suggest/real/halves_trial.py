#!/usr/bin/env python3
"""Issue 40, measured and not kept: would every landscape picture, read as its two halves,
decide more books? (bench/suggest/README.md, "Every landscape picture read as two halves".)

`FacingPages` splits a picture of two facing pages only where a blank band runs down its
middle. Photographs of open books, 2-up scans whose pages touch and woodblock spreads have
none, and read whole they mostly say nothing. This halves, at the middle, every page wider
than 1.15 times its height of the books a records file (`score.py --records`) lists as not
decided right in one part, makes each book's halves a book of their own (the page's largest
picture, at its own pixels: `pdfimages`), and prints what `pdfbind suggest --json --no-cache`
says of it by the page script alone. The halves of one picture look to the spine rule like a
picture printed across two pages, so its `spreads` evidence is left out here.

usage: halves_trial.py PDFBIND BOOKS RECORDS.tsv OUT [PART]
  BOOKS: make_books.py's output; RECORDS.tsv: score.py --records on it; PART: tune (default)
"""
import csv
import glob
import os
import subprocess
import sys

from PIL import Image

from score import run

Image.MAX_IMAGE_PIXELS = None
LANDSCAPE = 1.15


def landscape_pages(pdf):
    """The numbers of the pages wider than LANDSCAPE times their height."""
    info = subprocess.run(["pdfinfo", "-l", "9999", pdf], capture_output=True, text=True).stdout
    pages = []
    for line in info.splitlines():
        words = line.split()
        if line.startswith("Page") and len(words) >= 6 and words[2] == "size:":
            if float(words[3]) > LANDSCAPE * float(words[5]):
                pages.append(int(words[1]))
    return pages


def halves(pdf, page, work):
    """The page's largest picture cut at the middle: [left half, right half]."""
    stem = os.path.join(work, f"{os.path.basename(pdf)[:-4]}-{page}")
    subprocess.run(["pdfimages", "-f", str(page), "-l", str(page), "-png", pdf, stem], check=True)
    largest = max(glob.glob(stem + "*.png"), key=os.path.getsize)
    picture = Image.open(largest).convert("RGB")
    width, height = picture.size
    return [picture.crop((0, 0, width // 2, height)), picture.crop((width // 2, 0, width, height))]


def page_script(pdfbind, pdf):
    """(says, detail) of the page-script evidence of suggest's JSON record (`score.run`)."""
    record = run(pdfbind, pdf, 600)
    for evidence in record.get("evidence", []):
        if evidence.get("source") == "page-script":
            return evidence.get("says") or "-", evidence.get("detail", "")
    return "-", record.get("error") or record.get("reason") or "no page-script evidence"


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    pdfbind, books, records, out = sys.argv[1:5]
    part = sys.argv[5] if len(sys.argv) == 6 else "tune"
    os.makedirs(out, exist_ok=True)
    counts = {"right": 0, "wrong": 0, "nothing": 0}
    with open(records, encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle, delimiter="\t")
                if r["part"] == part and r["outcome"] != "right"]
    for row in rows:
        pdf = os.path.join(books, row["file"])
        pages = landscape_pages(pdf)
        if not pages:
            continue
        pictures = [half for page in pages for half in halves(pdf, page, out)]
        halved = os.path.join(out, "halves-" + row["file"])
        pictures[0].save(halved, "PDF", resolution=150, save_all=True, append_images=pictures[1:])
        says, detail = page_script(pdfbind, halved)
        outcome = "nothing" if says == "-" else ("right" if says == row["expected"] else "wrong")
        counts[outcome] += 1
        print(f"{outcome:8} {row['expected']:10} {row['file']} (pages {pages}): {detail}")
    print(f"{sum(counts.values())} books halved: {counts['right']} decided right by the page "
          f"script, {counts['wrong']} wrong, {counts['nothing']} nothing")
    return 1 if counts["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
