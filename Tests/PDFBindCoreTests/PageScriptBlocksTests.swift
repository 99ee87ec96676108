import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Issue 40: where a page's own marks show no direction, or rows they cannot trust, Tesseract's
/// layout analysis (`TextBlockLines`) says which way Chinese or Japanese read upright runs.
@Suite("Tesseract's text blocks on pages read as Chinese or Japanese")
struct PageScriptBlocksTests {
  /// Issue 40: Tesseract's layout analysis (`TextBlockLines`), asked only where the marks show
  /// no direction, says vertical lines for Chinese and Japanese read upright, and nothing else.
  @Test(
    "Tesseract's blocks of vertical lines decide Chinese or Japanese read upright, nothing else",
    arguments: [
      ("Han", 1.43, 0, 0.30, 0.0, PageBinding.rightEdge),  // the bench's 2-up woodblock scan
      ("Japanese", 0.73, 0, 0.44, 0.02, .rightEdge),  // a handwritten vertical manuscript
      ("Han", 0.4, 0, 0.9, 0.0, nil),  // a guess
      ("Han", 1.43, 0, 0.10, 0.0, nil),  // too little of the page
      ("Han", 1.43, 0, 0.30, 0.2, nil),  // as much across
      ("Japanese", 1.43, 90, 0.5, 0.0, nil),  // a page turned sideways: its rows run down
      ("Latin", 8, 0, 0.5, 0.0, nil),  // vertical lines say nothing of Latin
    ] as [(String, Double, Int, Double, Double, PageBinding?)])
  func verticalBlocks(
    script: String, confidence: Double, orientation: Int, topToBottom: Double, across: Double,
    expected: PageBinding?
  ) throws {
    var page = PageScriptTests.reading(
      1, script, PageScriptTests.pictures, confidence: confidence, orientation: orientation)
    page.blockLines = TextBlockLines(topToBottom: topToBottom, across: across)
    #expect(page.says == expected)
    // Asked only of pages read upright as Chinese or Japanese whose marks show no direction.
    let reading = try #require(page.reading)
    let asks = PageScriptEvidence.asksBlockLines(reading, layout: PageScriptTests.pictures)
    #expect(asks == (orientation == 0 && script != "Latin" && confidence >= 0.5))
    // Nor of a manga page read as Japanese, which decides or leans without it.
    for confidence in [2.5, 0.99] {
      let manga = ScriptReading(script: "Japanese", confidence: confidence, orientation: 0)
      #expect(!PageScriptEvidence.asksBlockLines(manga, layout: PageScriptTests.pictures))
    }
    for layout in [PageScriptTests.runningColumns, PageScriptTests.runningRows] {
      #expect(!PageScriptEvidence.asksBlockLines(reading, layout: layout))
    }
  }

  /// Issue 40: on a page of writing ruled like sheet music, a table or a form, only
  /// Tesseract's blocks of vertical lines count (`ruledBlocks`): the real bench's vertical
  /// Japanese magazine page, its diagrams boxed, read as Japanese at 2.14 with 0.88 of the
  /// page in blocks of vertical lines. Before SuggestRules 9 it said nothing.
  @Test("A ruled page says vertical writing only from Tesseract's blocks of vertical lines")
  func ruledVertical() throws {
    let ruled = WritingLayout(
      ink: 0.17, paper: 0.79, blankRows: 0.21, blankColumns: 0.14, blockArea: 0.95,
      ruledLines: 14, tilesInRows: 12, tilesInColumns: 23)
    #expect(ruled.holdsWriting && ruled.isRuled && ruled.lines == nil)
    var magazine = PageScriptTests.reading(1, "Japanese", ruled, confidence: 2.14)
    #expect(magazine.says == nil)
    let reading = try #require(magazine.reading)
    #expect(PageScriptEvidence.asksBlockLines(reading, layout: ruled))
    magazine.blockLines = TextBlockLines(topToBottom: 0.88, across: 0.002)
    #expect(magazine.says == .rightEdge)
    #expect(magazine.summary == "Japanese, vertical lines in Tesseract's text blocks")
    // Staves read as Arabic, however surely, and a ruled page without vertical blocks say
    // nothing; nor does a form whose marks run in rows.
    var staves = PageScriptTests.reading(1, "Arabic", ruled, confidence: 90)
    staves.blockLines = magazine.blockLines
    #expect(staves.says == nil && staves.leans == nil)
    #expect(staves.summary.hasPrefix("ruled lines, as of staves"))
    magazine.blockLines = TextBlockLines(topToBottom: 0.10, across: 0.0)
    #expect(magazine.says == nil)
    var form = ruled
    form.blankColumns = 0.02
    #expect(form.lines == .rows)
    var rows = PageScriptTests.reading(1, "Japanese", form, confidence: 2.14)
    rows.blockLines = TextBlockLines(topToBottom: 0.88, across: 0.002)
    #expect(rows.says == nil)
  }

