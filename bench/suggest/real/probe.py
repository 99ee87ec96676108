"""What the probes of whole collections share (`handwriting_probe.py`,
`right_to_left_probe.py`): every page of a pinned repository's collection made into books as
the archive holds them, no page chosen, and `suggest --no-cache` over all of them in one run,
each decision printed and counted as right, undecided or wrong by the probe's own rule.

Nothing is downloaded: the pages are read from bare git copies of the repositories (the
engineers' `fetch` tool puts them at /work/.mirror/OWNER+NAME/repo; `git clone --bare
https://github.com/OWNER/NAME` at the pinned commit does as well). A page the copy does not
hold (Git LFS), or that is not a picture, is left out.
"""
import argparse
import collections
import os
import re
import subprocess
import sys

import img2pdf

from make_books import git, git_dir, pdf_page

PICTURE = re.compile(r".*\.(jpe?g|png|tiff?)$", re.IGNORECASE)


def names(mirrors, repo, commit, script):
    """Every path of `repo` at `commit`, and the copy's git directory; exits where there is
    no copy."""
    gdir = git_dir(mirrors, repo)
    listing = git(gdir, "ls-tree", "-r", "--name-only", commit)
    if listing is None:
        sys.exit(f"{script}: {repo}@{commit}: no copy at {gdir} (fetch github:{repo}, or git "
                 f"clone --bare it there)")
    return gdir, listing.split("\n")


def in_runs(folders, size):
    """Books of `size` consecutive pages from each folder's pages (in their given order), named
    after the folder and the run's number."""
    made = []
    for folder, pages in sorted(folders.items()):
        for start in range(0, len(pages), size):
            made.append((f"{folder.replace('/', '_')}-{start // size + 1}",
                         pages[start:start + size]))
    return made


def picture(gdir, commit, name):
    """The page as img2pdf takes it (`make_books.pdf_page`), or None where the copy does not
    hold it (absent, or a Git LFS pointer) or it is no picture."""
    data = git(gdir, "cat-file", "blob", f"{commit}:{name}", binary=True)
    if data is None or data.startswith(b"version https://git-lfs"):
        return None
    try:
        return pdf_page(data)
    except Exception:
        return None


def run(pdfbind, folder, books, gdir, commit, least_pages, is_wrong):
    """Makes `books` ((name, paths)) into FOLDER/NAME.pdf, leaving out those with fewer than
    `least_pages` pictures, runs `suggest --no-cache` over them, prints every line, and
    returns how many books were made, the count of each outcome (the decision, or `wrong`
    where `is_wrong(decision, line)` says so), and the books whose pages join across a spine
    without that being wrong (counted apart)."""
    os.makedirs(folder, exist_ok=True)
    made = []
    for book, pages in books:
        pictures = [p for p in (picture(gdir, commit, n) for n in pages) if p]
        if len(pictures) < least_pages:
            continue
        path = os.path.join(folder, book[-80:] + ".pdf")
        with open(path, "wb") as f:
            img2pdf.convert(pictures, outputstream=f, nodate=True)
        made.append(path)
    done = subprocess.run([pdfbind, "suggest", "--no-cache", *made], capture_output=True,
                          text=True)
    counts = collections.Counter()
    apart = []
    for line in done.stdout.splitlines():
        print(line)
        path, said = line.split(": ", 1)
        decision = said.split(" ", 1)[0].rstrip(",")
        wrong = is_wrong(decision, line)
        counts["wrong" if wrong else decision] += 1
        if not wrong and "spreads: pages " in line:
            apart.append(os.path.basename(path))
    return len(made), counts, apart


def summary(source, books, counts):
    """`poilus: 50 books: 3 left-edge, 47 undecided`."""
    return (f"{source}: {books} books: "
            + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))


def main(script, sources, books, is_wrong, least_pages=lambda source: 1,
         joins_apart="with a join counted apart"):
    """The command line of a probe: PDFBIND OUT [--mirrors DIR] [--only SOURCE]. Each source
    of `sources` ({name: (repo, commit)}) made into books (`books(source, paths)`) under
    OUT/SOURCE and run, `is_wrong(source, decision, line)` judging each book; each source's
    counts printed, then the books whose join is not wrong, named after `joins_apart`.
    Returns 1 when any book is wrong."""
    parser = argparse.ArgumentParser(prog=script)
    parser.add_argument("pdfbind")
    parser.add_argument("out")
    parser.add_argument("--mirrors",
                        default=os.environ.get("PDFBIND_REAL_MIRRORS", "/work/.mirror"))
    parser.add_argument("--only", choices=sorted(sources))
    args = parser.parse_args()
    wrong = 0
    for source, (repo, commit) in sources.items():
        if args.only and source != args.only:
            continue
        gdir, paths = names(args.mirrors, repo, commit, script)
        made, counts, apart = run(
            args.pdfbind, os.path.join(args.out, source), books(source, paths), gdir, commit,
            least_pages(source),
            lambda decision, line, source=source: is_wrong(source, decision, line))
        wrong += counts["wrong"]
        print(summary(source, made, counts)
              + (f"; {len(apart)} {joins_apart}: {', '.join(apart)}" if apart else ""))
    return 1 if wrong else 0
