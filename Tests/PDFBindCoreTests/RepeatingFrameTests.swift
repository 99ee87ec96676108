import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// A book photographed or scanned page after page shows what surrounds each page (the table,
/// the stack of leaves, the gutter's shadow) at the spine side of every page, alternately left
/// and right, at the same rows. Those surroundings run on across the seam of two consecutive
/// pages as a plain picture does; the spine evidence takes them for no double-page picture.
/// So does it a border printed on every page (a mushaf's, a woodblock book's), whose sharp
/// bars other rules than the plain one follow across the seam.
@Suite("Spread detector: the surroundings a book repeats every two pages")
struct RepeatingFrameTests {
  let detector = SpreadDetector()

  @Test("A photographed book's surroundings join no pages, in either direction", arguments: 1...8)
  func photographedBook(seed: UInt64) {
    let pages = (0..<8).map { Optional(Self.photographedPage($0, seed: seed)) }
    #expect(detector.joins(pages).isEmpty, "seed \(seed)")
    // The pairs whose surroundings the plain and smooth rules join are told apart as the frame.
    let reasons = detector.findings(pages).map { finding -> SpineNoJoinReason? in
      guard case .failure(let none) = finding.outcome else { return nil }
      return none.reason
    }
    #expect(reasons.contains(.repeatingFrame), "seed \(seed): \(reasons)")
  }

  @Test("A plain photograph across the spine still joins among framed pages", arguments: 1...4)
  func pictureAmongFramedPages(seed: UInt64) {
    let joins = joins(of: PlainPictures.spread(seed: seed), among: Self.photographedPage)
    #expect(joins.map(\.firstPage) == [4], "seed \(seed)")
    #expect(joins.map(\.direction) == [.leftToRight], "seed \(seed)")
  }

  @Test(
    "An ornament printed on every page joins no pages, whichever rule matches it",
    arguments: 1...8)
  func ornamentedPages(seed: UInt64) {
    let pages = (0..<8).map { Optional(Self.ornamentedPage($0, seed: seed)) }
    #expect(detector.joins(pages).isEmpty, "seed \(seed)")
  }

  @Test("A picture across the spine still joins among ornamented pages", arguments: 1...4)
  func pictureAmongOrnamentedPages(seed: UInt64) {
    let joins = joins(of: SpreadPictures.spread(seed: seed), among: Self.ornamentedPage)
    #expect(joins.map(\.firstPage) == [4], "seed \(seed)")
    #expect(joins.map(\.direction) == [.leftToRight], "seed \(seed)")
  }

  /// The joins of a book of ten pages: `spread` as pages 5 and 6, and four pages of `page`
  /// (seed 9) on either side, so that each pair of them has the same side two pages away to
  /// be compared with.
  func joins(
    of spread: (left: GreyImage, right: GreyImage),
    among page: (Int, UInt64) -> GreyImage
  ) -> [SpineJoin] {
    let before = (0..<4).map { page($0, 9) }
    let after = (6..<10).map { page($0, 9) }
    return detector.joins((before + [spread.left, spread.right] + after).map { Optional($0) })
  }

  /// Page `index` of a book printed with a border at its spine side, 200×300, as a mushaf's
  /// ornamented frame or a woodblock page's ruled one: a band of 16 columns (right on even
  /// pages, left on odd ones) crossed by dark bars at rows the same on every page, sharp steps
  /// of level that any rule may follow across a seam; the text inside differs from page to page.
  static func ornamentedPage(_ index: Int, seed: UInt64) -> GreyImage {
    let width = 200
    let height = 300
    let band = 16
    var ornament = SplitMix64(seed: seed)
    var bars: [Range<Int>] = []
    var y = 12
    while y < height - 12 {
      let thickness = Int.random(in: 2...6, using: &ornament)
      bars.append(y..<(y + thickness))
      y += thickness + Int.random(in: 4...20, using: &ornament)
    }
    var text = SplitMix64(seed: seed &+ UInt64(index) &* 7_919)
    var page = GreyImage(width: width, height: height, filledWith: 215)
    for row in 0..<height {
      let dark = bars.contains { $0.contains(row) }
      for column in 0..<band {
        let x = index.isMultiple(of: 2) ? width - 1 - column : column
        page[x, row] = dark ? 40 : 150
      }
      // Lines of print inside the border, words of this page's own lengths.
      guard row > 30, row < height - 30, (row / 6).isMultiple(of: 2) else { continue }
      var x = 30
      while x < width - 30 {
        let word = Int.random(in: 6...24, using: &text)
        for column in x..<min(x + word, width - 30) { page[column, row] = 40 }
        x += word + Int.random(in: 4...8, using: &text)
      }
    }
    return page
  }

  /// Page `index` of a book photographed open on a dark table, 200×300: paper with rows of
  /// print, and at the spine side (right on even pages, left on odd ones) 24 columns of what
  /// lies beyond the page, the same on every page but for grain: the table above and below the
  /// book, and between them the stack of leaves, lighter and darker along its height (levels
  /// 70 to 110 that change gently, every 30 rows: no sharp line for the lines rule to follow).
  static func photographedPage(_ index: Int, seed: UInt64) -> GreyImage {
    let width = 200
    let height = 300
    let band = 24
    let step = 30
    var surroundings = SplitMix64(seed: seed)
    let knots = (0...(height / step + 1)).map { _ in
      Double.random(in: 70...110, using: &surroundings)
    }
    var grain = SplitMix64(seed: seed &+ UInt64(index) &* 7_919)
    var page = GreyImage(width: width, height: height, filledWith: 215)
    for y in 0..<height {
      let knot = y / step
      let along = (1 - cos(Double(y % step) / Double(step) * .pi)) / 2
      let leaves = knots[knot] * (1 - along) + knots[knot + 1] * along
      let beyond = y < 24 || y >= height - 24 ? 30 : leaves
      for column in 0..<band {
        let x = index.isMultiple(of: 2) ? width - 1 - column : column
        page[x, y] = UInt8(clamping: Int(beyond) + Int.random(in: -3...3, using: &grain))
      }
      // Rows of print on the paper.
      guard y > 40, y < height - 40, (y / 6).isMultiple(of: 2) else { continue }
      for x in stride(from: 40, to: width - 40, by: 3) { page[x, y] = 40 }
    }
    return page
  }
}
