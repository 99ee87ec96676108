#!/bin/sh
# Regenerates docs/review.png, the picture of `pdfbind review` in the README, so the README
# shows what the current pdfbind really writes and what chromium makes of it:
#
#   docs/make_review_image.sh [PDFBIND]     (default: the debug build, built if needed)
#
# A small library from the bundled fixtures (an Arabic and a Hebrew book, a manga whose
# ComicInfo.xml says right-to-left, an English novel, a photo book that nothing decides) is
# reviewed; headless chromium, driven as in the browser tests, takes the manga's suggestion
# with a cover (keys s, c: its spreads re-arrange at once, and its double-page pictures join
# across the spine), chooses right-edge for the photo book (r) and shows the script.
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
pdfbind=${1:-}
if [ -z "$pdfbind" ]; then
  swift build --product pdfbind >/dev/null
  pdfbind="$(swift build --show-bin-path)/pdfbind"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Library/Arabic" "$work/Library/Hebrew" "$work/Library/Manga"
cp Fixtures/suggest/arabic.pdf "$work/Library/Arabic/diwan.pdf"
cp Fixtures/suggest/hebrew.pdf "$work/Library/Hebrew/siddur.pdf"
cp Fixtures/layout/double-page-right-edge-cover.pdf "$work/Library/Manga/vol 1.pdf"
echo '<ComicInfo><Manga>YesAndRightToLeft</Manga></ComicInfo>' > "$work/Library/Manga/ComicInfo.xml"
cp Fixtures/suggest/english.pdf "$work/Library/novel.pdf"
cp Fixtures/layout/colours-7.pdf "$work/Library/photos.pdf"
(cd "$work" && "$pdfbind" review -q -r Library)
python3 Tests/PDFBindBrowserTests/browser/review_browser.py screenshot \
  "$work/pdfbind-review.html" "$repo/docs/review.png" \
  '[{"keys": "jjjsc"}, {"keys": "jjr"}, {"click": "#toggle"}, {"scroll": "#book-3"}]' >/dev/null
echo "wrote docs/review.png ($(wc -c < docs/review.png) bytes)"
