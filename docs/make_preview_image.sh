#!/bin/sh
# Regenerates docs/preview.png, the picture in the README, from a bundled fixture, so the
# README shows what the current pdfbind really draws:
#
#   docs/make_preview_image.sh [PDFBIND]     (default: the debug build, built if needed)
#
# The book has double-page pictures drawn for a right-edge binding with a cover page; with
# --as right-edge --cover each picture joins up across the spine.
set -eu
cd "$(dirname "$0")/.."
pdfbind=${1:-}
if [ -z "$pdfbind" ]; then
  swift build --product pdfbind >/dev/null
  pdfbind="$(swift build --show-bin-path)/pdfbind"
fi
cd Fixtures/layout
"$pdfbind" preview --as right-edge --cover --spreads 1-3 --height 160 \
  -o ../../docs/preview.png double-page-right-edge-cover.pdf
echo "wrote docs/preview.png ($(wc -c < ../../docs/preview.png) bytes)"
