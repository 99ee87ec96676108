#!/usr/bin/env bash
# make bench: times whole processes of the release build against qpdf, cp and PyMuPDF on the
# inputs make_inputs.py generates, and prints the table of medians and goals (report.py).
# A report, not a test: the numbers depend on the machine; the ratios are what the goals name.
#
# usage: bench/run.sh PATH-TO-RELEASE-PDFBIND
set -euo pipefail

BIN=$(realpath "${1:?usage: bench/run.sh PATH-TO-RELEASE-PDFBIND}")
[ -x "$BIN" ] || { echo "bench: $BIN is not an executable" >&2; exit 1; }
HERE=$(cd "$(dirname "$0")" && pwd)
IN=$HERE/inputs
OUT=$HERE/out
WORK=$OUT/work          # same file system as the inputs: cp and pdfbind copy within one
mkdir -p "$OUT" "$WORK"
cd "$HERE"

say() { echo "bench: $*" >&2; }
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
apt_install() {
  $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}
pip_install() {
  python3 -m pip install --quiet "$@" || python3 -m pip install --quiet --break-system-packages "$@"
}

# --- tools ---------------------------------------------------------------------------------
command -v hyperfine >/dev/null || apt_install hyperfine
[ -x /usr/bin/time ] || apt_install time
command -v qpdf >/dev/null || apt_install qpdf
command -v mutool >/dev/null || apt_install mupdf-tools
pkg-config --exists libqpdf || apt_install libqpdf-dev pkg-config
python3 -c 'import pikepdf' 2>/dev/null || pip_install pikepdf
python3 -c 'import pymupdf' 2>/dev/null || python3 -c 'import fitz' 2>/dev/null || pip_install pymupdf

# The interpreter itself, not a launcher in front of it (a pyenv shim adds ~0.1 s a run).
PY=$(python3 -c 'import sys; print(sys.executable)')

# --- inputs and working copies -------------------------------------------------------------
python3 make_inputs.py
size() { stat -c %s "$1"; }
SMALL=$(size "$IN/small.pdf"); TABLE=$(size "$IN/big-table.pdf"); XS=$(size "$IN/big-xref-stream.pdf")
BOOK=$(size "$IN/book-table.pdf"); BOOK_XS=$(size "$IN/book-xref-stream.pdf")
# Each timed set starts from the original bytes: cutting the appended update off again with
# truncate restores the file exactly, and it runs in hyperfine's --prepare, outside the timing.
for name in small big-table big-xref-stream book-table book-xref-stream; do
  s=$(size "$IN/$name.pdf")
  if [ ! -f "$WORK/$name.pdf" ] || [ "$(size "$WORK/$name.pdf")" -lt "$s" ]; then
    cp "$IN/$name.pdf" "$WORK/$name.pdf"
  fi
  truncate -s "$s" "$WORK/$name.pdf"
  cmp -s -n "$s" "$IN/$name.pdf" "$WORK/$name.pdf" || cp "$IN/$name.pdf" "$WORK/$name.pdf"
