#!/usr/bin/env python3
"""Makes Fixtures/pictures: small image-only books (no text layer, no metadata) for the picture
evidence of `suggest` (SPEC round 3): scans of print with grey paper, grain, a gutter shadow
and a slight tilt, set in Debian's Noto faces with Pillow/libraqm (Arabic shaped right to
left); double-page pictures cut from a photograph of Debian's mate-backgrounds package. Each
book's binding and layout in MANIFEST.tsv were chosen by a person from how it was made.

usage: make_picture_fixtures.py [OUT]   (default: this folder; needs fonts-noto-core,
       fonts-noto-cjk, mate-backgrounds, Pillow with raqm, img2pdf)
       make_picture_fixtures.py --verify  (writes nothing here; fails unless a rebuild gives
       this folder's files byte for byte)
"""
import filecmp
import io
import os
import random
import sys
import tempfile

import img2pdf
from PIL import Image, ImageDraw, ImageFilter, ImageFont

NOTO = "/usr/share/fonts/truetype/noto/"
CJK = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"
PHOTO = "/usr/share/backgrounds/mate/nature/"
W, H = 720, 1080

TEXT = {
    "arabic": (NOTO + "NotoNaskhArabic-Regular.ttf", "rtl",
               "يولد جميع الناس أحرارا متساوين في الكرامة والحقوق. وقد وهبوا عقلا وضميرا وعليهم أن "
               "يعامل بعضهم بعضا بروح الإخاء. كان الطقس جميلا في ذلك الصباح، فخرج الأولاد إلى الحديقة "
               "ليلعبوا. قرأت الكتاب كله في يومين ثم أعدته إلى المكتبة."),
    "english": (NOTO + "NotoSerif-Regular.ttf", "ltr",
                "All human beings are born free and equal in dignity and rights. They are endowed "
                "with reason and conscience and should act towards one another in a spirit of "
                "brotherhood. The weather was lovely that morning, so the children went out."),
    "hebrew": (NOTO + "NotoSerifHebrew-Regular.ttf", "rtl",
               "כל בני האדם נולדו בני חורין ושווים בערכם ובזכויותיהם. כולם חוננו בתבונה ובמצפון, "
               "לפיכך חובה עליהם לנהוג איש ברעהו ברוח של אחוה. מזג האוויר היה נאה באותו בוקר, "
               "והילדים יצאו לשחק בגן. קראתי את הספר כולו ביומיים והחזרתי אותו לספרייה."),
    "urdu": (NOTO + "NotoNastaliqUrdu-Regular.ttf", "rtl",
             "تمام انسان آزاد اور حقوق و عزت کے اعتبار سے برابر پیدا ہوئے ہیں۔ انہیں ضمیر اور عقل "
             "ودیعت ہوئی ہے۔ اس لئے انہیں ایک دوسرے کے ساتھ بھائی چارے کا سلوک کرنا چاہئے۔ اس صبح "
             "موسم بہت اچھا تھا، اس لئے بچے باغ میں کھیلنے چلے گئے۔ میں نے پوری کتاب دو دن میں پڑھ "
             "لی اور پھر اسے کتب خانے کو واپس کر دیا۔"),
    "myanmar": (NOTO + "NotoSerifMyanmar-Regular.ttf", "ltr",
                "လူတိုင်းသည် တူညီ လွတ်လပ်သော ဂုဏ်သိက္ခာဖြင့် လည်းကောင်း၊ တူညီလွတ်လပ်သော "
                "အခွင့်အရေးများဖြင့် လည်းကောင်း၊ မွေးဖွားလာသူများ ဖြစ်သည်။ ထိုသူတို့၌ ပိုင်းခြား "
                "ဝေဖန်နိုင်သော ဉာဏ်နှင့် ကျင့်ဝတ် သိတတ်သော စိတ်တို့ရှိကြ၍ ထိုသူတို့သည် အချင်းချင်း "
                "မေတ္တာထား၍ ဆက်ဆံကျင့်သုံးသင့်၏။"),
    "japanese": (CJK, None,
                 "すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。"
                 "人間は、理性と良心とを授けられており、互いに同胞の精神をもって行動しなければならない。"),
}


