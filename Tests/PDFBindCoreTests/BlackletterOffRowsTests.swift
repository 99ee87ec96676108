import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Issue 40, item 2: blackletter read very surely decides where the page's marks show no
/// rows (SuggestRules 46, `blackletterOffRows`): dark paper, a woodcut or a colour chart
/// beside the print. Other scripts read so do not: English manga balloons read as Cyrillic
/// among pictures that surely.
@Suite("Blackletter off rows")
struct BlackletterOffRowsTests {
  /// The first page of the Glück Bible of 1694 (the real bench's `p36b-gluck-1694-fraktur`)
  /// as suggest measured it: print on dark paper, whose gaps between lines do not show.
  static let darkPaper = WritingLayout(
    ink: 0.34, paper: 0.55, blankRows: 0.048, blankColumns: 0.017, blockArea: 1.0,
    tilesInRows: 9)

  static func read(
    _ script: String, _ confidence: Double, orientation: Int = 0, page: Int = 1,
    layout: WritingLayout = darkPaper
  ) -> PageScriptEvidence.PageReading {
    PageScriptEvidence.PageReading(
      page: page, layout: layout,
      reading: ScriptReading(script: script, confidence: confidence, orientation: orientation))
  }

  @Test("Fraktur read very surely says left-edge on a page that shows no rows")
  func says() {
    #expect(!Self.darkPaper.holdsWriting && !Self.darkPaper.inRowsOfText)
    let bible = Self.read("Fraktur", 38.57)
    #expect(bible.says == .leftEdge)
    #expect(bible.summary == "Fraktur script (rows unclear)")
    // Under the limit it leans (half of it), which seconds a page that says.
    let limit = PageScriptEvidence.leastBlackletterOffRowsConfidence
    #expect(Self.read("Fraktur", limit).says == .leftEdge)
    let weaker = Self.read("Fraktur", limit - 0.1)
    #expect(weaker.says == nil && weaker.leans == .leftEdge)
    #expect(weaker.summary == "Fraktur? among pictures")
    // A Japanese manga page fitted into 480 pixels read as Fraktur at 3.33: nothing.
    let manga = Self.read("Fraktur", 3.33)
    #expect(manga.says == nil && manga.leans == nil)
  }

  @Test("Other left-to-right scripts, turned pages and ruled pages say nothing so")
  func others() {
    // Seed 4's English manga page read as Cyrillic among pictures at 20.
    for script in ["Cyrillic", "Latin", "Greek"] {
      #expect(Self.read(script, 20).says == nil, "\(script)")
    }
    #expect(Self.read("Fraktur", 38.57, orientation: 180).says == nil)
    // A book of hours' page in its ruled frame (17 ruled lines), fitted into 640 pixels.
    var framed = Self.darkPaper
    framed.ruledLines = 17
    #expect(Self.read("Fraktur", 33.33, layout: framed).says == nil)
  }

  @Test("Pages of such blackletter decide the book")
  func book() {
    let evidence = PageScriptEvidence.decide([
      Self.read("Fraktur", 38.57, page: 1), Self.read("Fraktur", 14.0, page: 2),
      Self.read("Fraktur", 19.37, page: 3),
    ])
    #expect(evidence.says == .leftEdge)
    #expect(evidence.detail.hasPrefix("Fraktur script (rows unclear)"), "\(evidence.detail)")
    // One page that says among three read, beside pages that say and lean nothing, is too
    // little.
    let alone = PageScriptEvidence.decide([
      Self.read("Fraktur", 38.57, page: 1), Self.read("Fraktur", 3.0, page: 2),
      PageScriptTests.unreadable(3),
    ])
    #expect(alone.says == nil)
  }
}
