#!/bin/sh
# The real-page bench as libraries keep their scans (transform_books.py): each of its ten
# transformations of the books make_books.py wrote, scored by score.py. Every set must keep
# 0 wrong decisions and 0 layouts from joins that are not there; how many it decides is
# reported, not asked (bench/suggest/real/README.md, "Pages as libraries keep them").
#
# usage: bench/suggest/real/transformed.sh PDFBIND BOOKS WORK
#   BOOKS: make_books.py's output (with labels.tsv); WORK: where the transformed sets go.
# Exit status 1 when any set has a wrong decision or layout.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
BIN=$1
BOOKS=$2
WORK=$3
status=0
for transformation in half jpeg25 jpx grey bilevel skew border border-right fit640 fit480; do
  out=$WORK/$transformation
  if ! [ "$out/labels.tsv" -nt "$BOOKS/labels.tsv" ] ||
    ! [ "$out/labels.tsv" -nt "$HERE/transform_books.py" ]; then
    rm -rf "$out"
    python3 "$HERE/transform_books.py" "$BOOKS" "$out" "$transformation" > /dev/null || {
      echo "FAIL $transformation: the books could not be transformed"
      status=1
      continue
    }
  fi
  nice python3 "$HERE/score.py" "$BIN" "$out" --records "$out.records.tsv" > "$out.txt" 2>&1
  # score.py fails on the 90% goals too; here only wrong decisions and layouts fail: a layout
  # where the labels (labels.tsv's third column) hold no double-page picture.
  wrong=$(awk -F'\t' 'FNR == NR { labelled[$1] = $3; next }
    FNR > 1 && ($5 == "wrong" || ($7 != "-" && $7 != "" && labelled[$1] == "-")) { n++ }
    END { print n + 0 }' "$out/labels.tsv" "$out.records.tsv")
  printf '%-8s %s; %s wrong decisions or layouts\n' "$transformation" \
    "$(grep '^both parts' "$out.txt" | awk '{ print $4 " of " $3 " decided right, " $5 " wrong" }')" \
    "$wrong"
  [ "$wrong" = 0 ] || status=1
done
exit $status
