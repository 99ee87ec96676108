#!/usr/bin/env bash
# make bench, step 2: the labelled set for `pdfbind suggest` (confusion table, goals, speed),
# the mixed-text forms and look-alikes, the image-only books (scans, manga, comics, albums:
# binding and pairing, speed, memory)
# the real-page books of issue 40 (bench/suggest/real/)
# and `get -r` over a tree of 1,000 files against `get --files-from` over the same files.
# usage: bench/suggest/run.sh PDFBIND   (exit status 1 when a goal is missed)
set -euo pipefail
BIN=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${PDFBIND_BENCH_WORK:-/tmp/pdfbind-bench-suggest}
CORPUS=${PDFBIND_CORPUS:-$HERE/../../../shared/corpus}
python3 -c 'import fpdf, reportlab, pikepdf, uharfbuzz' 2>/dev/null ||
  python3 -m pip install --quiet fpdf2 reportlab pikepdf uharfbuzz ||
  python3 -m pip install --quiet --break-system-packages fpdf2 reportlab pikepdf uharfbuzz
# Debian packages: ImageMagick for make_labelled.py's scans (a machine may have a stand-in
# `convert`); for the image-only books (issue 19) Noto, Culmus (Hebrew) and Comic Neue faces,
# the photographs of mate-backgrounds and plasma-workspace-wallpapers, FriBiDi for Pillow's raqm
# layout, poppler's pdftoppm for the check of the labelled joins, GNU time for peak memory.
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
missing=""
for p in imagemagick fonts-noto-core fonts-noto-cjk fonts-droid-fallback fonts-comic-neue culmus \
  mate-backgrounds plasma-workspace-wallpapers libfribidi0 libraqm0 poppler-utils time; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
  $SUDO apt-get update -qq &&
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi
mkdir -p "$WORK"
[ -f "$WORK/labelled/labels.tsv" ] && [ "$WORK/labelled/labels.tsv" -nt "$HERE/make_labelled.py" ] ||
  python3 "$HERE/make_labelled.py" "$WORK/labelled"
status=0
python3 "$HERE/score.py" "$BIN" "$WORK/labelled" $([ -d "$CORPUS" ] && echo "$CORPUS") || status=1

# Mixed text (issue 19, item 4): forms and look-alikes; seeds 1 and 2 were seen while the
# thresholds were chosen, seed 3 was not.
for seed in 1 2 3; do
  mixed=$WORK/mixed-seed-$seed
  [ "$mixed/labels.tsv" -nt "$HERE/make_mixed_forms.py" ] ||
    python3 "$HERE/make_mixed_forms.py" "$mixed" --seed $seed
done
python3 "$HERE/score_mixed.py" "$BIN" "$WORK"/mixed-seed-{1,2,3} || status=1

python3 -c 'import PIL, img2pdf, numpy, fontTools' 2>/dev/null ||
  python3 -m pip install --quiet Pillow img2pdf numpy fonttools ||
  python3 -m pip install --quiet --break-system-packages Pillow img2pdf numpy fonttools
# Four sets of image-only books: the tuning set (seed 19), which the thresholds were chosen on,
# and three held-out sets: seed 4 and seed 6, whose misses no one has looked at, and seed 5,
# scored before its misses were looked at and since seen once (bench/suggest/README.md): the
# goals must hold on books the rules have not seen.
for seed in 19 4 5 6; do
  images=$WORK/images$([ $seed = 19 ] || echo "-seed-$seed")
  if ! [ "$images/image-labels.tsv" -nt "$HERE/make_image_books.py" ] ||
    ! [ "$images/image-labels.tsv" -nt "$HERE/image_texts.py" ]; then
    python3 "$HERE/make_image_books.py" "$images" --seed $seed
    # Every labelled double-page picture must join in its labelled direction.
    python3 "$HERE/check_image_labels.py" "$images" > "$images/check.txt" || status=1
    grep -v '^ok' "$images/check.txt" || true
  fi
  echo
  echo "image-only books, seed $seed ($([ $seed = 19 ] && echo tuning || echo held out)):"
  python3 "$HERE/score_images.py" "$BIN" "$images" || status=1
done

# Real page pictures (issue 40): books made of pinned pages from public repositories, read from
# bare copies of them (bench/suggest/real/README.md says how to get them). A third is held out.
real=$WORK/real
fresh=yes
for f in books.tsv pages.tsv sources.tsv make_books.py; do
  [ "$real/labels.tsv" -nt "$HERE/real/$f" ] || fresh=no
done
echo
echo "real-page books (issue 40):"
if [ $fresh = yes ] || python3 "$HERE/real/make_books.py" "$real"; then
  nice python3 "$HERE/real/score.py" "$BIN" "$real" || status=1
else
  echo "FAIL real pages: the books could not be made: a pinned source is missing or changed"
  status=1
fi
# probe NAME SCRIPT WHAT: runs real/SCRIPT (a probe of whole collections, no page chosen) into
# $WORK/NAME, prints its counts, and fails the bench where a decision is wrong.
probe() {
  if nice python3 "$HERE/real/$2" "$BIN" "$WORK/$1" > "$WORK/$1.txt" 2>&1; then
    grep ' books: ' "$WORK/$1.txt"
  else
    grep ' books: \|Error' "$WORK/$1.txt"
    echo "FAIL $1 probe: a decision is wrong, or the $3 could not be read ($WORK/$1.txt)"
    status=1
  fi
}
# Handwritten documents taken whole from three archives' datasets: every right-edge decision
# or join there is wrong (bench/suggest/README.md, "Handwritten wills").
echo
echo "handwritten documents, whole datasets (issue 40):"
probe handwriting handwriting_probe.py datasets
# Right-to-left and vertical books taken whole from four collections: every left-edge decision
# or join left to right there is wrong (bench/suggest/README.md, "Framed pages").
echo
echo "right-to-left books, whole collections (issue 40):"
probe right-to-left right_to_left_probe.py collections
# Scripts Tesseract has no data for, drawn in Noto fonts: every decision against the script's
# direction is wrong (bench/suggest/README.md, "Scripts Tesseract has no data for").
echo
echo "scripts Tesseract has no data for, drawn (issue 40):"
if nice python3 "$HERE/pages/unread_scripts_probe.py" "$BIN" "$WORK/unread-scripts" \
  > "$WORK/unread-scripts.txt" 2>&1; then
  grep ' books: ' "$WORK/unread-scripts.txt"
else
  grep ' books: \|Error' "$WORK/unread-scripts.txt"
  echo "FAIL unread scripts probe: a decision is wrong ($WORK/unread-scripts.txt)"
  status=1
fi

echo
echo "get -r over a tree of 1,000 files (10 folders of 100) against get --files-from:"
rm -rf "$WORK/tree" && mkdir -p "$WORK/tree"
small=$(ls -S "$WORK"/labelled/english-fpdf2-*.pdf | tail -1)
for d in $(seq 0 9); do
  mkdir "$WORK/tree/$d"
  for f in $(seq -w 0 99); do cp "$small" "$WORK/tree/$d/$f.pdf"; done
done
find "$WORK/tree" -name '*.pdf' | sort > "$WORK/tree.list"
if command -v hyperfine > /dev/null; then
  hyperfine --warmup 1 --runs 5 -N "$BIN get -r $WORK/tree" "$BIN get --files-from $WORK/tree.list"
else
  for command in "$BIN get -r $WORK/tree" "$BIN get --files-from $WORK/tree.list"; do
    start=$(date +%s.%N); $command > /dev/null; end=$(date +%s.%N)
    echo "  $command: $(echo "$end - $start" | bc) s"
  done
fi
exit $status
