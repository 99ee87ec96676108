#!/bin/sh
# Runs the test bundle as `swift test --skip-build` does, but as several processes at once,
# each with its own share of the suites: what `make test` runs.
#
#   Tests/run-tests.sh BUNDLE
#
# Why: Swift Testing runs tests on Swift's cooperative threads, one per core, and nearly every
# test here waits on a child (pdfbind, qpdf, python, chromium), holding its thread while the
# child runs or sleeps out a deadline; on 2 cores that is 2 tests at a time. Each process has
# threads of its own. The shares are --filter expressions; the last one is every test the others
# leave (--skip), so a suite nobody named still runs, once. Each share's output goes to a log
# that is printed when it ends; any failure fails the whole.
set -u

bundle=$1
logs=${TEST_LOGS:-.build/test-logs}
mkdir -p "$logs"

# Tesseract's recogniser, which the unit suites load in their own process (WordReader,
# ScriptDetector), runs its loops on OpenMP threads that spin while they wait. pdfbind's page
# workers limit them to one (PageWorker); so do the tests, which then read as the workers do:
# beside the other shares on 2 cores, the recogniser's test took 13 s with them and 8 s without.
export OMP_THREAD_LIMIT=1

# The browser suites (each serialized: their chromium start-ups and polls are mostly waiting),
# the in-process unit suites (CPU work of the debug build), the end-to-end suites that draw
# and read pages (suggest and its workers), and the rest, end-to-end.
set -- 'PDFBindBrowserTests' 'PDFBindCoreTests|PDFBindAPITests|PDFBindCommandLineTests' \
  'PDFBindEndToEndTests\.(PicturesTests|LookalikeTests|RealPagesTests|MixedTextTests|PageWorkerTests|SuggestTests|CacheTests|CacheTroubleTests)'

# XCTest first (the bundle's default), as swift test does; then the Swift Testing shares.
"$bundle" > "$logs/xctest.log" 2>&1 || { cat "$logs/xctest.log"; exit 1; }

start=$(date +%s)
# share N ARGUMENTS...: one process of the bundle, its output in share-N.log, ending with when.
share() {
  number=$1
  shift
  "$bundle" --testing-library swift-testing "$@" > "$logs/share-$number.log" 2>&1
  code=$?
  echo "run-tests.sh: share $number ($*) ended after $(($(date +%s) - start)) s, status $code" \
    >> "$logs/share-$number.log"
  return $code
}

skip=""
pids=""
index=0
for filter in "$@"; do
  index=$((index + 1))
  share $index --filter "$filter" &
  pids="$pids $!"
  skip="${skip:+$skip|}$filter"
done
index=$((index + 1))
share $index --skip "$skip" &
pids="$pids $!"

status=0
index=0
for pid in $pids; do
  index=$((index + 1))
  wait "$pid" || status=1
  cat "$logs/share-$index.log"
done
exit $status
