#!/usr/bin/env python3
"""Makes the mixed-text class for `pdfbind suggest` (issue 19, item 4): pages whose letters are
mixed, where the layout of the lines is the evidence. fpdf2 with HarfBuzz shaping and Debian's
Noto faces (Naskh Arabic for Arabic, Persian and Urdu, Sans Hebrew, Sans/Serif for Latin).

Right-to-left forms (Arabic, Persian, Urdu, Hebrew): a right-aligned title and instructions,
labels flush to the right margin with their colon on the left, Latin values (names, e-mail
addresses, numbers) to the left of their label: 55-75% of the letters right-to-left. Short
right-to-left pages: a few right-aligned lines, under 50 letters. Look-alikes: English forms
with Arabic or Hebrew values (left-aligned labels), mixed pages laid out flush left, bilingual
pages in two parallel columns or in alternating paragraphs, trilingual pages.

Writes OUT/labels.tsv: file, class, expected (right-edge, left-edge or undecided), rtl (the
share of right-to-left letters the generator put on the page, for the report).

usage: make_mixed_forms.py OUT [--seed N] [--per-class N]
"""
import os
import random
import shutil
import sys

from fpdf import FPDF

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_labelled as m  # noqa: E402

FONTS = {
    "arabic": m.NOTO + "NotoNaskhArabic-Regular.ttf",
    "hebrew": m.NOTO + "NotoSansHebrew-Regular.ttf",
    "latin": m.NOTO + "NotoSans-Regular.ttf",
    "serif": m.NOTO + "NotoSerif-Regular.ttf",
}
# Urdu in Naskh: poppler drops most Nastaliq glyphs from its text (see README, subset fonts).
FONT_OF = {"arabic": "arabic", "persian": "arabic", "urdu": "arabic", "hebrew": "hebrew",
           "english": "latin", "french": "serif"}
RTL = {"arabic", "persian", "urdu", "hebrew"}

TITLES = {
    "arabic": ["استمارة طلب تأشيرة", "نموذج تسجيل الطلاب", "طلب توظيف", "استمارة بيانات المريض"],
    "persian": ["فرم درخواست روادید", "فرم ثبت نام دانشجو", "درخواست استخدام", "فرم اطلاعات بیمار"],
    "urdu": ["ویزا درخواست فارم", "طالب علم رجسٹریشن فارم", "ملازمت کی درخواست", "مریض کا فارم"],
    "hebrew": ["טופס בקשה לאשרה", "טופס רישום סטודנטים", "בקשה להעסקה", "טופס פרטי מטופל"],
}
LABELS = {
    "arabic": ["الاسم الكامل", "تاريخ الميلاد", "مكان الميلاد", "الجنسية", "رقم جواز السفر",
               "البريد الإلكتروني", "العنوان", "رقم الهاتف", "المهنة", "اسم الأب",
               "الحالة الاجتماعية", "تاريخ الإصدار", "جهة العمل", "الموقع الإلكتروني"],
    "persian": ["نام و نام خانوادگی", "تاریخ تولد", "محل تولد", "ملیت", "شماره گذرنامه",
                "پست الکترونیک", "نشانی", "شماره تلفن", "شغل", "نام پدر", "وضعیت تأهل",
                "تاریخ صدور", "محل کار", "وب سایت"],
    "urdu": ["پورا نام", "تاریخ پیدائش", "جائے پیدائش", "قومیت", "پاسپورٹ نمبر", "ای میل",
             "پتہ", "فون نمبر", "پیشہ", "والد کا نام", "ازدواجی حیثیت", "تاریخ اجراء", "ادارہ",
             "ویب سائٹ"],
    "hebrew": ["שם מלא", "תאריך לידה", "מקום לידה", "אזרחות", "מספר דרכון", "דואר אלקטרוני",
               "כתובת", "מספר טלפון", "מקצוע", "שם האב", "מצב משפחתי", "תאריך הנפקה",
               "מקום עבודה", "אתר אינטרנט"],
    "english": ["Full name", "Date of birth", "Place of birth", "Nationality",
                "Passport number", "E-mail", "Address", "Telephone", "Occupation",
                "Father's name", "Marital status", "Date of issue", "Employer", "Website"],
}
ENGLISH_TITLES = ["Visa application form", "Student registration", "Application for employment",
                  "Patient information form"]
