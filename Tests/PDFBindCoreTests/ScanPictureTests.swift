import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// The picture the writing evidence measures and Tesseract reads (1,600 pixels a side) of a
/// page that is one JPEG scan is decoded by libjpeg-turbo and scaled as cairo scales it,
/// rather than drawn by poppler (`GreyImage(scan:)`): the same pixels, without poppler's
/// decoding and pixman's scaling.
@Suite("Whole-page scans: the writing evidence's picture decoded as poppler draws it")
struct ScanPictureTests {
  static let side = PageScriptEvidence.pictureSide

  /// Page `page`'s picture decoded from its scan (nil when `GreyImage(scan:)` declines) and
  /// as poppler draws it, and the filter's kind across.
  static func bothWays(_ path: String, page: Int) throws
    -> (decoded: GreyImage?, drawn: GreyImage, kind: CairoGoodFilter.Kind?)
  {
    let book = try WholePageScanTests.opened(path)
    let scan = try #require(book.document.wholePageScan(page), "page \(page + 1) is one JPEG")
    let decoded = try #require(
      ScanDecoder().decode(scan, budget: PagePictures.largestDecodedScan))
    let (width, height) = PagePictures.fitted(scan, maxWidth: side, maxHeight: side)
    let document = try PopplerDocument(path: FilePath(path), password: nil)
    let lying = Turning.lying(width: width, height: height, quarterTurns: scan.quarterTurns)
    let kind = CairoGoodFilter(from: scan.width, to: lying.width)?.kind
    return (
      GreyImage(scan: decoded, width: width, height: height),
      try document.greyImage(page, maxWidth: side, maxHeight: side), kind
    )
  }

  /// The fixture's scan made 2,400×3,600 (pikepdf and Pillow, for `ScanVariant`).
  static let larger = """
    import io
    from PIL import Image
    grey = Image.open(io.BytesIO(image.read_raw_bytes())).resize((2400, 3600))
    out = io.BytesIO()
    grey.save(out, "JPEG", quality=85)
    image.write(out.getvalue(), filter=Name.DCTDecode)
    image.Width, image.Height = 2400, 3600
    """

  @Test(
    "Scaled up (bilinear) and down (box), in grey and in colour: poppler's picture, to the pixel",
    .enabled(if: WholePageScanTests.turboJPEG, "needs Debian's libturbojpeg0"))
  func sameAsPoppler() throws {
    let folder = try Fixture.temporaryDirectory()
    // The fixture's 720×1080 scans are scaled up to 1,600 rows; at 2,400×3,600 they are
    // scaled down, by more than a third.
    let larger = Self.larger
    let colour = """
      import io
      from PIL import Image, ImageOps
      grey = Image.open(io.BytesIO(image.read_raw_bytes()))
      out = io.BytesIO()
      ImageOps.colorize(grey, black="#203080", white="#f0e0a0").save(out, "JPEG", quality=90)
      image.write(out.getvalue(), filter=Name.DCTDecode)
      image.ColorSpace = Name.DeviceRGB
      """
    let books: [(path: String, kind: CairoGoodFilter.Kind)] = [
      (Fixture.path("pictures/arabic-scan.pdf"), .bilinear),
      (Fixture.path("pictures/japanese-vertical-scan.pdf"), .bilinear),
      (try ScanVariant.make("larger", larger, in: folder), .box),
      (try ScanVariant.make("colour", colour, in: folder), .bilinear),
      (try ScanVariant.make("colour-larger", colour + "\n" + larger, in: folder), .box),
    ]
    for book in books {
      let (decoded, drawn, kind) = try Self.bothWays(book.path, page: 0)
      let name = FilePath(book.path).lastComponent?.string ?? book.path
      #expect(kind == book.kind, "\(name)")
      #expect(drawn.height == Self.side, "\(name)")
      #expect(WholePageScanTests.differing(decoded, drawn) == 0, "\(name)")
      #expect(drawn.pixels.contains { $0 < 100 }, "\(name): writing drawn")
    }
  }

  @Test(
    "A page shown turned by /Rotate: scaled as it lies and turned, within 2 levels of poppler",
    .enabled(if: WholePageScanTests.turboJPEG, "needs Debian's libturbojpeg0"),
    arguments: [90, 180, 270, -90])
  func turnedPage(degrees: Int) throws {
    let folder = try Fixture.temporaryDirectory()
    // Scaled up (the fixture's 720×1080) and down (at 2,400×3,600, as a phone's photograph).
    let larger = Self.larger
    let turned = "page.Rotate = \(degrees)"
    for (name, change) in [("up", turned), ("down", larger + "\n" + turned)] {
      let path = try ScanVariant.make("turned-\(name)", change, in: folder)
      let (decoded, drawn, _) = try Self.bothWays(path, page: 0)
      // Turned a quarter, the page is shown wider than high, as poppler draws it.
      #expect((drawn.width > drawn.height) == (degrees % 180 != 0), "\(name)")
      let difference = try #require(
        WholePageScanTests.differences(decoded, drawn), "\(name): the same size")
      // A turn the wrong way round differs by a hundred levels or more.
      #expect(difference.largest <= 2, "\(name): \(difference.count) levels differ")
      #expect(drawn.pixels.contains { $0 < 100 }, "\(name): writing drawn")
      // The spine pictures (edge columns of the page as shown) likewise.
      let spines = try WholePageScanTests.bothWays(WholePageScanTests.opened(path), 0)
      let spine = try #require(
        WholePageScanTests.differences(spines.decoded?.grey, spines.drawn.grey),
        "\(name): spine pictures of the same size")
      #expect(spine.largest <= 2, "\(name): \(spine.count) levels of the spine picture differ")
    }
  }

  @Test(
    "A page worker measures the same layout whether it decodes the scan or poppler draws it",
    .enabled(if: WholePageScanTests.turboJPEG, "needs Debian's libturbojpeg0"))
  func sameLayoutInWorker() throws {
    let book = try WholePageScanTests.opened(Fixture.path("pictures/arabic-two-up-scan.pdf"))
    let pages = book.pictures.pages
    for page in 0..<book.pictures.pageCount {
      #expect(try book.pictures.source(page) == .scanElseDrawn, "page \(page + 1) draws an image")
      let decoded = try pages.layout(
        page, maxWidth: Self.side, maxHeight: Self.side, source: .scanElseDrawn)
      let drawn = try pages.layout(
        page, maxWidth: Self.side, maxHeight: Self.side, source: .drawn)
      #expect(decoded == drawn, "page \(page + 1)")
    }
  }

  @Test("Scales cairo filters otherwise are left to poppler")
  func declined() {
    let scan = DecodedScan(
      width: 1_000, height: 1_000, channels: 1, pixels: [UInt8](repeating: 128, count: 1_000_000))
    // Down by more than a third one way, by less the other: cairo convolves both ways.
    #expect(GreyImage(scan: scan, width: 500, height: 900) == nil)
    // Up 4 times or more: poppler asks for no filter.
    #expect(GreyImage(scan: scan, width: 4_000, height: 4_000) == nil)
    #expect(
      GreyImage(scan: scan, width: 3_900, height: 3_900)?.pixels.allSatisfy { $0 == 128 } == true)
    #expect(GreyImage(scan: scan, width: 400, height: 400)?.pixels.allSatisfy { $0 == 128 } == true)
  }
}
