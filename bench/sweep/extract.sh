#!/bin/sh
# Writes the PDFs of the public test suites the sweep runs over (bench/sweep/README.md) into
# OUT/OWNER+NAME/, from bare mirrors at the pinned commits:
#
#   bench/sweep/extract.sh OUT [MIRRORS]
#
# MIRRORS/OWNER+NAME/repo is a bare clone (default /work/.mirror, where an engineer's `fetch`
# puts them; elsewhere: git clone --bare https://github.com/OWNER/NAME MIRRORS/OWNER+NAME/repo).
#
# A suite already in OUT at its pinned commit is left as it is, so running it again after a
# suite was added or moved extracts only that one.
set -eu
out=$1
mirrors=${2:-/work/.mirror}
while read -r repo commit; do
  case $repo in ''|'#'*) continue ;; esac
  # A suite extracted at its pinned commit is kept (its .extracted names the commit).
  if [ "$(cat "$out/$repo/.extracted" 2>/dev/null)" = "$commit" ]; then continue; fi
  git=$mirrors/$repo/repo
  git --git-dir="$git" cat-file -e "$commit^{commit}" || {
    echo "extract: $git has no commit $commit (fetch the repository again)" >&2; exit 1; }
  rm -rf "${out:?}/$repo" && mkdir -p "$out/$repo"
  # File by file: a mirror may lack its largest blobs; those are counted, not fatal.
  listed=$(git --git-dir="$git" ls-tree -r --name-only "$commit" | grep -ci '\.pdf$' || true)
  git --git-dir="$git" ls-tree -r --name-only "$commit" | grep -i '\.pdf$' \
    | while IFS= read -r path; do
      mkdir -p "$out/$repo/$(dirname "$path")"
      git --git-dir="$git" cat-file blob "$commit:$path" > "$out/$repo/$path" 2>/dev/null \
        || rm -f "$out/$repo/$path"
    done
  found=$(find "$out/$repo" -type f | wc -l)
  echo "$repo: $found PDFs ($((listed - found)) not in the mirror)" >&2
  echo "$commit" > "$out/$repo/.extracted"
done <<'LIST'
mozilla+pdf.js 0f26334f9d6f96119f6e5164fb65832fbbde7344
chromium+pdfium a84323421e94f484faca52dd9d027934eba42ab8
freedesktop+poppler-test 03a4b9eb854a06a83c465e82de601796c458bbe9
qpdf+qpdf dfd251125cadb59fe04836f9197c3ef94f99cf55
pdfcpu+pdfcpu 105c0c28727afe7f85eb3179d03e9810d8774981
apache+pdfbox 89a917394c762257017c27e0cf5189605776aa57
py-pdf+sample-files 6921079eb3e1ed0944db5ec75016910d59da7fdb
LIST
