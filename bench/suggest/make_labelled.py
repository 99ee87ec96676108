#!/usr/bin/env python3
"""Makes the labelled set for `pdfbind suggest`: PDFs from real producers (fpdf2 with
HarfBuzz shaping, ReportLab with Adobe CID fonts and -V encodings, ImageMagick, pikepdf for
/Lang) in real fonts (Debian's Noto and Droid faces), each with the binding a careful human
would choose. Writes OUT/labels.tsv: file, class, expected (right-edge, left-edge or
undecided), group (rtl-text, image-no-metadata or other), producer.

usage: make_labelled.py OUT [--small]     (--small: 2 files a class, for the test suite)
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile

import pikepdf
from fpdf import FPDF

NOTO = "/usr/share/fonts/truetype/noto/"
FONTS = {
    "arabic": NOTO + "NotoNaskhArabic-Regular.ttf",
    "urdu": NOTO + "NotoNastaliqUrdu-Regular.ttf",
    "hebrew": NOTO + "NotoSansHebrew-Regular.ttf",
    "latin": NOTO + "NotoSans-Regular.ttf",
    "serif": NOTO + "NotoSerif-Regular.ttf",
    "cjk": "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
}

# Article 1 of the Universal Declaration of Human Rights and a few plain sentences per language.
TEXT = {
    "arabic": "يولد جميع الناس أحرارا متساوين في الكرامة والحقوق. وقد وهبوا عقلا وضميرا وعليهم "
    "أن يعامل بعضهم بعضا بروح الإخاء. كان الطقس جميلا في ذلك الصباح، فخرج الأولاد إلى "
    "الحديقة ليلعبوا. قرأت الكتاب كله في يومين ثم أعدته إلى المكتبة.",
    "persian": "تمام افراد بشر آزاد به دنیا می‌آیند و از لحاظ حیثیت و حقوق با هم برابرند. همه "
    "دارای عقل و وجدان می‌باشند و باید نسبت به یکدیگر با روح برادری رفتار کنند. دیروز به "
    "کتابخانه رفتم و چند کتاب تازه گرفتم.",
    "urdu": "تمام انسان آزاد اور حقوق و عزت کے اعتبار سے برابر پیدا ہوئے ہیں۔ انہیں ضمیر اور "
    "عقل ودیعت ہوئی ہے۔ اس لیے انہیں ایک دوسرے کے ساتھ بھائی چارے کا سلوک کرنا چاہیے۔ کل "
    "ہم بازار گئے اور کتابیں خریدیں۔",
    "hebrew": "כל בני האדם נולדו בני חורין ושווים בערכם ובזכויותיהם. כולם חוננו בתבונה "
    "ובמצפון, לפיכך חובה עליהם לנהוג איש ברעהו ברוח של אחוה. אתמול הלכנו לספרייה וקראנו "
    "ספרים רבים עד הערב.",
    "yiddish": "אַלע מענטשן װערן געבױרן פֿרײַ און גלײַך אין כּבֿוד און רעכט. זײ זײַנען "
    "באַשאָנקען מיט שׂכל און געװיסן און זאָלן זיך באַגײן אײנער מיטן אַנדערן אין אַ גײַסט פֿון "
    "ברודערשאַפֿט. נעכטן זײַנען מיר געגאַנגען אין ביבליאָטעק.",
    "japanese": "すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等で"
    "ある。人間は、理性と良心とを授けられており、互いに同胞の精神をもって行動しなければ"
    "ならない。昨日は図書館で本を読みました。",
    "chinese": "人人生而自由，在尊严和权利上一律平等。他们赋有理性和良心，并应以兄弟关系的精神"
    "相对待。昨天我们去图书馆看了很多书，然后一起吃了晚饭。",
    "korean": "모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다. 인간은 "
    "천부적으로 이성과 양심을 부여받았으며 서로 형제애의 정신으로 행동하여야 한다. 어제 "
    "우리는 도서관에 가서 책을 읽었다.",
    "english": "All human beings are born free and equal in dignity and rights. They are "
    "endowed with reason and conscience and should act towards one another in a spirit of "
    "brotherhood. Yesterday we walked to the library and read until the evening.",
    "french": "Tous les êtres humains naissent libres et égaux en dignité et en droits. Ils "
    "sont doués de raison et de conscience et doivent agir les uns envers les autres dans un "
    "esprit de fraternité. Hier, nous sommes allés à la bibliothèque après le déjeuner.",
    "russian": "Все люди рождаются свободными и равными в своем достоинстве и правах. Они "
    "наделены разумом и совестью и должны поступать в отношении друг друга в духе "
    "братства. Вчера мы ходили в библиотеку и читали до вечера.",
    "greek": "Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια και τα "
    "δικαιώματα. Είναι προικισμένοι με λογική και συνείδηση, και οφείλουν να συμπεριφέρονται "
    "μεταξύ τους με πνεύμα αδελφοσύνης. Χθες πήγαμε στη βιβλιοθήκη.",
}
FONT_OF = {
    "arabic": "arabic", "persian": "arabic", "urdu": "urdu", "hebrew": "hebrew",
    "yiddish": "hebrew", "japanese": "cjk", "chinese": "cjk", "korean": "cjk",
    "english": "latin", "french": "serif", "russian": "latin", "greek": "serif",
    "urdu-naskh": "arabic",
}
RTL = {"arabic", "persian", "urdu", "urdu-naskh", "hebrew", "yiddish"}
LATIN_WORDS = "ISBN Oxford University Press Cambridge Journal Vol. pp. Smith et al.".split()

labels = []


def label(path, cls, expected, group, producer):
    labels.append((os.path.relpath(path, OUT), cls, expected, group, producer))


def paragraphs(language, rng, count, latin_share=0.0):
    """`count` paragraphs of the language's sentences, shuffled; a share of words replaced by
    Latin words (references, names) to test the thresholds."""
    language = "urdu" if language == "urdu-naskh" else language
    sentences = [s for s in TEXT[language].replace("。", "。|").replace(". ", ".|").split("|") if s]
    out = []
    for _ in range(count):
        text = " ".join(rng.sample(sentences, len(sentences)))
        if latin_share and language not in ("japanese", "chinese"):
            words = text.split(" ")
            for i in range(len(words)):
                if rng.random() < latin_share:
                    words[i] = rng.choice(LATIN_WORDS)
            text = " ".join(words)
        out.append(text)
    return out


def fpdf_book(path, blocks, lang=None, pages=3):
    """fpdf2 with HarfBuzz shaping (Arabic joining, bidi); blocks: [(language, text)]."""
    pdf = FPDF()
    pdf.set_text_shaping(True)
    if lang:
        pdf.set_lang(lang)
    for name, file in FONTS.items():
        pdf.add_font(name, fname=file)
    for page in range(pages):
        pdf.add_page()
        for language, text in blocks:
            rtl = language in RTL
            pdf.set_font(FONT_OF[language], size=12)
            # CJK needs no shaping (and fpdf2 2.8 shapes Hangul in Droid Sans wrongly).
            if FONT_OF[language] == "cjk":
                pdf.set_text_shaping(False)
            else:
                pdf.set_text_shaping(True, direction="rtl" if rtl else "ltr")
            pdf.multi_cell(0, 8, text, align="R" if rtl else "L", new_x="LMARGIN", new_y="NEXT")
            pdf.ln(2)
    pdf.output(path)


def reportlab_book(path, language, rng, pages=2, vertical=False, lang=None):
    """ReportLab: CJK with Adobe's CID fonts (UniJIS/UniGB/UniKS-UCS2-H or -V), others with
    Noto TrueType (ReportLab does not shape: fine for Hebrew letters, Cyrillic, Greek)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    cid = {"japanese": "HeiseiMin-W3", "chinese": "STSong-Light", "korean": "HYSMyeongJo-Medium"}
    if language in cid:
        font = UnicodeCIDFont(cid[language], isVertical=vertical)
        pdfmetrics.registerFont(font)
        name = font.name
    else:
        name = "noto-" + FONT_OF[language]
        pdfmetrics.registerFont(TTFont(name, FONTS[FONT_OF[language]]))
    c = canvas.Canvas(path)
    if lang:
        c.setLang(lang) if hasattr(c, "setLang") else None
    text = " ".join(paragraphs(language, rng, 3))
    for _ in range(pages):
        c.setFont(name, 12)
        if vertical:
            # Columns from the right edge leftwards, characters downwards (WMode 1).
            x, chars = 540, [ch for ch in text if not ch.isspace()]
            for start in range(0, min(len(chars), 40 * 12), 40):
                c.drawString(x, 780, "".join(chars[start:start + 40]))
                x -= 20
        else:
            y, line = 800, ""
            for word in text.split(" ") if language not in cid else list(text):
                line += word + ("" if language in cid else " ")
                if len(line) > (40 if language in cid else 80):
                    c.drawString(40, y, line)
                    y -= 18
                    line = ""
            c.drawString(40, y, line)
        c.showPage()
    c.save()


