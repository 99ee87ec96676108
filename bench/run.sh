#!/usr/bin/env bash
# make bench: times whole processes of the release build against qpdf, cp and PyMuPDF on the
# inputs make_inputs.py generates, and prints the table of medians and goals (report.py).
# A report, not a test: the numbers depend on the machine; the ratios are what the goals name.
set -euo pipefail

BIN=$(realpath "${1:?usage: bench/run.sh PATH-TO-RELEASE-PDFBIND}")
HERE=$(cd "$(dirname "$0")" && pwd)
IN=$HERE/inputs
OUT=$HERE/out
WORK=$OUT/work
mkdir -p "$OUT" "$WORK"
cd "$HERE"

command -v hyperfine >/dev/null || { echo "bench: needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
python3 -c 'import pikepdf' 2>/dev/null || python3 -m pip install --quiet pikepdf
python3 -c 'import pymupdf' 2>/dev/null || python3 -m pip install --quiet pymupdf
python3 make_inputs.py

size() { stat -c %s "$1"; }
# Working copies: each timed set starts from the original bytes again (truncating an
# appended update away restores the file exactly), outside the timing.
for name in small big-table big-xref-stream; do
  cp --reflink=auto "$IN/$name.pdf" "$WORK/$name.pdf"
done
SMALL=$(size "$IN/small.pdf"); TABLE=$(size "$IN/big-table.pdf"); XS=$(size "$IN/big-xref-stream.pdf")
ls "$IN"/many/*.pdf > "$OUT/many.list"

hf() { local name=$1; shift; hyperfine --style basic --export-json "$OUT/$name.json" "$@" >&2; }

echo "== start-up: get on a 40 KB file, against qpdf --show-npages" >&2
hf get-small -N --warmup 20 --runs 200 \
  -n "pdfbind get small" "$BIN get $IN/small.pdf" \
  -n "qpdf --show-npages small" "qpdf --show-npages $IN/small.pdf"

echo "== set --in-place: 40 KB against 330 MB (table and xref stream)" >&2
hf set-inplace -N --warmup 3 --runs 40 \
  --prepare "truncate -s $SMALL $WORK/small.pdf" \
  -n "set --in-place small" "$BIN set -q --right-edge --in-place $WORK/small.pdf"
hf set-inplace-table -N --warmup 3 --runs 40 \
  --prepare "truncate -s $TABLE $WORK/big-table.pdf" \
  -n "set --in-place 330 MB table" "$BIN set -q --right-edge --in-place $WORK/big-table.pdf"
hf set-inplace-xs -N --warmup 3 --runs 40 \
  --prepare "truncate -s $XS $WORK/big-xref-stream.pdf" \
  -n "set --in-place 330 MB xref stream" \
  "$BIN set -q --right-edge --in-place $WORK/big-xref-stream.pdf"

echo "== atomic set on 330 MB against cp of it (same file system)" >&2
hf set-atomic -N --warmup 2 --runs 15 \
  --prepare "truncate -s $TABLE $WORK/big-table.pdf" \
  -n "set (atomic) 330 MB table" "$BIN set -q --right-edge $WORK/big-table.pdf"
hf cp -N --warmup 2 --runs 15 \
  --prepare "rm -f $WORK/copy.pdf" \
  -n "cp 330 MB" "cp $IN/big-table.pdf $WORK/copy.pdf"
# pdfbind flushes the copy before renaming it (a crash leaves the old or the new file); cp
# does not. The same copy made durable is the fair comparison for that part.
hf cp-sync --warmup 2 --runs 15 \
  --prepare "rm -f $WORK/copy.pdf" \
  -n "cp + sync 330 MB" "cp $IN/big-table.pdf $WORK/copy.pdf && sync $WORK/copy.pdf"
rm -f "$WORK/copy.pdf"

echo "== PyMuPDF incremental save on 330 MB" >&2
hf pymupdf --warmup 1 --runs 5 \
  --prepare "truncate -s $TABLE $WORK/big-table.pdf" \
  -n "PyMuPDF saveIncr 330 MB" "python3 $HERE/pymupdf_set.py $WORK/big-table.pdf"
truncate -s "$TABLE" "$WORK/big-table.pdf"

echo "== get over 1,000 small files: one call, against 1,000 calls of qpdf" >&2
hf many --warmup 3 --runs 20 -N \
  -n "pdfbind get 1,000 files (--files-from)" "$BIN get --files-from $OUT/many.list" \
  -n "pdfbind get 1,000 files (arguments)" "$BIN get $(tr '\n' ' ' < "$OUT/many.list")"
hf many-qpdf --warmup 1 --runs 3 \
  -n "1,000 x qpdf --show-npages" "xargs -n 1 qpdf --show-npages < $OUT/many.list > /dev/null"

echo "== peak memory of set on 330 MB" >&2
for mode in atomic in-place; do
  truncate -s "$TABLE" "$WORK/big-table.pdf"
  flag=$([ "$mode" = in-place ] && echo --in-place || true)
  /usr/bin/time -f %M -o "$OUT/rss-$mode.txt" "$BIN" set -q --right-edge $flag "$WORK/big-table.pdf"
done
truncate -s "$TABLE" "$WORK/big-table.pdf"

python3 report.py "$OUT" | tee "$OUT/results.md"
