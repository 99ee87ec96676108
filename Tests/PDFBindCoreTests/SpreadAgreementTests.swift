import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Joins by the seam's measures together (SPEC round 3, evidence 8): where the lines and edges
/// alone decide nothing, levels that agree closely across the seam, or several measures that
/// agree, still find a picture's join, and only in its direction.
@Suite("Spread detector: measures that agree")
struct SpreadAgreementTests {
  let detector = SpreadDetector()

  /// The same detector without the rules of `SpreadDetector+Agreement.swift`.
  var linesAlone: SpreadDetector {
    var detector = SpreadDetector()
    detector.agreement.closeLevelRatio = -1
    detector.agreement.strongChangeMargin = .infinity
    detector.agreement.votes = .max
    return detector
  }

  /// Dark lines across the whole width at the same rows of both pages: a horizon or streaks
  /// meet every edge of both pages, so they continue both ways round.
  static func withLinesAcross(_ page: GreyImage) -> GreyImage {
    var page = page
    for row in [30, 31, 32, 200, 201, 202, 260] {
      for x in 0..<page.width { page[x, row] = 30 }
    }
    return page
  }

  @Test(
    "Lines across both pages do not hide a plain picture's join: its levels agree closely",
    arguments: 1...8)
  func horizonJoins(seed: UInt64) {
    let (left, right) = PlainPictures.spread(seed: seed)
    let pages = [left, right].map(Self.withLinesAcross)
    #expect(detector.joins(pages).map(\.direction) == [.leftToRight], "seed \(seed)")
    #expect(detector.joins(pages.reversed()).map(\.direction) == [.rightToLeft], "seed \(seed)")
    #expect(linesAlone.joins(pages).isEmpty, "seed \(seed): the lines alone decide nothing")
  }

  @Test("The same lines across halves of different plain pictures join nothing", arguments: 1...20)
  func unrelatedHorizons(seed: UInt64) {
    let (left, _) = PlainPictures.spread(seed: seed)
    let (_, right) = PlainPictures.spread(seed: seed + 1_000)
    let pages = [left, right].map(Self.withLinesAcross)
    #expect(detector.joins(pages).isEmpty, "seed \(seed)")
    #expect(detector.joins(pages.reversed()).isEmpty, "seed \(seed), mirrored")
  }

  @Test("Measures that agree find scanned joins the lines alone miss, never the wrong way")
  func agreementFindsMore() {
    var (alone, together) = (0, 0)
    for seed in UInt64(101)...200 {
      let (left, right) = SpreadPictures.spread(seed: seed, damage: .everything)
      alone += linesAlone.joins([left, right]).count
      let joins = detector.joins([left, right])
      #expect(joins.allSatisfy { $0.direction == .leftToRight }, "seed \(seed)")
      together += joins.count
    }
    // Measured: 57 joins by the lines alone, 74 with agreement.
    #expect(together >= alone + 10, "\(alone) by the lines alone, \(together) with agreement")
  }
}
