#!/usr/bin/env python3
"""Issue 40, measured and not kept: may one page that says a binding decide a book whose other
pages read say nothing and lean nowhere? (bench/suggest/README.md, "One page that says alone".)

`PageScriptEvidence.decide` asks two leaning pages where two or more were read ("one page alone
is too little"). This replays that decision, and the one a single saying page would make, on the
`says` and `leans` columns of `pdfbind-measure page-readings` (what the build's own rules say of
every page it reads, up to `--pages`), and lists every page that says or leans against its book.

usage: one_page_trial.py READINGS.tsv LABELS.tsv [PART]
  READINGS.tsv: `pdfbind-measure page-readings DIR`
  LABELS.tsv:   the set's labels (`file`, `expected`): real/'s labels.tsv or image-labels.tsv
  PART:         only the books of this part (`tune`: the real bench's held-out part stays out)
"""
import collections
import csv
import sys


def decide(pages, one_page_enough):
    """The binding the pages read say together, or None (PageScriptEvidence.decide)."""
    says = [page["says"] for page in pages if page["says"] != "-"]
    if not says:
        return None
    first = says[0]
    leaning = [page for page in pages if page["leans"] != "-"]
    if any(page["leans"] != first for page in leaning):
        return None
    # Pages read turned round decide only two together, whatever is tried here.
    turned_round = all(page["orientation"] != "0" for page in leaning)
    least = 2 if turned_round else (1 if one_page_enough else min(2, len(pages)))
    return first if len(leaning) >= least else None


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    part = sys.argv[3] if len(sys.argv) == 4 else None
    # Books labelled undecided (a conflict with a double-page picture, albums) are left out:
    # the page script alone is not what leaves them undecided.
    labels = {row["file"]: row for row in csv.DictReader(open(sys.argv[2]), delimiter="\t")
              if (part is None or row.get("part") == part)
              and row["expected"] in ("left-edge", "right-edge")}
    pages = collections.defaultdict(list)
    for row in csv.DictReader(open(sys.argv[1]), delimiter="\t"):
        if row["file"] in labels:
            pages[row["file"]].append(row)
    outcomes = collections.Counter()
    for name, label in sorted(labels.items()):
        expected, read = label["expected"], pages.get(name, [])
        for page in read:
            against = [what for what in ("says", "leans") if page[what] not in ("-", expected)]
            if against:
                print(f"against {name} ({expected}) page {page['page']}: {against[0]} "
                      f"{page[against[0]]}, {page['script']} at {page['confidence'][:5]}, "
                      f"turned {page['orientation']}")
        today, trial = decide(read, False), decide(read, True)
        outcomes["today " + ("undecided" if today is None else
                             "right" if today == expected else "wrong")] += 1
        if today != trial:
            outcome = "right" if trial == expected else "wrong"
            outcomes["one page: " + outcome] += 1
            print(f"one page decides {name} ({expected}): {trial}, {outcome}")
    print(", ".join(f"{key} {value}" for key, value in sorted(outcomes.items())))


if __name__ == "__main__":
    main()
