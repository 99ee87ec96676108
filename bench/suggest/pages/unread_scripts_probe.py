#!/usr/bin/env python3
"""Scripts Tesseract has no data for: a probe for wrong decisions, both ways.

Tesseract's script detection (osd.traineddata) knows no Thaana, N'Ko, Adlam, Hanifi Rohingya,
Samaritan, Mandaic, Mende Kikakui or Yezidi, and none of the many left-to-right scripts of
Indonesia, Africa, India's minorities and the past (Javanese, Vai, Ol Chiki, Tifinagh, Yi,
Coptic, Glagolitic...). A page of one of them is read as whatever script it looks most like,
and rules decide from confident readings: an Indic script in rows says left-edge from 6
(SuggestRules 50), Arabic or Hebrew read upright says right-edge. No real scanned page of these
scripts was found in a public repository, so this draws them: a generated page proves little
about real scans on the side of deciding, but a wrong decision here is a wrong decision a real
book could make. Every right-to-left script should end right-edge or undecided, every
left-to-right one left-edge or undecided.

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
RIGHT_TO_LEFT = ["Thaana", "NKo", "Adlam", "HanifiRohingya", "Samaritan", "Mandaic",
                 "MendeKikakui", "Yezidi"]
LEFT_TO_RIGHT = ["Javanese", "Balinese", "Sundanese", "Vai", "Bamum", "OlChiki", "Tifinagh",
                 "Yi", "Lisu", "TaiTham", "NewTaiLue", "Buginese", "Batak", "Lepcha", "Limbu",
                 "MeeteiMayek", "Chakma", "Saurashtra", "Osage", "Osmanya", "PahawhHmong",
                 "Coptic", "Glagolitic", "Gothic", "Runic", "Deseret", "SylotiNagri", "Newa",
                 "Modi", "Sharada", "Grantha", "Cham", "KayahLi", "WarangCiti",
                 "CanadianAboriginal", "Cherokee", "Ethiopic", "Georgian", "Armenian"]
WIDTH, HEIGHT = 1240, 1754  # A4 at 150 dpi


def font_path(script):
    for style in ("Sans", "Serif"):
        for weight in ("Regular", "Bold"):
            path = f"{FONTS}Noto{style}{script}-{weight}.ttf"
            if os.path.exists(path):
                return path
    sys.exit(f"no Noto font for {script}: apt-get install fonts-noto-core")


def alphabet(script):
    """The letters and marks of `script` the font holds: those Unicode names after it."""
    named = {"NKo": "NKO", "CanadianAboriginal": "CANADIAN SYLLABICS"}.get(script)
    prefix = (named or re.sub(r"(?<=[a-z])(?=[A-Z])", " ", script).upper()) + " "
    letters, marks = [], []
    for code in TTFont(font_path(script)).getBestCmap():
        if not unicodedata.name(chr(code), "").startswith(prefix):
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
    path = font_path(script)
    letters, marks = alphabet(script)
    rtl = unicodedata.bidirectional(letters[0]) in ("R", "AL")
    direction, anchor = ("rtl", "ra") if rtl else ("ltr", "la")
    font = ImageFont.truetype(path, 30)
    title = ImageFont.truetype(path, 44)
    image = Image.new("L", (WIDTH, HEIGHT), 255)
    draw = ImageDraw.Draw(image)
    left, right, y = 130, WIDTH - 130, 150
    start = right if rtl else left
    heading = " ".join(word(rng, letters, marks) for _ in range(3))
    draw.text((start, y), heading, font=title, fill=0, anchor=anchor, direction=direction)
    y += 110
    while y < HEIGHT - 200:
        paragraph_lines = rng.randint(4, 9)
        for index in range(paragraph_lines):
            width = right - left - (rng.randint(200, 700) if index == paragraph_lines - 1 else 0)
            words = []
            while True:
                candidate = words + [word(rng, letters, marks)]
                if draw.textlength(" ".join(candidate), font=font, direction=direction) > width:
                    break
                words = candidate
            indent = 40 if index == 0 else 0
            at = start - indent if rtl else start + indent
            draw.text((at, y), " ".join(words), font=font, fill=0, anchor=anchor,
                      direction=direction)
            y += 52
            if y >= HEIGHT - 200:
                break
        y += 30
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
