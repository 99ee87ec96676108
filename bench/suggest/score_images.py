#!/usr/bin/env python3
"""Runs `pdfbind suggest --json` over the image-only books of make_image_books.py and prints
the confusion table per class (binding: right, wrong, undecided; pairing, for books with
double-page pictures: right, wrong, none; "at k": the spreads evidence names the labelled
pages), checks the goals of SPEC round 3 and issue 19, and
times `suggest` alone on the speed books (wall time, and the peak memory of pdfbind and its
page workers), each run a first reading with an empty cache of decisions.
Exit status 1 when a goal is missed.

usage: score_images.py PDFBIND DIR [-v]     (DIR holds image-labels.tsv; -v: every book)
"""
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

from score import suggest_with_errors as suggest  # score.py, beside this file

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sweep"))
from sweep import run_sampled  # noqa: E402  bench/sweep/sweep.py
import time  # noqa: E402

SPEED = {"speed-24": (1.0, "a 24-page image-only book"),
         "speed-200": (5.0, "a 200-page scanned book of 1,600 x 2,400 pixels")}
MEMORY_MIB = 300




def binding_outcome(expected, record):
    if "error" in record or not record:
        return "undecided"
    decision = record.get("decision")
    if decision in (None, "undecided"):
        return "right" if expected == "undecided" else "undecided"
    if expected == "undecided":
        return "wrong"  # a decision where the pages show nothing to decide by
    return "right" if decision == expected else "wrong"


def layout_outcome(expected, record):
    """right / wrong / none; a layout decided for a book without a double-page picture is
    wrong (it can only come from a join that is not there)."""
    layout = record.get("layout") if "error" not in record else None
    if expected == "-":
        return "wrong" if layout else None
    if not layout:
        return "none"
    return "right" if layout == expected else "wrong"


def spread_pages(record):
    pages = []
    for item in record.get("evidence", []):
        if item.get("source") == "spreads":
            pages += item.get("pages", [])
    return pages


def timed(binary, path, runs=3):
    """Median wall time of `suggest --json PATH` over `runs` runs (/usr/bin/time), and the peak
    memory of pdfbind and its page workers together (GNU time sees one process), sampled
    every 10 ms in one more run (`tree_usage`): their proportional set sizes summed, what
    the run takes from the machine and what the goal is about, and their resident sizes
    summed. Each run is a first reading, with an empty cache of decisions: the scoring run
    before has filled the default one, and a remembered answer (tens of milliseconds) is not
    what the goals are about."""
    walls = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as cache:
            run = subprocess.run(["/usr/bin/time", "-v", binary, "suggest", "--json", path],
                                 capture_output=True, text=True,
                                 env=dict(os.environ, XDG_CACHE_HOME=cache))
        wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", run.stderr)
        if not wall:
            return None, None, run.stderr.strip().splitlines()[-1:] or ["no output"]
        hours, minutes, seconds = wall.groups()
        walls.append(int(hours or 0) * 3600 + int(minutes) * 60 + float(seconds))
        decision = run.stdout.strip()
    with tempfile.TemporaryDirectory() as cache:
        peaks = run_sampled([binary, "suggest", "--json", path], every=0.01,
                            env=dict(os.environ, XDG_CACHE_HOME=cache)).peaks
    return statistics.median(walls), [peak / 2**20 for peak in peaks], decision


