import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore

/// Pages that are one JPEG scan and nothing else have their spine pictures decoded by
/// libjpeg-turbo at a reduced scale rather than drawn by poppler (`PagePictures`): the same
/// picture at a fraction of the cost, and every other page left to poppler.
@Suite("Whole-page scans: decoded small, as poppler draws them")
struct WholePageScanTests {
  static let turboJPEG = TurboJPEGLibrary.shared != nil

  /// The fixture's pages as `suggest` opens them.
  static func pictures(_ path: String) throws -> PagePictures {
    let (document, _) = try OpenedFile(path: FilePath(path), password: nil).qpdfRead()
    let poppler = try #require(try PopplerDocument.openForText(path: FilePath(path), password: nil))
    return PagePictures(drawnBy: poppler, sizesFrom: document)
  }

  static func spine(_ pictures: PagePictures, _ page: Int, decoder: JPEGDecoder?) throws
    -> SpinePicture
  {
    try pictures.spinePicture(
      page, maxWidth: SpreadEvidence.pictureWidth, maxHeight: SpreadEvidence.pictureHeight,
      edges: SpreadEvidence.edgeColumns, decoder: decoder)
  }

  /// The mean and largest difference of two pictures' levels, over the edge columns drawn.
  static func difference(_ one: GreyImage, _ other: GreyImage) -> (mean: Double, largest: Int) {
    var total = 0
    var largest = 0
    var count = 0
    for y in 0..<one.height {
      for x in Array(0..<16) + Array((one.width - 16)..<one.width) {
        let difference = abs(Int(one[x, y]) - Int(other[x, y]))
        total += difference
        largest = max(largest, difference)
        count += 1
      }
    }
    return (Double(total) / Double(count), largest)
  }

  @Test(
    "A scan's spine picture decoded and averaged down is the one poppler draws, to the level",
    .enabled(if: turboJPEG, "needs Debian's libturbojpeg0"),
    arguments: ["pictures/arabic-scan.pdf", "pictures/pictures-spread-rtl-cover.pdf"])
  func sameAsPoppler(fixture: String) throws {
    let pictures = try Self.pictures(Fixture.path(fixture))
    let decoder = try #require(JPEGDecoder())
    for page in 0..<pictures.pageCount {
      let scan = try #require(pictures.scans?.wholePageJPEG(page), "page \(page + 1) is one JPEG")
      let whole = try #require(
        decoder.decode(scan, atLeast: 200, 300, budget: PagePictures.largestDecodedJPEG))
      #expect(whole.width == scan.width && whole.height == scan.height)
      let decoded = try Self.spine(pictures, page, decoder: decoder)
      let drawn = try Self.spine(pictures, page, decoder: nil)
      #expect(decoded.grey.width == drawn.grey.width && decoded.grey.height == drawn.grey.height)
      let grey = Self.difference(decoded.grey, drawn.grey)
      #expect(grey.mean < 0.1 && grey.largest <= 2, "page \(page + 1): \(grey)")
      #expect(decoded.colours == nil && drawn.colours == nil, "page \(page + 1) is grey")
    }
  }

  @Test(
    "A scan in colour: its colour strips come out as poppler's; smaller, within a few levels",
    .enabled(if: turboJPEG, "needs Debian's libturbojpeg0"))
  func colourScan() throws {
    let path = try Self.variant(
      "colour",
      """
      import io
      from PIL import Image, ImageOps
      grey = Image.open(io.BytesIO(image.read_raw_bytes()))
      out = io.BytesIO()
      ImageOps.colorize(grey, black="#203080", white="#f0e0a0").save(out, "JPEG", quality=90)
      image.write(out.getvalue(), filter=Name.DCTDecode)
      image.ColorSpace = Name.DeviceRGB
      """, in: try Fixture.temporaryDirectory())
    let pictures = try Self.pictures(path)
    let scan = try #require(pictures.scans?.wholePageJPEG(0))
    #expect(scan.inColour)
    let decoded = try Self.spine(pictures, 0, decoder: try #require(JPEGDecoder()))
    let drawn = try Self.spine(pictures, 0, decoder: nil)
    let colours = try #require(decoded.colours)
    let popplers = try #require(drawn.colours)
    for (mine, theirs) in [
      (decoded.grey, drawn.grey), (colours.redGreen, popplers.redGreen),
      (colours.yellowBlue, popplers.yellowBlue),
    ] {
      #expect(mine.pixels.count == theirs.pixels.count)
      let difference = Self.difference(mine, theirs)
      #expect(difference.mean < 0.1 && difference.largest <= 2, "\(difference)")
    }
    // Decoded at a quarter of its size (a scan too large to decode whole): smoother, close.
    let decoder = try #require(JPEGDecoder())
    let quarter = try #require(decoder.decode(scan, atLeast: 150, 250, budget: 200 * 300 * 3))
    #expect(quarter.width == 180 && quarter.height == 270)
    let small = SpinePicture(
      scan: quarter, width: drawn.grey.width, height: drawn.grey.height,
      edges: SpreadEvidence.edgeColumns)
    let difference = Self.difference(small.grey, drawn.grey)
    #expect(difference.mean < 3, "\(difference)")
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

  /// Page 1 of a scan fixture, written again by pikepdf after `change` (Python, on `page`,
  /// `image` and `pdf`), to `name` in `folder`.
  static func variant(_ name: String, _ change: String, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent(name + ".pdf").path
    let script = """
      import sys, pikepdf
      from pikepdf import Name, Array, Dictionary
      pdf = pikepdf.open(sys.argv[1])
      del pdf.pages[1:]
      page = pdf.pages[0]
      image = page.Resources.XObject.Im0
      \(change)
      encryption = pikepdf.Encryption(owner="owner", user="") if "\(name)" == "encrypted" else None
      pdf.save(sys.argv[2], encryption=encryption)
      """
    let result = try IndependentReaders.runPython(
      script, Fixture.path("pictures/arabic-scan.pdf"), path)
    try #require(result.status == 0, "\(result.err)")
    return path
  }

  @Test(
    "Only a page that is one upright JPEG over the whole of it is decoded; poppler draws the rest")
  func declined() throws {
    let folder = try Fixture.temporaryDirectory()
    func scan(_ name: String, _ change: String) throws -> WholePageJPEG? {
      try Self.pictures(try Self.variant(name, change, in: folder)).scans?.wholePageJPEG(0)
    }
    let plain = try #require(try scan("plain", "pass"))
    #expect(plain.width == 720 && plain.height == 1080 && !plain.inColour)
    #expect(Array(plain.data.prefix(2)) == [0xFF, 0xD8], "a JPEG file, as stored")
    // Encrypted, the data qpdf gives is decrypted: the same JPEG.
    #expect(try scan("encrypted", "pass")?.data == plain.data)
    let declined = [
      "rotated": "page.Rotate = 90",
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
    ]
    for (name, change) in declined {
      #expect(try scan(name, change) == nil, "\(name)")
    }
    // Declared in colour but grey in the JPEG: qpdf's reading passes, the decoder refuses.
    let mislabelled = try #require(try scan("mislabelled", "image.ColorSpace = Name.DeviceRGB"))
    if let decoder = JPEGDecoder() {
      #expect(decoder.decode(mislabelled, atLeast: 200, 300, budget: 1 << 30) == nil)
    }
  }
}
