import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// A scanner's dark border around every page of a book lies above and below each page at the
/// same rows. The spine evidence reads each edge from where the page begins, so the border's
/// rise into paper joins no pages, whichever side of the border is the wider; a picture that
/// crosses the spine inside the border still joins.
@Suite("Scanner borders above and below the page")
struct SurroundRowsTests {
  let detector = SpreadDetector()

  /// `page` inside a dark border (level 30, a little uneven as a scan is) of the given
  /// widths: the real bench's `transform_books.py border` is 5% and 3% of the width, 4% and
  /// 6% of the height.
  static func bordered(
    _ page: GreyImage, left: Int, right: Int, top: Int, bottom: Int
  ) -> GreyImage {
    let width = page.width + left + right
    let height = page.height + top + bottom
    var framed = GreyImage(width: width, height: height, filledWith: 0)
    for y in 0..<height {
      for x in 0..<width {
        let inside =
          (left..<(left + page.width)).contains(x) && (top..<(top + page.height)).contains(y)
        framed[x, y] = inside ? page[x - left, y - top] : 30 &+ UInt8((x * 7 + y * 13) % 5)
      }
    }
    return framed
  }

  /// A sheet as an archive photographs it: paper lit on its own, unevenly, with grain, and
  /// the dark table beyond its outer side (the real bench's will, `p29-hand-poilus-will-1`,
  /// pages 3 and 4, whose spine-side edges are plain paper).
  static func sheet(seed: UInt64, tableAtLeft: Bool) -> GreyImage {
    var random = SplitMix64(seed: seed)
    let paper = Double.random(in: 170...205, using: &random)
    let light = (
      depth: Double.random(in: 2...6, using: &random),
      phase: Double.random(in: 0...(2 * Double.pi), using: &random)
    )
    let grain = (0..<(200 * 300)).map { _ in Double.random(in: -3...3, using: &random) }
    return PlainPictures.page { x, y in
      if tableAtLeft ? x < 8 : x >= 192 { return 15 }
      return paper + light.depth * sin(Double(y) / 40 + light.phase) + grain[y * 200 + x]
    }
  }

