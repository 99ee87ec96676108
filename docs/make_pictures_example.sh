#!/bin/sh
# Regenerates the README's example of books that are pictures: a scanned Arabic book and a
# manga from the labelled image set (bench/suggest/make_image_books.py --small, the same bytes
# on every run), what suggest says of them, and docs/preview-auto.png, the manga drawn with
# the binding and pairing suggest decides:
#
#   docs/make_pictures_example.sh [PDFBIND]     (default: the debug build, built if needed)
set -eu
cd "$(dirname "$0")/.."
pdfbind=${1:-}
if [ -z "$pdfbind" ]; then
  swift build --product pdfbind >/dev/null
  pdfbind="$(swift build --show-bin-path)/pdfbind"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/suggest/make_image_books.py "$work/set" --small --jobs 1 >/dev/null
mkdir "$work/books"
cp "$work/set/arabic-0.pdf" "$work/books/scanned-arabic.pdf"
cp "$work/set/manga-ja-1.pdf" "$work/books/manga.pdf"
cd "$work"
"$pdfbind" suggest books/scanned-arabic.pdf books/manga.pdf
"$pdfbind" spreads --auto books/manga.pdf
"$pdfbind" preview --auto --spreads 1-3 --height 200 -o "$OLDPWD/docs/preview-auto.png" \
  books/manga.pdf
echo "wrote docs/preview-auto.png ($(wc -c < "$OLDPWD/docs/preview-auto.png") bytes)"
