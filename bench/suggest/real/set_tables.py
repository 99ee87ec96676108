#!/usr/bin/env python3
"""Prints the README's tables of the set from books.tsv, pages.tsv and sources.tsv: the books
by class, side and part, then each source with its books, pages and licence. README.md's
"The set" is this script's output, pasted; run it again whenever books are added.

usage: set_tables.py
"""
import collections

from make_books import table

SIDES_AND_PARTS = [("right-edge", "tune"), ("right-edge", "held-out"),
                   ("left-edge", "tune"), ("left-edge", "held-out")]


def main():
    books = table("books.tsv")
    pages = table("pages.tsv")
    sources = table("sources.tsv")
    several = sum(1 for n in collections.Counter(p["book"] for p in pages).values() if n > 1)
    used = {p["source"] for p in pages}
    print(f"{len(books)} books, {len(pages)} pages, from {len(used)} repositories; {several} "
          "books have several pages (consecutive pages of one scanned book or magazine where "
          "the source has them).\n")
    print("| class | right-edge tune | right-edge held-out | left-edge tune | left-edge held-out "
          "| books |")
    print("|---|---|---|---|---|---|")
    count = collections.Counter((b["class"], b["expected"], b["part"]) for b in books)
    for name in sorted({b["class"] for b in books}) + ["all"]:
        cells = [sum(n for (c, side_, part_), n in count.items()
                     if (name == "all" or c == name) and (side_, part_) == key)
                 for key in SIDES_AND_PARTS]
        print(f"| {name} | " + " | ".join(map(str, cells)) + f" | {sum(cells)} |")
    print("\nSources (the licence as each repository states it; pages whose repository has no "
          "licence\nfile, or whose pictures belong to others, are only pinned and read, never "
          "copied here):\n")
    print("| source | repository @ commit | books | pages | licence |")
    print("|---|---|---|---|---|")
    books_of = collections.defaultdict(set)
    pages_of = collections.Counter()
    for p in pages:
        books_of[p["source"]].add(p["book"])
        pages_of[p["source"]] += 1
    for s in sources:
        if s["source"] in used:
            print(f"| {s['source']} | `{s['repo']}@{s['commit'][:12]}` | "
                  f"{len(books_of[s['source']])} | {pages_of[s['source']]} | {s['licence']} |")


if __name__ == "__main__":
    main()