FIRST = ["Ahmed", "Sara", "Omar", "Leila", "David", "Maryam", "Yosef", "Fatima", "Daniel", "Noor"]
LAST = ["Hassan", "Cohen", "Rahimi", "Khan", "Levi", "Haddad", "Siddiqui", "Mizrahi", "Karimi"]
WORDS = ["Global", "Trading", "Company", "Limited", "Street", "Avenue", "London", "Toronto",
         "Engineering", "Medical", "Services", "University", "Marketing", "Department"]
# Values in the right-to-left script, for English forms and left-aligned pages.
RTL_VALUES = {
    "arabic": ["محمد أحمد الحسن", "القاهرة", "مصرية", "مهندس مدني", "شارع النيل الكبير",
               "متزوج", "شركة الخليج للتجارة", "عبد الرحمن"],
    "hebrew": ["דוד כהן", "ירושלים", "ישראלית", "מהנדס אזרחי", "רחוב הרצל הגדול", "נשוי",
               "חברת הים התיכון", "אברהם לוי"],
}


def latin_value(rng, label_index):
    first, last = rng.choice(FIRST), rng.choice(LAST)
    return [
        f"{first} {last}", f"{rng.randint(1, 28):02}/{rng.randint(1, 12):02}/19{rng.randint(50, 99)}",
        rng.choice(["London", "Toronto", "Paris", "Berlin", "Chicago"]), rng.choice(
            ["British", "Canadian", "French", "German", "American"]),
        f"{rng.choice('ABNPX')}{rng.randint(1000000, 9999999)}",
        f"{first.lower()}.{last.lower()}@example.com",
        f"{rng.randint(1, 99)} {rng.choice(WORDS)} Street, {rng.choice(['London', 'Leeds'])}",
        f"+44 20 {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}",
        " ".join(rng.sample(WORDS, 2)), f"{rng.choice(FIRST)} {last}",
        rng.choice(["Married", "Single"]), f"{rng.randint(1, 28):02}.{rng.randint(1, 12):02}.2019",
        " ".join(rng.sample(WORDS, 3)), f"www.{last.lower()}-{rng.choice(WORDS).lower()}.com",
    ][label_index]


class Page:
    """One fpdf2 document with the faces registered and shaping set per run of text."""

    def __init__(self):
        self.pdf = FPDF()
        self.pdf.set_auto_page_break(False)
        for name, file in FONTS.items():
            self.pdf.add_font(name, fname=file)
        self.width = self.pdf.w
        self.margin = 15

    def font(self, language, size=11):
        self.pdf.set_font(FONT_OF[language], size=size)
        rtl = language in RTL
        self.pdf.set_text_shaping(True, direction="rtl" if rtl else "ltr")

    def text_width(self, language, text, size=11):
        self.font(language, size)
        return self.pdf.get_string_width(text)

    def cell(self, language, x, y, w, text, align, size=11):
        self.font(language, size)
        self.pdf.set_xy(x, y)
        self.pdf.cell(w, 7, text, align=align)

    def paragraph(self, language, x, y, w, text, align, size=11):
        self.font(language, size)
        self.pdf.set_xy(x, y)
        self.pdf.multi_cell(w, 6.5, text, align=align)
        return self.pdf.get_y()


