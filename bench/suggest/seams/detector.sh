# Sourced by measure.sh, cross.sh and synthetic.sh: builds a tool from the spread detector's
# own sources (Sources/PDFBindPages/Pictures/Spreads, with the picture values it reads) and
# the tool's, optimised, so that it measures exactly what `suggest` decides by.
#
# build_detector OUT WORK SOURCE...: OUT the executable, WORK a folder for the C part,
# SOURCE the tool's own Swift files. GreyImage's loops are C (Sources/CPixelLoops), whose
# module map SwiftPM writes for the package; here it is written into WORK.
build_detector() {
  out=$1
  work=$2
  shift 2
  root=$(cd "$(dirname "$0")/../../.." && pwd)
  mkdir -p "$work/CPixelLoops"
  printf 'module CPixelLoops {\n  header "%s"\n  export *\n}\n' \
    "$root/Sources/CPixelLoops/include/CPixelLoops.h" > "$work/CPixelLoops/module.modulemap"
  cc -O2 -c -o "$work/pixels.o" -I "$root/Sources/CPixelLoops/include" \
    "$root/Sources/CPixelLoops/pixels.c"
  swiftc -O -o "$out" -I "$work/CPixelLoops" "$work/pixels.o" "$@" \
    "$root"/Sources/PDFBindPages/Pictures/GreyImage.swift \
    "$root"/Sources/PDFBindPages/Pictures/SpinePicture.swift \
    "$root"/Sources/PDFBindPages/Pictures/Spreads/*.swift
}
