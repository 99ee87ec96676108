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
# score.py gives one line of wrong decisions and one of layouts for each part the books hold.
parts=$(awk -F '\t' 'NR > 1 && $5 != "" { print $5 }' "$BOOKS/labels.tsv" | sort -u | wc -l)
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
  # score.py fails on the 90% goals too; here only wrong decisions and layouts where no
  # double-page picture is labelled fail, as score.py counts them on its goal lines.
  # Fewer lines than that means score.py stopped early or its goal lines read differently
  # now, and a count of 0 would then pass for none wrong.
  counts=$(sed -n -e 's/.*: no wrong decision (\([0-9]*\) wrong)$/\1/p' \
    -e 's/.*: no layout where no double-page picture is labelled (\([0-9]*\) books)$/\1/p' \
    "$out.txt")
  if [ "$(printf '%s\n' "$counts" | grep -c .)" != $((2 * parts)) ]; then
    echo "FAIL $transformation: score.py's goal lines of wrong decisions and layouts" \
      "are not all in $out.txt"
    status=1
    continue
  fi
  wrong=$(printf '%s\n' "$counts" | awk '{ n += $1 } END { print n + 0 }')
  printf '%-8s %s; %s wrong decisions or layouts\n' "$transformation" \
    "$(grep '^both parts' "$out.txt" | awk '{ print $4 " of " $3 " decided right, " $5 " wrong" }')" \
    "$wrong"
  [ "$wrong" = 0 ] || status=1
done
exit $status
