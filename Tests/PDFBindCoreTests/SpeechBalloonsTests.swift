import PDFBindCore
import PDFBindTestSupport
import Testing

@testable import PDFBindPages

/// A balloon is drawn around its lettering: a manga's, lettered in vertical lines, are tall,
/// and a translation lettered into them keeps them so; a western comic's are wide. On a
/// book's pages of pictures, tall balloons say right-edge (SuggestRules 69; strips left out, 70).
@Suite("Speech balloons")
struct SpeechBalloonsTests {
  /// A page of grey paper (a scan's), on which shapes are drawn in black with white inside.
  struct Page {
    var image = GreyImage(width: 800, height: 1_100, filledWith: 228)

    /// An ellipse centred at (`x`, `y`) with half-axes `across` and `down`, outlined and
    /// white inside, holding `letters` small marks in a grid, or none.
    mutating func balloon(x: Int, y: Int, across: Int, down: Int, letters: Bool = true) {
      for row in (y - down - 4)...(y + down + 4) {
        for column in (x - across - 4)...(x + across + 4) {
          guard (0..<image.width).contains(column), (0..<image.height).contains(row) else {
            continue
          }
          let dx = Double(column - x) / Double(across)
          let dy = Double(row - y) / Double(down)
          let radius = (dx * dx + dy * dy).squareRoot()
          if radius <= 1 { image[column, row] = 250 }
          if radius > 1, radius <= 1 + 4 / Double(min(across, down)) { image[column, row] = 20 }
        }
      }
      if letters { self.letters(x: x, y: y, across: across * 6 / 10, down: down * 6 / 10) }
    }

    /// A box's frame from (`x`, `y`), `width`×`height`, white inside, with letters; each row
    /// moved `skew` pixels right of the one above, for a cell photographed askew.
    mutating func cell(x: Int, y: Int, width: Int, height: Int, skew: Double = 0) {
      for row in y..<(y + height) {
        let shift = Int(Double(row - y) * skew)
        for column in (x + shift)..<(x + shift + width) {
          let edge =
            row < y + 3 || row >= y + height - 3 || column < x + shift + 3
            || column >= x + shift + width - 3
          image[column, row] = edge ? 20 : 250
        }
      }
      let middle = Int(Double(height / 2) * skew)
      letters(x: x + middle + width / 2, y: y + height / 2, across: width / 3, down: height / 3)
    }

    /// Marks the size of letters, 5×7 pixels, in a grid over the box around (`x`, `y`), as
    /// far as it lies on the page.
    private mutating func letters(x: Int, y: Int, across: Int, down: Int) {
      for row in stride(from: max(0, y - down), to: y + down - 7, by: 14) {
        for column in stride(from: x - across, to: x + across - 5, by: 11) {
          for dy in 0..<7 { for dx in 0..<5 { image[column + dx, row + dy] = 30 } }
        }
      }
    }
  }

  @Test("A manga's tall balloons and a western comic's wide ones are counted by their shape")
  func shapes() {
    var manga = Page()
    manga.balloon(x: 150, y: 200, across: 45, down: 95)
    manga.balloon(x: 400, y: 250, across: 50, down: 120)
    manga.balloon(x: 620, y: 700, across: 40, down: 80)
    // Round: neither tall nor wide.
    manga.balloon(x: 250, y: 800, across: 70, down: 70)
    #expect(SpeechBalloons(manga.image) == SpeechBalloons(tall: 3, wide: 0))

    var comic = Page()
    comic.balloon(x: 200, y: 150, across: 120, down: 50)
    comic.balloon(x: 550, y: 500, across: 140, down: 60)
    #expect(SpeechBalloons(comic.image) == SpeechBalloons(tall: 0, wide: 2))
  }

  @Test(
    "A table's cells, a cell askew, an empty balloon, a cut one and a strip are not balloons")
  func notBalloons() {
    var page = Page()
    page.cell(x: 60, y: 80, width: 90, height: 180)
    page.cell(x: 300, y: 80, width: 90, height: 180, skew: 0.25)
    page.balloon(x: 600, y: 300, across: 45, down: 100, letters: false)
    // Cut by the page's edge: only its lower part is on the page.
    page.balloon(x: 400, y: 20, across: 45, down: 100)
    // A strip over five times as tall as wide, as a register's column between its rules.
    page.balloon(x: 700, y: 750, across: 22, down: 120)
    #expect(SpeechBalloons(page.image) == SpeechBalloons())
  }

  /// A page of pictures read as `script` too weakly to say anything (a translation's English
  /// lettering, read as Cyrillic), holding `tall` and `wide` balloons.
  static func comicPage(
    _ page: Int, tall: Int, wide: Int, script: String = "Cyrillic"
  ) -> PageScriptEvidence.PageReading {
    var reading = PageScriptTests.reading(page, script, PageScriptTests.pictures, confidence: 0.6)
    reading.balloons = SpeechBalloons(tall: tall, wide: wide)
    return reading
  }

