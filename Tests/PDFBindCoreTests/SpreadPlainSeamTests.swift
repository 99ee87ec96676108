import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Plain seams (SPEC round 3, evidence 8): a photograph of sand, water or a cloudy sky crosses
/// the spine with few sharp lines, yet its levels run on from one half into the other. Such a
/// seam joins in the direction it runs; plain pages that merely look alike join nothing.
@Suite("Spread detector: plain seams")
struct SpreadPlainSeamTests {
  let detector = SpreadDetector()

  /// `plainJoin` alone: the rule asked when no lines or edges decide.
  func plainJoin(_ earlier: GreyImage, _ later: GreyImage) -> SpineJoin? {
    guard let first = detector.prepare(earlier), let second = detector.prepare(later) else {
      Issue.record("a page too small to prepare")
      return nil
    }
    return detector.plainJoin(
      first: 0, detector.plainMeasures(first, second),
      forward: detector.compare(leftHand: first.right, rightHand: second.left),
      backward: detector.compare(leftHand: second.right, rightHand: first.left))
  }

  @Test("A plain photograph cut at the spine joins its halves, in reading order", arguments: 1...6)
  func plainPictureJoins(seed: UInt64) {
    let (left, right) = PlainPictures.spread(seed: seed)
    #expect(plainJoin(left, right)?.direction == .leftToRight, "seed \(seed)")
    #expect(plainJoin(right, left)?.direction == .rightToLeft, "seed \(seed), mirrored")
    #expect(detector.joins([left, right]).map(\.direction) == [.leftToRight], "seed \(seed)")
  }

  @Test("A plain seam survives a lost strip, a shift and a gutter shadow", arguments: 1...4)
  func plainPictureScanned(seed: UInt64) {
    let (left, right) = PlainPictures.spread(seed: seed)
    let scannedLeft = SpreadPictures.shadowed(
      SpreadPictures.losing(left, columns: 2, atRight: true), depth: 0.25, reach: 0.12,
      spineAtRight: true)
    let scannedRight = SpreadPictures.shifted(
      SpreadPictures.losing(right, columns: 2, atRight: false), rows: 3)
    #expect(plainJoin(scannedLeft, scannedRight)?.direction == .leftToRight, "seed \(seed)")
  }

  @Test("Halves of different plain photographs never join", arguments: 1...20)
  func unrelatedPlainPictures(seed: UInt64) {
    let (left, _) = PlainPictures.spread(seed: seed)
    let (_, right) = PlainPictures.spread(seed: seed + 1_000)
    #expect(plainJoin(left, right) == nil, "seed \(seed)")
    #expect(plainJoin(right, left) == nil, "seed \(seed), mirrored")
    #expect(detector.joins([left, right]).isEmpty, "seed \(seed), every rule")
    #expect(detector.joins([right, left]).isEmpty, "seed \(seed), every rule, mirrored")
  }

  @Test("A sky's gradient, plain stripes and one picture on both pages join nothing")
  func lookAlikes() {
    let gradient = PlainPictures.page { _, y in 90 + 0.4 * Double(y) }
    #expect(plainJoin(gradient, gradient) == nil, "the same gradient on both pages")
    let stripes = PlainPictures.page { _, y in 128 + 50 * sin(Double(y) / 30 * 2 * .pi) }
    #expect(plainJoin(stripes, stripes) == nil, "horizontal stripes")
    let (left, right) = PlainPictures.spread(seed: 3)
    #expect(plainJoin(left, left) == nil, "one half twice")
    #expect(plainJoin(right, right) == nil, "the other half twice")
  }

  /// One sheet scanned on both sides: its bound edge shows on the recto's left and again on
  /// the verso's right, the stitching's knots and the ruled lines stepping at the same rows,
  /// while the light across the sheet differs (here a shadow falling from the top on one
  /// side, from the bottom on the other). Its free edges are plain paper. Real scans of wills,
  /// registers and manuscript leaves joined so (bench/suggest/README.md, "Handwritten wills").
  static func sheetSides(seed: UInt64, lightsDiffer: Bool) -> (verso: GreyImage, recto: GreyImage) {
    var random = SplitMix64(seed: seed)
    let (width, height) = (PlainPictures.width, PlainPictures.height)
    // Marks along the bound edge at irregular rows, as knots and rules are: 2 to 3 rows each.
    var marks: [Int] = []
    var row = 8
    while row < height - 12 {
      marks.append(row)
      row += 9 + Int(random.next() % 23)
    }
    let grain = (0..<(2 * height * 24)).map { _ in Double.random(in: -1.5...1.5, using: &random) }
    func side(boundAtRight: Bool, shadowFromTop: Bool) -> GreyImage {
      PlainPictures.page { x, y in
        let inward = boundAtRight ? width - 1 - x : x
        guard inward < 24 else { return 238 }
        // In one light the recto is a little darker all over, as a scan's two sides are:
        // the same marks at the same levels would be one drawing twice, which joins nothing.
        let shade = Double(shadowFromTop ? height - y : y) / Double(height)
        var level = lightsDiffer ? 225 - 70 * shade * shade : boundAtRight ? 225 : 212
        if marks.contains(where: { y >= $0 && y < $0 + 3 }) { level -= 45 }
        return level + grain[(boundAtRight ? height * 24 : 0) + y * 24 + inward]
      }
    }
    return (
      side(boundAtRight: true, shadowFromTop: true), side(boundAtRight: false, shadowFromTop: false)
    )
  }