def main():
    binary, folder = sys.argv[1], sys.argv[2]
    verbose = "-v" in sys.argv[3:]
    rows = [line.rstrip("\n").split("\t")
            for line in open(os.path.join(folder, "image-labels.tsv"), encoding="utf-8")]
    rows = [dict(zip(rows[0], row)) for row in rows[1:]]
    paths = [os.path.join(folder, row["file"]) for row in rows]
    start = time.monotonic()
    results, stderr = suggest(binary, paths)
    seconds = time.monotonic() - start

    table = collections.OrderedDict()
    wrong, errors = [], []
    with_evidence = decided_right = with_spreads = paired_right = 0
    for row, path in zip(rows, paths):
        record = results.get(path, {})
        if "error" in record or not record:
            errors.append((row["file"], record.get("error", "no answer")))
        binding = binding_outcome(row["expected"], record)
        layout = layout_outcome(row["layout"], record)
        counts = table.setdefault(row["class"], collections.Counter())
        counts["files"] += 1
        counts[binding] += 1
        if row["layout"] != "-":
            counts["spreads"] += 1
            # The evidence names the labelled pages (every k and k+1), not just the parity.
            found = set(spread_pages(record))
            counts["at k"] += all({k, k + 1} <= found for k in map(int, row["spreads"].split(",")))
        if layout:
            counts["layout " + layout] += 1
        if row["expected"] != "undecided":
            with_evidence += 1
            decided_right += binding == "right"
        if row["layout"] != "-":
            with_spreads += 1
            paired_right += layout == "right"
        if binding == "wrong" or layout == "wrong":
            wrong.append((row, record))
        if verbose:
            found = spread_pages(record)
            print(f"{row['file']:24} expected {row['expected']:10} {row['layout']:8} "
                  f"spreads {row['spreads']:6} -> {record.get('decision', 'error')} "
                  f"{record.get('layout') or '-'}" + (f" (joins {found})" if found else "") +
                  (f": {record.get('reason', '')}" if record.get("reason") else ""))

    print(f"image-only books: suggest --json over {len(rows)} books in {seconds:.1f} s")
    print(f"{'class':34} {'files':>5} {'right':>5} {'wrong':>5} {'undecided':>9}   "
          f"{'spreads':>7} {'paired':>6} {'wrong':>5} {'none':>4} {'at k':>4}")
    total = collections.Counter()
    for cls, c in table.items():
        total.update(c)
        note = "   (right = undecided)" if all(
            r["expected"] == "undecided" for r in rows if r["class"] == cls) else ""
        print(f"{cls:34} {c['files']:5} {c['right']:5} {c['wrong']:5} {c['undecided']:9}   "
              f"{c['spreads']:7} {c['layout right']:6} {c['layout wrong']:5} "
              f"{c['layout none']:4} {c['at k']:4}{note}")
    c = total
    print(f"{'all':34} {c['files']:5} {c['right']:5} {c['wrong']:5} {c['undecided']:9}   "
          f"{c['spreads']:7} {c['layout right']:6} {c['layout wrong']:5} {c['layout none']:4} "
          f"{c['at k']:4}")

    goals = [
        (f"no wrong decision and no wrong layout ({total['wrong']} wrong decisions, "
         f"{total['layout wrong']} wrong layouts)",
         total["wrong"] == 0 and total["layout wrong"] == 0),
        (f"image-only books with evidence decided right: {decided_right}/{with_evidence} "
         f"(>= 90%)", with_evidence and decided_right >= 0.9 * with_evidence),
        (f"books with double-page pictures paired right: {paired_right}/{with_spreads} "
         f"(>= 90%)", with_spreads and paired_right >= 0.9 * with_spreads),
    ]
    print()
    for row in rows:
        if row["class"] not in SPEED:
            continue
        limit, what = SPEED[row["class"]]
        wall, peak, answer = timed(binary, os.path.join(folder, row["file"]))
        if wall is None:
            goals.append((f"speed: {what}: suggest failed: {answer}", False))
            continue
        decision = json.loads(answer).get("decision") if answer.startswith("{") else answer
        peak, resident = peak
        print(f"speed: suggest on {what} ({row['file']}): {wall:.2f} s, peak {peak:.0f} MiB "
              f"(pdfbind and its workers; resident sizes summed {resident:.0f} MiB), "
              f"{decision}")
        goals.append((f"speed: {what} in {wall:.2f} s (< {limit:g} s)", wall < limit))
        goals.append((f"memory: {what}: peak {peak:.0f} MiB (< {MEMORY_MIB} MiB)",
                      peak < MEMORY_MIB))
    if not any(r["class"] in SPEED for r in rows):
        print("speed: no speed-24 / speed-200 book in this set (make_image_books.py without "
              "--small makes them)")

    print()
    for text, ok in goals:
        print(("PASS " if ok else "FAIL ") + "image-only: " + text)
    for row, record in wrong:
        evidence = "; ".join(f"{e.get('source')}: {e.get('detail')}"
                             for e in record.get("evidence", []))
        print(f"  wrong: {row['file']}: expected {row['expected']} {row['layout']} "
              f"(spreads {row['spreads']}), suggested {record.get('decision')} "
              f"{record.get('layout') or '-'}: {evidence}")
    for name, error in errors:
        print(f"  error: {name}: {error}")
    if errors and stderr.strip():
        print("  stderr: " + stderr.strip().splitlines()[-1])
    sys.exit(0 if all(ok for _, ok in goals) else 1)


if __name__ == "__main__":
    main()
