#!/usr/bin/env python3
"""Scripts Tesseract has no data for: a probe for wrong decisions, both ways.

Tesseract's script detection (osd.traineddata) knows no Thaana, N'Ko, Adlam, Hanifi Rohingya,
Samaritan, Mandaic, Mende Kikakui or Yezidi, none of the many left-to-right scripts of
Indonesia, Africa, India's minorities and the past (Javanese, Vai, Ol Chiki, Tifinagh, Yi,
Coptic, Glagolitic...), and no Hebrew in Rashi script or Arabic in Kufi or Nastaliq (named
SCRIPT@FONT: the letters of SCRIPT in that Noto face). It reads a page of one of them as
whatever it looks most like, and rules decide from confident readings: an Indic script in rows
says left-edge from 6 (SuggestRules 50), Arabic or Hebrew read upright says right-edge. No real
scanned page of the unknown scripts was found in a public repository, so this draws them: a
generated page proves little about real scans on the side of deciding, but a wrong decision
here is one a real book could make. Every right-to-left book should end right-edge or
undecided, every left-to-right one left-edge or undecided.

Text is made of pseudo-words from the letters (Unicode categories L*) and marks (M*) each Noto
font holds of its script (fontTools reads its character map), shaped and laid out by Pillow
with libraqm, paragraphs justified, their last lines short and set from the script's own side.
Every book comes in three looks: clean black on white; a scan (grey paper, uneven light, blur,
noise, JPEG at quality 60); and a small access copy (the scan at 640 pixels high). One page and
four pages.

  unread_scripts_probe.py PDFBIND OUT [SCRIPT...]  # OUT: a new folder (an old one is replaced)
                                               # (needs fonts-noto-core, fontTools, Pillow)

Prints one line a book: its direction, the decision and the page-script evidence, then the
books decided against their direction (none is the goal).
"""
import os
import random
import re
import shutil
import subprocess
import sys
import unicodedata

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = "/usr/share/fonts/truetype/noto/"
# Written in columns from the left, each downwards: bound on the left.
VERTICAL = ["Mongolian", "PhagsPa"]
RIGHT_TO_LEFT = ["Thaana", "NKo", "Adlam", "HanifiRohingya", "Samaritan", "Mandaic",
                 "MendeKikakui", "Yezidi",
                 # Faces of known scripts Tesseract was not trained on (SCRIPT@FONT).
                 "Hebrew@NotoRashiHebrew", "Arabic@NotoKufiArabic", "Arabic@NotoNastaliqUrdu"]
LEFT_TO_RIGHT = ["Javanese", "Balinese", "Sundanese", "Vai", "Bamum", "OlChiki", "Tifinagh",
                 "Yi", "Lisu", "TaiTham", "NewTaiLue", "Buginese", "Batak", "Lepcha", "Limbu",
                 "MeeteiMayek", "Chakma", "Saurashtra", "Osage", "Osmanya", "PahawhHmong",
                 "Coptic", "Glagolitic", "Gothic", "Runic", "Deseret", "SylotiNagri", "Newa",
                 "Modi", "Sharada", "Grantha", "Cham", "KayahLi", "WarangCiti",
                 "CanadianAboriginal", "Cherokee", "Ethiopic", "Georgian", "Armenian", *VERTICAL]
WIDTH, HEIGHT = 1240, 1754  # A4 at 150 dpi


def font_path(script):
    if "@" in script:  # Hebrew@NotoRashiHebrew: a script in a face of its own
        return f"{FONTS}{script.split('@')[1]}-Regular.ttf"
    for style in ("Sans", "Serif"):
        for weight in ("Regular", "Bold"):
            path = f"{FONTS}Noto{style}{script}-{weight}.ttf"
            if os.path.exists(path):
                return path
    sys.exit(f"no Noto font for {script}: apt-get install fonts-noto-core")


def alphabet(script):
    """The letters and marks of `script` the font holds: those Unicode names after it."""
    name = script.split("@")[0]
    named = {"NKo": "NKO", "CanadianAboriginal": "CANADIAN SYLLABICS", "PhagsPa": "PHAGS-PA"}
    named = named.get(name)
    prefix = (named or re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).upper()) + " "
    letters, marks = [], []
    for code in TTFont(font_path(script)).getBestCmap():
        unicode_name = unicodedata.name(chr(code), "")
        # Presentation forms and ligatures are what shaping makes, not what text holds, and
        # Mongolian's variation selectors choose a form: none is drawn alone.
        unwritten = ("FORM", "LIGATURE", "VARIATION SELECTOR")
        if not unicode_name.startswith(prefix) or any(w in unicode_name for w in unwritten):
            continue
        kind = unicodedata.category(chr(code))
        if kind.startswith("L"):
            letters.append(chr(code))
        elif kind in ("Mn", "Mc"):
            marks.append(chr(code))
    return letters, marks


