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
  # Only wrong decisions and layouts where no double-page picture is labelled fail here
  # (--wrong-only); score.py's exit status says so, and its FAIL lines which.
  if nice python3 "$HERE/score.py" "$BIN" "$out" --records "$out.records.tsv" --wrong-only \
    > "$out.txt" 2>&1; then
    verdict=ok
  else
    failed=$(grep '^FAIL' "$out.txt" | sed 's/^FAIL real pages: //' | paste -sd ';' -)
    verdict="FAIL: ${failed:-score.py stopped (see $out.txt)}"
    status=1
  fi
  printf '%-12s %s; %s\n' "$transformation" \
    "$(grep '^both parts' "$out.txt" | awk '{ print $4 " of " $3 " decided right, " $5 " wrong" }')" \
    "$verdict"
done
exit $status