def rtl_form(path, language, rng, pages, paragraph_share, value_side):
    """A right-to-left form: title, instructions and labels flush right; Latin values to the
    left of each label: next to it (`near`) or right-aligned in a field that starts half-way
    (`field`)."""
    page = Page()
    right = page.width - page.margin
    for _ in range(pages):
        page.pdf.add_page()
        page.cell(language, page.margin, 15, right - page.margin, rng.choice(TITLES[language]),
                  "R", size=15)
        y = 28
        if rng.random() < paragraph_share:
            text = " ".join(m.paragraphs(language, rng, 1))[: rng.randint(120, 260)]
            y = page.paragraph(language, page.margin + 20, y, right - page.margin - 20, text,
                               "R") + 4
        indices = rng.sample(range(len(LABELS[language])), rng.randint(8, 12))
        for index in indices:
            label = LABELS[language][index] + ":"
            width = page.text_width(language, label)
            page.cell(language, right - width, y, width, label, "R")
            value = latin_value(rng, index)
            value_width = page.text_width("english", value)
            if value_side == "near":
                x = right - width - 4 - value_width
            else:
                x = page.margin + rng.uniform(40, 70)
                x = max(x, right - width - 6 - value_width - rng.uniform(0, 30))
            page.cell("english", x, y, value_width, value, "R")
            page.pdf.line(x - 2, y + 7, right - width - 2, y + 7)
            y += 10
        if rng.random() < 0.5:
            page.cell(language, page.margin + 60, y + 6, right - page.margin - 60,
                      LABELS[language][-1] + ": " + rng.choice(LABELS[language][:3]), "R")
    page.pdf.output(path)


def rtl_short(path, language, rng):
    """A page of a few right-aligned right-to-left lines, under 50 letters in all."""
    page = Page()
    page.pdf.add_page()
    right = page.width - page.margin
    words = [w for w in " ".join(m.paragraphs(language, rng, 1)).split() if len(w) > 2]
    y = 30
    for _ in range(rng.randint(3, 4)):
        line = " ".join(rng.sample(words, 2))
        width = page.text_width(language, line, 13)
        page.cell(language, right - width, y, width, line, "R", size=13)
        y += 9
    page.pdf.output(path)


def english_form(path, rtl_language, rng, pages):
    """An English form with right-to-left values: labels flush left, colon on their right."""
    page = Page()
    for _ in range(pages):
        page.pdf.add_page()
        page.cell("english", page.margin, 15, 120, rng.choice(ENGLISH_TITLES), "L", size=15)
        y = 30
        for index in rng.sample(range(len(LABELS["english"])), rng.randint(8, 12)):
            label = LABELS["english"][index] + ":"
            width = page.text_width("english", label)
            page.cell("english", page.margin, y, width, label, "L")
            if rng.random() < 0.6:
                value, language = rng.choice(RTL_VALUES[rtl_language]), rtl_language
            else:
                value, language = latin_value(rng, index), "english"
            value_width = page.text_width(language, value)
            x = page.margin + width + 4 if rng.random() < 0.5 else page.margin + 55
            page.cell(language, x, y, value_width, value, "L")
            y += 10
    page.pdf.output(path)


def left_aligned_mixed(path, language, rng, pages):
    """A page whose letters are mostly right-to-left, laid out flush left: right-to-left
    labels at the left margin, Latin values on their right, paragraphs aligned left."""
    page = Page()
    for _ in range(pages):
        page.pdf.add_page()
        page.cell(language, page.margin, 15, 120, rng.choice(TITLES[language]), "L", size=15)
        text = " ".join(m.paragraphs(language, rng, 1))[: rng.randint(60, 140)]
        y = page.paragraph(language, page.margin, 28, 150, text, "L") + 4
        for index in rng.sample(range(len(LABELS[language])), rng.randint(8, 11)):
            label = LABELS[language][index]
            width = page.text_width(language, label)
            page.cell(language, page.margin, y, width, label, "L")
            value = latin_value(rng, index)
            page.cell("english", page.margin + 55, y, page.text_width("english", value), value,
                      "L")
            y += 10
    page.pdf.output(path)


def parallel_columns(path, language, rng, pages):
    """A bilingual page: English on the left, aligned left; the right-to-left translation on
    the right, aligned right."""
    page = Page()
    middle = page.width / 2
    for _ in range(pages):
        page.pdf.add_page()
        y = 20
        for english, rtl in zip(m.paragraphs("english", rng, 2), m.paragraphs(language, rng, 2)):
            end_left = page.paragraph("english", page.margin, y, middle - page.margin - 5,
                                      english[: rng.randint(150, 260)], "L")
            end_right = page.paragraph(language, middle + 5, y, middle - page.margin - 5,
                                       rtl[: rng.randint(150, 260)], "R")
            y = max(end_left, end_right) + 6
    page.pdf.output(path)