  @Test(
    "The two sides of one sheet, their bound edges stepping alike in different light, join nothing",
    arguments: 1...6)
  func sidesOfOneSheet(seed: UInt64) {
    // The same edges in the same light run on as a plain picture does: the rule sees them.
    let lit = Self.sheetSides(seed: seed, lightsDiffer: false)
    #expect(plainJoin(lit.verso, lit.recto)?.direction == .leftToRight, "seed \(seed), one light")
    let sheet = Self.sheetSides(seed: seed, lightsDiffer: true)
    #expect(plainJoin(sheet.verso, sheet.recto) == nil, "seed \(seed)")
    #expect(detector.joins([sheet.verso, sheet.recto]).isEmpty, "seed \(seed), every rule")
  }
  /// A loose sheet photographed on a dark table: the table shows beyond the sheet's corners,
  /// a few rows at the top and bottom of its side edges, and the sheet is folded at the rows
  /// every sheet of its stationery is. Elsewhere its edges are paper and grain. Two such
  /// sheets, one after the other, are no picture crossing a spine: the dark corners' rise into
  /// paper and the folds at the same rows made the wills of bench/suggest/README.md
  /// ("Handwritten wills") join as a plain seam while the profiles kept all but their first
  /// and last 3 rows of 160 (`SeamProfile.trimmedRows`; 3 joins all 16 seeds, 4 six of them).
  static func looseSheet(seed: UInt64, edgeAtRight: Bool) -> GreyImage {
    var random = SplitMix64(seed: seed)
    let (width, height) = (PlainPictures.width, PlainPictures.height)
    // The table over 2 to 4% of the rows with the rise into paper, as on the wills' photographs.
    let (top, bottom) = (5 + Int(random.next() % 3), 3 + Int(random.next() % 3))
    // Each sheet lit on its own: its paper a few levels lighter or darker than the other's.
    let paper = Double.random(in: 200...222, using: &random)
    let grain = (0..<(height * 24)).map { _ in Double.random(in: -1.5...1.5, using: &random) }
    let folds = [height / 3, 2 * height / 3]
    return PlainPictures.page { x, y in
      let inward = edgeAtRight ? width - 1 - x : x
      guard inward < 24 else { return 238 }
      // The table, darkest at the corner, giving way to the paper over a few rows.
      let intoSheet = min(y - top, height - bottom - y)
      if intoSheet < 0 { return 45 + 25 * Double(-intoSheet % 3) }
      var level = paper + grain[y * 24 + inward]
      if intoSheet < 4 { level -= Double(4 - intoSheet) * 30 }
      if folds.contains(where: { y >= $0 && y < $0 + 2 }) { level -= 12 }
      return level
    }
  }

  @Test("Loose sheets on a dark table, folded alike, join nothing", arguments: 1...16)
  func looseSheetsOnATable(seed: UInt64) {
    let first = Self.looseSheet(seed: seed, edgeAtRight: false)
    let second = Self.looseSheet(seed: seed + 100, edgeAtRight: true)
    #expect(plainJoin(first, second) == nil, "seed \(seed)")
    #expect(detector.joins([first, second]).isEmpty, "seed \(seed), every rule")
  }

  /// The measures of a manuscript leaf's seam at JPEG quality 25 (`p35b-candide-ms` 1|2,
  /// bench/suggest/real/README.md): the profiles' structure is the blocks' noise over flat
  /// paper, so they correlate at the seam while the edges' own levels hardly vary.
  static func blockNoiseSeam(spread: Float) -> PlainPairMeasures {
    let seam = PlainSeam(
      structure: 6, correlation: 0.85, farCorrelation: 0.2, spread: spread, difference: 3,
      farDifference: 9)
    let chance = PlainSeam(
      structure: 6, correlation: 0.1, farCorrelation: 0.2, spread: spread, difference: 9,
      farDifference: 9)
    return PlainPairMeasures(
      forward: seam, backward: chance, sameCorrelation: 0.2, sameDifference: 9)
  }

  @Test("Profiles that correlate over edges of one flat level join nothing", arguments: [0, 1.7])
  func flatEdgesJoinNothing(spread: Float) {
    let levelsRunOn = SeamComparison(
      matchedFeatures: 0, leftFeatures: 0, rightFeatures: 0, continuity: 0.9, levelAgreement: 0.9)
    let join = { (measures: PlainPairMeasures) in
      detector.plainJoin(first: 0, measures, forward: levelsRunOn, backward: levelsRunOn)
    }
    #expect(join(Self.blockNoiseSeam(spread: spread)) == nil)
    // The plain joins of the generated books vary 13.6 levels or more at the spine.
    #expect(join(Self.blockNoiseSeam(spread: 13.6))?.direction == .leftToRight)
  }
}

/// Plain test pictures: smooth shades and grain, with no sharp line anywhere.
enum PlainPictures {
  static let width = 200
  static let height = 300

  /// Two 200x300 halves of one 400x300 plain picture: smooth blobs of level at a few scales
  /// (`SpreadPictures.valueNoise`) and grain.
  static func spread(seed: UInt64) -> (left: GreyImage, right: GreyImage) {
    var random = SplitMix64(seed: seed &* 7_919 &+ 11)
    let levels = SpreadPictures.valueNoise(width: 2 * width, height: height, random: &random)
    let noise = (0..<(2 * width * height)).map { _ in Double.random(in: -2...2, using: &random) }
    func half(from start: Int) -> GreyImage {
      page { x, y in
        let index = y * 2 * width + start + x
        return levels[index] + noise[index]
      }
    }
    return (half(from: 0), half(from: width))
  }

  /// A 200x300 page of `level(x, y)`, clipped to 0...255.
  static func page(_ level: (Int, Int) -> Double) -> GreyImage {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height)
    for y in 0..<height {
      for x in 0..<width { pixels.append(UInt8(min(255, max(0, level(x, y).rounded())))) }
    }
    return GreyImage(width: width, height: height, pixels: pixels)
  }
}
