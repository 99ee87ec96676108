#!/usr/bin/env python3
"""Prints bench/run.sh's results as a Markdown table: medians, ratios and the goals."""
import json
import os
import sys

OUT = sys.argv[1]


def median(file, index=0):
    with open(os.path.join(OUT, file + ".json")) as f:
        return json.load(f)["results"][index]["median"]


def ms(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 10 else f"{seconds:.2f} s"


def rss(name, mode):
    """The worst of the runs /usr/bin/time -f %M recorded for set on NAME, in MiB."""
    with open(os.path.join(OUT, f"rss-{name}-{mode}.txt")) as f:
        return max(int(line) for line in f.read().split("\n") if line.strip().isdigit()) / 1024


rows = []


def row(measurement, value, against, ratio_text, goal, holds):
    verdict = "n/a" if holds is None else "yes" if holds else "**no**"
    rows.append((measurement, value, against, ratio_text, goal, verdict))


get_small, qpdf_small = median("get-small", 0), median("get-small", 1)
row("`pdfbind get` small.pdf", ms(get_small), f"`qpdf --show-npages`: {ms(qpdf_small)}",
    f"{get_small / qpdf_small:.2f}x", "<= 1.2x", get_small / qpdf_small <= 1.2)

version, qpdf_version = median("get-small", 2), median("get-small", 3)
row("`pdfbind --version` (start-up alone)", ms(version), f"`qpdf --version`: {ms(qpdf_version)}",
    f"{version / qpdf_version:.2f}x", "context: how much of `get` is start-up", None)

if os.path.exists(os.path.join(OUT, "startup-before.json")):
    for index, label in ((0, "`pdfbind --version`"), (2, "`pdfbind get` small.pdf")):
        now, before = median("startup-before", index), median("startup-before", index + 1)
        row(f"{label} against the build before", ms(now), f"before: {ms(before)}",
            f"{now / before:.2f}x", "unchanged (<= 1.05x; issue 12: poppler not loaded)",
            now / before <= 1.05)

small = median("set-inplace")
for name, label in (("set-inplace-table", "table"), ("set-inplace-xs", "xref stream")):
    big = median(name)
    row(f"`set --in-place` 330 MB ({label})", ms(big), f"same on 40 KB: {ms(small)}",
        f"{big / small:.2f}x", "<= 2x and < 50 ms", big / small <= 2 and big < 0.050)

atomic, cp = median("set-atomic"), median("cp")
row("`set` (atomic) 330 MB", ms(atomic), f"`cp`: {ms(cp)}", f"{atomic / cp:.2f}x", "<= 1.3x",
    atomic / cp <= 1.3)
cp_sync = median("cp-sync")
row("`set` (atomic) 330 MB", ms(atomic), f"`cp` + `sync` of the copy: {ms(cp_sync)}",
    f"{atomic / cp_sync:.2f}x", "context: pdfbind flushes before it renames", None)

# The many-object book (70,000 objects, issue 15).
for name, label in (("book-table", "table"), ("book-xref-stream", "xref stream")):
    get_book, mutool = median(f"get-{name}", 0), median(f"get-{name}", 1)
    row(f"`get` 70,000-object book ({label})", ms(get_book),
        f"`mutool show … trailer/Root/ViewerPreferences`: {ms(mutool)}",
        f"{get_book / mutool:.2f}x", "<= 2x", get_book / mutool <= 2)
# A pair of sets a run on one growing file against a pair of bare opens of it (issue 44).
for name, label in (("book-table", "table"), ("book-xref-stream", "xref stream")):
    pair, opens = median(f"set-pair-{name}", 0), median(f"set-pair-{name}", 1)
    row(f"`set --in-place` 70,000-object book ({label}), a pair on one growing file",
        f"{ms(pair / 2)} a set", f"one bare qpdf open of it: {ms(opens / 2)}",
        f"{pair / opens:.2f}x", "<= 1.5x", pair / opens <= 1.5)
row("`set` (atomic) 330 MB, ext4", ms(atomic), f"`cp` + `sync` of the copy: {ms(cp_sync)}",
    f"{atomic / cp_sync:.2f}x", "<= 1.10x (issue 22)", atomic / cp_sync <= 1.10)
if os.path.exists(os.path.join(OUT, "shell-replace.json")):
    shell = median("shell-replace")
    row("`set` (atomic) 330 MB, ext4", ms(atomic),
        f"`cp` + `sync` + `mv` over the file (the shell's atomic replace): {ms(shell)}",
        f"{atomic / shell:.2f}x", "context: both free the old file's blocks", None)
if os.path.exists(os.path.join(OUT, "set-xfs.json")):
    xfs_atomic, xfs_in_place = median("set-xfs", 0), median("set-xfs", 1)
    row("`set` (atomic) 330 MB, XFS (reflink)", ms(xfs_atomic),
        f"`set --in-place` on XFS: {ms(xfs_in_place)}", f"{xfs_atomic / xfs_in_place:.2f}x",
        "<= 1.5x", xfs_atomic / xfs_in_place <= 1.5)

pymupdf, core = median("pymupdf", 0), median("pymupdf", 1)
in_place = median("set-inplace-table")
row("PyMuPDF `saveIncr` 330 MB (whole process)", ms(pymupdf), f"`set --in-place`: {ms(in_place)}",
    f"{pymupdf / in_place:.0f}x faster", ">= 20x", pymupdf / in_place >= 20)
row("PyMuPDF `saveIncr` 330 MB (whole process)", ms(pymupdf), f"atomic `set`: {ms(atomic)}",
    f"{pymupdf / atomic:.1f}x faster", ">= 4x", pymupdf / atomic >= 4)
row("PyMuPDF `saveIncr` 330 MB, core only", ms(core), f"atomic `set`: {ms(atomic)}",
    f"{core / atomic:.1f}x faster",
    "context: without PyMuPDF 2's layout/pymupdf4llm imports", None)

qpdf_loop = median("many-qpdf")
for index, how in ((0, "--files-from"), (1, "as arguments")):
    many = median("many", index)
    rate = 1000 / many
    row(f"`get` 1,000 files, one call ({how})", ms(many),
        f"shell loop of 1,000 `qpdf --show-npages`: {ms(qpdf_loop)}",
        f"{rate:,.0f} files/s; {qpdf_loop / many:.0f}x faster", ">= 10,000/s and >= 20x",
        rate >= 10_000 and qpdf_loop / many >= 20)

for name, label in (("big-table", "table"), ("big-xref-stream", "xref stream")):
    for mode in ("atomic", "in-place"):
        peak = rss(name, mode)
        row(f"peak memory, `set` ({mode}) 330 MB ({label})", f"{peak:.1f} MiB", "", "",
            "<= 32 MiB", peak <= 32)

# spreads and preview (issue 12)
spreads = median("spreads-many")
row("`spreads` 1,000 files, one call", ms(spreads),
    f"`get`, same files: {ms(median('many', 0))}", f"{1000 / spreads:,.0f} files/s",
    ">= 10,000/s", 1000 / spreads >= 10_000)
preview = median("preview-big")
row("`preview` 330 MB, first six spreads", ms(preview), "", "", "< 1.5 s", preview < 1.5)
peak = rss("preview", "big")
row("peak memory, `preview` 330 MB", f"{peak:.1f} MiB", "", "", "< 300 MiB", peak < 300)

print("| measurement | median | compared with | ratio | goal | holds |")
print("|---|---|---|---|---|---|")
for cells in rows:
    print("| " + " | ".join(cells) + " |")


# Side by side with the build before (BEFORE_BIN), wall clock and instructions.
def instructions(name):
    """callgrind's count for ir-NAME.txt, or None when it was not taken."""
    path = os.path.join(OUT, f"ir-{name}.txt")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        text = f.read().strip()
    return int(text) if text.isdigit() else None


def millions(count):
    return "—" if count is None else f"{count / 1e6:,.2f} M"


def ratio(now, before):
    return "—" if now is None or before is None else f"{now / before:.2f}x"


def wall(file, index):
    return median(file, index) if os.path.exists(os.path.join(OUT, file + ".json")) else None


# label, instruction-count name, the side-by-side timing (file, index of "now"; "before" is the
# next), and the main table's timing of this build, used when there is no build before.
side = [
    ("`pdfbind --version` (start-up)", "version", ("startup-before", 0), ("get-small", 2)),
    ("`get` small.pdf", "get-small", ("startup-before", 2), ("get-small", 0)),
    ("`set --in-place` small.pdf", "set-inplace-small", ("before-set-inplace-small", 0),
     ("set-inplace", 0)),
    ("`set` (atomic) small.pdf", "set-atomic-small", None, None),
    ("`set --in-place` 330 MB (table)", "set-inplace-table", ("before-set-inplace-table", 0),
     ("set-inplace-table", 0)),
    ("`set --in-place` 330 MB (xref stream)", "set-inplace-xs", ("before-set-inplace-xs", 0),
     ("set-inplace-xs", 0)),
    ("`set --in-place` book (table)", "set-inplace-book-table",
     ("before-set-inplace-book-table", 0), None),
    ("`set --in-place` book (xref stream)", "set-inplace-book-xref-stream",
     ("before-set-inplace-book-xref-stream", 0), None),
    ("`set --in-place` book (table), grown by two sets", "set-grown-book-table", None, None),
    ("`set --in-place` book (xref stream), grown by two sets", "set-grown-book-xref-stream",
     None, None),
    ("`set` (atomic) 330 MB (table)", "set-atomic-table", ("before-set-atomic-table", 0),
     ("set-atomic", 0)),
]
print()
print("Wall clock (median) and instructions (callgrind, user space) of this build and, with "
      "`BEFORE=REV`, of the build before, side by side; "
      f"`qpdf --show-npages` small.pdf: {millions(instructions('qpdf-small'))}.")
print()
print("| measurement | now | before | ratio | instructions now | instructions before | ratio |")
print("|---|---|---|---|---|---|---|")
for label, name, paired, alone in side:
    before_wall = wall(paired[0], paired[1] + 1) if paired else None
    now_wall = wall(*paired) if before_wall else wall(*alone) if alone else None
    now_count, before_count = instructions(f"now-{name}"), instructions(f"before-{name}")
    print(f"| {label} | {ms(now_wall) if now_wall else '—'} | "
          f"{ms(before_wall) if before_wall else '—'} | {ratio(now_wall, before_wall)} | "
          f"{millions(now_count)} | {millions(before_count)} | {ratio(now_count, before_count)} |")
for name, label in (("book-table", "table"), ("book-xref-stream", "xref stream")):
    grown, bare = instructions(f"now-set-grown-{name}"), instructions(f"now-qpdf-open-grown-{name}")
    if grown and bare:
        print(f"\nInstructions on the book ({label}) grown by two sets: `set --in-place` "
              f"{millions(grown)} against one bare qpdf open of it {millions(bare)}, "
              f"{grown / bare:.2f}x (goal <= 1.5x).")
