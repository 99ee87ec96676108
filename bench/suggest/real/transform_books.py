#!/usr/bin/env python3
"""Makes the real-page bench again as libraries keep their scans: every page picture of the
books make_books.py wrote, taken through one transformation, and each book written again with
the same labels (IN/labels.tsv copied to OUT). The rules were chosen on the pages as their
sources hold them; a library holds the same pages smaller, more compressed, bilevel, askew or
inside the scanner's border. A decision that flips under such a change is a rule resting on
something the page does not say, so score.py on OUT must show 0 wrong, and
compare_records.py against the run on IN shows what each transformation costs.

Transformations (each page; the page's size on paper stays the same, so a smaller picture is
a lower resolution, as a scan at 150 instead of 300 dpi is):
  half      half the pixels each way (Lanczos), JPEG quality 85
  jpeg25    the same pixels, JPEG quality 25 (heavy blocks and ringing)
  grey      greyscale, JPEG quality 75
  bilevel   greyscale, then black and white at Otsu's threshold, CCITT Group 4 (the way
            archives store text scans)
  skew      turned 2 degrees one way on odd pages and 1.5 the other way on even ones, the
            corners filled with the page's own paper (its median level)
  border    inside a dark scanner border (level 30): 5% of the width on the left, 3% on the
            right, 4% of the height at the top, 6% at the bottom, the same on every page
  border-right  the same border wider on the right (3% left, 5% right): a join that the
            border's shape makes would run the other way, so a decision must not change
  jpx       the same pixels as JPEG 2000 (lossy, the irreversible wavelet, 20 to 1), as the
            Internet Archive keeps its scans; poppler decodes it through OpenJPEG
  fit480, fit640  at most 480 or 640 pixels on the longer side (Lanczos, JPEG quality 85),
            as a library's access copy keeps a scan: just over the 400 pixels under which a
            page is not read for its script (`PagePictures.fewestPixelsToRead`), so what is
            read there shows the margin that limit has

usage: transform_books.py IN OUT TRANSFORMATION
"""
import argparse
import io
import os
import shutil
import sys

import img2pdf
import numpy
import pikepdf
from PIL import Image, ImageOps

Image.MAX_IMAGE_PIXELS = None


def otsu(grey):
    """Otsu's threshold of a greyscale picture: the level that best splits ink from paper."""
    counts = numpy.bincount(numpy.asarray(grey).ravel(), minlength=256).astype(numpy.float64)
    levels = numpy.arange(256)
    weight = numpy.cumsum(counts)
    mean = numpy.cumsum(counts * levels)
    total, total_mean = weight[-1], mean[-1]
    with numpy.errstate(divide="ignore", invalid="ignore"):
        between = (total_mean * weight - mean * total) ** 2 / (weight * (total - weight))
    # A page of one level (blank) has no split: any threshold keeps it as it is.
    return 127 if numpy.isnan(between).all() else int(numpy.nanargmax(between))


def paper(image):
    """The page's paper: the median of each band (most of a page is paper)."""
    return tuple(int(numpy.median(numpy.asarray(band))) for band in image.split())


def encode(image, dpi, **options):
    out = io.BytesIO()
    image.save(out, dpi=dpi, **options)
    return out.getvalue()


