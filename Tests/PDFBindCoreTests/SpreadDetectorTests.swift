import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Double-page pictures: a picture cut in two at the spine joins its halves, in the order the
/// book reads them; margins, frames, text, textures and unrelated pictures join nothing.
///
/// The pictures are made from seeds (`SpreadPictures`): shaded areas, shapes and ink lines,
/// composed across the spine as a double-page picture is.
@Suite("Spread detector")
struct SpreadDetectorTests {
  let detector = SpreadDetector()

  // MARK: - Joins

  @Test("A picture cut in two joins page k's right edge to page k+1's left edge")
  func leftToRight() {
    let (left, right) = SpreadPictures.spread(seed: 2)
    let joins = detector.joins([left, right])
    #expect(joins.map(\.firstPage) == [0])
    #expect(joins.map(\.direction) == [.leftToRight])
    #expect(joins.allSatisfy { $0.strength > 0 && $0.strength <= 1 })
  }

  @Test("The same halves in the other order join right to left")
  func rightToLeft() {
    let (left, right) = SpreadPictures.spread(seed: 2)
    #expect(detector.joins([right, left]).map(\.direction) == [.rightToLeft])
  }

  @Test("Among unrelated pages only the pair that holds the picture joins, by its index")
  func inABook() {
    let (left, right) = SpreadPictures.spread(seed: 7)
    let pages = [
      SpreadPictures.natural(width: 200, height: 300, seed: 100),
      SpreadPictures.natural(width: 200, height: 300, seed: 101), left, right,
      SpreadPictures.natural(width: 200, height: 300, seed: 102),
    ]
    #expect(detector.joins(pages).map(\.firstPage) == [2])
    #expect(detector.joins(pages.reversed()).map(\.firstPage) == [1])
    #expect(detector.joins(pages.reversed()).map(\.direction) == [.rightToLeft])
    #expect(detector.findings(pages).map(\.firstPage) == [0, 1, 2, 3])
  }

