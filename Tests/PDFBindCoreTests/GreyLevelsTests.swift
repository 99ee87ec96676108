import Testing

@testable import PDFBindPages

/// A page's colours become grey levels in a C loop built for the processor at hand
/// (`CPixelLoops`): the levels are BT.601 luma, rounded as the evidence was tuned on, whatever
/// the processor and wherever a row ends.
@Suite("Grey levels of a drawn page")
struct GreyLevelsTests {
  /// The luma the rules were tuned on, in plain Swift.
  static func luma(_ word: UInt32) -> UInt8 {
    let (red, green, blue) = (Int(word >> 16 & 0xFF), Int(word >> 8 & 0xFF), Int(word & 0xFF))
    return UInt8((299 * red + 587 * green + 114 * blue + 500) / 1000)
  }

  @Test("Colours across the whole cube have their BT.601 levels")
  func colours() {
    // Every seventh 24-bit colour (2,396,746 of them: each level of each channel, and sums on
    // both sides of the rounding), in one row; the pixel's unused top byte set in half of
    // them (cairo's RGB24 leaves it undefined).
    let words = stride(from: UInt32(0), to: 1 << 24, by: 7).map {
      $0 | ($0 & 1 == 0 ? 0 : 0xFF00_0000)
    }
    let image = words.withUnsafeBufferPointer { words in
      GreyImage(rgb24Width: words.count, height: 1) { _ in words.baseAddress! }
    }
    var wrong = 0
    for (word, level) in zip(words, image.pixels) where level != Self.luma(word) { wrong += 1 }
    #expect(wrong == 0, "\(wrong) colours have another level")
  }

  @Test("Rows of any width, the tail past the wide loop included", arguments: [1, 7, 31, 33, 1601])
  func rowWidths(width: Int) {
    let height = 3
    let words = (0..<(width * height)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
    let image = words.withUnsafeBufferPointer { words in
      GreyImage(rgb24Width: width, height: height) { words.baseAddress! + $0 * width }
    }
    let wrong = zip(words, image.pixels).filter { Self.luma($0) != $1 }.count
    #expect(wrong == 0, "\(wrong) of \(words.count) pixels have another level")
  }
}
