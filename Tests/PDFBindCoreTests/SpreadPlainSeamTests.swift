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
    return detector.plainJoin(first: 0, detector.plainMeasures(first, second))
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
