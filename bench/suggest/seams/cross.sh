#!/bin/sh
# Pairs pages of different books at random and counts the joins the spread detector finds
# (cross.swift): every one is wrong. Uses the pages measure.sh drew; run measure.sh on each set
# first.
#
# usage: bench/suggest/seams/cross.sh [--measures] PAIRS WORK...
#   WORK: measure.sh's work folder of a set. --measures: every measure of every pair as CSV on
#   standard output (as measure.sh's table), the count on standard error.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
MEASURES=""
if [ "${1:-}" = "--measures" ]; then MEASURES=--measures; shift; fi
PAIRS=$1
shift
BUILD=${TMPDIR:-/tmp}/pdfbind-seams-cross
mkdir -p "$BUILD"
cp "$HERE/cross.swift" "$BUILD/main.swift"
grep -v '^import PDFBind' "$ROOT/Tests/PDFBindTestSupport/SplitMix64.swift" > "$BUILD/SplitMix64.swift"
. "$HERE/detector.sh"
build_detector "$BUILD/cross" "$BUILD" "$BUILD/main.swift" "$BUILD/SplitMix64.swift" \
  "$HERE/PGM.swift" "$HERE/Measures.swift"
folders=""
for work in "$@"; do folders="$folders $work/pages"; done
# shellcheck disable=SC2086 # one argument per folder
"$BUILD/cross" $MEASURES "$PAIRS" $folders
