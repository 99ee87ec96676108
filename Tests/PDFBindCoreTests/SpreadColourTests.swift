import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Double-page pictures whose halves differ in hue, not in lightness: the grey levels show
/// nothing at the spine, the colour differences show the join (`SpreadDetector.colourJoin`).
@Suite("Spread detector: joins the colours show")
struct SpreadColourTests {
  let detector = SpreadDetector()

  /// The colour strips of a `width`×`height` picture in cairo's RGB24 words, the pixel at
  /// column x of row y being `pixel(x, y)` (red, green, blue).
  static func strips(width: Int, height: Int, _ pixel: (Int, Int) -> (Int, Int, Int))
    -> OpponentColours?
  {
    var words = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let (red, green, blue) = pixel(x, y)
        words[y * width + x] = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
      }
    }
    return words.withUnsafeBufferPointer { words in
      OpponentColours.edgeStrips(width: width, height: height, columns: 16) {
        words.baseAddress! + $0 * width
      }
    }
  }

  /// The colours of `picture`'s edge strips drawn red against cyan: red − green and yellow
  /// against blue both follow its levels.
  static func redCyan(_ picture: GreyImage) -> OpponentColours {
    strips(width: picture.width, height: picture.height) { x, y in
      (Int(picture[x, y]), 128, 128)
    }!
  }

  /// A page in colour of even lightness: grey levels flat, the picture only in its colours
  /// (red against green from `picture`, yellow against blue from `yellowBlue`, by default the
  /// same picture).
  static func evenLightness(_ picture: GreyImage, _ yellowBlue: GreyImage? = nil) -> SpinePicture {
    SpinePicture(
      grey: GreyImage(width: picture.width, height: picture.height, filledWith: 140),
      colours: OpponentColours(
        redGreen: redCyan(picture).redGreen,
        yellowBlue: redCyan(yellowBlue ?? picture).yellowBlue))
  }

  @Test("A page's colour strips: its 16 columns at each side; none where colours hardly vary")
  func strips() {
    let picture = SpreadPictures.spread(seed: 2).left
    let colours = Self.redCyan(picture)
    #expect(colours.redGreen.width == 32 && colours.redGreen.height == picture.height)
    #expect(colours.redGreen[0, 10] == picture[0, 10])
    #expect(colours.redGreen[31, 10] == picture[picture.width - 1, 10])
    #expect(colours.yellowBlue[16, 10] == UInt8((Int(picture[184, 10]) + 128) / 2))
    let grey = Self.strips(width: 200, height: 300) { x, y in
      let level = Int(picture[x, y])
      return (level, min(level + 1, 255), level)
    }
    #expect(grey == nil)
    // Tinted paper under uneven light: colours, but they hardly vary.
    let paper = Self.strips(width: 200, height: 300) { x, y in
      (238 - y / 100, 234 - y / 100, 222 - y / 120)
    }
    #expect(paper == nil)
  }

  @Test("A picture shown only in its colours joins its halves, in the book's order")
  func joinsByColour() {
    for seed: UInt64 in [2, 7, 8] {
      let (left, right) = SpreadPictures.spread(seed: seed, damage: .everything)
      let pages = [Self.evenLightness(left), Self.evenLightness(right)]
      // The grey levels alone: flat, nothing to go on.
      #expect(detector.joins(pages.map { $0.grey }).isEmpty, "seed \(seed)")
      let joins = detector.joins(pages)
      #expect(joins.map(\.direction) == [.leftToRight], "seed \(seed)")
      #expect(joins.map(\.rule) == [.colours], "seed \(seed)")
      #expect(detector.joins(pages.reversed()).map(\.direction) == [.rightToLeft], "seed \(seed)")
    }
  }

  @Test("Lines that continue in one colour difference join when the other shows nothing")
  func oneColour() {
    let (left, right) = SpreadPictures.spread(seed: 2)
    let pages = [left, right].map { half in
      let lines = Self.evenLightness(half)
      let flat = GreyImage(width: 32, height: half.height, filledWith: 128)
      return SpinePicture(
        grey: lines.grey,
        colours: OpponentColours(redGreen: lines.colours!.redGreen, yellowBlue: flat))
    }
    #expect(detector.joins(pages).map(\.direction) == [.leftToRight])
  }

  @Test("Pages of unrelated colour pictures do not join")
  func unrelated() {
    for seed: UInt64 in [2, 7, 8] {
      let first = SpreadPictures.spread(seed: seed).left
      let second = SpreadPictures.spread(seed: seed + 100).right
      #expect(
        detector.joins([Self.evenLightness(first), Self.evenLightness(second)]).isEmpty,
        "seed \(seed)")
    }
  }

  @Test("Colour differences that join in opposite directions decide nothing")
  func oppositeColours() {
    let (left, right) = SpreadPictures.spread(seed: 7)
    // Red against green runs from page 1 into page 2; yellow against blue from 2 into 1.
    let pages = [Self.evenLightness(left, right), Self.evenLightness(right, left)]
    #expect(detector.joins(pages).isEmpty)
  }
}
