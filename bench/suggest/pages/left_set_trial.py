#!/usr/bin/env python3
"""Issue 40, measured and not kept: would running text in rows whose short lines are set from
the left say left-to-right writing where Tesseract's reading is turned round or unsure, as
`PageScriptEvidence.PageReading.setFromTheRight` says right-to-left? (bench/suggest/README.md,
"Short lines set from the left".)

usage: left_set_trial.py NAME=READINGS.tsv:LABELS.tsv ...
  READINGS.tsv: `pdfbind-measure page-readings DIR` (every page the script reads)
  LABELS.tsv:   the set's labels (`file`, `expected`): real/'s labels.tsv or image-labels.tsv

For each set, the pages of running text in rows (`WritingLayout.isRunningText`, lines in rows)
counted by the book's side and by their short lines (from the left, from the right), and the
right-edge pages among them with none from the right that Tesseract read no script on; then,
for each least number N of short lines from the left (none from the right), the pages read that
would point left-edge: of left-edge books (and how many of those point nowhere today, roughly:
turned round, under the confidence asked, or ruled) and of right-edge books (each a wrong page).
"""
import collections
import csv
import sys

RUNNING_TEXT_BLOCK = 0.30
RUNNING_TEXT_LINES = 12
RULED_PAGE = 10
LEFT_TO_RIGHT = {"Latin", "Cyrillic", "Greek", "Fraktur"}
CJK = {"Han", "Japanese", "Hiragana", "Katakana", "Hangul"}


def running_rows(page):
    return (page["lines"] == "rows" and float(page["block"]) >= RUNNING_TEXT_BLOCK
            and int(page["lines_in_rows"]) >= RUNNING_TEXT_LINES)


def points_nowhere_today(page):
    """Roughly: the pages the present rules leave pointing nowhere, where the new rule would act."""
    if page["holds_writing"] == "true" and int(page["ruled_lines"]) >= RULED_PAGE:
        return True
    if page["orientation"] != "0":
        return True
    confidence = float(page["confidence"])
    if page["script"] in LEFT_TO_RIGHT:
        return confidence < 0.5
    if page["script"] in CJK:
        return confidence < 0.8
    return page["script"] not in {"Arabic", "Hebrew"}


def main():
    for argument in sys.argv[1:]:
        name, paths = argument.split("=", 1)
        readings, labels = paths.split(":")
        side = {row["file"]: row["expected"]
                for row in csv.DictReader(open(labels), delimiter="\t")}
        measured = [row for row in csv.DictReader(open(readings), delimiter="\t")
                    if row["reading"] == "reading" and running_rows(row)]
        pages = [row for row in measured if row["script"] != "-"]
        print(f"== {name}: {len(measured)} pages of running text in rows,"
              f" {len(pages)} with a script read")
        table = collections.Counter()
        for page in measured:
            left, right = int(page["short_from_left"]), int(page["short_from_right"])
            table[side.get(page["file"], "?"), "none from the right" if right == 0 else
                  "some from the right", left] += 1
        for (book, kind, left), count in sorted(table.items()):
            print(f"  {book:10s} {kind:20s} from the left {left:2d}: {count} page(s)")
        unread = [p for p in measured if p["script"] == "-" and int(p["short_from_right"]) == 0
                  and side.get(p["file"]) == "right-edge"]
        for page in unread:
            print(f"  (no script read) right-edge {page['file']} page {page['page']}:"
                  f" {page['short_from_left']} from the left, none from the right")
        for least in range(1, 11):
            hits = [page for page in pages if int(page["short_from_left"]) >= least
                    and int(page["short_from_right"]) == 0]
            left = [page for page in hits if side.get(page["file"]) == "left-edge"]
            new = [page for page in left if points_nowhere_today(page)]
            wrong = [page for page in hits if side.get(page["file"]) == "right-edge"]
            print(f"  N={least:2d}: left-edge pages {len(left)} ({len(new)} point nowhere today:"
                  f" {', '.join(sorted({p['file'] for p in new})) or '-'});"
                  f" right-edge pages {len(wrong)}"
                  f" ({', '.join(sorted({p['file'] for p in wrong})) or '-'})")


main()
