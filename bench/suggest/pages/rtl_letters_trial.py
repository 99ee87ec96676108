#!/usr/bin/env python3
"""Arabic and Hebrew letters recognised as script evidence (issue 40): a measurement.

Script detection (Tesseract's OSD) leaves many real pages of Arabic, Urdu, Persian and Hebrew
uncertain ("Arabic? (uncertain)", "Tesseract unsure which way up", "among pictures"), and reads
some left-to-right pages (handwriting, Georgian, Tamil, sheet music) as Arabic? too. Does a
recognition pass with Tesseract's Arabic and Hebrew LSTM models (Debian's tesseract-ocr-ara,
-heb, the "fast" models) tell them apart with a margin? `pages/lstm_trial.py` measured this on
87 real pages (its part B: the script models' own letters, 12 of them Arabic or Hebrew); this
counts on every page of the real bench's tuning part as it is now, and on the handwriting
probe's pages (French wills, notaries' registers, Latin manuscripts) where no page is Arabic.

Each page is drawn as pdfbind draws it for the script (grey, fitted in 1,600 x 1,600 pixels:
`pdftoppm -gray -r 300 -scale-to 1600`) and recognised with `tesseract --psm 3 --oem 1 tsv`,
one model a run, `OMP_THREAD_LIMIT=1`, `nice`. A page's count for a model is the letters of the
model's own script (ara and urd: U+0600-06FF, 0750-077F, 08A0-08FF, FB50-FDFF, FE70-FEFF;
heb: U+0590-05FF, FB1D-FB4F; eng: Latin letters) in the words read at confidence 60 or more,
and 80 or more. `words` is the English model counted as pdfbind's `ConfidentWords` counts Latin
words: words of three Latin letters or more once the punctuation around them is cut.

  rtl_letters_trial.py run BOOKS WORK [--part tune] [--jobs 2] [--models urd,ara]
                                   # BOOKS: a folder of PDFs with labels.tsv (make_books.py's,
                                   # or a probe's books linked into a folder; --part all)
  rtl_letters_trial.py report WORK [RECORDS]   # RECORDS: score.py --records of the same books,
                                   # for what pdfbind's evidence line said of each book

Held-out books are never drawn unless --part held-out is asked for at the end.
"""
import concurrent.futures
import csv
import os
import subprocess
import sys
import time

MODELS = ("ara", "urd", "heb", "eng")
LANGUAGE = {"words": "eng"}
CONFIDENT = (60.0, 80.0)
RANGES = {
    "ara": ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
            (0xFE70, 0xFEFF)),
    "urd": ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
            (0xFE70, 0xFEFF)),
    "heb": ((0x0590, 0x05FF), (0xFB1D, 0xFB4F)),
}
ENV = dict(os.environ, OMP_THREAD_LIMIT="1")


def own_letter(model, ch):
    if model == "eng":
        return ("a" <= ch <= "z") or ("A" <= ch <= "Z")
    return any(lo <= ord(ch) <= hi for lo, hi in RANGES[model]) and ch.isalpha()


def latin_word(text):
    """ConfidentWords' Latin word: what lies between its first and last letter is three letters
    or more, all of the Latin alphabet (ASCII, Latin-1 and Latin Extended, the ligatures)."""
    letters = [n for n, ch in enumerate(text) if ch.isalpha()]
    word = text[letters[0]:letters[-1] + 1] if letters else ""
    return len(word) >= 3 and all(
        ch.isalpha() and ("a" <= ch.lower() <= "z" or 0xC0 <= ord(ch) <= 0x24F
                          or 0xFB00 <= ord(ch) <= 0xFB06) for ch in word)


def count(model, tsv):
    """Own-script letters (or Latin words, for `words`) in the words read at each CONFIDENT or
    more."""
    letters = [0] * len(CONFIDENT)
    for line in tsv.splitlines()[1:]:
        cells = line.split("\t")
        if len(cells) < 12 or cells[0] != "5":
            continue
        if model == "words":
            own = int(latin_word(cells[11]))
        else:
            own = sum(own_letter(model, ch) for ch in cells[11])
        for n, least in enumerate(CONFIDENT):
            letters[n] += own if float(cells[10]) >= least else 0
    return letters


