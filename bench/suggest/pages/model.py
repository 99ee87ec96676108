#!/usr/bin/env python3
"""Models the page script's decision (Sources/PDFBindPages/Suggest/PageScriptEvidence.swift) on
page readings measured once, so a limit can be tried on a labelled image set in seconds rather
than by running Tesseract again. The limits below mirror the Swift ones; change one here, see
what it does to every book, and only then change the Swift.

usage: model.py READINGS.tsv LABELS.tsv [SUGGEST.jsonl]
  READINGS.tsv: the lines of `PDFBIND_BENCH=1 swift run pdfbind-measure page-readings DIR`
                (every page the script reads)
  LABELS.tsv:   DIR/image-labels.tsv of make_image_books.py
  SUGGEST.jsonl: `pdfbind suggest --json DIR/*.pdf`, to check the model against the build:
                every book whose page-script outcome differs is listed
Prints each book's modelled outcome (right-edge, left-edge, or why it says nothing) beside its
label, then the counts per class.
"""
import collections
import csv
import json
import sys

MINIMUM_CONFIDENCE = 1.0          # Arabic, Hebrew in rows
MINIMUM_CONFIDENCE_OFF_ROWS = 20.0
MINIMUM_CJK_CONFIDENCE = 0.8
MINIMUM_MANGA_CONFIDENCE = 1.5
MINIMUM_RUNNING_TEXT_CONFIDENCE = 0.5
RIGHT_SET_SHORT_LINES = 3
RUNNING_TEXT_BLOCK = 0.30
RUNNING_TEXT_LINES = 12
LEAST_TEXT_BLOCK = 0.10           # Arabic, Hebrew in rows at MINIMUM_CONFIDENCE (issue 40)
RULED_PAGE = 10                   # RuledLines.ruledPage: a page of writing so ruled says nothing

RIGHT_TO_LEFT = {"Arabic", "Hebrew"}
LEFT_TO_RIGHT = {"Latin", "Cyrillic", "Greek", "Fraktur"}
CJK = {"Han", "Japanese", "Hiragana", "Katakana", "Hangul"}


def running_text(page):
    if page["lines"] == "-" or float(page["block"]) < RUNNING_TEXT_BLOCK:
        return False
    count = page["lines_in_rows"] if page["lines"] == "rows" else page["lines_in_columns"]
    return int(count) >= RUNNING_TEXT_LINES


def pointing(page, scale):
    """The binding one page points to at `scale` of the confidence a decision needs."""
    script = page["script"]
    if script == "-":
        return None
    confidence = float(page["confidence"])
    rows = page["lines"] == "rows"
    # Readings measured before issue 40 have no ruled_lines column; their `lines` already
    # reflect WritingLayout.leastLineShape only when measured after it.
    if page["holds_writing"] == "true" and int(page.get("ruled_lines") or 0) >= RULED_PAGE:
        return None
    if page["orientation"] != "0":
        set_from_right = (running_text(page) and rows and int(page["short_from_left"]) == 0
                          and int(page["short_from_right"]) >= RIGHT_SET_SHORT_LINES)
        return "right-edge" if set_from_right else None
    if script in RIGHT_TO_LEFT:
        least = (MINIMUM_CONFIDENCE if rows and float(page["block"]) >= LEAST_TEXT_BLOCK
                 else MINIMUM_CONFIDENCE_OFF_ROWS)
        return "right-edge" if confidence >= least * scale else None
    if script in CJK:
        if page["holds_writing"] == "true":
            if confidence < MINIMUM_CJK_CONFIDENCE * scale:
                return None
            if page["lines"] == "columns":
                return "right-edge"
            return "left-edge" if rows and running_text(page) else None
        manga = script == "Japanese" and confidence >= MINIMUM_MANGA_CONFIDENCE * scale
        return "right-edge" if manga else None
    if (script in LEFT_TO_RIGHT and running_text(page) and rows
            and confidence >= MINIMUM_RUNNING_TEXT_CONFIDENCE * scale):
        return "left-edge"
    return None


def decide(pages):
    """`PageScriptEvidence.evidence` and `decide`: reading stops at two pages that lean one
    way when one of them decides; every page that leans must agree; one page alone is too
    little (unless it is the only page read)."""
    read = []
    for page in pages:
        read.append(page)
        leaning = [p for p in (pointing(q, 0.5) for q in read) if p]
        if len(leaning) >= 2 and len(set(leaning)) == 1 and any(pointing(q, 1) for q in read):
            break
    says = [p for p in (pointing(q, 1) for q in read) if p]
    if not read:
        return "no page read"
    if not says:
        return "says nothing"
    leaning = [p for p in (pointing(q, 0.5) for q in read) if p]
    if any(p != says[0] for p in leaning):
        return "disagree"
    if len(leaning) < min(2, len(read)):
        return "one page alone"
    return says[0]


def main():
    readings, labels = sys.argv[1], sys.argv[2]
    books = collections.OrderedDict()
    for row in csv.DictReader(open(readings), delimiter="\t"):
        books.setdefault(row["file"], []).append(row)
    label = {row["file"]: row for row in csv.DictReader(open(labels), delimiter="\t")}
    outcomes = {}
    counts = collections.defaultdict(collections.Counter)
    for name, pages in books.items():
        outcome = decide(pages)
        outcomes[name] = outcome
        expected = label[name]["expected"] if name in label else "?"
        if outcome not in ("right-edge", "left-edge"):
            kind = "nothing"
        elif expected == "undecided":
            kind = "binding"  # the conflict class: its script alone says one
        else:
            kind = "right" if outcome == expected else "wrong"
        counts[label.get(name, {}).get("class", "?")][kind] += 1
        print(f"{name:24} {expected:10} {outcome}")
    print()
    print(f"{'class':34} right wrong nothing binding-on-undecided   (the page script alone)")
    for name, count in counts.items():
        print(f"{name:34} {count['right']:5} {count['wrong']:5} {count['nothing']:7}"
              f" {count['binding']:7}")
    if len(sys.argv) > 3:
        differ = 0
        for line in open(sys.argv[3]):
            record = json.loads(line)
            name = record["path"].rsplit("/", 1)[-1]
            item = next((e for e in record.get("evidence", []) if e["source"] == "page-script"),
                        None)
            if item is None or name not in outcomes:
                continue
            built = item["says"]
            modelled = outcomes[name] if outcomes[name] in ("right-edge", "left-edge") else None
            if built != modelled:
                differ += 1
                print(f"differs: {name}: build {built}, model {modelled} ({item['detail']})")
        print(f"model against the build: {differ} books differ")


if __name__ == "__main__":
    main()
