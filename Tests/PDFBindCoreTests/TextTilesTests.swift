import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Squares of writing in rows and in columns (`TextTiles`), on pictures drawn here.
@Suite("Squares of writing beside pictures")
struct TextTilesTests {
  /// A white page of `width` by `height` with `ink` drawn where it says.
  static func page(width: Int, height: Int, ink: (Int, Int) -> Bool) -> GreyImage {
    var pixels = [UInt8](repeating: 235, count: width * height)
    for y in 0..<height {
      for x in 0..<width where ink(x, y) { pixels[y * width + x] = 30 }
    }
    return GreyImage(width: width, height: height, pixels: pixels)
  }

  @Test("Lines of words count in rows; turned, in columns")
  func wordsInRows() {
    // Lines 10 pixels high every 24, of 14-pixel letters with 4-pixel gaps between them.
    let rows = Self.page(width: 800, height: 1_000) { x, y in y % 24 < 10 && x % 18 < 14 }
    let layout = WritingLayout(rows)
    #expect(layout.tilesInRows >= WritingLayout.leastRowTiles && layout.tilesInColumns == 0)
    #expect(layout.writingPatchesInRows)
    let columns = Self.page(width: 1_000, height: 800) { x, y in x % 24 < 10 && y % 18 < 14 }
    #expect(WritingLayout(columns).tilesInColumns >= WritingLayout.leastRowTiles)
    #expect(!WritingLayout(columns).writingPatchesInRows)
  }

  @Test("Speed lines drawn across the page are not writing")
  func speedLines() {
    // Unbroken strokes 3 pixels thick every 12: rows with no gaps inside them.
    let lines = Self.page(width: 800, height: 1_000) { _, y in y % 12 < 3 }
    #expect(WritingLayout(lines).tilesInRows == 0)
  }

  @Test("A column of writing on a blank page counts as its own squares, and only those")
  func writingInOneColumnOfSquares() {
    // 1,000 by 800: squares of 100 pixels, ten across and eight down. Lines of words only
    // between x = 300 and 400, the fourth column of squares; the rest is paper.
    let page = Self.page(width: 1_000, height: 800) { x, y in
      (300..<400).contains(x) && y % 24 < 10 && x % 18 < 14
    }
    let layout = WritingLayout(page)
    #expect(layout.tilesInRows == 8 && layout.tilesInColumns == 0)
    // Moved one square to the right, the same column of writing is eight squares again.
    let moved = Self.page(width: 1_000, height: 800) { x, y in
      (400..<500).contains(x) && y % 24 < 10 && x % 18 < 14
    }
    #expect(WritingLayout(moved).tilesInRows == 8)
  }
}
