import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Pages that are one image of rows compressed with Flate (as img2pdf stores a PNG, with
/// PNG's predictor) are decoded by pdfbind with zlib (`ScanDecoder`), as JPEG scans are:
/// poppler's picture, to the level, and anything else left to poppler.
@Suite("Whole-page scans stored as Flate rows: decoded as poppler draws them")
struct FlateScanTests {
  /// The fixture's JPEG scan as `rows` (Pillow's image, `grey` or `colour`), written again
  /// as Flate: `img2pdf(rows)` as img2pdf stores a PNG (its IDAT data, each row led by the
  /// PNG filter Pillow chose for it: Sub, Up and Paeth), `everyFilter(rows)` with the five PNG
  /// filters in turn, row after row, `plain(rows)` unpredicted.
  static let flateScan = """
    import io, zlib, img2pdf
    from PIL import Image, ImageCms, ImageOps
    grey = Image.open(io.BytesIO(image.read_raw_bytes()))
    colour = ImageOps.colorize(grey, black="#203080", white="#f0e0a0")
    space = lambda rows: Name.DeviceRGB if rows.mode == "RGB" else Name.DeviceGray
    def img2pdf_(rows):
        png = io.BytesIO()
        rows.save(png, "PNG")
        made = pikepdf.open(io.BytesIO(img2pdf.convert(png.getvalue())))
        (stored,) = made.pages[0].Resources.XObject.values()
        image.write(stored.read_raw_bytes(), filter=Name(str(stored.Filter)),
            decode_parms=Dictionary({key: int(value) for key, value in stored.DecodeParms.items()}))
        image.ColorSpace = Name(str(stored.ColorSpace))
    def paeth(a, b, c):
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else (b if pb <= pc else c)
    def everyFilter(rows):
        channels = len(rows.getbands())
        raw, stride = rows.tobytes(), rows.width * channels
        above, out = bytes(stride), bytearray()
        for row in range(rows.height):
            line = raw[row * stride:(row + 1) * stride]
            left = bytes(channels) + line[:-channels]
            upLeft = bytes(channels) + above[:-channels]
            kind = row % 5
            predicted = [bytes(stride), left, above, bytes((a + b) >> 1 for a, b in zip(left, above)),
                bytes(paeth(a, b, c) for a, b, c in zip(left, above, upLeft))][kind]
            out += bytes([kind]) + bytes((x - p) & 255 for x, p in zip(line, predicted))
            above = line
        image.write(zlib.compress(bytes(out)), filter=Name.FlateDecode, decode_parms=Dictionary(
            Predictor=15, Colors=channels, BitsPerComponent=8, Columns=rows.width))
        image.ColorSpace = space(rows)
    def plain(rows):
        image.write(zlib.compress(rows.tobytes()), filter=Name.FlateDecode)
        image.ColorSpace = space(rows)
    profiled = lambda icc: Array([Name.ICCBased, pdf.make_stream(icc, Dictionary(N=3))])
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()

    """

  @Test(
    "A scan stored as Flate rows is decoded by pdfbind: poppler's picture, to the level",
    arguments: [
      ("img2pdf_(grey)", true), ("img2pdf_(colour)", true), ("everyFilter(grey)", true),
      ("everyFilter(colour)", true), ("plain(grey)", false), ("plain(colour)", false),
      ("img2pdf_(colour); image.ColorSpace = profiled(srgb)", true),
    ])
  func flateScan(change: String, pngPredicted: Bool) throws {
    let path = try ScanVariant.make(
      "flate", Self.flateScan + change, in: try Fixture.temporaryDirectory())
    let book = try WholePageScanTests.opened(path)
    let scan = try #require(book.document.wholePageScan(0))
    #expect(scan.encoding == .flate(pngPredicted: pngPredicted))
    #expect(scan.inColour == change.contains("colour"))
    let (decoded, drawn) = try WholePageScanTests.bothWays(book, 0)
    #expect(decoded?.grey.pixels.contains { $0 < 200 } == true, "drawn")
    #expect(WholePageScanTests.differing(decoded?.grey, drawn.grey) == 0)
    #expect((drawn.colours != nil) == scan.inColour)
    if scan.inColour {
      #expect(
        WholePageScanTests.differing(decoded?.colours?.redGreen, drawn.colours?.redGreen) == 0)
      #expect(
        WholePageScanTests.differing(decoded?.colours?.yellowBlue, drawn.colours?.yellowBlue) == 0)
    }
  }

  @Test("Flate rows a decoder alone cannot draw as poppler would are left to poppler")
  func flateDeclined() throws {
    let folder = try Fixture.temporaryDirectory()
    func scan(_ name: String, _ change: String) throws -> WholePageScan? {
      try WholePageScanTests.opened(try ScanVariant.make(name, Self.flateScan + change, in: folder))
        .document.wholePageScan(0)
    }
    let declined = [
      // TIFF's predictor, and PNG's whose parameters do not match the image.
      "tiff-predictor": "plain(grey); image.DecodeParms = Dictionary(Predictor=2, Columns=720)",
      "other-colours": "img2pdf_(grey); image.DecodeParms.Colors = 3",
      "other-columns": "img2pdf_(grey); image.DecodeParms.Columns = 719",
      "other-bits": "img2pdf_(grey); image.DecodeParms.BitsPerComponent = 16",
      "sixteen-bits": "plain(grey); image.BitsPerComponent = 16",
      "two-filters": """
      image.write(b'x', filter=[Name.ASCIIHexDecode, Name.FlateDecode]);       image.ColorSpace = Name.DeviceGray
      """,
    ]
    for (name, change) in declined {
      #expect(try scan(name, change) == nil, "\(name)")
    }
    // Found, but the stream ends before the rows do, or is not zlib's: the decoder refuses
    // and poppler draws. What follows the rows is not read (poppler reads no further).
    let decoder = ScanDecoder()
    let budget = PagePictures.largestDecodedScan
    let short = try #require(try scan("short", "plain(grey.crop((0, 0, 720, 1079)))"))
    #expect(decoder.decode(short, budget: budget) == nil)
    let garbled = try #require(
      try scan("garbled", "image.write(b'garbled', filter=Name.FlateDecode)"))
    #expect(decoder.decode(garbled, budget: budget) == nil)
    let longer = try #require(
      try scan(
        "longer", "image.write(zlib.compress(grey.tobytes() + bytes(720)), filter=Name.FlateDecode)"
      ))
    #expect(decoder.decode(longer, budget: budget)?.width == 720)
  }
}
