import PDFBindCore
import Synchronization

/// The pages of one document as `suggest` draws them: poppler draws, and pages whose images
/// are too large to decode within pdfbind's memory bound (qpdf reads their sizes first) are
/// refused. A page that is one scan and nothing else (a JPEG, or Flate-compressed rows) has
/// its pictures decoded (`ScanDecoder`) and scaled down as cairo scales them instead
/// (`decodesScans`; the page worker finds such a page with a qpdf handle of its own): the
/// picture poppler draws (to the pixel on 98% of the pages measured, a level apart at a few
/// pixels on the rest; `CairoGoodFilter`), at half the cost.
struct PagePictures {
  /// The largest image pdfbind lets poppler decode: 50 megapixels is 200 MB as poppler holds
  /// it, and well above a 600-dpi scan of an A4 page (35 megapixels).
  static let largestImagePixels = 50_000_000

  /// The most memory a scan is decoded into in a page worker: the largest image
  /// poppler is let decode (`largestImagePixels`), in colour. poppler draws such a scan in
  /// more memory and time: a 33-megapixel photograph in `/DeviceRGB` (100 MB decoded) peaked
  /// at 309 MiB for pdfbind and its workers drawn by poppler, 276 MiB decoded here, 1.4 s
  /// against 1.1-1.3 s (bench/suggest/README.md, "Scans with colour profiles").
  static let largestDecodedScan = largestImagePixels * 3

  /// The largest image of a page that is one JPEG scan pdfbind decodes, at a reduced size
  /// that fits `largestDecodedScan` (libjpeg decodes 1/2, 1/4 or 1/8 of a JPEG, never the
  /// whole): phones photograph pages at 50 to 200 megapixels. The real bench's photograph of
  /// a Hebrew manuscript (6132×8176, 50.1 megapixels) was not read before. Measured on pages of
  /// 200 megapixels in colour (12240×16320, decoded at half): 0.8 s and a peak of 345 MiB for
  /// pdfbind and its workers together, baseline; 1.7 s and 910 MiB progressive, whose
  /// coefficients libjpeg holds whole, two bytes each (bench/suggest/README.md, "Photographs
  /// over 50 megapixels"). Past this a page costs what a gigapixel one does: nothing.
  static let largestReducedScanPixels = largestImagePixels * 4

  /// The book's pages, drawn in page workers.
  let pages: BookPages
  /// The largest image of each page, as far as qpdf read (pages past its end are not checked).
  let largestImages: [ImageSize?]
  /// Whether a page that is one scan is decoded rather than drawn by poppler.
  var decodesScans = false

  var pageCount: Int { pages.pageCount }

  /// An image of a megapixel or more: a scan, a manga page, a photograph.
  static let scanPixels = 1_000_000

  /// A page that is one scan is read for its writing only when the scan has at least this
  /// many pixels on its longer side. Under it, a book page is scanned at under 40 dpi
  /// (Tesseract's guide asks for 300), its letters are a few pixels tall, the picture read is
  /// enlarged over four times, and Tesseract names a script it does not show: at half their
  /// pixels, the real bench's yizkor book (Hebrew print, 379 pixels) read Cyrillic at 4.0 and
  /// decided left-edge, an Ethiopic page (322) Cyrillic too; no page under 400 decided by its
  /// own script there. The bench's pages as their sources hold them have 480 or more (1.2
  /// times this), and at half their pixels pages of 411 and 418 still read (vertical
  /// Japanese, Cyrillic print as Fraktur), so the margin below is thin, and said so. Above it
  /// a scan is read, but not surely (`fewestPixelsToReadSurely`).
  static let fewestPixelsToRead = 400

  /// A page that is one scan with fewer pixels than this on its longer side is read, but its
  /// script less surely (SuggestRules 45): fitted into 480 or 640 pixels, as a library's
  /// access copy keeps a page, the real bench's Yiddish pages read as Fraktur or Latin and
  /// decided left-edge, and an English magazine page read as Arabic gave the Syriac
  /// recogniser 38 letters and decided right-edge (bench/suggest/real/README.md, "Access
  /// copies"). On such a scan a left-to-right reading is asked for its Hebrew letters
  /// (`PageScriptEvidence.asksHebrewLetters`), and Syriac letters are not asked for
  /// (`asksSyriacLetters`). No Syriac book of the bench is decided by a scan under this; the
  /// bench's pages as their sources hold them include 24 books with such scans (the Yizkor
  /// book's 759 pixels, Cyrillic data sheets of 837 and 964, manga of 720 to 795).
  static let fewestPixelsToReadSurely = 1_000

  /// Whether page `index` draws a scan-sized image (as far as qpdf read).
  func holdsScan(_ index: Int) -> Bool {
    index < largestImages.count && (largestImages[index]?.pixels ?? 0) >= Self.scanPixels
  }

  /// The size in pixels of a page of `width`×`height` points fitted in `maxWidth`×`maxHeight`
  /// with its shape kept.
  static func fitted(width: Double, height: Double, maxWidth: Int, maxHeight: Int)
    -> (width: Int, height: Int)
  {
    let scale = min(Double(maxWidth) / width, Double(maxHeight) / height)
    return (max(1, Int((width * scale).rounded())), max(1, Int((height * scale).rounded())))
  }

  /// The size in pixels of the picture of a page that is one scan, fitted in
  /// `maxWidth`×`maxHeight`: its page as it is shown, turned by `/Rotate` or not, as poppler
  /// sizes the page it draws.
  static func fitted(_ scan: WholePageScan, maxWidth: Int, maxHeight: Int)
    -> (width: Int, height: Int)
  {
    fitted(
      width: scan.shownSize.width, height: scan.shownSize.height, maxWidth: maxWidth,
      maxHeight: maxHeight)
  }