def paper(rng, gutter_left):
    """Grey paper with grain and a shadow on the spine side."""
    # Grain of one grey level, drawn from the book's own generator so the fixtures rebuild
    # byte for byte (Pillow's effect_noise draws from an unseeded C generator).
    page = Image.frombytes("L", (W, H), rng.randbytes(W * H)).point(lambda v: 221 + (v & 1))
    shadow = Image.linear_gradient("L").rotate(90 if gutter_left else -90).resize((70, H))
    dark = Image.new("L", (70, H), 150)
    x = 0 if gutter_left else W - 70
    region = page.crop((x, 0, x + 70, H))
    page.paste(Image.composite(region, dark, shadow), (x, 0))
    return page


def text_page(rng, script, gutter_left, vertical=False, size=22, leading=1.75):
    font_path, direction, text = TEXT[script]
    page = paper(rng, gutter_left)
    draw = ImageDraw.Draw(page)
    font = ImageFont.truetype(font_path, size)
    margin = 80
    words = (text + " ") * 8
    if vertical:
        chars = [c for c in words if not c.isspace()]
        x, i = W - margin - size, rng.randrange(40)
        while x > margin:
            y = margin
            while y < H - margin - size:
                draw.text((x, y), chars[i % len(chars)], font=font, fill=35)
                y += int(size * 1.08)
                i += 1
            x -= int(size * 1.7)
    else:
        lines, line = [], ""
        for word in words.split()[rng.randrange(10):]:
            trial = (line + " " + word).strip()
            if draw.textlength(trial, font=font, direction=direction) > W - 2 * margin and line:
                lines.append(line)
                line = word
            else:
                line = trial
        y = margin
        for line in lines:
            if y > H - margin - size:
                break
            width = draw.textlength(line, font=font, direction=direction)
            x = W - margin - width if direction == "rtl" else margin
            draw.text((x, y), line, font=font, fill=35, direction=direction)
            y += int(size * leading)
    return page.rotate(rng.uniform(-0.8, 0.8), resample=Image.BICUBIC, fillcolor=222)


