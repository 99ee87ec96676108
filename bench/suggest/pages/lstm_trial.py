#!/usr/bin/env python3
"""Tesseract's LSTM recognition as script evidence (issue 40): a measurement.

Does a real OCR pass (tesseract --oem 1) tell the script of a page, with a margin, where
Tesseract's orientation-and-script detection (OSD) is uncertain? And at what cost?

Pages are drawn as pdfbind sees them (grey, fitted in 1,600 x 1,600 pixels) from
  - the real bench's books, part `tune` only (labels.tsv; held-out books are never opened),
    the pages pdfbind reads (tr-read-tune.tsv), plus latin-ocrd-ferns page 1;
  - the generated image books of seed 19, pages 1-4 of each (speed-200 skipped).

  lstm_trial.py pages    # write WORK/pages.tsv (set, file, page, class, script, expected)
  lstm_trial.py render   # pdftoppm -gray -r 300 -scale-to 1600, WORK/img/<set>/<file>-<page>.pgm
  lstm_trial.py run MODEL[,MODEL...]|scripts [--set real|19] [--maxpage N]
                         # (eng, or the nine script models; the runs made: `run eng`,
                         # `run scripts --set real`, `run scripts --set 19`)
                         # one tesseract at a time, nice, OMP_THREAD_LIMIT=1, psm 3, oem 1, tsv;
                         # WORK/out/<model>/<set>/<file>-<page>.tsv and .time (wall seconds)
  lstm_trial.py cost     # model load (blank 32 x 32 picture, 5 runs) and ten real pages timed
                         # again, wall and CPU seconds: WORK/cost.tsv
  lstm_trial.py report   # parts A, B, C as text tables

Part B scores a model by the characters *of its own script* in words read at conf >= 80:
every script model also reads Latin, so all its confident characters would not tell them apart.

WORK is /tmp/lstm. The script models come from Debian's tesseract-ocr-script-* packages (they
install into tessdata/ itself on this machine, so `-l Latin`, not `-l script/Latin`).
"""
import csv
import os
import re
import resource
import statistics
import subprocess
import sys
import time
import unicodedata

WORK = "/tmp/lstm"
REAL = "/tmp/evreal/books"
SEED19 = "/tmp/evreal/images19"
MEASURES = {"real": "/tmp/tr-read-tune.tsv", "19": "/tmp/tr-read-19.tsv"}
SCRIPT_MODELS = ["Latin", "Arabic", "Hebrew", "Cyrillic", "Greek",
                 "Japanese", "Japanese_vert", "HanS", "HanS_vert"]
CONFIDENT = 80.0


# ---------------------------------------------------------------- the pages and their truth

def real_script(file, cls):
    """The script of a real tune page's writing, by its book."""
    if cls in ("arabic", "persian", "urdu"):
        return "Arabic"
    if cls == "hebrew":
        return "Hebrew"
    if file.startswith("ja-vertical") or file.startswith("manga-"):
        return "Japanese (manga)" if file.startswith("manga-") else "Japanese vertical"
    if file.startswith("zh-vertical"):
        return "Han vertical"
    if file.startswith("ja-horizontal"):
        return "Japanese horizontal"
    if file.startswith("greek-"):
        return "Greek+Latin"
    if cls == "handwriting" or file.startswith("handwriting-"):
        return "Latin handwriting"
    if file.startswith("comic-"):
        return "Latin balloons"
    return "Latin"


SEED19_SCRIPT = {
    "arabic scan": "Arabic", "persian scan": "Arabic", "urdu scan (Nastaliq)": "Arabic (Urdu)",
    "hebrew scan": "Hebrew", "english scan": "Latin", "russian scan": "Cyrillic",
    "greek scan": "Greek", "japanese vertical scan": "Japanese vertical",
    "chinese vertical scan": "Han vertical", "japanese horizontal scan": "Japanese horizontal",
    "chinese horizontal scan": "Han horizontal", "manga (japanese balloons)": "Japanese (manga)",
    "manga (english balloons)": "Latin balloons (manga)", "speed-24": "Japanese (manga)",
    "western comic": "Latin balloons", "photo album": "none",
    "conflict: arabic, picture l-to-r": "Arabic",
}