  @Test(
    "A real join survives what scanning and printing do to it",
    arguments: SpreadDamage.allCases)
  func survives(damage: SpreadDamage) {
    for seed: UInt64 in [2, 7, 8] {
      let (left, right) = SpreadPictures.spread(seed: seed, damage: damage)
      #expect(
        detector.joins([left, right]).map(\.direction) == [.leftToRight],
        "seed \(seed), \(damage)")
      #expect(
        detector.joins([right, left]).map(\.direction) == [.rightToLeft],
        "seed \(seed), \(damage), mirrored")
    }
  }

  /// Not every picture shows enough at the spine (a sky, a blank band): those are missed, on
  /// the safe side. The floors are about 15 points below what 500 seeds measure (see
  /// `measure`), and a join is never found the wrong way round.
  @Test(
    "Most double-page pictures are found, none the wrong way round",
    arguments: [
      (SpreadDamage.none, 0.7), (.lostAtSpine, 0.5), (.shifted, 0.7), (.jpegNoise, 0.7),
      (.gutterShadow, 0.7), (.scaled, 0.65), (.everything, 0.3),
    ])
  func mostAreFound(damage: SpreadDamage, floor: Double) {
    let seeds = UInt64(101)...120
    var found = 0
    for seed in seeds {
      let (left, right) = SpreadPictures.spread(seed: seed, damage: damage)
      let directions = detector.joins([left, right]).map(\.direction)
      #expect(directions.allSatisfy { $0 == .leftToRight }, "seed \(seed), \(damage)")
      found += directions.count
    }
    #expect(Double(found) >= floor * Double(seeds.count), "\(found) of \(seeds.count)")
  }

  @Test("Pages rendered at different sizes are compared at one height")
  func differentRenderedSizes() {
    let (left, right) = SpreadPictures.spread(seed: 2)
    let larger = SpreadPictures.resized(right, width: 260, height: 390)
    #expect(detector.joins([left, larger]).map(\.direction) == [.leftToRight])
  }

  // MARK: - Nothing to decide

  @Test("Blank, flat, tiny and missing pages join nothing, and say why")
  func nothingToCompare() {
    let white = GreyImage(width: 200, height: 300, filledWith: 255)
    let black = GreyImage(width: 200, height: 300, filledWith: 0)
    let dot = GreyImage(width: 1, height: 1, filledWith: 128)
    let empty = GreyImage(width: 0, height: 0, pixels: [])
    let pages: [GreyImage?] = [white, white, black, black, nil, white, dot, empty, dot]
    #expect(detector.joins(pages).isEmpty)
    let reasons = detector.findings(pages).map { finding -> SpineNoJoinReason? in
      if case .failure(let none) = finding.outcome { return none.reason }
      return nil
    }
    #expect(
      reasons == [
        .tooLittleDetail, .tooLittleDetail, .tooLittleDetail, .notRendered, .notRendered,
        .tooSmall, .tooSmall, .tooSmall,
      ])
    #expect(detector.joins([] as [GreyImage?]).isEmpty)
    #expect(detector.joins([white]).isEmpty)
    #expect(detector.joins([nil, nil] as [GreyImage?]).isEmpty)
  }

  @Test("A wide page next to a tall one is not compared")
  func shapesDiffer() {
    let (left, right) = SpreadPictures.spread(seed: 2)
    let squashed = SpreadPictures.resized(right, width: 200, height: 150)
    #expect(detector.joins([left, squashed]).isEmpty)
    let finding = detector.findings([left, squashed]).first
    #expect(finding?.outcome == .failure(SpineNoJoin(reason: .shapesDiffer)))
  }

  @Test(
    "Pages that look alike both ways round, or at every shift, decide nothing",
    arguments: LookAlikePages.allCases)
  func lookAlikes(kind: LookAlikePages) {
    for seed in UInt64(1)...6 {
      let pages = kind.pages(seed: seed)
      #expect(detector.joins(pages).isEmpty, "\(kind), seed \(seed)")
      #expect(detector.joins(pages.reversed()).isEmpty, "\(kind), seed \(seed), reversed")
    }
  }

  @Test("Odd sizes are compared or skipped, never a crash")
  func oddSizes() {
    let sizes = [(24, 24), (25, 4000), (4000, 25), (24, 300), (200, 24), (3, 900), (900, 3)]
    for (width, height) in sizes {
      let page = SpreadPictures.natural(width: width, height: height, seed: 9)
      #expect(detector.joins([page, page]).isEmpty, "\(width)x\(height)")
      #expect(detector.findings([page, nil, page]).count == 2)
    }
  }

  @Test("A picture repeated on every page joins nothing")
  func repeatedPicture() {
    // The same picture on every page: its right edge against its own left edge.
    let page = SpreadPictures.natural(width: 200, height: 300, seed: 5)
    #expect(detector.joins([page, page, page]).isEmpty)
  }

  /// The edges compared are the halves' own spine edges, full of lines: the hardest
  /// unrelated pages there are. They can join, rarely: over 3,000 random seeds made so, 2 pairs
  /// joined (both ways round; one by the plain seam's profiles at 0.76 and a margin of 0.39,
  /// just over its limits, one by the measures that agree): about one pair in 1,500, as
  /// bench/suggest/README.md measured (18 of 36,000 orderings). So the seeds are fixed: with
  /// 30 random ones this test failed about one run in fifty. A detector joining one unrelated
  /// pair in twenty still fails it nearly nine times in ten.
  @Test("Halves of different double-page pictures do not join (40 fixed pairs)")
  func unrelatedPicturesDoNotJoin() {
    for seed in UInt64(1)...40 {
      let (left, _) = SpreadPictures.spread(seed: seed)
      let (_, right) = SpreadPictures.spread(seed: seed &+ 1, damage: .jpegNoise)
      #expect(detector.joins([left, right]).isEmpty, "seed \(seed)")
      #expect(detector.joins([right, left]).isEmpty, "seed \(seed), mirrored")
    }
  }

  // MARK: - Measured distributions

  /// The score distributions the thresholds rest on. Long, so it runs only when asked:
  /// `PDFBIND_SPREAD_MEASURE=500 swift test --filter SpreadDetector` (seeds per case).
  @Test(
    "Distributions of the seam measures",
    .enabled(if: ProcessInfo.processInfo.environment["PDFBIND_SPREAD_MEASURE"] != nil))
  func measure() {
    let count = Int(ProcessInfo.processInfo.environment["PDFBIND_SPREAD_MEASURE"] ?? "") ?? 200
    let seeds = 1...UInt64(count)
    var report: [String] = []
    for damage in SpreadDamage.allCases {
      let pairs = seeds.map { SpreadPictures.spread(seed: $0, damage: damage) }
      report.append(SpreadMeasurement(detector, "spread, \(damage)", pairs, joined: true).text)
    }
    let unrelated = seeds.map {
      (SpreadPictures.spread(seed: $0).left, SpreadPictures.spread(seed: $0 + 50_000).right)
    }
    report.append(SpreadMeasurement(detector, "unrelated", unrelated, joined: false).text)
    for kind in LookAlikePages.allCases {
      let pairs = seeds.map { seed in
        let pages = kind.pages(seed: seed)
        return (pages[0], pages[1])
      }
      report.append(SpreadMeasurement(detector, "\(kind)", pairs, joined: false).text)
    }
    print(report.joined(separator: "\n"))
  }
}