def word(rng, letters, marks):
    out = []
    for _ in range(rng.randint(1, 4)):
        out.append(rng.choice(letters))
        if marks and rng.random() < 0.6:
            out.append(rng.choice(marks))
        elif rng.random() < 0.5:
            out.append(rng.choice(letters))
    return "".join(out)


def page(rng, script, number):
    """A page of `script`: a heading, then paragraphs. Mongolian and Phags-pa run in columns
    from the left, each read downwards: drawn as lines across a landscape page, the first at
    the bottom, then turned a quarter clockwise."""
    path = font_path(script)
    letters, marks = alphabet(script)
    rtl = unicodedata.bidirectional(letters[0]) in ("R", "AL")
    vertical = script in VERTICAL
    direction, anchor = ("rtl", "ra") if rtl else ("ltr", "la")
    font = ImageFont.truetype(path, 30)
    title = ImageFont.truetype(path, 44)
    width, height = (HEIGHT, WIDTH) if vertical else (WIDTH, HEIGHT)
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    left, right = 130, width - 130
    start = right if rtl else left
    lines = [(" ".join(word(rng, letters, marks) for _ in range(3)), title, 0, 110)]
    room = height - 150 - 200 - 110
    while room > 0:
        paragraph_lines = rng.randint(4, 9)
        for index in range(paragraph_lines):
            span = right - left - (rng.randint(200, 700) if index == paragraph_lines - 1 else 0)
            words = []
            while True:
                candidate = words + [word(rng, letters, marks)]
                if draw.textlength(" ".join(candidate), font=font, direction=direction) > span:
                    break
                words = candidate
            last = index == paragraph_lines - 1 or room <= 52
            lines.append((" ".join(words), font, 40 if index == 0 else 0, 82 if last else 52))
            room -= 82 if last else 52
            if room <= 0:
                break
    y = height - 150 if vertical else 150
    for text, face, indent, step in lines:
        at = start - indent if rtl else start + indent
        draw.text((at, y), text, font=face, fill=0, anchor=anchor[0] + ("d" if vertical else "a"),
                  direction=direction)
        y += -step if vertical else step
    if vertical:
        image = image.rotate(-90, expand=True)
        draw = ImageDraw.Draw(image)
    draw.text((WIDTH // 2, HEIGHT - 110), str(number), font=font, fill=0, anchor="ma")
    return image, rtl


def scanned(image):
    """Grey paper, light falling off to one side, a little blur and noise."""
    paper = Image.linear_gradient("L").rotate(90).resize(image.size)
    paper = paper.point(lambda v: 200 + v * 35 // 255)
    ink = image.point(lambda v: 255 - v)
    page = Image.composite(Image.new("L", image.size, 40), paper, ink)
    page = page.filter(ImageFilter.GaussianBlur(0.8))
    return Image.blend(page, Image.effect_noise(image.size, 12), 0.08)


def save_pdf(images, path, quality=None):
    options = {"resolution": 150.0, "save_all": True, "append_images": images[1:]}
    if quality:
        options["quality"] = quality
    images[0].save(path, **options)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, out = sys.argv[1], sys.argv[2]
    scripts = sys.argv[3:] or RIGHT_TO_LEFT + LEFT_TO_RIGHT
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    expected = {}
    for script in scripts:
        rng = random.Random(f"{script}-2026")
        drawn = [page(rng, script, n + 1) for n in range(4)]
        pages = [image for image, _ in drawn]
        side = "right-edge" if drawn[0][1] else "left-edge"
        scans = [scanned(p).convert("RGB") for p in pages]
        small = [s.resize((s.width * 640 // s.height, 640), Image.LANCZOS) for s in scans]
        looks = {"clean": (pages, None), "scan": (scans, 60), "small": (small, 60)}
        for look, (images, quality) in looks.items():
            for count in (1, 4):
                name = f"{script}-{look}-{count}.pdf"
                save_pdf(images[:count], os.path.join(out, name), quality)
                expected[name] = side
    names = sorted(expected)
    result = subprocess.run([binary, "suggest", "--no-cache", "--jobs", "2", *names],
                            capture_output=True, text=True, cwd=out)
    wrong, decided = [], 0
    for line in result.stdout.splitlines():
        name, _, said = line.partition(": ")
        decision = said.split(" ")[0]
        print(f"{expected.get(name, '?')}\t{name}\t{said}")
        if decision in ("left-edge", "right-edge"):
            decided += 1
            if decision != expected.get(name):
                wrong.append(name)
    sys.stderr.write(result.stderr)
    print(f"scripts Tesseract has no data for: {len(names)} books: {decided} decided, "
          f"{len(wrong)} against their direction: " + (", ".join(wrong) or "none"))
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