def read_tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def make_pages():
    rows = []
    labels = {r["file"]: r for r in read_tsv(f"{REAL}/labels.tsv") if r["part"] == "tune"}
    seen = set()
    for m in read_tsv(MEASURES["real"]):
        lab = labels.get(m["file"])
        if lab is None:  # never a held-out book
            continue
        seen.add(m["file"])
        rows.append(("real", m["file"], int(m["page"]), lab["class"],
                     real_script(m["file"], lab["class"]), lab["expected"]))
    for file, lab in labels.items():
        if file not in seen:  # latin-ocrd-ferns: not among pdfbind's read pages, page 1
            rows.append(("real", file, 1, lab["class"], real_script(file, lab["class"]),
                         lab["expected"]))
    for lab in read_tsv(f"{SEED19}/image-labels.tsv"):
        if lab["file"] == "speed-200.pdf":
            continue
        for page in range(1, 5):
            rows.append(("19", lab["file"], page, lab["class"], SEED19_SCRIPT[lab["class"]],
                         lab["expected"]))
    rows.sort(key=lambda r: (r[0] != "real", r[1], r[2]))
    with open(f"{WORK}/pages.tsv", "w") as f:
        f.write("set\tfile\tpage\tclass\tscript\texpected\n")
        for r in rows:
            f.write("\t".join(map(str, r)) + "\n")
    print(f"{len(rows)} pages")


def pages():
    return read_tsv(f"{WORK}/pages.tsv")


def image_path(p):
    return f"{WORK}/img/{p['set']}/{p['file'][:-4]}-{p['page']}.pgm"


def render():
    for p in pages():
        out = image_path(p)
        if os.path.exists(out):
            continue
        os.makedirs(os.path.dirname(out), exist_ok=True)
        src = f"{REAL if p['set'] == 'real' else SEED19}/{p['file']}"
        stem = out[:-4] + ".tmp"
        subprocess.run(["nice", "pdftoppm", "-gray", "-r", "300", "-scale-to", "1600",
                        "-f", p["page"], "-l", p["page"], "-singlefile", src, stem], check=True)
        with open(stem + ".pgm", "rb") as f:
            f.readline()
            w, h = map(int, f.readline().split())
        if max(w, h) != 1600:
            sys.exit(f"{out}: {w} x {h}")
        os.rename(stem + ".pgm", out)
    print("rendered")


# ---------------------------------------------------------------- running tesseract

ENV = dict(os.environ, OMP_THREAD_LIMIT="1")