  /// The real bench's horizontal Japanese white paper page: rows of writing among a table's
  /// 17 ruled lines, its squares of writing in rows.
  static let ruledRows = WritingLayout(
    ink: 0.1, paper: 0.9, blankRows: 0.45, blankColumns: 0.1, blockArea: 0.7, linesInRows: 41,
    ruledLines: 17, tilesInRows: 28, tilesInColumns: 2)

  /// Issue 40: on a page read upright as Chinese or Japanese whose marks run in rows its own
  /// measures do not trust (a ruled page's rows, a table's columns of cells set in rows),
  /// Tesseract's blocks of lines across say horizontal writing (`acrossBlocks`); elsewhere
  /// they are not asked, and a page's own columns or a manga's balloons decide as before.
  @Test(
    "Tesseract's blocks of lines across decide a ruled page or a table read as Chinese or Japanese",
    arguments: [
      ("Japanese", 4.24, 0, ruledRows, 0.40, 0.0, PageBinding.leftEdge, true),  // white paper
      // A statistical table.
      ("Han", 0.69, 0, PageScriptTests.tableColumns, 0.41, 0.0, .leftEdge, true),
      ("Japanese", 0.10, 0, ruledRows, 0.72, 0.0, nil, false),  // a guess (a form's page 1)
      ("Japanese", 2, 0, ruledRows, 0.10, 0.0, nil, true),  // too little of the page
      ("Japanese", 2, 0, ruledRows, 0.40, 0.2, nil, true),  // as much vertical
      ("Japanese", 2, 180, ruledRows, 0.50, 0.0, nil, false),  // upside down
      ("Arabic", 90, 0, ruledRows, 0.50, 0.0, nil, false),  // Arabic's blocks run across too
      // A vertical sutra page in a border, Tesseract's blocks across on 0.46: its columns decide.
      ("Han", 1.3, 0, PageScriptTests.columnsWithHeadings, 0.46, 0.0, .rightEdge, false),
      // A manga's balloons.
      ("Japanese", 2.5, 0, PageScriptTests.pictures, 0.50, 0.0, .rightEdge, false),
    ] as [(String, Double, Int, WritingLayout, Double, Double, PageBinding?, Bool)])
  func acrossBlocks(
    script: String, confidence: Double, orientation: Int, layout: WritingLayout, across: Double,
    topToBottom: Double, expected: PageBinding?, asked: Bool
  ) throws {
    var page = PageScriptTests.reading(
      1, script, layout, confidence: confidence, orientation: orientation)
    let reading = try #require(page.reading)
    #expect(PageScriptEvidence.asksBlockLines(reading, layout: layout) == asked)
    page.blockLines = TextBlockLines(topToBottom: topToBottom, across: across)
    #expect(page.says == expected)
    if expected == .leftEdge {
      #expect(page.summary == "\(script), horizontal lines in Tesseract's text blocks")
      let decided = PageScriptEvidence.decide([page])
      #expect(decided.says == .leftEdge)
      #expect(decided.detail == "\(script), horizontal lines in Tesseract's text blocks on page 1")
    }
  }
}
