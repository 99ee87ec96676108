import PDFBindCore
import Testing

@testable import PDFBindPages

/// Chinese or Japanese read upright in columns with under the 0.8 its lines alone ask still
/// decides where its squares of writing run in columns too (SuggestRules 33): woodblock books
/// and manuscripts photographed whole read 0.55 to 0.68, and said nothing before
/// (`minimumColumnSquaresConfidence`).
@Suite("Vertical writing whose squares run in columns too")
struct PageScriptColumnSquaresTests {
  /// The real bench's `probe-kotenios-spread-1` as suggest measures it: a manuscript spread
  /// read as Japanese at 0.55, 17 squares of writing in columns and 2 in rows.
  static let manuscript = WritingLayout(
    ink: 0.13, paper: 0.82, blankRows: 0.12, blankColumns: 0.44, blockArea: 0.97,
    linesInRows: 38, linesInColumns: 22, ruledLines: 4, tilesInRows: 2, tilesInColumns: 17)

  static func page(
    _ page: Int, _ script: String = "Japanese", confidence: Double,
    layout: WritingLayout = manuscript
  ) -> PageScriptEvidence.PageReading {
    PageScriptTests.reading(page, script, layout, confidence: confidence)
  }

  @Test("The manuscript's one page decides its book; the line names its vertical lines")
  func manuscriptDecides() {
    #expect(Self.manuscript.lines == .columns, "\(Self.manuscript)")
    let page = Self.page(1, confidence: 0.55)
    #expect(page.says == .rightEdge)
    let evidence = PageScriptEvidence.decide([page])
    #expect(evidence.says == .rightEdge)
    #expect(evidence.detail == "Japanese, vertical lines on page 1", "\(evidence.detail)")
  }

  @Test(
    "Each limit, on either side",
    arguments: [
      (0.5, 17, 2, PageBinding.rightEdge),
      (0.49, 17, 2, nil),  // under the confidence; it still leans
      (0.55, 10, 2, .rightEdge),
      (0.55, 9, 2, nil),  // too few squares in columns
      (0.55, 12, 3, .rightEdge),
      (0.55, 12, 4, nil),  // under four times those in rows
      (0.8, 9, 4, .rightEdge),  // sure enough for the lines alone, as before
    ] as [(Double, Int, Int, PageBinding?)])
  func limits(confidence: Double, columns: Int, rows: Int, says: PageBinding?) {
    var layout = Self.manuscript
    (layout.tilesInColumns, layout.tilesInRows) = (columns, rows)
    let page = Self.page(1, confidence: confidence, layout: layout)
    #expect(page.says == says)
    #expect(page.leans == .rightEdge)
  }

  /// The real bench's horizontal Japanese table, read as Han at 0.69: its cells' blank columns
  /// make lines in columns, its squares run in rows as often (10 and 10). Its blocks across
  /// decide it (`acrossBlocks`); squares in columns do not.
  @Test("A table's columns of cells and other scripts are not vertical writing")
  func notVertical() {
    #expect(Self.page(1, "Han", confidence: 0.69, layout: PageScriptTests.tableColumns).says == nil)
    #expect(Self.page(1, "Latin", confidence: 0.6).says == nil)
    #expect(Self.page(1, "Arabic", confidence: 0.6).says == nil)
    var rows = Self.manuscript
    (rows.blankRows, rows.blankColumns) = (0.44, 0.12)
    #expect(rows.lines != .columns)
    #expect(Self.page(1, confidence: 0.6, layout: rows).says == nil)
  }
}