done
rm -f "$WORK"/copy.pdf "$WORK"/.*.tmp
ls "$IN"/many/*.pdf > "$OUT/many.list"
# The floor for anything built on libqpdf: one bare open of the file (qpdf_open.c).
cc -O2 -o "$OUT/qpdf_open" qpdf_open.c $(pkg-config --cflags --libs libqpdf)
MANY_ARGS=$(tr '\n' ' ' < "$OUT/many.list")

# --- sanity: every timed command really does its work ----------------------------------------
# An already-set file is reported unchanged and costs less, so each set must change the file.
fail() { echo "bench: sanity check failed: $*" >&2; exit 1; }
expect_set() {  # FILE ORIGSIZE [pdfbind set options...]
  local file=$1 orig=$2; shift 2
  [ "$("$BIN" get "$file")" = unknown ] || fail "$file does not start as unknown"
  local report; report=$("$BIN" set --right-edge "$@" "$file")
  [[ $report == *"unknown -> right-edge"* ]] || fail "set $* $file reported: $report"
  [ "$(size "$file")" -gt "$orig" ] || fail "set $* $file did not append"
  [ "$("$BIN" get "$file")" = right-edge ] || fail "$file does not read back as right-edge"
  truncate -s "$orig" "$file"
}
say "sanity checks"
expect_set "$WORK/small.pdf" "$SMALL" --in-place
expect_set "$WORK/small.pdf" "$SMALL"
"$BIN" set -q --right-edge --in-place "$WORK/small.pdf"
qpdf --check "$WORK/small.pdf" >/dev/null || fail "qpdf --check rejects the set small.pdf"
truncate -s "$SMALL" "$WORK/small.pdf"
expect_set "$WORK/big-table.pdf" "$TABLE" --in-place
expect_set "$WORK/big-table.pdf" "$TABLE"
expect_set "$WORK/big-xref-stream.pdf" "$XS" --in-place
expect_set "$WORK/book-table.pdf" "$BOOK" --in-place
expect_set "$WORK/book-xref-stream.pdf" "$BOOK_XS" --in-place
for name in book-table book-xref-stream; do
  [ "$("$OUT/qpdf_open" "$WORK/$name.pdf")" = none ] || fail "qpdf_open cannot read $name.pdf"
  [ "$(mutool show "$WORK/$name.pdf" trailer/Root/ViewerPreferences 2>&1)" = null ] \
    || fail "mutool cannot read $name.pdf"
  # The pair of sets the book rows repeat on one growing file: each set appends, and qpdf
  # accepts what they leave.
  book=$WORK/$name.pdf s=$(size "$WORK/$name.pdf")
  "$BIN" set -q --right-edge --in-place "$book" && "$BIN" set -q --left-edge --in-place "$book"
  [ "$("$BIN" get "$book")" = left-edge ] || fail "a pair of sets on $name.pdf reads back wrong"
  [ "$(grep -c -a '^startxref' "$book")" -ge 3 ] || fail "a pair of sets on $name.pdf did not append"
  qpdf --check "$book" >/dev/null || fail "qpdf --check rejects $name.pdf after a pair of sets"
  truncate -s "$s" "$book"
done
for core in "" --core-only; do
  "$PY" pymupdf_set.py $core "$WORK/big-table.pdf"
  [ "$(size "$WORK/big-table.pdf")" -gt "$TABLE" ] || fail "PyMuPDF $core did not append"
  [ "$("$BIN" get "$WORK/big-table.pdf")" = right-edge ] || fail "PyMuPDF's update does not read back"
  truncate -s "$TABLE" "$WORK/big-table.pdf"
done
[ "$("$BIN" get --files-from "$OUT/many.list" | grep -c ': unknown$')" = 1000 ] \
  || fail "get over many/ did not report 1,000 files"
# Only preview and suggest may load poppler (dlopen): get's start-up must not pay for it.
# (The loader's log is captured first: grep -q would stop reading, and pipefail count that.)
loaded=$(LD_DEBUG=files "$BIN" get "$WORK/small.pdf" 2>&1 >/dev/null)
[[ $loaded != *file=libpoppler* ]] || fail "get loads poppler"
loaded=$(LD_DEBUG=files "$BIN" preview -o "$OUT/preview.png" "$WORK/small.pdf" 2>&1)
[[ $loaded == *file=libpoppler-glib* ]] || fail "preview does not load poppler-glib"

hf() { local name=$1; shift; hyperfine --style basic --export-json "$OUT/$name.json" "$@" >&2; }

# --- timings -------------------------------------------------------------------------------
say "start-up: get on a 40 KB file, against qpdf --show-npages"
hf get-small -N --warmup 20 --runs 200 \
  -n "pdfbind get small" "$BIN get $WORK/small.pdf" \
  -n "qpdf --show-npages small" "qpdf --show-npages $WORK/small.pdf" \
  -n "pdfbind --version" "$BIN --version" \
  -n "qpdf --version" "qpdf --version"
# BEFORE_BIN (optional): an older release build, timed side by side, so that a change shows
# as a ratio in one run (make bench BEFORE=REV builds one). Start-up here; the set rows after
# the timings below, where each pair runs in one hyperfine call.
rm -f "$OUT/startup-before.json" "$OUT"/before-*.json "$OUT"/ir-*.txt
if [ -n "${BEFORE_BIN:-}" ]; then
  say "start-up against the build before ($BEFORE_BIN)"
  hf startup-before -N --warmup 20 --runs 200 \
    -n "pdfbind --version" "$BIN --version" \
    -n "before: pdfbind --version" "$BEFORE_BIN --version" \
    -n "pdfbind get small" "$BIN get $WORK/small.pdf" \
    -n "before: pdfbind get small" "$BEFORE_BIN get $WORK/small.pdf"
fi

say "set --in-place: 40 KB against 330 MB (table and xref stream)"
hf set-inplace -N --warmup 5 --runs 50 \
  --prepare "truncate -s $SMALL $WORK/small.pdf" \
  -n "set --in-place small" "$BIN set -q --right-edge --in-place $WORK/small.pdf"
hf set-inplace-table -N --warmup 5 --runs 50 \
  --prepare "truncate -s $TABLE $WORK/big-table.pdf" \
  -n "set --in-place 330 MB table" "$BIN set -q --right-edge --in-place $WORK/big-table.pdf"
hf set-inplace-xs -N --warmup 5 --runs 50 \
  --prepare "truncate -s $XS $WORK/big-xref-stream.pdf" \
  -n "set --in-place 330 MB xref stream" \
  "$BIN set -q --right-edge --in-place $WORK/big-xref-stream.pdf"

say "the 70,000-object book: get against mutool; set --in-place, a pair a run on one growing"
say "file, against a pair of bare qpdf opens of it"
for name in book-table book-xref-stream; do
  orig=$(size "$IN/$name.pdf") book=$WORK/$name.pdf
  hf "get-$name" -N --warmup 3 --runs 30 \
    -n "pdfbind get $name" "$BIN get $book" \
    -n "mutool show $name trailer/Root/ViewerPreferences" \
    "mutool show $book trailer/Root/ViewerPreferences"
  # As a user meets it (issue 44): the same file set back and forth, so that it gains an
  # update with every set (66 here) and its catalog is the one the last update wrote; the
  # opens read the file the sets left. Each side is a pair under one sh, so both pay the same
  # shell; every set changes the file (right-edge, then left-edge).
  truncate -s "$orig" "$book"
  hf "set-pair-$name" -N --warmup 3 --runs 30 \
    -n "set --in-place twice, $name growing" \
    "sh -c '$BIN set -q --right-edge --in-place $book && $BIN set -q --left-edge --in-place $book'" \
    -n "two bare qpdf opens of $name" \
    "sh -c '$OUT/qpdf_open $book >/dev/null && $OUT/qpdf_open $book >/dev/null'"
  truncate -s "$orig" "$book"
done

say "atomic set on 330 MB against cp of it (same file system)"
hf set-atomic -N --warmup 2 --runs 20 \
  --prepare "truncate -s $TABLE $WORK/big-table.pdf" \
  -n "set (atomic) 330 MB table" "$BIN set -q --right-edge $WORK/big-table.pdf"
hf cp -N --warmup 2 --runs 20 \
  --prepare "rm -f $WORK/copy.pdf" \
  -n "cp 330 MB" "cp $IN/big-table.pdf $WORK/copy.pdf"
# pdfbind flushes the copy (and the directory) before it reports success, so a crash leaves
# the old or the new file; cp does not. The copy made durable is the like-for-like context.
hf cp-sync --warmup 2 --runs 20 \
  --prepare "rm -f $WORK/copy.pdf" \
  -n "cp + sync 330 MB" "cp $IN/big-table.pdf $WORK/copy.pdf && sync $WORK/copy.pdf"
rm -f "$WORK/copy.pdf"

# On XFS copy_file_range shares the blocks (reflink): atomic set costs about what --in-place
# does. Needs root for the loop mount; the rows are left out otherwise.
XFS=$OUT/xfs
rm -f "$OUT/set-xfs.json"
if [ "$(id -u)" = 0 ] && { command -v mkfs.xfs >/dev/null || apt_install xfsprogs; }; then
  say "XFS (loop-mounted image, reflink): atomic set against --in-place on 330 MB"
  mkdir -p "$XFS/mnt"
  umount "$XFS/mnt" 2>/dev/null || true
  rm -f "$XFS/img" && truncate -s 2G "$XFS/img"
  if mkfs.xfs -q -m reflink=1 "$XFS/img" && mount -o loop "$XFS/img" "$XFS/mnt"; then
    trap 'umount "$XFS/mnt" 2>/dev/null; rm -f "$XFS/img"' EXIT
    cp "$IN/big-table.pdf" "$XFS/mnt/big-table.pdf" && sync
    expect_set "$XFS/mnt/big-table.pdf" "$TABLE"
    hf set-xfs -N --warmup 2 --runs 20 \
      --prepare "truncate -s $TABLE $XFS/mnt/big-table.pdf" \
      -n "set (atomic) 330 MB on XFS" "$BIN set -q --right-edge $XFS/mnt/big-table.pdf" \
      -n "set --in-place 330 MB on XFS" "$BIN set -q --right-edge --in-place $XFS/mnt/big-table.pdf"
    umount "$XFS/mnt"; rm -f "$XFS/img"; trap - EXIT
  else
    say "cannot make or mount an XFS image here; no XFS rows"
  fi
else
  say "not root (or no xfsprogs): no XFS rows"
fi

# The shell's own atomic replace of the same file, for context: a copy beside it, flushed,
# renamed over it. Like pdfbind's, and unlike cp + sync into a new name, it frees the old
# file's blocks, which ext4 does when the last reference goes.
cp "$IN/big-table.pdf" "$WORK/replace.pdf"
hf shell-replace --warmup 2 --runs 20 \
  -n "cp + sync + mv over the file, 330 MB" \
  "cp $WORK/replace.pdf $WORK/replace.tmp && sync $WORK/replace.tmp && mv $WORK/replace.tmp $WORK/replace.pdf"
rm -f "$WORK/replace.pdf" "$WORK/replace.tmp"

if [ -n "${BEFORE_BIN:-}" ]; then
  say "set against the build before, each pair side by side"
  side_by_side() {  # NAME RUNS FILE ORIGINAL-SIZE LABEL [set options...]
    local name=$1 runs=$2 file=$3 orig=$4 label=$5; shift 5
    hf "before-$name" -N --warmup 2 --runs "$runs" --prepare "truncate -s $orig $file" \
      -n "$label" "$BIN set -q --right-edge $* $file" \
      -n "before: $label" "$BEFORE_BIN set -q --right-edge $* $file"
    truncate -s "$orig" "$file"
  }
  side_by_side set-inplace-small 50 "$WORK/small.pdf" "$SMALL" "set --in-place small" --in-place
  side_by_side set-inplace-table 30 "$WORK/big-table.pdf" "$TABLE" "set --in-place 330 MB table" \
    --in-place
  side_by_side set-inplace-xs 30 "$WORK/big-xref-stream.pdf" "$XS" \
    "set --in-place 330 MB xref stream" --in-place
  side_by_side set-inplace-book-table 20 "$WORK/book-table.pdf" "$BOOK" \
    "set --in-place book (table)" --in-place
  side_by_side set-inplace-book-xref-stream 20 "$WORK/book-xref-stream.pdf" "$BOOK_XS" \
    "set --in-place book (xref stream)" --in-place
  side_by_side set-atomic-table 20 "$WORK/big-table.pdf" "$TABLE" "set (atomic) 330 MB table"
fi

say "PyMuPDF incremental save on 330 MB (whole process: interpreter, import, open, saveIncr)"
hf pymupdf -N --warmup 1 --runs 8 \
  --prepare "truncate -s $TABLE $WORK/big-table.pdf" \
  -n "PyMuPDF saveIncr 330 MB" "$PY $HERE/pymupdf_set.py $WORK/big-table.pdf" \
  -n "PyMuPDF saveIncr 330 MB, core only" "$PY $HERE/pymupdf_set.py --core-only $WORK/big-table.pdf"
truncate -s "$TABLE" "$WORK/big-table.pdf"

say "get over 1,000 small files: one call, against a shell loop of 1,000 qpdf calls"
hf many -N --warmup 3 --runs 30 \
  -n "pdfbind get 1,000 files (--files-from)" "$BIN get --files-from $OUT/many.list" \
  -n "pdfbind get 1,000 files (arguments)" "$BIN get $MANY_ARGS"
hf many-qpdf --warmup 1 --runs 3 \
  -n "1,000 x qpdf --show-npages" \
  "while read -r f; do qpdf --show-npages \"\$f\"; done < $OUT/many.list > /dev/null"

say "peak memory (max RSS, /usr/bin/time) of set on both 330 MB files, worst of 3"
for name in big-table big-xref-stream; do
  orig=$(size "$IN/$name.pdf")
  for mode in atomic in-place; do
    flag=(); [ "$mode" = in-place ] && flag=(--in-place)
    : > "$OUT/rss-$name-$mode.txt"
    for _ in 1 2 3; do
      truncate -s "$orig" "$WORK/$name.pdf"
      /usr/bin/time -f %M -a -o "$OUT/rss-$name-$mode.txt" \
        "$BIN" set -q --right-edge "${flag[@]}" "$WORK/$name.pdf"
    done
  done
  truncate -s "$orig" "$WORK/$name.pdf"
done

# --- spreads and preview (issue 12) ---------------------------------------------------------
# spreads reads what get reads (no rendering), so it runs at get's speed; preview loads poppler
# and renders only the pages of the spreads it draws, so the book's size should barely count.
bench_layout() {
  say "spreads over 1,000 small files; preview of the first six spreads of the 330 MB book"
  hf spreads-many -N --warmup 3 --runs 30 \
    -n "pdfbind spreads 1,000 files (--files-from)" "$BIN spreads --files-from $OUT/many.list"
  hf preview-big --warmup 1 --runs 5 \
    -n "pdfbind preview 330 MB, first six spreads" \
    "$BIN preview -o $OUT/preview.png $WORK/big-table.pdf"
  : > "$OUT/rss-preview-big.txt"
  for _ in 1 2 3; do
    /usr/bin/time -f %M -a -o "$OUT/rss-preview-big.txt" \
      "$BIN" preview -o "$OUT/preview.png" "$WORK/big-table.pdf"
  done
}
bench_layout

# --- instructions (callgrind) ---------------------------------------------------------------
# User-space instructions each command executes (callgrind's "Collected"), beside the wall
# clock: a count the machine's load does not move. valgrind 3.19 cannot read the DWARF the
# Swift toolchain writes, so it runs a copy without debug information (the same code).
command -v valgrind >/dev/null || apt_install valgrind
say "instructions (callgrind): start-up, get small, set"
strip --strip-debug -o "$OUT/pdfbind-ir" "$BIN"
IR_BINS=("now:$OUT/pdfbind-ir")
if [ -n "${BEFORE_BIN:-}" ]; then
  strip --strip-debug -o "$OUT/before-ir" "$BEFORE_BIN"
  IR_BINS+=("before:$OUT/before-ir")
fi
count() {  # OUTPUT-NAME COMMAND...: the instruction count into OUT/ir-OUTPUT-NAME.txt
  local name=$1; shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' > "$OUT/ir-$name.txt"
  [ -s "$OUT/ir-$name.txt" ] || fail "callgrind did not count $*"
}
count qpdf-small qpdf --show-npages "$WORK/small.pdf"
for entry in "${IR_BINS[@]}"; do
  who=${entry%%:*} bin=${entry#*:}
  count "$who-version" "$bin" --version
  count "$who-get-small" "$bin" get "$WORK/small.pdf"
  for row in "set-inplace-small small --in-place" "set-atomic-small small" \
    "set-inplace-table big-table --in-place" "set-inplace-xs big-xref-stream --in-place" \
    "set-atomic-table big-table" "set-inplace-book-table book-table --in-place" \
    "set-inplace-book-xref-stream book-xref-stream --in-place"; do
    read -r name file flag <<< "$row"
    orig=$(size "$IN/$file.pdf")
    truncate -s "$orig" "$WORK/$file.pdf"
    count "$who-$name" "$bin" set -q --right-edge $flag "$WORK/$file.pdf"
    truncate -s "$orig" "$WORK/$file.pdf"
  done
  # The book as the pair rows leave it: a set on a file that two sets have grown, against a
  # bare open of that file (whose catalog is no longer in an object stream).
  for file in book-table book-xref-stream; do
    orig=$(size "$IN/$file.pdf")
    truncate -s "$orig" "$WORK/$file.pdf"
    "$bin" set -q --right-edge --in-place "$WORK/$file.pdf"
    "$bin" set -q --left-edge --in-place "$WORK/$file.pdf"
    count "$who-set-grown-$file" "$bin" set -q --right-edge --in-place "$WORK/$file.pdf"
    count "$who-qpdf-open-grown-$file" "$OUT/qpdf_open" "$WORK/$file.pdf"
    truncate -s "$orig" "$WORK/$file.pdf"
  done
done

{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(. /etc/os-release && echo "$PRETTY_NAME"), kernel $(uname -r), $(findmnt -no FSTYPE -T "$WORK") file system"
  echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "pdfbind: $("$BIN" --version) ($BIN)"
  [ -z "${BEFORE_BIN:-}" ] || echo "before: $("$BEFORE_BIN" --version) ($BEFORE_BIN)"
  echo "tools: $(qpdf --version | head -1), $(hyperfine --version), $(cp --version | head -1)," \
    "$(valgrind --version)," \
    "PyMuPDF $(python3 -c 'import pymupdf; print(pymupdf.VersionBind, "/ MuPDF", pymupdf.VersionFitz)' 2>/dev/null || echo '?')"
} > "$OUT/env.txt"
cat "$OUT/env.txt" >&2
python3 report.py "$OUT" | tee "$OUT/results.md"