  @Test(
    "Unrelated sheets inside one border join nothing, however the border lies",
    arguments: 1...12)
  func unrelatedSheetsInABorder(seed: UInt64) {
    // The table beyond the outer sides: the spine-side edges are the sheets' own paper.
    let first = Self.sheet(seed: seed, tableAtLeft: true)
    let second = Self.sheet(seed: seed + 1_000, tableAtLeft: false)
    for (left, right) in [(10, 6), (6, 10)] {
      let pages = [first, second].map {
        Self.bordered($0, left: left, right: right, top: 12, bottom: 18)
      }
      // Found past the band `ScannerBand` cuts at the spine side, as `SpinePicture` does.
      for page in pages {
        let cut = ScannerBand.cut(from: page, colours: nil).grey
        #expect(cut.width < page.width, "seed \(seed): a band cut at one side")
        #expect(
          SurroundRows.height(cut, end: .top) == 12 && SurroundRows.height(cut, end: .bottom) == 18,
          "seed \(seed)")
      }
      #expect(detector.joins(pages).isEmpty, "seed \(seed), border \(left) and \(right)")
      #expect(detector.joins(pages.reversed()).isEmpty, "seed \(seed), the other way round")
    }
  }

  /// A leaf as a manuscript library photographs it: on a dark ground that shows beyond its
  /// outer side, above and below it, with the leaf's shadow dark along its foot (the
  /// right-to-left probe's Persian manuscript, `aocp` `mss_rbsc_ms_bw_ivanow_0157-1`, whose
  /// ground is 3% of the rows above the leaf and 6% below).
  static func photographedLeaf(seed: UInt64, groundAtLeft: Bool) -> GreyImage {
    let leaf = sheet(seed: seed, tableAtLeft: groundAtLeft)
    var random = SplitMix64(seed: seed &+ 77)
    let ground = (0..<(200 * 300)).map { _ in 44 + Double.random(in: -5...5, using: &random) }
    return PlainPictures.page { x, y in
      let outer = groundAtLeft ? x < 8 : x >= 192
      if outer || y < 9 || y >= 282 { return ground[y * 200 + x] }
      return y >= 278 ? 10 : Double(leaf[x, y])
    }
  }

  @Test(
    "Leaves photographed on a dark ground join nothing inside the border",
    arguments: 1...12)
  func photographedLeavesInABorder(seed: UInt64) {
    let first = Self.photographedLeaf(seed: seed, groundAtLeft: true)
    let second = Self.photographedLeaf(seed: seed + 1_000, groundAtLeft: false)
    for (left, right) in [(8, 6), (6, 8)] {
      let leaves = [first, second].map {
        Self.bordered($0, left: left, right: right, top: 12, bottom: 18)
      }
      // The leaves face each other past the bands cut at the spine side; below them the
      // ground and the border's foot lie together over 36 of 330 rows, 11% of the height.
      for page in leaves {
        let cut = ScannerBand.cut(from: page, colours: nil).grey
        #expect(cut.width < page.width, "seed \(seed): a band cut at one side")
        #expect(SurroundRows.height(cut, end: .bottom) >= 36, "seed \(seed)")
      }
      #expect(detector.joins(leaves).isEmpty, "seed \(seed), border \(left) and \(right)")
    }
  }

  @Test(
    "A double-page picture inside the border still joins, in reading order",
    arguments: [2, 7, 8] as [UInt64])
  func pictureInsideTheBorder(seed: UInt64) {
    let (left, right) = SpreadPictures.spread(seed: seed, damage: .jpegNoise)
    // The border beyond each page's outer side, above and below: none at the spine.
    let leftPage = Self.bordered(left, left: 10, right: 0, top: 12, bottom: 18)
    let rightPage = Self.bordered(right, left: 0, right: 6, top: 12, bottom: 18)
    #expect(detector.joins([leftPage, rightPage]).map(\.direction) == [.leftToRight])
    #expect(detector.joins([rightPage, leftPage]).map(\.direction) == [.rightToLeft])
  }

  @Test("Paper, a dark picture reaching far into the page and paper at one edge are no border")
  func notBorders() {
    let page = SpreadPictures.natural(width: 200, height: 300, seed: 11)
    #expect(SurroundRows.height(page, end: .top) == 0)
    #expect(SurroundRows.height(page, end: .bottom) == 0)
    // Dark over 15% of the height (60 of 360 rows): the picture's own (a night sky bled to
    // the edge).
    #expect(
      SurroundRows.height(
        Self.bordered(page, left: 0, right: 0, top: 60, bottom: 0), end: .top) == 0)
    // Dark rows the page beyond does not differ from clearly.
    let dark = GreyImage(width: 200, height: 300, filledWith: 55)
    #expect(
      SurroundRows.height(Self.bordered(dark, left: 0, right: 0, top: 0, bottom: 12), end: .bottom)
        == 0)
    // Paper at one edge: the page has begun there (a sheet's corner reaching into the
    // border), and what follows is read as it is.
    var corner = Self.bordered(page, left: 0, right: 0, top: 12, bottom: 0)
    for y in 0..<12 {
      for x in 194..<200 { corner[x, y] = 250 }
    }
    #expect(SurroundRows.height(corner, end: .top) == 0)
  }

  @Test("The border's rows take the page's first row, in grey and in the colour strips alike")
  func rowsHeld() throws {
    let page = SpreadPictures.natural(width: 200, height: 300, seed: 5)
    let framed = Self.bordered(page, left: 0, right: 0, top: 9, bottom: 7)
    let strips = framed.columns(0..<16, 184..<200)
    let picture = SpinePicture(
      grey: framed, colours: OpponentColours(redGreen: strips, yellowBlue: strips))
    // The border's rows and the blended row after them hold the row past it.
    for y in 0...9 { #expect(picture.grey[3, y] == framed[3, 10], "row \(y)") }
    for y in 308...315 { #expect(picture.grey[196, y] == framed[196, 307], "row \(y)") }
    #expect(picture.grey[3, 150] == framed[3, 150])
    let colours = try #require(picture.colours)
    #expect(colours.redGreen[3, 0] == strips[3, 10])
    #expect(colours.redGreen[20, 315] == strips[20, 307])
    #expect(picture.aspect == Double(316) / 200)
  }
}
