import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Pages that are one scan and nothing else (a JPEG, or Flate-compressed rows) have their
/// spine pictures decoded by pdfbind (`ScanDecoder`) and scaled down as cairo does rather
/// than drawn by poppler (`PagePictures`): the same pixels at a fraction of the cost, and
/// every other page left to poppler.
@Suite("Whole-page scans: decoded and scaled down as poppler draws them")
struct WholePageScanTests {
  static let turboJPEG = (try? TurboJPEGLibrary.shared.get()) != nil

  /// The fixture's pages as `suggest` opens them, and its qpdf document, which finds the
  /// pages that are one scan as a page worker does.
  static func opened(_ path: String) throws -> (pictures: PagePictures, document: QPDFDocument) {
    let (document, _) = try OpenedFile(path: FilePath(path), password: nil).qpdfRead()
    let pictures = PagePictures(
      drawnBy: try BookPages.forTests(FilePath(path)), sizesFrom: document)
    return (pictures, document)
  }

  /// Page `page`'s spine picture decoded from its scan (nil when it cannot be), and as
  /// poppler draws it.
  static func bothWays(_ book: (pictures: PagePictures, document: QPDFDocument), _ page: Int)
    throws -> (decoded: SpinePicture?, drawn: SpinePicture)
  {
    let scan = try #require(book.document.wholePageScan(page), "page \(page + 1) is one scan")
    let decoded = try #require(
      ScanDecoder().decode(scan, budget: PagePictures.largestDecodedScan),
      "page \(page + 1) decodes")
    let (width, height) = PagePictures.fitted(
      scan, maxWidth: SpreadEvidence.pictureWidth, maxHeight: SpreadEvidence.pictureHeight)
    let drawn = try book.pictures.pages.spinePicture(
      page, maxWidth: SpreadEvidence.pictureWidth, maxHeight: SpreadEvidence.pictureHeight,
      edges: SpreadEvidence.edgeColumns, source: .drawn)
    return (
      SpinePicture(scan: decoded, width: width, height: height, edges: SpreadEvidence.edgeColumns),
      drawn
    )
  }

  /// How many levels differ between two pictures of the same size (nil for sizes that differ).
  static func differing(_ one: GreyImage?, _ other: GreyImage?) -> Int? {
    differences(one, other)?.count
  }

  @Test(
    "A scan's spine picture decoded and scaled down as cairo does is poppler's, pixel for pixel",
    .enabled(if: turboJPEG, "needs Debian's libturbojpeg0"),
    arguments: ["pictures/arabic-scan.pdf", "pictures/pictures-spread-rtl-cover.pdf"])
  func sameAsPoppler(fixture: String) throws {
    let book = try Self.opened(Fixture.path(fixture))
    for page in 0..<book.pictures.pageCount {
      let (decoded, drawn) = try Self.bothWays(book, page)
      #expect(Self.differing(decoded?.grey, drawn.grey) == 0, "page \(page + 1)")
      #expect(decoded?.grey.pixels.contains { $0 < 200 } == true, "page \(page + 1) drawn")
      #expect(drawn.colours == nil && decoded?.colours == nil, "page \(page + 1) is grey")
    }
  }

  /// A colour scan's colour spaces, each with the most its grey levels may differ from
  /// poppler's picture: `/DeviceRGB` and Pillow's sRGB profile (poppler's own display
  /// profile) none; Ghostscript's Adobe RGB (1998) profile, which phones and cameras write
  /// too, a few (measured 3): pdfbind decodes it without the profile, poppler draws through it.
  static let colourSpaces: [(python: String, largest: Int)] = [
    ("Name.DeviceRGB", 0),
    ("profiled(ImageCms.ImageCmsProfile(ImageCms.createProfile('sRGB')).tobytes())", 0),
    ("profiled(open('/usr/share/color/icc/ghostscript/a98.icc', 'rb').read())", 4),
  ]

  @Test(
    "A scan in colour: grey levels and colour strips as poppler's, a few levels off with a profile",
    .enabled(if: turboJPEG, "needs Debian's libturbojpeg0"), arguments: colourSpaces)
  func colourScan(colourSpace: String, largest: Int) throws {
    let path = try ScanVariant.make(
      "colour",
      """
      import io
      from PIL import Image, ImageCms, ImageOps
      grey = Image.open(io.BytesIO(image.read_raw_bytes()))
      out = io.BytesIO()
      ImageOps.colorize(grey, black="#203080", white="#f0e0a0").save(out, "JPEG", quality=90)
      image.write(out.getvalue(), filter=Name.DCTDecode)
      profiled = lambda icc: Array([Name.ICCBased, pdf.make_stream(icc, Dictionary(N=3))])
      image.ColorSpace = \(colourSpace)
      """, in: try Fixture.temporaryDirectory())
    let book = try Self.opened(path)
    #expect(book.document.wholePageScan(0)?.inColour == true)
    let (decoded, drawn) = try Self.bothWays(book, 0)
    #expect(drawn.colours != nil)
    #expect(decoded?.grey.pixels.contains { $0 < 200 } == true, "drawn")
    let grey = try #require(Self.differences(decoded?.grey, drawn.grey))
    #expect(grey.largest <= largest, "\(grey.count) levels differ")
    let strips = [(\OpponentColours.redGreen, "red-green"), (\.yellowBlue, "yellow-blue")]
    for (strip, name) in strips {
      let colour = try #require(
        Self.differences(decoded?.colours?[keyPath: strip], drawn.colours?[keyPath: strip]))
      #expect(colour.largest <= largest * 2, "\(colour.count) levels of \(name) differ")
    }
  }

  /// How many levels differ between two pictures of the same size, and by how much at most
  /// (nil for sizes that differ).
  static func differences(_ one: GreyImage?, _ other: GreyImage?) -> (count: Int, largest: Int)? {
    guard let one, let other, one.width == other.width, one.height == other.height else {
      return nil
    }
    let each = zip(one.pixels, other.pixels).map { abs(Int($0) - Int($1)) }
    return (each.filter { $0 != 0 }.count, each.max() ?? 0)
  }

  @Test("The content of a page that draws one image, and what is anything else")
  func contentOfOneImage() {
    func parse(_ text: String) -> (name: String, matrix: [Double])? {
      Array(text.utf8).withUnsafeBytes { bytes in
        ContentOfOneImage.parse(bytes).map { (String(decoding: $0.name, as: UTF8.self), $0.matrix) }
      }
    }
    let img2pdf = parse("q\n388.0800 0 0 574.8000 0.0000 0.0000 cm\n/Im0 Do\nQ")
    #expect(img2pdf?.name == "Im0")
    #expect(img2pdf?.matrix == [388.08, 0, 0, 574.8, 0, 0])
    #expect(parse("612 0 0 792 0 0 cm /X1 Do")?.matrix == [612, 0, 0, 792, 0, 0])
    #expect(parse("q q 612 0 0 792 0 0 cm /X1 Do Q Q")?.name == "X1")
    for other in [
      "q 612 0 0 792 0 0 cm /X1 Do",  // unbalanced
      "q 612 0 0 792 0 0 cm /X1 Do Q 0 0 m 9 9 l S",  // draws more
      "q 612 0 0 792 0 0 cm /X1 Do /X2 Do Q",  // a second image
      "q 612 0 0 792 cm /X1 Do Q",  // a short matrix
      "q 612 0 0 792 0 0 cm (X1) Do Q",  // not a name
      "BT /F1 12 Tf (text) Tj ET",
      "",
    ] {
      #expect(parse(other) == nil, "\(other)")
    }
  }

  @Test(
    "Only a page that is one scan over the whole of it, upright or turned by quarters, is decoded")
  func declined() throws {
    let folder = try Fixture.temporaryDirectory()
    func scan(_ name: String, _ change: String) throws -> WholePageScan? {
      try Self.opened(try ScanVariant.make(name, change, in: folder)).document.wholePageScan(0)
    }
    let plain = try #require(try scan("plain", "pass"))
    #expect(plain.width == 720 && plain.height == 1080 && !plain.inColour)
    #expect(Array(plain.data.prefix(2)) == [0xFF, 0xD8], "a JPEG file, as stored")
    // Encrypted, the data qpdf gives is decrypted: the same JPEG.
    #expect(try scan("encrypted", "pass")?.data == plain.data)
    // Turned by quarters, the scan is decoded and its picture turned; by anything else (or by
    // a real number, which poppler reads its own way), poppler draws it.
    for (degrees, turns) in [(90, 1), (180, 2), (270, 3), (-90, 3), (450, 1), (360, 0)] {
      let turned = try scan("turned\(degrees)", "page.Rotate = \(degrees)")
      #expect(turned?.quarterTurns == turns, "/Rotate \(degrees)")
      #expect(turned?.shownSize.width == (turns % 2 == 0 ? plain.pageWidth : plain.pageHeight))
    }
    let declined = [
      "turned-45": "page.Rotate = 45",
      "turned-real": "page.Rotate = pikepdf.Object.parse(b'90.0')",
      "cropped": "page.CropBox = Array([10, 10, page.MediaBox[2] - 10, page.MediaBox[3] - 10])",
      "annotated": """
      page.Annots = pdf.make_indirect(Array([Dictionary(Type=Name.Annot, Subtype=Name.Square, \
      Rect=Array([10, 10, 50, 50]))]))
      """,
      "more-content":
        "page.Contents = pdf.make_stream(page.Contents.read_bytes() + b' 0 0 m 9 9 l S')",
      "half-size": "page.Contents = pdf.make_stream(b'q 100 0 0 100 0 0 cm /Im0 Do Q')",
      "inverted": "image.Decode = Array([1, 0])",
      "masked": "image.Mask = Array([0, 10])",
      "flate-too": "image.Filter = Array([Name.FlateDecode, Name.DCTDecode])",
      // A grey profile's tone curve moves every level, and CMYK needs more than a decoder.
      "grey-profile":
        "image.ColorSpace = Array([Name.ICCBased, pdf.make_stream(b'icc', Dictionary(N=1))])",
      "cmyk-profile":
        "image.ColorSpace = Array([Name.ICCBased, pdf.make_stream(b'icc', Dictionary(N=4))])",
      "profile-no-stream": "image.ColorSpace = Array([Name.ICCBased, Dictionary(N=3)])",
      // Three components whose profile's header says Lab, not RGB.
      "lab-profile": """
      image.ColorSpace = Array([Name.ICCBased, pdf.make_stream(bytes(16) + b'Lab ' + bytes(108), \
      Dictionary(N=3))])
      """,
    ]
    for (name, change) in declined {
      #expect(try scan(name, change) == nil, "\(name)")
    }
    // An RGB profile is decoded as RGB (`scanChannels`), its transform left out.
    let profiled = try #require(
      try scan(
        "rgb-profile",
        """
        image.ColorSpace = Array([Name.ICCBased, pdf.make_stream(bytes(16) + b'RGB ' + bytes(108), \
        Dictionary(N=3))])
        """))
    #expect(profiled.inColour)
    // Declared in colour but grey in the JPEG: qpdf's reading passes, the decoder refuses.
    let mislabelled = try #require(try scan("mislabelled", "image.ColorSpace = Name.DeviceRGB"))
    if Self.turboJPEG {
      let decoder = ScanDecoder()
      #expect(decoder.decode(mislabelled, budget: PagePictures.largestDecodedScan) == nil)
      let grey = WholePageScan(
        data: mislabelled.data, encoding: .jpeg, width: mislabelled.width,
        height: mislabelled.height, inColour: false, pageWidth: mislabelled.pageWidth,
        pageHeight: mislabelled.pageHeight)
      let whole = try #require(decoder.decode(grey, budget: PagePictures.largestDecodedScan))
      // Beyond the decoder's budget a JPEG is decoded at the least reduction that fits (as a
      // photograph over 50 megapixels is): at half its size, libjpeg's picture within a few
      // levels of the whole one's means of 2×2 pixels; at an eighth; below that not at all.
      let half = try #require(decoder.decode(grey, budget: grey.width * grey.height - 1))
      #expect(half.width == (grey.width + 1) / 2 && half.height == (grey.height + 1) / 2)
      var difference = 0
      for y in 0..<grey.height / 2 {
        for x in 0..<grey.width / 2 {
          let means = [0, 1, grey.width, grey.width + 1].reduce(0) {
            $0 + Int(whole.pixels[2 * y * grey.width + 2 * x + $1])
          }
          difference += abs(means / 4 - Int(half.pixels[y * half.width + x]))
        }
      }
      let meanDifference = Double(difference) / Double(grey.width / 2 * (grey.height / 2))
      #expect(meanDifference < 3, "\(meanDifference) levels apart on average")
      let eighthSize = ((grey.width + 7) / 8) * ((grey.height + 7) / 8)
      #expect(decoder.decode(grey, budget: eighthSize)?.width == (grey.width + 7) / 8)
      // Under an eighth, and a dictionary whose size overflows: refused, unread.
      #expect(decoder.decode(grey, budget: eighthSize - 1)?.width == nil)
      let huge = WholePageScan(
        data: grey.data, encoding: .jpeg, width: Int.max / 2, height: 4, inColour: true,
        pageWidth: grey.pageWidth, pageHeight: grey.pageHeight)
      #expect(decoder.decode(huge, budget: PagePictures.largestDecodedScan)?.width == nil)
    }
  }
}
