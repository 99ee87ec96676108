#!/usr/bin/env python3
"""Compares two runs of score.py's --records book by book: every book whose decision, layout
or evidence line differs between BEFORE and AFTER, then the count of books whose outcome
(right, wrong, undecided) moved, by part and side. Books present in one run only are named.
A rule change is judged on this list: what it decides that it did not, and what it no longer
decides (bench/suggest/real/README.md, "Running it").

usage: compare_records.py BEFORE AFTER [--evidence]   (--evidence: also books whose decision
       stayed the same but whose evidence line changed)

Exit status 1 when a book that was right is no longer right, or a book became wrong.
"""
import collections
import csv
import sys


def load(path):
    with open(path, encoding="utf-8", newline="") as f:
        return {row["file"]: row for row in csv.DictReader(f, delimiter="\t")}


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        sys.exit(__doc__)
    evidence = "--evidence" in sys.argv[1:]
    before, after = load(args[0]), load(args[1])
    for name in sorted(before.keys() ^ after.keys()):
        print(f"only in {'BEFORE' if name in before else 'AFTER'}: {name}")
    moved = collections.Counter()
    worse = 0
    for name in sorted(before.keys() & after.keys()):
        b, a = before[name], after[name]
        changed = (b["decision"], b["layout"]) != (a["decision"], a["layout"])
        if changed or (evidence and b["said"] != a["said"]):
            print(f"{name} ({a['part']}, {a['class']}, expected {a['expected']}): "
                  f"{b['decision']} {b['layout']} -> {a['decision']} {a['layout']}\n"
                  f"    before: {b['said']}\n    after:  {a['said']}")
        if b["outcome"] != a["outcome"]:
            moved[(a["part"], a["expected"], b["outcome"], a["outcome"])] += 1
            worse += b["outcome"] == "right" or a["outcome"] == "wrong"
    print(f"\n{len(before.keys() & after.keys())} books in both runs; outcomes moved:"
          + ("" if moved else " none"))
    for (part, side, was, now), n in sorted(moved.items()):
        print(f"  {part:8} {side:10} {was} -> {now}: {n}")
    sys.exit(1 if worse else 0)


if __name__ == "__main__":
    main()