def tesseract(image, model, cpu=False):
    """One recognition; its TSV and wall seconds (and CPU seconds, user + system, if asked)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    r = subprocess.run(["nice", "tesseract", image, "-", "-l", model, "--psm", "3",
                        "--oem", "1", "tsv"], capture_output=True, text=True, env=ENV)
    wall = time.monotonic() - start
    if not cpu:
        return r.stdout, wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return r.stdout, wall, used


def out_path(p, model):
    return f"{WORK}/out/{model}/{p['set']}/{p['file'][:-4]}-{p['page']}"


def run(models, only_set=None, maxpage=4):
    # Real pages: all pdfbind reads; seed 19: pages 1 to maxpage.
    todo = [p for p in pages() if only_set in (None, p["set"])
            and (p["set"] == "real" or int(p["page"]) <= maxpage)]
    for p in todo:
        for model in models:
            out = out_path(p, model)
            if os.path.exists(out + ".time"):
                continue
            os.makedirs(os.path.dirname(out), exist_ok=True)
            text, wall = tesseract(image_path(p), model)
            with open(out + ".tsv", "w") as f:
                f.write(text)
            with open(out + ".time", "w") as f:
                f.write(f"{wall:.3f}\n")
        print(p["set"], p["file"], p["page"], flush=True)


COST_PAGES = ["latin-tess-magazine-columns-1", "greek-ajax-campbell-1",
              "blackletter-cis-goethe-1", "openbook-dewarp-thesis-1",
              "handwriting-kraken-spanish-1", "arabic-gs-bayhaqi-1", "hebrew-tess-typo-1",
              "ja-vertical-kindai-1887b-2", "ja-vertical-nyorem-novel-1", "manga-mangatr-page-1"]


def cost():
    """Model load (a blank 32 x 32 picture, 5 runs each) and a second, timed pass over ten
    real pages (wall and CPU seconds), with the load average before and after."""
    blank = f"{WORK}/blank.pgm"
    with open(blank, "wb") as f:
        f.write(b"P5\n32 32\n255\n" + b"\xff" * 1024)
    with open(f"{WORK}/cost.tsv", "w") as f:
        f.write(f"# load average before: {os.getloadavg()}\n")
        f.write("what\tmodel\twall\tcpu\n")
        for model in ["eng"] + SCRIPT_MODELS:
            for _ in range(5):
                _, wall, used = tesseract(blank, model, cpu=True)
                f.write(f"blank\t{model}\t{wall:.3f}\t{used:.3f}\n")
        for page in COST_PAGES:
            for model in ["eng"] + SCRIPT_MODELS:
                _, wall, used = tesseract(f"{WORK}/img/real/{page}.pgm", model, cpu=True)
                f.write(f"{page}\t{model}\t{wall:.3f}\t{used:.3f}\n")
        f.write(f"# load average after: {os.getloadavg()}\n")
    print(open(f"{WORK}/cost.tsv").read())


# ---------------------------------------------------------------- measures of one reading

def words(tsv_text):
    out = []
    for line in tsv_text.splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) < 12 or cols[0] != "5":
            continue
        conf, text = float(cols[10]), cols[11].strip()
        if conf >= 0 and text:
            out.append((conf, text))
    return out


def is_latin_letter(ch):
    return ch.isalpha() and "LATIN" in unicodedata.name(ch, "")


_dictionary = None


def dictionary():
    global _dictionary
    if _dictionary is None:
        _dictionary = set()
        if os.path.exists("/usr/share/dict/words"):
            with open("/usr/share/dict/words", encoding="utf-8", errors="ignore") as f:
                _dictionary = {w.strip().lower() for w in f if w.strip()}
    return _dictionary


PUNCT = re.compile(r"^[\W_]+|[\W_]+$")


def latin_measures(tsv_text):
    """Part A: words, mean confidence, confident Latin words (conf >= 80, 3 or more letters,
    all Latin letters once punctuation at either end is cut), those in the word list."""
    ws = words(tsv_text)
    n = len(ws)
    mean = statistics.fmean(c for c, _ in ws) if ws else 0.0
    confident = []
    for c, t in ws:
        core = PUNCT.sub("", t)
        if c >= CONFIDENT and len(core) >= 3 and all(is_latin_letter(ch) for ch in core):
            confident.append(core)
    d = dictionary()
    in_dict = sum(1 for w in confident if w.lower() in d or w.lower().rstrip("s") in d)
    return {"words": n, "mean_conf": mean, "conf_latin": len(confident), "dict": in_dict}


def script_score(tsv_text):
    """Part B: characters confidently read (sum of len(text) over words with conf >= 80),
    word count, mean confidence."""
    ws = words(tsv_text)
    chars = sum(len(t) for c, t in ws if c >= CONFIDENT)
    mean = statistics.fmean(c for c, _ in ws) if ws else 0.0
    return chars, len(ws), mean


# The characters each model's own script writes: every script model also reads Latin (the
# Arabic model reads an English magazine page as well as the Latin model does), so a model
# counts only the confident characters of its own script.
OWN = {"Latin": ("LATIN",), "Arabic": ("ARABIC",), "Hebrew": ("HEBREW",),
       "Cyrillic": ("CYRILLIC",), "Greek": ("GREEK",),
       "Japanese": ("CJK", "HIRAGANA", "KATAKANA"), "Japanese_vert": ("CJK", "HIRAGANA", "KATAKANA"),
       "HanS": ("CJK",), "HanS_vert": ("CJK",)}


def own_score(tsv_text, model):
    """Characters of the model's own script in words read at conf >= 80."""
    prefixes = OWN[model]
    return sum(1 for c, t in words(tsv_text) if c >= CONFIDENT for ch in t
               if ch.isalpha() and unicodedata.name(ch, "").startswith(prefixes))


