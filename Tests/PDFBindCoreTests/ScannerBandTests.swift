import Foundation
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// A scan often catches the scanner's lid or bed beyond the page: a narrow dark band along a
/// side edge. On the spine side it lies over the seam of a double-page picture, and the spine
/// evidence reads each edge from where the page's own picture begins.
@Suite("Scanner bands at the page edges")
struct ScannerBandTests {
  let detector = SpreadDetector()

  @Test("A dark band beyond the spine-side edges hides no double-page picture")
  func bandOverTheSeam() {
    for seed: UInt64 in [2, 7, 8] {
      let (left, right) = SpreadPictures.spread(seed: seed, damage: .jpegNoise)
      let leftScan = Self.banded(left, width: 5, level: 40, atRight: true)
      let rightScan = Self.banded(right, width: 4, level: 45, atRight: false)
      #expect(ScannerBand.width(leftScan, side: .right) == 5, "seed \(seed)")
      #expect(ScannerBand.width(rightScan, side: .left) == 4, "seed \(seed)")
      #expect(
        detector.joins([leftScan, rightScan]).map(\.direction) == [.leftToRight], "seed \(seed)")
      #expect(
        detector.joins([rightScan, leftScan]).map(\.direction) == [.rightToLeft], "seed \(seed)")
    }
  }

  @Test("Margins, dark pictures and wide dark areas are no band")
  func notBands() {
    let page = SpreadPictures.natural(width: 200, height: 300, seed: 11)
    // Paper: light.
    #expect(
      ScannerBand.width(Self.banded(page, width: 5, level: 235, atRight: true), side: .right) == 0)
    // A dark area as wide as a tenth of the page: the picture's own.
    #expect(
      ScannerBand.width(Self.banded(page, width: 20, level: 30, atRight: true), side: .right) == 0)
    // A band the page beyond does not differ from clearly.
    let dark = GreyImage(width: 200, height: 300, filledWith: 60)
    #expect(
      ScannerBand.width(Self.banded(dark, width: 5, level: 40, atRight: false), side: .left) == 0)
    // Dark, but uneven down the page: a picture's dark parts.
    var uneven = Self.banded(page, width: 5, level: 40, atRight: true)
    for y in stride(from: 0, to: 300, by: 2) {
      for x in 200..<205 { uneven[x, y] = 90 }
    }
    #expect(ScannerBand.width(uneven, side: .right) == 0)
    // The picture itself at the edge.
    #expect(ScannerBand.width(page, side: .left) == 0)
    #expect(ScannerBand.width(page, side: .right) == 0)
  }

  @Test("A page in colour loses the band's columns in its colour strips too, each side its own")
  func colourStripsStayAligned() throws {
    // Strips of 16 columns a side (the page's left edge's, then its right edge's), each column
    // of its own level: which columns were kept shows in their levels.
    let strips = GreyImage(
      width: 32, height: 300, pixels: (0..<300).flatMap { _ in (0..<32).map { UInt8(10 + 5 * $0) } }
    )
    let grey = Self.banded(
      SpreadPictures.natural(width: 200, height: 300, seed: 5), width: 6, level: 35, atRight: true)
    let trimmed = SpinePicture(
      grey: grey, colours: OpponentColours(redGreen: strips, yellowBlue: strips))
    #expect(trimmed.grey == SpreadPictures.natural(width: 200, height: 300, seed: 5))
    let colours = try #require(trimmed.colours)
    // Each side keeps 16 - 6 columns nearest its own edge: the left side's first 10, the right
    // side's 10 before the band.
    let kept = (0..<20).map { Int(colours.redGreen[$0, 150] - 10) / 5 }
    #expect(kept == Array(0..<10) + Array(16..<26))
    #expect(colours.yellowBlue == colours.redGreen)
  }

  @Test("Dark, even margins at both sides of a page are its own, as an album's mount is")
  func darkPage() {
    let photograph = SpreadPictures.natural(width: 200, height: 300, seed: 12)
    let mounted = Self.banded(
      Self.banded(photograph, width: 6, level: 30, atRight: true), width: 5, level: 30,
      atRight: false)
    #expect(ScannerBand.width(mounted, side: .left) == 5)
    #expect(ScannerBand.width(mounted, side: .right) == 6)
    #expect(SpinePicture(grey: mounted).grey == mounted)
  }

  /// `image` with a band of `width` columns at `level` (a little uneven, as a scan is) added
  /// beyond its right or left edge: the page and the scanner's lid beside it.
  static func banded(_ image: GreyImage, width: Int, level: UInt8, atRight: Bool) -> GreyImage {
    var result = GreyImage(width: image.width + width, height: image.height, filledWith: 0)
    for y in 0..<image.height {
      for x in 0..<result.width {
        let inBand = atRight ? x >= image.width : x < width
        if inBand {
          result[x, y] = level &+ UInt8((x * 7 + y * 13) % 5)
        } else {
          result[x, y] = image[atRight ? x : x - width, y]
        }
      }
    }
    return result
  }
}
