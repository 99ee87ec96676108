#!/bin/sh
# Builds and runs synthetic.swift: the spread detector (Sources/PDFBindPages/Pictures/Spreads,
# with the picture values) and the tests' picture makers (SpreadPictures, SpreadLookAlikes,
# SplitMix64), optimised, so that tens of thousands of pairs take a minute or two instead of
# the hours a debug test run would. Run it after changing a threshold of the detector, beside
# measure.sh on the labelled books.
#
# usage: bench/suggest/seams/synthetic.sh [UNRELATED-PER-START] [LOOK-ALIKE-SEEDS] [SPREAD-SEEDS]
#   WORK (environment, default /tmp/pdfbind-seams-synthetic): where the build goes
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
WORK=${WORK:-/tmp/pdfbind-seams-synthetic}
mkdir -p "$WORK/sources"
# The test files import the core with @testable and the test support module; compiled into one
# module with the detector, they need neither.
for file in "$ROOT"/Tests/PDFBindCoreTests/SpreadPictures.swift \
  "$ROOT"/Tests/PDFBindCoreTests/SpreadPictures+Damage.swift \
  "$ROOT"/Tests/PDFBindCoreTests/SpreadLookAlikes.swift \
  "$ROOT"/Tests/PDFBindTestSupport/SplitMix64.swift; do
  grep -v -e '^import PDFBind' -e '^@testable import' "$file" > "$WORK/sources/$(basename "$file")"
done
cp "$HERE/synthetic.swift" "$WORK/sources/main.swift"
. "$HERE/detector.sh"
build_detector "$WORK/synthetic" "$WORK" "$WORK"/sources/*.swift
"$WORK/synthetic" "$@"