def load_out(p, model):
    out = out_path(p, model)
    if not os.path.exists(out + ".time"):
        return None
    return open(out + ".tsv").read(), float(open(out + ".time").read())


# ---------------------------------------------------------------- the report

def summary(values):
    if not values:
        return "-"
    return f"{min(values):g} / {statistics.median(values):g} / {max(values):g}"


def measures_of(set_name):
    return {(m["file"], m["page"]): m for m in read_tsv(MEASURES[set_name])}


def group_a(p):
    """The role a page plays for part A's rule."""
    s, f, cls = p["script"], p["file"], p["class"]
    if p["set"] == "real":
        if p["expected"] == "right-edge":
            return "R: real right-to-left book"
        if s in ("Latin", "Greek+Latin"):
            return "L: real left-to-right Latin/Greek print"
        return "o: real " + s
    if p["expected"] == "right-edge" or s in ("Japanese (manga)", "Latin balloons (manga)") \
            or cls.startswith("conflict"):
        if s == "Latin balloons (manga)":
            return "M: seed 19 manga, English balloons"
        return "R19: seed 19 right-to-left book"
    return "o19: seed 19 " + s


def winner(scores):
    order = sorted(scores, key=lambda k: -scores[k])
    win, sec = order[0], order[1]
    if scores[win] == 0:
        return "(nothing)", 0.0, 0, (sec, 0)
    return win, scores[win] / max(scores[sec], 1), scores[win], (sec, scores[sec])


CJK_MODELS = {"Japanese", "Japanese_vert", "HanS", "HanS_vert"}


def right(script, win):
    """Is the winning model's script the page's? (CJK models count alike for CJK pages.)"""
    if script == "none":
        return win == "(nothing)"
    if script.startswith("Arabic"):
        return win == "Arabic"
    if script == "Greek+Latin":
        return win in ("Latin", "Greek")
    if script.startswith(("Japanese", "Han")):
        return win in CJK_MODELS
    if script.startswith("Latin"):
        return win == "Latin"
    return win == script


FAMILIES = {"LTR": ("Latin", "Greek", "Cyrillic"), "RTL": ("Arabic", "Hebrew"),
            "CJK": ("Japanese", "Japanese_vert", "HanS", "HanS_vert")}


def family_right(script, fam):
    if script == "none":
        return fam == "(nothing)"
    if script.startswith(("Arabic", "Hebrew")):
        return fam == "RTL"
    if script.startswith(("Japanese", "Han")):
        return fam == "CJK"
    return fam == "LTR"


