import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Blank margins are not a smooth picture (SPEC: "blank or flat margins ... decide nothing"),
/// nor are two pages of print whose edges run on either way or whose lines meet row for row.
/// The pages are drawn as `suggest` draws them for double-page pictures (200 pixels wide, only
/// the 16 columns at each side).
@Suite("Spread detector: blank margins and pages of print")
struct SpreadMarginTests {
  /// Two scanned text pages of different books. Their margins hold a few features (a tilted
  /// page's corners, the lid's shadow) and levels that fall smoothly with the light, so they
  /// once joined as a smooth picture: one of the 16 wrong joins that
  /// bench/suggest/seams/cross.sh found in 300,000 pairs of pages of different books.
  @Test("The scanned margins of two books' text pages do not join")
  func scannedMargins() throws {
    let joins = try Self.joins("russian-2-page-4.pgm", "hebrew-5-page-9.pgm") {
      // The pages do reach the smooth rule: without its clauses for a picture's structure and
      // spread (blank margins vary little in level too), it joins them.
      $0.thresholds.smoothStructure = 0
      $0.thresholds.pictureSpread = 0
    }
    #expect(joins.asItIs.isEmpty)
    #expect(joins.loosened.map(\.direction) == [.leftToRight])
    #expect(joins.loosened.map(\.rule) == [.smoothSeam])
  }

  /// Issue 40, SuggestRules 55: two pages of a real French book of 1893 (the real bench's
  /// `n59-latin-kovalewsky-1`, a Gallica scan cropped close to the print) at half their
  /// pixels. Their edges' levels run on right to left (3 of 3 features, continuity 0.75),
  /// but left to right nearly as well (0.41 to 0.48): two pages of print, not one picture.
  @Test("Pages of print whose edges run on both ways do not join as a smooth picture")
  func printRunningOnBothWays() throws {
    let joins = try Self.joins("kovalewsky-half-page-1.pgm", "kovalewsky-half-page-2.pgm") {
      // Under the limit before SuggestRules 55 the smooth rule joined them, right to left.
      // Their edges vary as print does (6.9 levels), so since SuggestRules 56 the picture's
      // spread holds them apart as well.
      $0.thresholds.smoothReverseContinuity = 0.5
      $0.thresholds.pictureSpread = 0
    }
    #expect(joins.asItIs.isEmpty)
    #expect(joins.loosened.map(\.direction) == [.rightToLeft])
    #expect(joins.loosened.map(\.rule) == [.smoothSeam])
  }

  /// Issue 40, SuggestRules 56: two pages of a real pamphlet of 1589 (the real bench's
  /// `n59-latin-fauxvisage-1` 3|4 in grey, a scan cropped close to the print), whose lines of
  /// text meet row for row across the spine. Left to right their edges run on (4 of 5
  /// features, continuity 0.65; profiles 0.75) and the other way not, but they vary in level
  /// only as print does (8.2 levels): two pages of print, not one picture.
  @Test("Pages of print whose lines meet row for row do not join")
  func printMeetingRowForRow() throws {
    let pair = ("fauxvisage-grey-page-3.pgm", "fauxvisage-grey-page-4.pgm")
    // Before SuggestRules 56 the smooth rule joined them, left to right...
    let smooth = try Self.joins(pair.0, pair.1) { $0.thresholds.pictureSpread = 0 }
    #expect(smooth.asItIs.isEmpty)
    #expect(smooth.loosened.map(\.direction) == [.leftToRight])
    #expect(smooth.loosened.map(\.rule) == [.smoothSeam])
    // ... and with that rule held, a plain seam's profiles did.
    let plain = try Self.joins(pair.0, pair.1) { $0.plainSeams.profileSpread = 4 }
    #expect(plain.loosened.map(\.direction) == [.leftToRight])
    #expect(plain.loosened.map(\.rule) == [.plainSeam])
  }

  /// What the detector joins of two pages of `Fixtures/edges/`, side by side: as it is, and
  /// with the limits `loosen` changes.
  static func joins(
    _ first: String, _ second: String, loosen: (inout SpreadDetector) -> Void
  ) throws -> (asItIs: [SpineJoin], loosened: [SpineJoin]) {
    let pages = [try page(first), try page(second)]
    var loosened = SpreadDetector()
    loosen(&loosened)
    return (SpreadDetector().joins(pages), loosened.joins(pages))
  }

  /// A page of `Fixtures/edges/`: its two edge strips (16 columns each) in a PGM, put back on
  /// a white page of the width the file's comment gives.
  static func page(_ name: String) throws -> GreyImage {
    let bytes = [UInt8](try Fixture.bytes("edges/" + name))
    var lines: [String] = []
    var start = 0
    while lines.count < 4, let end = bytes[start...].firstIndex(of: 0x0A) {
      lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
      start = end + 1
    }
    // "# edge strips of a WxH page: ...", then "32 H".
    let pageSize = try #require(
      lines[1].split(separator: " ").first { $0.first?.isNumber == true && $0.contains("x") }
    ).split(separator: "x").compactMap { Int($0) }
    let stripSize = lines[2].split(separator: " ").compactMap { Int($0) }
    try #require(lines[0] == "P5" && pageSize.count == 2 && stripSize.count == 2)
    let (width, height, strip) = (pageSize[0], pageSize[1], stripSize[0] / 2)
    try #require(stripSize[1] == height && bytes.count - start >= 2 * strip * height)
    var pixels = [UInt8](repeating: 255, count: width * height)
    for row in 0..<height {
      for column in 0..<strip {
        pixels[row * width + column] = bytes[start + row * 2 * strip + column]
        pixels[row * width + width - strip + column] =
          bytes[start + row * 2 * strip + strip + column]
      }
    }
    return GreyImage(width: width, height: height, pixels: pixels)
  }
}