def alternating(path, language, rng, pages):
    """A bilingual page: right-to-left paragraphs aligned right and English ones aligned left,
    one after the other."""
    page = Page()
    for _ in range(pages):
        page.pdf.add_page()
        y = 20
        for english, rtl in zip(m.paragraphs("english", rng, 2), m.paragraphs(language, rng, 2)):
            y = page.paragraph(language, page.margin, y, page.width - 2 * page.margin,
                               rtl[: rng.randint(150, 300)], "R") + 3
            y = page.paragraph("english", page.margin, y, page.width - 2 * page.margin,
                               english[: rng.randint(150, 300)], "L") + 5
    page.pdf.output(path)


def trilingual(path, languages, rng, pages):
    """Three languages, each in its own direction: stacked blocks or three columns."""
    page = Page()
    columns = rng.random() < 0.5
    for _ in range(pages):
        page.pdf.add_page()
        y = 20
        width = (page.width - 2 * page.margin - 10) / 3
        for number, language in enumerate(rng.sample(languages, len(languages))):
            text = " ".join(m.paragraphs(language, rng, 1))[: rng.randint(200, 320)]
            align = "R" if language in RTL else "L"
            if columns:
                page.paragraph(language, page.margin + number * (width + 5), 20, width, text,
                               align)
            else:
                y = page.paragraph(language, page.margin, y, page.width - 2 * page.margin,
                                   text, align) + 6
    page.pdf.output(path)


CLASSES = [
    # (class, expected, maker(path, rng))
    *[(f"{lang} form", "right-edge",
       lambda p, r, lang=lang: rtl_form(p, lang, r, r.choice([1, 1, 2]), 0.6,
                                        r.choice(["near", "field"])))
      for lang in ("arabic", "persian", "urdu", "hebrew")],
    *[(f"{lang} short page", "right-edge", lambda p, r, lang=lang: rtl_short(p, lang, r))
      for lang in ("arabic", "hebrew")],
    *[(f"english form, {lang} values", "left-edge",
       lambda p, r, lang=lang: english_form(p, lang, r, r.choice([1, 2])))
      for lang in ("arabic", "hebrew")],
    *[(f"{lang} mixed, aligned left", "undecided",
       lambda p, r, lang=lang: left_aligned_mixed(p, lang, r, r.choice([1, 2])))
      for lang in ("arabic", "hebrew")],
    *[(f"bilingual {lang}/english columns", "undecided",
       lambda p, r, lang=lang: parallel_columns(p, lang, r, r.choice([1, 2])))
      for lang in ("arabic", "hebrew")],
    ("bilingual arabic/english paragraphs", "undecided",
     lambda p, r: alternating(p, "arabic", r, r.choice([1, 2]))),
    ("trilingual arabic/english/french", "undecided",
     lambda p, r: trilingual(p, ["arabic", "english", "french"], r, r.choice([1, 2]))),
    ("trilingual arabic/hebrew/english", "undecided",
     lambda p, r: trilingual(p, ["arabic", "hebrew", "english"], r, r.choice([1, 2]))),
]


def main():
    out = sys.argv[1]
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    per_class = (int(sys.argv[sys.argv.index("--per-class") + 1])
                 if "--per-class" in sys.argv else 8)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    rng = random.Random(seed)
    rows = []
    for cls, expected, make in CLASSES:
        for i in range(per_class):
            name = cls.replace("/", "-").replace(",", "").replace(" ", "-") + f"-{i}.pdf"
            make(os.path.join(out, name), rng)
            rows.append((name, cls, expected))
    with open(os.path.join(out, "labels.tsv"), "w") as labels:
        labels.write("file\tclass\texpected\n")
        for row in rows:
            labels.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