def form_page(rng, gutter_left=True):
    """A Japanese application form as a scan: a title, then a table of 15 labelled cells set in
    horizontal lines between 16 ruled lines (the real bench's forms and white paper page, whose
    pages cannot be copied here, are ruled so)."""
    page = paper(rng, gutter_left)
    draw = ImageDraw.Draw(page)
    text = TEXT["japanese"][2].replace("、", "").replace("。", "")
    font = ImageFont.truetype(CJK, 20)
    draw.text((W // 2 - 168, 70), "申請書（記入例）", font=ImageFont.truetype(CJK, 28), fill=35)
    left, right, top, row, label, rows = 80, W - 80, 140, 52, 200, 15
    for i in range(rows + 1):
        draw.line((left, top + i * row, right, top + i * row), fill=40, width=2)
    for x in (left, left + label, right):
        draw.line((x, top, x, top + rows * row), fill=40, width=2)
    at = rng.randrange(40)
    for i in range(rows):
        y = top + i * row + (row - 22) // 2
        draw.text((left + 12, y), text[at % 50:at % 50 + 6], font=font, fill=35)
        start, length = (at + 7) % 50, 10 + rng.randrange(8)
        draw.text((left + label + 12, y), text[start:start + length], font=font, fill=35)
        at += 13
    return page.rotate(rng.uniform(-0.5, 0.5), resample=Image.BICUBIC, fillcolor=222)


def picture_page(rng, photo, box):
    """A page of pictures: a crop of a photograph, framed on white."""
    page = Image.new("L", (W, H), 250)
    image = Image.open(PHOTO + photo).convert("L")
    left, top = box
    crop = image.crop((left, top, left + 900, top + 1200)).resize((W - 80, H - 80))
    page.paste(crop, (40, 40))
    return page


def spread(photo, lost=4, mode="L"):
    """A photograph across two pages, full bleed: (left half, right half) as they lie open;
    `mode` "RGB" keeps its colours."""
    image = Image.open(PHOTO + photo).convert(mode).resize((2 * W + lost, H))
    left = image.crop((0, 0, W, H))
    right = image.crop((W + lost, 0, 2 * W + lost, H))
    return left, right


def jpeg(page):
    out = io.BytesIO()
    page.filter(ImageFilter.GaussianBlur(0.4)).save(out, "JPEG", quality=45)
    return out.getvalue()


def book(path, pages, width=W, height=H):
    # 150 pixels an inch; a page scanned small (`height` under H) keeps the size of the others.
    dpi = 150 * height / H
    layout = img2pdf.get_layout_fun((img2pdf.in_to_pt(width / dpi), img2pdf.in_to_pt(height / dpi)))
    with open(path, "wb") as out:
        out.write(img2pdf.convert([jpeg(p) for p in pages], layout_fun=layout, nodate=True,
                                  engine=img2pdf.Engine.internal))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    if sys.argv[1:] == ["--verify"]:
        with tempfile.TemporaryDirectory() as rebuilt:
            make(rebuilt)
            names = sorted(os.listdir(rebuilt))
            differ = [n for n in names if not os.path.exists(os.path.join(here, n))
                      or not filecmp.cmp(os.path.join(here, n), os.path.join(rebuilt, n),
                                         shallow=False)]
        if differ:
            sys.exit("make_picture_fixtures.py: a rebuild differs: " + ", ".join(differ))
        print(f"make_picture_fixtures.py: {len(names)} files rebuilt byte for byte")
    else:
        make(sys.argv[1] if len(sys.argv) > 1 else here)


def make(out):
    rng = random.Random(19)
    rows = []

    def scan(script, count, vertical=False):
        # Right-to-left books have their spine on the right of odd pages.
        rtl = script == "arabic" or vertical
        return [text_page(rng, script, gutter_left=(i % 2 == 0) != rtl, vertical=vertical)
                for i in range(count)]

    book(os.path.join(out, "arabic-scan.pdf"), scan("arabic", 3))
    rows.append(("arabic-scan.pdf", "right-edge", "-", "page-script: Arabic running text"))
    book(os.path.join(out, "english-scan.pdf"), scan("english", 3))
    rows.append(("english-scan.pdf", "left-edge", "-", "page-script: Latin running text"))
    book(os.path.join(out, "japanese-vertical-scan.pdf"), scan("japanese", 3, vertical=True))
    rows.append(("japanese-vertical-scan.pdf", "right-edge", "-",
                 "page-script: Japanese in columns"))

    # Pictures only, a photograph across pages 2|3 read right to left: page 2 is its right half.
    left, right = spread("Storm.jpg")
    pages = [picture_page(rng, "Garden.jpg", (100, 50)), right, left,
             picture_page(rng, "Blinds.jpg", (300, 100))]
    book(os.path.join(out, "pictures-spread-rtl-cover.pdf"), pages)
    rows.append(("pictures-spread-rtl-cover.pdf", "right-edge", "cover",
                 "spreads: 2|3 join right to left"))

    # Pictures only, across pages 3|4 read left to right: page 3 is its left half.
    left, right = spread("YellowFlower.jpg")
    pages = [picture_page(rng, "Garden.jpg", (400, 60)), picture_page(rng, "Aqua.jpg", (200, 0)),
             left, right, picture_page(rng, "Blinds.jpg", (0, 0))]
    book(os.path.join(out, "pictures-spread-ltr-no-cover.pdf"), pages)
    rows.append(("pictures-spread-ltr-no-cover.pdf", "left-edge", "no-cover",
                 "spreads: 3|4 join left to right"))

    # Arabic print, and a photograph across 4|5 laid out left to right: the evidence disagrees
    # on the binding, but the picture's pages still share a spread, so page 1 stands alone.
    left, right = spread("TwoWings.jpg")
    pages = scan("arabic", 3) + [left, right]
    book(os.path.join(out, "arabic-scan-ltr-spread.pdf"), pages)
    rows.append(("arabic-scan-ltr-spread.pdf", "undecided", "cover",
                 "page-script says right-edge, spreads 4|5 say left-edge"))

    pages = [picture_page(rng, name, (150, 80))
             for name in ["Aqua.jpg", "Blinds.jpg", "Garden.jpg", "RainDrops.jpg"]]
    book(os.path.join(out, "album.pdf"), pages)
    rows.append(("album.pdf", "undecided", "-", "photographs, no writing, no spread"))

    # English print and a colour photograph of grass across 4|5 that lost 24 pixels into the
    # binding: no line runs on across the spine, but the halves look alike and unlike every
    # other page, so they share a spread (page 1 alone); the print says left-edge.
    left, right = spread("GreenMeadow.jpg", lost=24, mode="RGB")
    text = scan("english", 6)
    book(os.path.join(out, "english-scan-texture-spread.pdf"), text[:3] + [left, right] + text[3:])
    rows.append(("english-scan-texture-spread.pdf", "left-edge", "cover",
                 "page-script: Latin running text; spreads: 4|5 alike at the spine, no line "
                 "across it"))

    # Arabic print, and a photograph across 4|5 laid out left to right whose scans caught the
    # scanner's lid beyond the spine-side edges: a dark band 3% of the page wide over the
    # seam on both pages, the picture running on from one band to the other. Read past the
    # bands, the picture joins left to right, and the evidence disagrees as in
    # arabic-scan-ltr-spread.pdf; read with them, the seam shows only the bands.
    band = int(W * 0.03)
    photo = Image.open(PHOTO + "TwoWings.jpg").convert("L").resize((2 * (W - band), H))
    left, right = Image.new("L", (W, H), 38), Image.new("L", (W, H), 38)
    left.paste(photo.crop((0, 0, W - band, H)), (0, 0))
    right.paste(photo.crop((W - band, 0, 2 * (W - band), H)), (band, 0))
    book(os.path.join(out, "arabic-scan-ltr-spread-scanner-band.pdf"),
         scan("arabic", 3) + [left, right])
    rows.append(("arabic-scan-ltr-spread-scanner-band.pdf", "undecided", "cover",
                 "page-script says right-edge, spreads 4|5 say left-edge once read past the "
                 "scanner's bands over the seam"))

    # A ruled Japanese form set in horizontal lines: its rows may be the rules', so Tesseract's
    # blocks of lines across decide (issue 40). Its own generator, so the books above stay as
    # they were made.
    book(os.path.join(out, "japanese-horizontal-form.pdf"), [form_page(random.Random(40))])
    rows.append(("japanese-horizontal-form.pdf", "left-edge", "-",
                 "page-script: Japanese in a ruled form, Tesseract's blocks of lines across"))

    # A 2-up scan (SPEC round 4, "Two pages in one picture"): two facing pages of the Arabic
    # book in one picture, a light gutter between them (their shadows lie at the outer
    # edges). Its own generator, so the books above stay as they were made.
    two_up = random.Random(41)
    right, left = (text_page(two_up, "arabic", gutter_left=side) for side in (False, True))
    spread_page = Image.new("L", (2 * W, H))
    spread_page.paste(left, (0, 0))
    spread_page.paste(right, (W, 0))
    book(os.path.join(out, "arabic-two-up-scan.pdf"), [spread_page], width=2 * W)
    rows.append(("arabic-two-up-scan.pdf", "right-edge", "-",
                 "page-script: Arabic on each half of page 1, two facing pages in one picture"))

    # A Hebrew book scanned small (SuggestRules 37): four pages of Hebrew print at 360 pixels
    # across (the real bench's Yizkor book was scanned at 488), whose script Tesseract's
    # detection is unsure of; its Hebrew recogniser reads the letters. Its own generator, so
    # the books above stay as they were made.
    small = random.Random(42)
    pages = [text_page(small, "hebrew", gutter_left=(i % 2 == 1)).resize((360, 540), Image.LANCZOS)
             for i in range(4)]
    book(os.path.join(out, "hebrew-small-scan.pdf"), pages, width=360, height=540)
    rows.append(("hebrew-small-scan.pdf", "right-edge", "-",
                 "page-script: Hebrew letters recognised where script detection is unsure"))

    # Urdu in Nastaliq (SuggestRules 39), set as the generated image books set it (27 points,
    # lines 2.25 apart): script detection does not know Nastaliq and reads it turned round;
    # Tesseract's Urdu recogniser reads its letters. Its own generator, as above.
    nastaliq = random.Random(43)
    pages = [text_page(nastaliq, "urdu", gutter_left=(i % 2 == 1), size=27, leading=2.25)
             for i in range(3)]
    book(os.path.join(out, "urdu-nastaliq-scan.pdf"), pages)
    rows.append(("urdu-nastaliq-scan.pdf", "right-edge", "-",
                 "page-script: Arabic-script letters recognised where Tesseract reads the page "
                 "turned round"))

    # Myanmar print (SuggestRules 75): script detection does not know Myanmar and reads it as
    # an Indic script it is unsure of; Tesseract's Myanmar recogniser reads its letters. Its
    # own generator, as above.
    myanmar = random.Random(76)
    pages = [text_page(myanmar, "myanmar", gutter_left=(i % 2 == 0)) for i in range(3)]
    book(os.path.join(out, "myanmar-scan.pdf"), pages)
    rows.append(("myanmar-scan.pdf", "left-edge", "-",
                 "page-script: Myanmar letters recognised where script detection reads an Indic "
                 "script it is unsure of"))

    with open(os.path.join(out, "MANIFEST.tsv"), "w") as manifest:
        manifest.write("file\texpected\tlayout\twhy\n")
        for row in rows:
            manifest.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