def books(folder, part):
    with open(os.path.join(folder, "labels.tsv"), newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [r for r in rows if part is None or r.get("part", part) == part]


def page_count(path):
    out = subprocess.run(["pdfinfo", path], capture_output=True, text=True).stdout
    return int(next(line.split()[-1] for line in out.splitlines() if line.startswith("Pages:")))


def one_page(folder, work, models, book, page):
    stem = os.path.join(work, "img", f"{book['file'][:-4]}-{page}")
    os.makedirs(os.path.dirname(stem), exist_ok=True)
    if not os.path.exists(stem + ".pgm"):
        subprocess.run(["nice", "pdftoppm", "-gray", "-r", "300", "-scale-to", "1600", "-f",
                        str(page), "-l", str(page), "-singlefile",
                        os.path.join(folder, book["file"]), stem], check=True)
    row = [book["file"], str(page), book.get("class", "-"), book.get("expected", "-")]
    for model in models:
        start = time.monotonic()
        done = subprocess.run(["nice", "tesseract", stem + ".pgm", "-", "-l",
                               LANGUAGE.get(model, model), "--psm",
                               "3", "--oem", "1", "tsv"], capture_output=True, text=True,
                              env=ENV)
        row += [str(n) for n in count(model, done.stdout)]
        row.append(f"{time.monotonic() - start:.2f}")
    os.remove(stem + ".pgm")
    return row


def run(folder, work, part, jobs, models=MODELS):
    os.makedirs(work, exist_ok=True)
    out_path = os.path.join(work, "letters.tsv")
    done = set()
    if os.path.exists(out_path):
        with open(out_path) as f:
            done = {tuple(line.split("\t")[:2]) for line in f}
    todo = [(b, p) for b in books(folder, part)
            for p in range(1, page_count(os.path.join(folder, b["file"])) + 1)
            if (b["file"], str(p)) not in done]
    print(f"{len(todo)} pages to read", file=sys.stderr)
    with open(out_path, "a") as out:
        if not done:
            out.write("file\tpage\tclass\texpected\t" + "\t".join(
                "\t".join(f"{m}_{int(c)}" for c in CONFIDENT) + f"\t{m}_s" for m in models)
                + "\n")
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            for row in pool.map(lambda bp: one_page(folder, work, models, *bp), todo):
                out.write("\t".join(row) + "\n")
                out.flush()
                print(" ".join(row), file=sys.stderr)


HEBREW = ("hebrew", "yiddish")
ARABIC = ("arabic", "persian", "urdu", "ottoman")


def report(work, records):
    """Per class, min/median/max of each model's own letters at confidence 80; then what the
    Hebrew and the Urdu model separate: the fewest letters on pages of their script against
    the most on pages of every other script, and each book's outcome in RECORDS."""
    with open(os.path.join(work, "letters.tsv"), newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    models = [m for m in MODELS + ("words",) if rows and m + "_80" in rows[0]]
    said = {}
    if records:
        with open(records, newline="") as f:
            said = {r["file"]: r for r in csv.DictReader(f, delimiter="\t")}
    groups = {}
    for r in rows:
        groups.setdefault((r["expected"], r["class"]), []).append(r)

    def spread(rs, key):
        v = sorted(int(r[key]) for r in rs)
        return f"{v[0]}/{v[len(v) // 2]}/{v[-1]}"

    print(f"{'expected':10} {'class':20} {'pages':>5}  " + "  ".join(
        f"{m + '_80':>14}" for m in models))
    for (expected, cls), rs in sorted(groups.items()):
        print(f"{expected:10} {cls:20} {len(rs):5}  " + "  ".join(
            f"{spread(rs, m + '_80'):>14}" for m in models))
    for model, script, own in (("heb", "Hebrew", HEBREW), ("urd", "Arabic-script", ARABIC)):
        if model not in models:
            continue
        key = model + "_80"
        mine = sorted((r for r in rows if r["class"] in own), key=lambda r: int(r[key]))
        others = sorted((r for r in rows if r["class"] not in own and not (
            model == "heb" and "hebhand" in r["file"])), key=lambda r: -int(r[key]))
        print(f"\n{model}: pages of {script} books, fewest letters first (book's outcome):")
        for r in mine[:12]:
            print(f"  {int(r[key]):5}  {r['file']} p{r['page']} "
                  f"({said.get(r['file'], {}).get('outcome', '-')})")
        print(f"{model}: the most on the {len(others)} pages of other books:")
        for r in others[:6]:
            print(f"  {int(r[key]):5}  {r['file']} p{r['page']} ({r['class']})")
    seconds = sorted(float(r[f"{m}_s"]) for r in rows for m in models)
    print(f"\nwall seconds a model a page (nice, load of other jobs): median "
          f"{seconds[len(seconds) // 2]:.2f}, max {seconds[-1]:.2f}")


def main():
    args = sys.argv[1:]
    if args[:1] == ["run"] and len(args) >= 3:
        part = args[args.index("--part") + 1] if "--part" in args else "tune"
        jobs = int(args[args.index("--jobs") + 1]) if "--jobs" in args else 2
        models = tuple(args[args.index("--models") + 1].split(",")) if "--models" in args \
            else MODELS
        run(args[1], args[2], None if part == "all" else part, jobs, models)
    elif args[:1] == ["report"] and len(args) >= 2:
        report(args[1], args[2] if len(args) > 2 else None)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
