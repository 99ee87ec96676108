#!/bin/sh
# The cache of decisions (issue 42): a library of BOOKS books (default 1,000), a third of them
# image-only (Fixtures/pictures, Fixtures/suggest/scan*.pdf), the rest text books
# (Fixtures/suggest). Times a first and a second `suggest -r` and `review -r` with an empty
# cache of their own, checks the second prints the same bytes, then changes 10 books (an
# update appended) and times a third `suggest -r`. Goals: second suggest >= 50x faster,
# second review >= 20x; the third costs about what 10 books cost alone.
#   bench/cache/run.sh PDFBIND [BOOKS]
set -eu
bin=$(realpath "$1")
books=${2:-1000}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/pdfbind-cache-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"
python3 - "$root/Fixtures" "$work/library" "$books" <<'PY'
import shutil, sys
from pathlib import Path
fixtures, out, count = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
images = sorted((fixtures / "pictures").glob("*.pdf")) + sorted((fixtures / "suggest").glob("scan*.pdf"))
texts = [p for p in sorted((fixtures / "suggest").glob("*.pdf")) if not p.name.startswith("scan")]
for index in range(count):
    sources = images if index % 3 == 0 else texts
    folder = out / f"{index // 100:03d}"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(sources[index // 3 % len(sources)], folder / f"book-{index:05d}.pdf")
PY
seconds() { start=$(date +%s.%N); "$@"; end=$(date +%s.%N); echo "$end - $start" | bc; }
lib="$work/library"
echo "library: $books books ($(( (books + 2) / 3 )) image-only), load: $(cut -d' ' -f1-3 /proc/loadavg)"
s1=$(seconds sh -c "'$bin' suggest -r '$lib' > '$work/s1' 2>&1 || true")
s2=$(seconds sh -c "'$bin' suggest -r '$lib' > '$work/s2' 2>&1 || true")
cmp -s "$work/s1" "$work/s2" && same=identical || same=DIFFERENT
echo "suggest -r: first ${s1} s, second ${s2} s, $(echo "scale=1; $s1 / $s2" | bc)x faster, output $same"
"$bin" cache --clear > /dev/null  # review's first run starts from nothing too
r1=$(seconds sh -c "'$bin' review -r -q -o '$work/r1.html' '$lib' 2>&1 || true")
r2=$(seconds sh -c "'$bin' review -r -q -o '$work/r2.html' '$lib' 2>&1 || true")
sed "s/r1_files/R_files/g" "$work/r1.html" > "$work/r1n"; sed "s/r2_files/R_files/g" "$work/r2.html" > "$work/r2n"
cmp -s "$work/r1n" "$work/r2n" && same=identical || same=DIFFERENT
echo "review -r: first ${r1} s, second ${r2} s, $(echo "scale=1; $r1 / $r2" | bc)x faster, page $same"
changed=$(find "$lib" -name '*.pdf' | sort | head -10)
for f in $changed; do printf '%% changed\n' >> "$f"; done
s3=$(seconds sh -c "'$bin' suggest -r '$lib' > '$work/s3' 2>&1 || true")
mkdir "$work/ten"; for f in $changed; do cp "$f" "$work/ten/"; done
t=$(seconds sh -c "'$bin' suggest -r --no-cache '$work/ten' > /dev/null 2>&1 || true")
echo "after 10 books changed: third suggest -r ${s3} s; those 10 alone ${t} s"
"$bin" cache
echo "cache size: $(du -b "$XDG_CACHE_HOME/pdfbind" | cut -f1) bytes for $books books; load: $(cut -d' ' -f1-3 /proc/loadavg)"
