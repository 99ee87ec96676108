#!/usr/bin/env python3
"""Models `TwinPages` (halves of one picture alike at the spine) on the lines of
`TwinPagesMeasurement`, with its limits as options, over labelled sets of
make_image_books.py: the double-page pictures the seam rules miss and the rule finds, the
unrelated pairs it takes (every one is wrong), and the unrelated pairs nearest its ratio.

usage: twins.py [limits] NAME=TSV:LABELS ...   (-v: every missed join)
  TSV:    PDFBIND_BENCH=1 swift run pdfbind-measure twin-pages DIR
  LABELS: DIR/image-labels.tsv
"""
import argparse
import csv

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--coverage", type=float, default=0.3)
parser.add_argument("--spine-coverage", type=float, default=0.5)
parser.add_argument("--ratio", type=float, default=0.3)
parser.add_argument("--separation", type=float, default=0.15)
parser.add_argument("--same-sides", type=float, default=0.95)
parser.add_argument("--other-pages", type=int, default=4)
parser.add_argument("-v", action="store_true")
parser.add_argument("sets", nargs="+")
args = parser.parse_args()

totals = {"labelled joins": 0, "missed by the seams": 0, "found by likeness": 0, "unrelated taken": 0}
differ = 0  # pairs where this model and the build's TwinPages (the last column) differ
nearest = []
for item in args.sets:
    name, paths = item.split("=", 1)
    measures, labels_path = paths.split(":", 1)
    labels = {row["file"]: row for row in csv.DictReader(open(labels_path), delimiter="\t")}
    for line in open(measures):
        f = line.rstrip("\n").split("\t")
        if f[1] == "file" or f[1] not in labels or f[9] == "-":
            continue
        book, page = f[1], int(f[2])
        coverage, left, right, next_coverage, next_left, next_right = map(float, f[3:9])
        distance, others_near = float(f[9]), float(f[10]) if f[10] != "-" else float("inf")
        same_sides, others, joined = float(f[11]), int(f[12]), f[13] == "true"
        spine = max(min(right, next_left), min(left, next_right))
        ratio = distance / others_near if others_near > 0 else float("inf")
        guarded = (min(coverage, next_coverage) >= args.coverage and spine >= args.spine_coverage
                   and same_sides < args.same_sides and others >= args.other_pages
                   and others_near >= args.separation)
        taken = guarded and ratio <= args.ratio
        differ += taken != (f[14] == "true")
        spreads = labels[book]["spreads"]
        labelled = spreads != "-" and page in [int(k) for k in spreads.split(",")]
        if labelled:
            totals["labelled joins"] += 1
            if not joined:
                totals["missed by the seams"] += 1
                totals["found by likeness"] += taken
                if args.v:
                    print(f"  missed {name}:{book}:{page} taken={taken} ratio {ratio:.2f} "
                          f"near {others_near:.2f} spine {spine:.2f} same {same_sides:.2f}")
        else:
            if taken:
                totals["unrelated taken"] += 1
                print(f"  WRONG {name}:{book}:{page} ratio {ratio:.2f} near {others_near:.2f} "
                      f"spine {spine:.2f} same {same_sides:.2f}")
            if guarded:
                nearest.append((round(ratio, 2), f"{name}:{book}:{page}"))
print(", ".join(f"{key} {value}" for key, value in totals.items()))
print(f"pairs where the model and the build differ: {differ} (none, at the build's limits)")
print("unrelated pairs nearest the ratio:", ", ".join(f"{who} {r}" for r, who in sorted(nearest)[:5]))
