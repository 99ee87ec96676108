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
UglyToad+PdfPig 99a2d48fe792e2eb335b6053863a101a62d924ed
Hopding+pdf-lib 93dd36e85aa659a3bca09867d2d8fac172501fbe
pdfminer+pdfminer.six 9e1243c4ad000bf9bbe60e81fc8dde2fccc0ed3b
pymupdf+PyMuPDF 53c9aaf539b4fbb6a53010d90de3a2df96e82b5e
py-pdf+pypdf f6853ccd3ff492309c84060186aabc88ed472ffd
LibrePDF+OpenPDF b9c17f76e2e2525aa501fb423257c66d2c8c164c
ocrmypdf+OCRmyPDF 62b42095eca831faaa3c84ddb699674788c4c1b7
pikepdf+pikepdf 96ab3e100cd941c46993aca4c3e852833b7f2bc5
pcorless+icepdf b940a5f7b563e29d0885da9ff799a138e5b6f247
veraPDF+veraPDF-corpus 910b2ca7aa6870375e2b6834c58a0d4b90a7dea6
itext+itextpdf ffe4a57a3b0d7bcce2a0c858ef5d5d974fa849af
openpreserve+format-corpus 9f263890680a8818cc622569b4a16298d08f0ead
pdf-association+pdf20examples 786de4fe5c8cf527481455a2a276cd2facc835d5
LIST