def report():
    ps = pages()
    meas = {"real": measures_of("real"), "19": measures_of("19")}
    rows = []
    for p in ps:
        got = load_out(p, "eng")
        if got is None:
            continue
        a = latin_measures(got[0])
        m = meas[p["set"]].get((p["file"], p["page"]), {})
        rows.append((p, a, got[1], m))
    print(f"# Part A: eng, psm 3, oem 1 ({len(rows)} pages read)\n")
    print("per script (min / median / max): words | mean conf | confident Latin words | "
          "in word list | wall s")
    by = {}
    for p, a, wall, m in rows:
        by.setdefault((p["set"], p["script"]), []).append((a, wall))
    for (s, script), v in sorted(by.items()):
        print(f"{s:4} {script:24} n={len(v):3} | {summary([a['words'] for a, _ in v])} | "
              f"{summary([round(a['mean_conf']) for a, _ in v])} | "
              f"{summary([a['conf_latin'] for a, _ in v])} | "
              f"{summary([a['dict'] for a, _ in v])} | "
              f"{summary([round(w, 2) for _, w in v])}")
    print("\nper role: confident Latin words (min / median / max), in word list")
    roles = {}
    for p, a, wall, m in rows:
        roles.setdefault(group_a(p), []).append((p, a, m))
    for role, v in sorted(roles.items()):
        print(f"{role:42} n={len(v):3} | {summary([a['conf_latin'] for _, a, _ in v])} | "
              f"{summary([a['dict'] for _, a, _ in v])}")
    for a in (a for _, a, _, _ in rows):
        a["share"] = round(a["conf_latin"] / max(a["words"], 1), 3)
    for key in ("conf_latin", "dict", "share"):
        pos = sorted((a[key], f"{p['file'][:-4]}-{p['page']}")
                     for p, a, m in roles.get("L: real left-to-right Latin/Greek print", []))
        neg = sorted((a[key], f"{p['file'][:-4]}-{p['page']}")
                     for r, v in roles.items() if r.startswith("R") for p, a, m in v)
        man = sorted(a[key] for p, a, m in roles.get("M: seed 19 manga, English balloons", []))
        print(f"\n{key}: least on L {pos[:3]}; most on right-to-left pages {neg[-3:]}; "
              f"manga-en {summary(man)}")
    print("\nlimit N on confident Latin words: pages at N or more")
    print("   N | L (of %d) | R real (of %d) | R19 (of %d) | M manga-en (of %d) | comics real+19"
          % tuple(len(roles.get(r, [])) for r in (
              "L: real left-to-right Latin/Greek print", "R: real right-to-left book",
              "R19: seed 19 right-to-left book", "M: seed 19 manga, English balloons")))
    comics = roles.get("o: real Latin balloons", []) + roles.get("o19: seed 19 Latin balloons", [])
    for n in (3, 5, 9, 10, 12, 15, 20, 25, 30):
        c = [sum(1 for _, a, _ in roles.get(r, []) if a["conf_latin"] >= n) for r in (
            "L: real left-to-right Latin/Greek print", "R: real right-to-left book",
            "R19: seed 19 right-to-left book", "M: seed 19 manga, English balloons")]
        print(f"  {n:2} | {c[0]:3} | {c[1]:3} | {c[2]:3} | {c[3]:3} | "
              f"{sum(1 for _, a, _ in comics if a['conf_latin'] >= n)}")
    print("\nreal pages, each: set file page | script | words meanconf confLatin dict | "
          "OSD script orient conf | lines")
    for p, a, wall, m in rows:
        if p["set"] != "real" and group_a(p)[0] not in "RM":
            continue
        print(f"  {p['set']:4} {p['file']:38} {p['page']} | {p['script']:22} | "
              f"{a['words']:4} {a['mean_conf']:5.1f} {a['conf_latin']:4} {a['dict']:4} | "
              f"{m.get('script', '-')} {m.get('orientation', '-')} "
              f"{float(m['confidence']) if m.get('confidence', '-') not in ('-', '') else -1:.2f}"
              f" | {m.get('lines', '-')}")
    print("\n# Part B: script models, psm 3, oem 1")
    detail = []
    times = {}
    for p in ps:
        got = {m: load_out(p, m) for m in SCRIPT_MODELS}
        if any(v is None for v in got.values()):
            continue
        for m, v in got.items():
            times.setdefault(m, []).append(v[1])
        raw = {m: script_score(v[0])[0] for m, v in got.items()}
        own = {m: own_score(v[0], m) for m, v in got.items()}
        detail.append((p, raw, own))
    with open(f"{WORK}/part-b.tsv", "w") as f:
        f.write("set\tfile\tpage\tscript\t" + "\t".join(f"raw_{m}" for m in SCRIPT_MODELS)
                + "\t" + "\t".join(f"own_{m}" for m in SCRIPT_MODELS) + "\n")
        for p, raw, own in detail:
            f.write("\t".join([p["set"], p["file"], p["page"], p["script"]]
                              + [str(raw[m]) for m in SCRIPT_MODELS]
                              + [str(own[m]) for m in SCRIPT_MODELS]) + "\n")
    for name, idx in (("raw: all characters of words read at conf >= 80", 1),
                      ("own: characters of the model's own script in words at conf >= 80", 2)):
        print(f"\nscore {name}")
        for s in ("real", "19"):
            cells = {}
            for d in detail:
                p, sc = d[0], d[idx]
                if p["set"] != s:
                    continue
                win, ratio, _, _ = winner(sc)
                cells.setdefault(p["script"], {}).setdefault(win, []).append(ratio)
            cols = SCRIPT_MODELS + ["(nothing)"]
            print(f"confusion, set {s} (rows: true script; cells: pages won)")
            print(f"{'':26}" + "".join(f"{c[:9]:>10}" for c in cols))
            for script, c in sorted(cells.items()):
                print(f"{script:26}" + "".join(f"{len(c.get(k, [])) or '.':>10}" for k in cols))
    print("\nfamilies (own score, best model of each): LTR alphabets = Latin/Greek/Cyrillic, "
          "RTL = Arabic/Hebrew, CJK = the four CJK models")
    fam_rows = []
    for p, raw, own in detail:
        fam = {f: max(own[m] for m in ms) for f, ms in FAMILIES.items()}
        order = sorted(fam, key=lambda k: -fam[k])
        ratio = fam[order[0]] / max(fam[order[1]], 1)
        fam_rows.append((p, order[0] if fam[order[0]] else "(nothing)", fam[order[0]], ratio,
                         own["Japanese_vert"] + own["HanS_vert"], own["Japanese"] + own["HanS"]))
    for s in ("real", "19"):
        print(f"set {s}: true script | pages | family won: count | least winner score, least "
              "ratio to the next family (right wins only) | wrong wins")
        by = {}
        for r in fam_rows:
            if r[0]["set"] == s:
                by.setdefault(r[0]["script"], []).append(r)
        for script, rs in sorted(by.items()):
            won = {}
            for r in rs:
                won[r[1]] = won.get(r[1], 0) + 1
            ok = [r for r in rs if family_right(script, r[1])]
            bad = [f"{r[0]['file'][:-4]}-{r[0]['page']} {r[1]} {r[2]} x{r[3]:.1f}"
                   for r in rs if not family_right(script, r[1])]
            least = (f"{min(r[2] for r in ok)}, x{min(r[3] for r in ok):.1f}" if ok else "-")
            print(f"  {script:24} | {len(rs):3} | {won} | {least} | {'; '.join(bad)}")
    with open(f"{WORK}/part-b-families.tsv", "w") as f:
        f.write("set\tfile\tpage\tscript\tfamily\tscore\tratio\tcjk_vert\tcjk_horiz\n")
        for p, fw, sc, ratio, v, h in fam_rows:
            f.write(f"{p['set']}\t{p['file']}\t{p['page']}\t{p['script']}\t{fw}\t{sc}\t"
                    f"{ratio:.2f}\t{v}\t{h}\n")
    print("\nrule B: the LTR family's best own score S and its ratio to the best other family")
    meas = {"real": measures_of("real"), "19": measures_of("19")}
    by_role = {}
    for p, fw, sc, ratio, v, h in fam_rows:
        own = next(o for q, _, o in detail if q is p)
        ltr = max(own[m] for m in FAMILIES["LTR"])
        other = max(own[m] for m in SCRIPT_MODELS if m not in FAMILIES["LTR"])
        by_role.setdefault(group_a(p), []).append((ltr, ltr / max(other, 1), p))
    for role, v in sorted(by_role.items()):
        v.sort(key=lambda x: x[1])
        print(f"  {role:42} n={len(v):3} | S {summary([x[0] for x in v])} | ratio least "
              f"{v[0][1]:.2f} ({v[0][2]['file'][:-4]}-{v[0][2]['page']}), most {v[-1][1]:.2f} "
              f"({v[-1][2]['file'][:-4]}-{v[-1][2]['page']})")
    for k, least in ((3, 10),):
        print(f"\n  LTR >= {k} x other family and >= {least} characters:")
        for role, v in sorted(by_role.items()):
            hit = [x for x in v if x[0] >= least and x[1] >= k]
            names = ", ".join(f"{x[2]['file'][:-4]}-{x[2]['page']}" for x in hit)
            print(f"    {role:42} {len(hit):3} of {len(v):3}"
                  + (f": {names}" if role.startswith("R") else ""))
        print("    real pages of left-edge books it decides where OSD read no upright Latin, "
              "Greek or Cyrillic at 0.5 or more:")
        for role, v in sorted(by_role.items()):
            for ltr, ratio, p in v:
                if p["set"] != "real" or p["expected"] != "left-edge":
                    continue
                m = meas["real"].get((p["file"], p["page"]), {})
                osd_ok = (m.get("script") in ("Latin", "Greek", "Cyrillic", "Fraktur")
                          and m.get("orientation") == "0" and float(m["confidence"]) >= 0.5)
                if not osd_ok:
                    a = latin_measures(load_out(p, "eng")[0])
                    print(f"      {p['file'][:-4]}-{p['page']}: OSD {m.get('script', '-')} "
                          f"{m.get('orientation', '-')} {m.get('confidence', '-')[:4]}, "
                          f"lines {m.get('lines', '-')}; B: S {ltr} x{ratio:.1f} "
                          f"{'decides' if ltr >= least and ratio >= k else 'no'}; A: "
                          f"{a['conf_latin']} words "
                          f"{'decides' if a['conf_latin'] >= 10 else 'no'} (N = 10)")
    print("\neach page (own score): set file page | true | winner score | runner-up score | ratio | ok")
    for p, raw, own in detail:
        win, ratio, ws, (sec, ss) = winner(own)
        print(f"  {p['set']:4} {p['file']:38} {p['page']} | {p['script']:22} | {win} {ws} | "
              f"{sec} {ss} | {ratio:.1f} | {right(p['script'], win)}")
    print("\n# Part C: wall seconds per page (one process, OMP_THREAD_LIMIT=1, nice)")
    eng_t = [w for _, _, w, _ in rows]
    print(f"eng {summary([round(t, 2) for t in eng_t])} (n={len(eng_t)})")
    for model, t in times.items():
        print(f"{model} {summary([round(x, 2) for x in t])} (n={len(t)})")
    if os.path.exists(f"{WORK}/cost.tsv"):
        print("\ncost pass (WORK/cost.tsv): median wall / median CPU seconds")
        costs = {}
        for line in open(f"{WORK}/cost.tsv"):
            if line.startswith("#"):
                print(line.strip())
                continue
            what, model, wall, used = line.rstrip("\n").split("\t")
            if what == "what":
                continue
            key = "blank" if what == "blank" else "page"
            costs.setdefault((model, key), []).append((float(wall), float(used)))
        for model in ["eng"] + SCRIPT_MODELS:
            b, pg = costs.get((model, "blank"), []), costs.get((model, "page"), [])
            if b and pg:
                print(f"{model:14} blank {statistics.median(w for w, _ in b):.2f} / "
                      f"{statistics.median(u for _, u in b):.2f}   pages "
                      f"{summary([round(w, 2) for w, _ in pg])} wall, "
                      f"{summary([round(u, 2) for _, u in pg])} CPU")


def main():
    cmd = sys.argv[1]
    if cmd == "pages":
        make_pages()
    elif cmd == "render":
        render()
    elif cmd == "run":
        models = sys.argv[2].split(",")
        if models == ["scripts"]:
            models = SCRIPT_MODELS
        args = sys.argv[3:]
        only = args[args.index("--set") + 1] if "--set" in args else None
        maxpage = int(args[args.index("--maxpage") + 1]) if "--maxpage" in args else 4
        run(models, only, maxpage)
    elif cmd == "cost":
        cost()
    elif cmd == "report":
        report()


if __name__ == "__main__":
    main()
