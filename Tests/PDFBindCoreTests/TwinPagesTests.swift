import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// The halves of one picture whose seam shows no line to follow (a texture, a few pixels of it
/// lost in the binding) look alike at their edges and unlike the rest of the book: they fix
/// the pairing, and nothing says which way the book runs. Pages that look alike for other
/// reasons (blank paper, the same page twice, print on one paper, a texture over three pages,
/// a book too short to stand out in) must not.
@Suite("Pages alike at the spine")
struct TwinPagesTests {
  /// Dense short strokes of every level on a dark ground, like grass or moss: far more lines
  /// than any page of art, and none long enough to follow across a spine that lost a few
  /// columns.
  static func texture(width: Int, height: Int, seed: UInt64) -> GreyImage {
    var random = SplitMix64(seed: seed)
    var canvas = [Double](repeating: 40, count: width * height)
    for _ in 0..<(width * height / 40) {
      let x = Double.random(in: 0...Double(width), using: &random)
      let y = Double.random(in: 0...Double(height), using: &random)
      let angle = Double.random(in: 1.2...1.9, using: &random)
      let length = Double.random(in: 4...10, using: &random)
      SpreadPictures.line(
        &canvas, width: width, height: height, from: (x, y),
        to: (x + length * cos(angle), y - length * sin(angle)),
        thickness: Double.random(in: 0.8...1.6, using: &random),
        ink: Double.random(in: 90...230, using: &random))
    }
    return GreyImage(
      width: width, height: height,
      pixels: canvas.map { UInt8(max(0, min(255, $0.rounded()))) })
  }

  /// The halves of one texture 400 pixels wide, `lost` columns of it gone into the binding.
  static func halves(seed: UInt64, lost: Int = 6) -> (left: GreyImage, right: GreyImage) {
    let whole = texture(width: 400 + lost, height: 300, seed: seed)
    return (
      SpreadPictures.crop(whole, x: 0, width: 200),
      SpreadPictures.crop(whole, x: 200 + lost, width: 200)
    )
  }

  /// Pages of art (`SpreadPictures.natural`), one per seed.
  static func art(_ seeds: ClosedRange<UInt64>) -> [GreyImage] {
    seeds.map { SpreadPictures.natural(width: 200, height: 300, seed: $0) }
  }

  /// Scanned paper: `level`, grain of ±2, and a gutter shadow on the spine side.
  static func paper(seed: UInt64, spineAtRight: Bool, level: Double = 222) -> GreyImage {
    var random = SplitMix64(seed: seed)
    var page = GreyImage(width: 200, height: 300, filledWith: 222)
    for y in 0..<300 {
      for x in 0..<200 {
        let fromSpine = Double(spineAtRight ? 199 - x : x)
        let shadow = fromSpine < 20 ? 70 * (1 - fromSpine / 20) : 0
        page[x, y] = UInt8(level - shadow + Double.random(in: -2...2, using: &random))
      }
    }
    return page
  }

  func twins(_ pages: [GreyImage], _ change: (inout TwinPages.Thresholds) -> Void = { _ in })
    -> [Int]
  {
    var finder = TwinPages()
    change(&finder.thresholds)
    return finder.pairs(
      pages.map { EdgeLikeness(SpinePicture(grey: $0), columns: SpreadEvidence.edgeColumns) })
  }

  @Test("The halves of a texture among pages of art are twins, though no line joins them")
  func textureHalves() {
    for seed in UInt64(1)...5 {
      let (left, right) = Self.halves(seed: seed)
      let pages = Self.art(seed * 10...seed * 10 + 3) + [left, right] + Self.art(90...92)
      #expect(twins(pages) == [4], "seed \(seed)")
      // What the rule is for: the seam itself shows no join.
      #expect(SpreadDetector().joins([left, right].map { $0 }).isEmpty, "seed \(seed)")
    }
  }

  @Test("The same page twice is not a picture across the spine")
  func samePageTwice() {
    let (left, _) = Self.halves(seed: 7)
    let pages = Self.art(1...4) + [left, left] + Self.art(5...7)
    #expect(twins(pages).isEmpty)
    // Alike it is: its same sides running alike is what tells.
    #expect(twins(pages) { $0.sameSides = 1.01 } == [4])
  }

  @Test("Blank paper and pages of print on one paper are alike everywhere: no twins")
  func paperAlike() {
    let blank = GreyImage(width: 200, height: 300, filledWith: 250)
    #expect(twins(Self.art(1...4) + [blank, blank] + Self.art(5...7)).isEmpty)
    // Pages 5 and 6 scanned in brighter light: nearer each other than the rest by a wide
    // ratio, but every distance is small.
    let print = (0..<12).map { (page: Int) -> GreyImage in
      let level: Double = page == 4 || page == 5 ? 234 : 222
      return Self.paper(seed: UInt64(page), spineAtRight: page % 2 == 1, level: level)
    }
    #expect(twins(print).isEmpty)
    #expect(twins(print) { $0.separation = 0 } == [4])
  }

  @Test("A texture over three pages: no pair stands out from the third")
  func threePages() {
    let whole = Self.texture(width: 600, height: 300, seed: 3)
    let thirds = (0..<3).map { SpreadPictures.crop(whole, x: 200 * $0, width: 200) }
    #expect(twins(Self.art(1...4) + thirds + Self.art(5...7)).isEmpty)
  }

  @Test("In a book of fewer than six pages nothing stands out")
  func shortBook() {
    let (left, right) = Self.halves(seed: 2)
    #expect(twins(Self.art(1...3) + [left, right]).isEmpty)
    #expect(twins(Self.art(1...4) + [left, right]) == [4])
  }

  @Test(
    "The evidence: the pairing alone from twins; with joins, one pairing or none",
    arguments: [
      // (joins right to left, twins, says, layout, pages)
      ([Int](), [4], PageBinding?.none, PageArrangement?.some(.noCover), [5, 6]),
      ([1], [5], .rightEdge, .cover, [2, 3, 6, 7]),
      ([1], [4], .rightEdge, nil, [2, 3, 5, 6]),
      ([3], [3], .rightEdge, .cover, [4, 5]),
    ])
  func evidence(
    joined: [Int], twins: [Int], says: PageBinding?, layout: PageArrangement?, pages: [Int]
  ) {
    let joins = joined.map {
      SpineJoin(firstPage: $0, direction: .rightToLeft, strength: 0.5, rule: .lines)
    }
    let found = SpreadEvidence.decide(joins, twins: twins, looked: "pages 1-10")
    #expect(found.says == says)
    #expect(found.layout == layout)
    #expect(found.pages == pages)
    let alike = found.detail.contains("look alike at the spine and unlike every other page")
    #expect(alike == (Set(twins) != Set(joined)), "\(found.detail)")
    #expect(found.detail.hasSuffix("disagree on whether page 1 stands alone") == (layout == nil))
  }
}
