#!/usr/bin/env python3
"""Issue 40 (SuggestRules 36): may a page that reads the same script as the page that says a
binding, upright but too weakly to lean, count as the second page `PageScriptEvidence.decide`
asks for ("one page alone is too little")? Books that stop there: a mushaf whose one page reads
Arabic surely beside pages of ornament read "Arabic?", two leaves of an illuminated Arabic
manuscript.

A page seconds when it reads the saying page's script upright, neither says nor leans, is not
ruled (`ruledWriting`: holds writing, `ruled_lines` >= 10), and
Tesseract is sure enough which way up (`orientation_confidence` >= 5), and its confidence is
at least FLOOR times what the page would need to say (10 in rows, 20 off them), and the script
is Arabic or Hebrew: the rule built takes 0.25 (`rightToLeftSecondScale`). Other scripts do not
second (a translated manga's balloons read as Latin, and its one page of credits would decide
left-edge; Chinese and Japanese give no side without the direction of their lines).

Replays the decision on `pdfbind-measure page-readings` (up to five pages a book) as it is and
with the second page, and prints every book whose decision changes, with its seconding pages.

usage: second_page_trial.py READINGS.tsv LABELS.tsv [FLOOR] [PART]
  LABELS.tsv: `file` and `expected` columns (real/'s labels.tsv, image-labels.tsv); for a
              probe, one row with file `*` gives every book's expected side
"""
import collections
import csv
import sys

RIGHT_TO_LEFT = {"Arabic", "Hebrew"}
RULED_PAGE = 10
LEAST_ORIENTATION_CONFIDENCE = 5.0


def seconds(page, script, floor):
    if page["says"] != "-" or page["leans"] != "-" or page["script"] != script:
        return False
    if script not in RIGHT_TO_LEFT:
        return False
    # A share of what the page would need to say (`minimumRightToLeftConfidence`,
    # `minimumConfidenceOffRows`).
    floor *= 10.0 if page["lines"] == "rows" else 20.0
    if page["orientation"] != "0" or float(page["confidence"]) < floor:
        return False
    if page["holds_writing"] == "true" and int(page["ruled_lines"]) >= RULED_PAGE:
        return False
    return float(page["orientation_confidence"]) >= LEAST_ORIENTATION_CONFIDENCE


def decide(pages, floor=None):
    """The binding the pages say together (PageScriptEvidence.decide), and the pages that
    seconded it; floor None: as the build decides. Pages read turned round neither say nor
    lean (SuggestRules 30), so every page here that says is upright."""
    saying = [page for page in pages if page["says"] != "-"]
    if not saying:
        return None, []
    first = saying[0]["says"]
    leaning = [page for page in pages if page["leans"] != "-"]
    if any(page["leans"] != first for page in leaning):
        return None, []
    scripts = {page["script"] for page in saying}
    extra = [] if floor is None else [
        page for page in pages if any(seconds(page, script, floor) for script in scripts)]
    return (first if len(leaning) + len(extra) >= min(2, len(pages)) else None), extra


def main():
    if not 3 <= len(sys.argv) <= 5:
        sys.exit(__doc__)
    floor = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    part = sys.argv[4] if len(sys.argv) > 4 else None
    rows = list(csv.DictReader(open(sys.argv[2]), delimiter="\t"))
    everyone = rows[0]["expected"] if rows and rows[0]["file"] == "*" else None
    labels = {row["file"]: row["expected"] for row in rows
              if row["file"] != "*" and (part is None or row.get("part") == part)
              and row["expected"] in ("left-edge", "right-edge")}
    pages = collections.defaultdict(list)
    for row in csv.DictReader(open(sys.argv[1]), delimiter="\t"):
        if everyone or row["file"] in labels:
            pages[row["file"]].append(row)
    outcomes = collections.Counter()
    for name in sorted(pages if everyone else labels):
        expected = everyone or labels[name]
        today, _ = decide(pages[name])
        trial, extra = decide(pages[name], floor)
        outcomes["today " + ("undecided" if today is None else
                             "right" if today == expected else "wrong")] += 1
        if trial != today:
            outcome = "right" if trial == expected else "wrong"
            outcomes["seconded: " + outcome] += 1
            said = ", ".join(f"page {p['page']} {p['script']} at {float(p['confidence']):.2f}"
                             for p in extra)
            print(f"{outcome}: {name} ({expected}) {trial}: {said}")
    print(", ".join(f"{key} {value}" for key, value in sorted(outcomes.items())))


if __name__ == "__main__":
    main()
