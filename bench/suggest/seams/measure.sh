#!/bin/sh
# Measures every pair of consecutive pages of a labelled image set (make_image_books.py) as
# `suggest` sees them, and prints the pairs found, missed and joined wrongly.
#
# usage: bench/suggest/seams/measure.sh DIR [WORK]
#   DIR: a folder of make_image_books.py (with image-labels.tsv)
#   WORK: where pages and the table go (default /tmp/pdfbind-seams); WORK/measures.csv is the
#   table, one row per pair, both directions' measures (main.swift)
# Needs Debian's python3-gi, python3-gi-cairo, gir1.2-poppler-0.18 and python3-numpy.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
DIR=$1
WORK=${2:-/tmp/pdfbind-seams}
mkdir -p "$WORK"
/usr/bin/python3 "$HERE/render_edges.py" "$DIR" "$WORK/pages"
. "$HERE/detector.sh"
build_detector "$WORK/measure" "$WORK" "$HERE/main.swift" "$HERE/PGM.swift" "$HERE/Measures.swift"
"$WORK/measure" "$WORK/pages" "$DIR/image-labels.tsv" > "$WORK/measures.csv"
python3 - "$WORK/measures.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
joins = [r for r in rows if r["label"] != "-"]
found = [r for r in joins if r["outcome"] == r["label"]]
wrong = [r for r in rows if r["outcome"] in ("ltr", "rtl") and r["outcome"] != r["label"]]
print(f"{len(rows)} pairs of pages, {len(joins)} labelled joins: {len(found)} found, "
      f"{len(wrong)} joined wrongly")
for r in wrong:
    print(f"  wrong:  {r['book']} {r['k']}|{int(r['k']) + 1} ({r['outcome']}, label {r['label']})")
for r in joins:
    if r["outcome"] != r["label"]:
        print(f"  missed: {r['book']} {r['k']}|{int(r['k']) + 1} ({r['outcome']})")
PY
echo "table: $WORK/measures.csv"