def image_scan(path, language, page_direction=None, lang=None):
    """An image-only scan: ImageMagick (its PDF/A writer; Debian's policy blocks plain PDF)
    renders text into a picture and writes it without any text layer."""
    font = FONTS[FONT_OF[language]]
    with tempfile.TemporaryDirectory() as tmp:
        picture = os.path.join(tmp, "page.png")
        text = TEXT[language][:120]
        subprocess.run(
            ["convert", "-size", "600x800", "xc:white", "-font", font, "-pointsize", "22",
             "-annotate", "+40+100", text, picture], check=True, capture_output=True)
        command = ["convert", picture]
        if page_direction:
            command += ["-define", "pdf:page-direction=" + page_direction]
        subprocess.run(command + ["PDFA:" + path], check=True, capture_output=True)
    if lang:
        with pikepdf.open(path, allow_overwriting_input=True) as pdf:
            pdf.Root.Lang = pikepdf.String(lang)
            pdf.save(path)


def with_lang(path, lang):
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pdf.Root.Lang = pikepdf.String(lang)
        pdf.save(path)


def main():
    global OUT
    OUT = sys.argv[1]
    small = "--small" in sys.argv
    per_class = 2 if small else 8
    if os.path.exists(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    rng = random.Random(13)
    convert = shutil.which("convert") or ""

    for language in list(TEXT) + ["urdu-naskh"]:
        rtl = language in RTL
        expected = "right-edge" if rtl else "left-edge"
        group = "rtl-text" if rtl else "other"
        cjk = language in ("japanese", "chinese", "korean")
        cls = language + (" horizontal" if cjk else "")
        cls = {"urdu": "urdu (Nastaliq)", "urdu-naskh": "urdu (Naskh)"}.get(cls, cls)
        # No TrueType Korean face here (Noto CJK is CFF; Droid Sans lacks most Hangul
        # syllables): Korean comes from ReportLab's CID font only.
        for i in range(per_class if language != "korean" else 0):
            path = os.path.join(OUT, f"{language}-fpdf2-{i}.pdf")
            # Real books cite Latin names and references: up to 15% of words in RTL books.
            share = rng.choice([0.0, 0.05, 0.1, 0.15]) if rtl else 0.0
            fpdf_book(path, [(language, p) for p in paragraphs(language, rng, 2, share)],
                      pages=rng.choice([1, 3, 6]))
            label(path, cls, expected, group, "fpdf2")
        if language not in ("arabic", "persian", "urdu", "urdu-naskh") and (
                not small or language == "korean"):
            for i in range(per_class // 2 if language != "korean" else per_class):
                path = os.path.join(OUT, f"{language}-reportlab-{i}.pdf")
                reportlab_book(path, language, rng)
                label(path, cls, expected, group, "reportlab")

    # Japanese (and Chinese) vertical: ReportLab's CID fonts with -V encodings.
    for language in ("japanese", "chinese"):
        for i in range(per_class if language == "japanese" else per_class // 2):
            path = os.path.join(OUT, f"{language}-vertical-{i}.pdf")
            reportlab_book(path, language, rng, vertical=True)
            label(path, language + " vertical", "right-edge", "other", "reportlab")

    # The office-suite trap: English text, Hebrew /Lang.
    for i in range(per_class):
        path = os.path.join(OUT, f"english-lang-he-{i}.pdf")
        fpdf_book(path, [("english", p) for p in paragraphs("english", rng, 2)], lang="he-IL")
        label(path, "english with /Lang he", "left-edge", "other", "fpdf2")

    # Bilingual books, half and half: undecided.
    for rtl in ("arabic", "hebrew"):
        for i in range(per_class):
            path = os.path.join(OUT, f"bilingual-{rtl}-english-{i}.pdf")
            blocks = []
            for a, b in zip(paragraphs(rtl, rng, 2), paragraphs("english", rng, 2)):
                blocks += [(rtl, a), ("english", b)]
            fpdf_book(path, blocks)
            label(path, f"bilingual {rtl}/english", "undecided", "other", "fpdf2")

    if convert:
        # Image-only scans: without metadata undecided; with /Lang the language decides.
        for language in ("arabic", "hebrew", "english", "japanese"):
            for i in range(max(1, per_class // 4)):
                path = os.path.join(OUT, f"scan-{language}-{i}.pdf")
                image_scan(path, language)
                label(path, "scan without metadata", "undecided", "image-no-metadata",
                      "imagemagick")
        for language, lang, expected in (("arabic", "ar", "right-edge"),
                                         ("hebrew", "he-IL", "right-edge"),
                                         ("english", "en-US", "left-edge"),
                                         ("japanese", "ja", "undecided")):
            path = os.path.join(OUT, f"scan-{language}-lang-{lang}.pdf")
            image_scan(path, language, lang=lang)
            label(path, "scan with /Lang", expected, "other", "imagemagick+pikepdf")
        # Manga from ImageMagick with its /PageDirection.
        for i in range(max(1, per_class // 4)):
            path = os.path.join(OUT, f"manga-pagedirection-{i}.pdf")
            image_scan(path, "japanese", page_direction="right-to-left")
            label(path, "scan with /PageDirection", "right-edge", "other", "imagemagick")
        # Library folders: calibre's metadata.opf and ComicInfo.xml beside image-only books.
        for language, code, expected in (("arabic", "ara", "right-edge"),
                                          ("hebrew", "he", "right-edge"),
                                          ("english", "eng", "left-edge"),
                                          ("japanese", "jpn", "undecided")):
            folder = os.path.join(OUT, f"calibre-{code}")
            os.makedirs(folder)
            path = os.path.join(folder, "book.pdf")
            image_scan(path, language)
            with open(os.path.join(folder, "metadata.opf"), "w") as opf:
                opf.write(OPF.format(code=code))
            label(path, "scan with metadata.opf", expected, "other", "imagemagick+calibre")
        for manga, expected in (("YesAndRightToLeft", "right-edge"), ("No", "left-edge"),
                                ("Yes", "undecided")):
            folder = os.path.join(OUT, f"comic-{manga}")
            os.makedirs(folder)
            path = os.path.join(folder, "comic.pdf")
            image_scan(path, "japanese")
            with open(os.path.join(folder, "ComicInfo.xml"), "w") as info:
                info.write(COMIC.format(manga=manga))
            label(path, "scan with ComicInfo.xml", expected, "other", "imagemagick+ComicInfo")

    with open(os.path.join(OUT, "labels.tsv"), "w") as out:
        out.write("file\tclass\texpected\tgroup\tproducer\n")
        for row in labels:
            out.write("\t".join(row) + "\n")


OPF = """<?xml version='1.0' encoding='utf-8'?>
<package xmlns="http://www.idpf.org/2007/opf" unique-identifier="uuid_id" version="2.0">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:title>A book</dc:title>
    <dc:creator opf:role="aut">Someone</dc:creator>
    <dc:language>{code}</dc:language>
  </metadata>
</package>
"""
COMIC = """<?xml version="1.0" encoding="utf-8"?>
<ComicInfo xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <Title>A comic</Title>
  <Manga>{manga}</Manga>
</ComicInfo>
"""

if __name__ == "__main__":
    main()