  @Test("A translated manga's tall balloons say right-edge, whatever script they hold")
  func translatedMangaDecides() {
    // The real bench's Berserk chapter in English (`n58-manga-en-mangareaderman-2`): its five
    // pages' balloons as counted (`pdfbind-measure page-readings`).
    let pages = [(1, 1), (2, 4), (3, 5), (4, 1), (5, 1)].map {
      Self.comicPage($0.0, tall: $0.1, wide: 0)
    }
    #expect(pages.allSatisfy { $0.says == nil && $0.leans == nil })
    let evidence = PageScriptEvidence.decide(pages)
    #expect(evidence.says == .rightEdge)
    #expect(
      evidence.detail
        == "Cyrillic? among pictures on pages 1-5; speech balloons taller than wide, as vertical "
        + "lettering leaves them (12 tall, 0 wide) on pages 1-5", "\(evidence.detail)")
  }

  @Test(
    "Too few tall balloons, or too many wide beside them, say nothing",
    arguments: [(5, 1, PageBinding.rightEdge), (4, 0, nil), (6, 2, .rightEdge), (6, 3, nil)]
      as [(Int, Int, PageBinding?)])
  func limits(tall: Int, wide: Int, says: PageBinding?) {
    let evidence = PageScriptEvidence.decide([Self.comicPage(1, tall: tall, wide: wide)])
    #expect(evidence.says == says, "\(evidence.detail)")
  }

  @Test("A western comic's wide balloons say nothing: only tall ones point")
  func wideSayNothing() {
    let pages = (1...3).map { Self.comicPage($0, tall: 0, wide: 9) }
    #expect(PageScriptEvidence.decide(pages).says == nil)
  }

  @Test("A page of the book that points left-edge keeps the balloons from deciding")
  func writingAgainst() {
    let balloons = [Self.comicPage(1, tall: 8, wide: 0), Self.comicPage(2, tall: 6, wide: 1)]
    // A page of credits in rows of English, read surely.
    let credits = PageScriptTests.reading(3, "Latin", PageScriptTests.runningRows)
    #expect(credits.says == .leftEdge)
    let evidence = PageScriptEvidence.decide(balloons + [credits])
    #expect(evidence.says == nil)
    #expect(evidence.detail.hasSuffix("(14 tall, 1 wide) on pages 1-2: the pages disagree"))
  }

  @Test("Beside one page of vertical Japanese in a book of several, the balloons are the second")
  func balloonsSecond() {
    let vertical = PageScriptTests.reading(1, "Japanese", PageScriptTests.runningColumns)
    #expect(vertical.says == .rightEdge)
    let alone = [vertical, PageScriptTests.unreadable(2), Self.comicPage(3, tall: 1, wide: 1)]
    #expect(PageScriptEvidence.decide(alone).says == nil)
    let seconded = [vertical, PageScriptTests.unreadable(2), Self.comicPage(3, tall: 6, wide: 0)]
    let evidence = PageScriptEvidence.decide(seconded)
    #expect(evidence.says == .rightEdge)
    #expect(evidence.pages == [1, 3])
  }

  @Test("Regions of paper are the regions a pixel-by-pixel flood fill finds", arguments: 1...20)
  func regionsAsFloodFill(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let (width, height) = (37, 29)
    let member = (0..<(width * height)).map { _ in Double.random(in: 0..<1, using: &random) < 0.6 }
    var seen = [Bool](repeating: false, count: member.count)
    var expected: [MaskRegions.Region] = []
    var pixelsOf: [[Int]] = []
    for start in member.indices where member[start] && !seen[start] {
      var region = MaskRegions.Region(
        minX: start % width, minY: start / width, maxX: start % width, maxY: start / width,
        first: start)
      var pixels: [Int] = []
      var stack = [start]
      seen[start] = true
      while let index = stack.popLast() {
        let (x, y) = (index % width, index / width)
        region.pixels += 1
        pixels.append(index)
        (region.minX, region.maxX) = (min(region.minX, x), max(region.maxX, x))
        (region.minY, region.maxY) = (min(region.minY, y), max(region.maxY, y))
        let neighbours = [
          x > 0 ? index - 1 : nil, x < width - 1 ? index + 1 : nil,
          y > 0 ? index - width : nil, y < height - 1 ? index + width : nil,
        ]
        for next in neighbours.compactMap({ $0 }) where member[next] && !seen[next] {
          seen[next] = true
          stack.append(next)
        }
      }
      expected.append(region)
      pixelsOf.append(pixels)
    }
    // Both find each region from its first pixel in reading order.
    let regions = MaskRegions(width: width, height: height, member: member)
    #expect(regions.regions == expected)
    // Each region is found again in its box, pixel for pixel.
    for (index, region) in expected.enumerated() {
      let found = regions.filled(index).own.indices.filter { regions.filled(index).own[$0] }
      let own = pixelsOf[index].map {
        ($0 / width - region.minY) * region.width + $0 % width - region.minX
      }
      #expect(found == own.sorted())
    }
    // Those not kept are forgotten; those kept are found again as well.
    let large = MaskRegions(width: width, height: height, member: member) { $0.pixels >= 5 }
    #expect(large.regions == expected.filter { $0.pixels >= 5 })
    for (index, region) in large.regions.enumerated() {
      #expect(large.filled(index).own.count { $0 } == region.pixels)
    }
  }
}
