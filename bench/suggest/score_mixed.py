#!/usr/bin/env python3
"""Scores `pdfbind suggest --json` on the mixed-text class (make_mixed_forms.py): per class,
files decided right, wrong and undecided, and how many decisions rest on the lines evidence.
A decision on a file labelled undecided is wrong; an undecided file labelled with a binding is
a miss, not an error. Goal: no wrong decision (exit status 1 otherwise).

usage: score_mixed.py PDFBIND DIR [DIR...]   (one table per directory: the tuning seed, then
                                              the held-out seed)
"""
import collections
import os
import sys

from score import suggest  # the one runner of suggest --json (score.py, beside this file)


def lines_say(record):
    for item in record.get("evidence", []):
        if item.get("source") == "lines" and item.get("weighed"):
            return item.get("says")
    return None


def score(binary, directory):
    rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(directory, "labels.tsv"))]
    rows = [dict(zip(rows[0], row)) for row in rows[1:]]
    paths = [os.path.join(directory, row["file"]) for row in rows]
    results = suggest(binary, paths)
    table, wrong = collections.OrderedDict(), []
    for row, path in zip(rows, paths):
        record = results.get(path, {})
        decision = record.get("decision")
        expected = row["expected"]
        if decision in (None, "undecided"):
            result = "right" if expected == "undecided" else "undecided"
        else:
            result = "right" if decision == expected else "wrong"
        counts = table.setdefault(row["class"], collections.Counter())
        counts[result] += 1
        counts["by lines"] += decision not in (None, "undecided") and lines_say(record) == decision
        if result == "wrong":
            wrong.append((row["file"], expected, decision, record.get("evidence")))
    print(f"{'class':38} {'files':>5} {'right':>5} {'wrong':>5} {'undecided':>9} {'by lines':>8}")
    for cls, counts in table.items():
        total = counts["right"] + counts["wrong"] + counts["undecided"]
        print(f"{cls:38} {total:5} {counts['right']:5} {counts['wrong']:5} "
              f"{counts['undecided']:9} {counts['by lines']:8}")
    return table, wrong


def main():
    binary, directories = sys.argv[1], sys.argv[2:]
    status = 0
    for directory in directories:
        print(f"\nmixed text: {os.path.basename(os.path.normpath(directory))}")
        table, wrong = score(binary, directory)
        forms = [c for c in table.values()]
        rtl = sum(c["right"] for cls, c in table.items() if "form" in cls and "english" not in cls)
        rtl_total = sum(c["right"] + c["wrong"] + c["undecided"]
                        for cls, c in table.items() if "form" in cls and "english" not in cls)
        ok = not wrong
        print(("PASS " if ok else "FAIL ") + f"no wrong decision ({len(wrong)} wrong)")
        print(f"     right-to-left forms decided right-edge: {rtl}/{rtl_total}; "
              f"decisions resting on the lines: {sum(c['by lines'] for c in forms)}")
        for name, expected, decision, evidence in wrong:
            print(f"  wrong: {name}: expected {expected}, decided {decision}: {evidence}")
        status |= not ok
    sys.exit(status)


if __name__ == "__main__":
    main()