def transform(image, dpi, name, page):
    """The page picture's bytes after transformation `name` (page: 1-based, for skew)."""
    if image.mode not in ("L", "RGB"):
        image = image.convert("RGB")
    if name == "half":
        small = image.resize((max(1, image.width // 2), max(1, image.height // 2)),
                             Image.LANCZOS)
        return encode(small, (dpi[0] / 2, dpi[1] / 2), format="JPEG", quality=85)
    if name == "jpeg25":
        return encode(image, dpi, format="JPEG", quality=25)
    if name == "jpx":
        return encode(image, dpi, format="JPEG2000", irreversible=True, quality_mode="rates",
                      quality_layers=[20])
    if name == "grey":
        return encode(ImageOps.grayscale(image), dpi, format="JPEG", quality=75)
    if name == "bilevel":
        grey = ImageOps.grayscale(image)
        level = otsu(grey)
        black_white = grey.point(lambda v: 255 if v > level else 0).convert("1", dither=Image.NONE)
        return encode(black_white, dpi, format="TIFF", compression="group4")
    if name == "skew":
        angle = 2.0 if page % 2 else -1.5
        fill = paper(image)
        turned = image.rotate(angle, resample=Image.BICUBIC, expand=False,
                              fillcolor=fill if image.mode == "RGB" else fill[0])
        return encode(turned, dpi, format="JPEG", quality=90)
    if name in ("border", "border-right"):
        left, right = round(image.width * 0.05), round(image.width * 0.03)
        if name == "border-right":
            left, right = right, left
        top, bottom = round(image.height * 0.04), round(image.height * 0.06)
        framed = ImageOps.expand(image, border=(left, top, right, bottom),
                                 fill=(30, 30, 30) if image.mode == "RGB" else 30)
        return encode(framed, dpi, format="JPEG", quality=90)
    if name in ("fit480", "fit640"):
        longest = int(name[3:])
        scale = min(1.0, longest / max(image.width, image.height))
        small = image.resize((max(1, round(image.width * scale)),
                              max(1, round(image.height * scale))), Image.LANCZOS)
        return encode(small, (dpi[0] * scale, dpi[1] * scale), format="JPEG", quality=85)
    sys.exit(f"transform_books.py: no transformation {name!r}")


def picture_pixels(stream, picture):
    """The picture's pixels. A JPEG whose ICC profile is for another number of channels than
    the picture has (a grey profile on a colour JPEG, as img2pdf keeps it) has no mode pikepdf
    will name; its JPEG stream is the picture, and Pillow decodes it as any viewer does."""
    try:
        return picture.as_pil_image()
    except NotImplementedError:
        if stream.get("/Filter") != "/DCTDecode":
            raise
        return Image.open(io.BytesIO(stream.read_raw_bytes()))


def pages(path):
    """Each page's picture and resolution (pixels per inch on the page as drawn)."""
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            pictures = list((page.get_images() if hasattr(page, "get_images")
                             else page.images).values())
            if len(pictures) != 1:
                sys.exit(f"transform_books.py: {path}: a page with {len(pictures)} pictures")
            picture = pikepdf.PdfImage(pictures[0])
            box = page.mediabox
            width_inches = float(box[2] - box[0]) / 72
            height_inches = float(box[3] - box[1]) / 72
            image = picture_pixels(pictures[0], picture)
            yield image, (image.width / width_inches, image.height / height_inches)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source")
    parser.add_argument("out")
    parser.add_argument("transformation",
                        choices=["half", "jpeg25", "jpx", "grey", "bilevel", "skew", "border",
                                 "border-right", "fit480", "fit640"])
    args = parser.parse_args()
    labels = os.path.join(args.source, "labels.tsv")
    if not os.path.exists(labels):
        sys.exit(f"transform_books.py: {labels}: missing (make the books with make_books.py)")
    os.makedirs(args.out, exist_ok=True)
    shutil.copy(labels, os.path.join(args.out, "labels.tsv"))
    with open(labels, encoding="utf-8") as f:
        names = [line.split("\t")[0] for line in f.read().splitlines()[1:] if line]
    for name in names:
        images = [transform(image, dpi, args.transformation, number)
                  for number, (image, dpi) in enumerate(pages(os.path.join(args.source, name)), 1)]
        with open(os.path.join(args.out, name), "wb") as f:
            img2pdf.convert(images, outputstream=f, nodate=True,
                            layout_fun=img2pdf.default_layout_fun,
                            engine=img2pdf.Engine.internal)
    print(f"transform_books.py: {len(names)} books, {args.transformation}, in {args.out}")


if __name__ == "__main__":
    main()