  /// Page `index` (from 0) in grey levels, fitted in `maxWidth`×`maxHeight`, drawn by
  /// poppler.
  func picture(_ index: Int, maxWidth: Int, maxHeight: Int) throws(PageRasterError)
    -> GreyImage
  {
    if let size = tooLargeToDraw(index) { throw .imageTooLarge(size) }
    return try pages.picture(index, maxWidth: maxWidth, maxHeight: maxHeight)
  }

  /// The writing layout of page `index` (from 0) in grey levels, fitted in
  /// `maxWidth`×`maxHeight`, or of each of two facing pages its picture holds
  /// (`BookPages.layout`): decoded (`ScanDecoder`) when the page is one scan, otherwise
  /// drawn by poppler, the same picture either way (`GreyImage(scan:)`).
  func layout(_ index: Int, maxWidth: Int, maxHeight: Int) throws(PageRasterError)
    -> DrawnLayout
  {
    try pages.layout(index, maxWidth: maxWidth, maxHeight: maxHeight, source: source(index))
  }

  /// Tesseract's reading of the picture of page `index` (from 0) `layout` drew
  /// (`BookPages.readDrawn`): on `lent` when given, else in a worker that draws it again, the
  /// same picture; nil when the reading was stopped.
  func readDrawn(
    _ index: Int, half: FacingPages.Half?, maxWidth: Int, maxHeight: Int,
    on lent: WorkerProcess? = nil
  ) throws(RuntimeLibrary.Unavailable) -> PageScriptEvidence.DrawnReading? {
    // `layout` drew the page first, so its source is known to be there.
    guard let source = try? source(index) else { return (nil, nil, nil, .init(), nil) }
    return try pages.readDrawn(
      index, half: half, maxWidth: maxWidth, maxHeight: maxHeight, source: source, on: lent)
  }

  /// Where page `index` (from 0) is taken from (`PictureSource`): with `decodesScans`, its
  /// scan when qpdf finds it is one (it draws an image, as far as qpdf read), else poppler's
  /// drawing; a page whose image is over `largestImagePixels` only from its scan, decoded
  /// reduced, and only up to `largestReducedScanPixels`: past that it is refused.
  func source(_ index: Int) throws(PageRasterError) -> PictureSource {
    guard let size = tooLargeToDraw(index) else {
      return decodesScans && index < largestImages.count && largestImages[index] != nil
        ? .scanElseDrawn : .drawn
    }
    guard decodesScans, size.pixels <= Self.largestReducedScanPixels else {
      throw .imageTooLarge(size)
    }
    return .scanOnly(tooLargeToDraw: size)
  }

  /// Page `index` (from 0) as the spread detector reads it, fitted in `maxWidth`×`maxHeight`
  /// with `edges` columns drawn at each side: decoded (`ScanDecoder`) when the page is one
  /// scan, otherwise drawn by poppler (both in a page worker).
  func spinePicture(_ index: Int, maxWidth: Int, maxHeight: Int, edges: Int)
    throws(PageRasterError) -> SpinePicture
  {
    try pages.spinePicture(
      index, maxWidth: maxWidth, maxHeight: maxHeight, edges: edges, source: source(index))
  }

  /// The size of page `index`'s largest image when it is more than poppler is let decode.
  private func tooLargeToDraw(_ index: Int) -> ImageSize? {
    guard index < largestImages.count, let size = largestImages[index],
      size.pixels > Self.largestImagePixels
    else { return nil }
    return size
  }
}

/// Why a page has no picture.
enum PageRasterError: Error, Equatable, CustomStringConvertible {
  /// poppler cannot load the page, or it has no area.
  case unreadable
  /// The drawing surface could not be made.
  case cannotDraw(String)
  /// The page draws an image larger than pdfbind decodes (poppler decodes an image whole).
  case imageTooLarge(ImageSize)
  /// The page is one scan with too few pixels to read writing from
  /// (`PagePictures.fewestPixelsToRead`).
  case scanTooSmall(ImageSize)
  /// The page worker ran past a deadline, crashed or reached its memory limit.
  case stopped(PageWorkFailure)

  /// What the evidence line says of the page: `not drawn` when its worker was stopped.
  var unfinished: String {
    switch self {
    case .stopped: "not drawn"
    case .scanTooSmall: "not read"
    case .unreadable, .cannotDraw, .imageTooLarge: "not rendered"
    }
  }

  /// What an evidence line says after the pages (`Evidence.stopped`): `not drawn: it took
  /// longer than 10 s`.
  var stoppedNote: String { "\(unfinished): \(self)" }

  var description: String {
    switch self {
    case .unreadable: "poppler cannot load it, or it has no area"
    case .cannotDraw(let reason): reason
    case .imageTooLarge(let size):
      "it holds an image of \(size.width)×\(size.height) pixels, more than pdfbind decodes "
        + "(\(PagePictures.largestImagePixels / 1_000_000) megapixels; "
        + "\(PagePictures.largestReducedScanPixels / 1_000_000) when the page is one JPEG scan)"
    case .scanTooSmall(let size):
      "a scan of \(size.width)×\(size.height) pixels, too few to read writing from "
        + "(under \(PagePictures.fewestPixelsToRead) on its longer side)"
    case .stopped(let failure): failure.description
    }
  }
}
