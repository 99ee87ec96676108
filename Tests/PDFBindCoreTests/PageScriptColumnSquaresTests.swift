import PDFBindCore
import Testing

@testable import PDFBindPages

/// Chinese or Japanese read upright in columns with under the 0.8 its lines alone ask still
/// decides where its squares of writing run in columns too (SuggestRules 33): woodblock books
/// and manuscripts photographed whole read 0.55 and 0.63, and said nothing before
/// (`minimumColumnSquaresConfidence`). Among pictures (SuggestRules 34), Japanese so set says
/// under the 1.5 a manga's balloons ask (`minimumBalloonColumnsConfidence`), and Chinese,
/// which says nothing there otherwise, says as vertical writing (`verticalAmongPictures`).
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

  /// The real bench's `probe-ymag-manga-3` as suggest measures it: a manga page read as
  /// Japanese among pictures at 0.89, 1 square of writing in rows and 4 in columns.
  static let mangaPage = WritingLayout(
    ink: 0.28, paper: 0.58, blankRows: 0.05, blankColumns: 0.03, blockArea: 0.97,
    tilesInRows: 1, tilesInColumns: 4)

  @Test("A manga page whose balloons are set in columns says with 0.85; it leans as before")
  func mangaBalloons() {
    #expect(!Self.mangaPage.holdsWriting, "\(Self.mangaPage)")
    let page = Self.page(1, confidence: 0.89, layout: Self.mangaPage)
    #expect(page.says == .rightEdge)
    let evidence = PageScriptEvidence.decide([page])
    #expect(evidence.says == .rightEdge)
    #expect(
      evidence.detail == "Japanese among pictures (as in manga) on page 1", "\(evidence.detail)")
    // Under 0.85, or with its squares not so set, it leans from 0.75 as before, and no sooner:
    // a Swedish register's 2-up scan read 0.49 with 2 squares in rows and 8 in columns.
    #expect(Self.page(1, confidence: 0.84, layout: Self.mangaPage).says == nil)
    #expect(Self.page(1, confidence: 0.84, layout: Self.mangaPage).leans == .rightEdge)
    #expect(Self.page(1, confidence: 0.74, layout: Self.mangaPage).leans == nil)
    var register = Self.mangaPage
    (register.tilesInRows, register.tilesInColumns) = (2, 8)
    #expect(Self.page(1, confidence: 0.49, layout: register).leans == nil)
  }

  @Test(
    "Squares in rows, or no more in columns, ask 1.5 as before",
    arguments: [
      (1, 2, PageBinding.rightEdge), (2, 3, .rightEdge),
      (3, 8, nil),  // three in rows: French wills held 11 to 28
      (1, 1, nil), (0, 0, nil),  // none more in columns
      (1, 0, nil),  // a Korean webtoon's
    ] as [(Int, Int, PageBinding?)])
  func balloonSquares(rows: Int, columns: Int, says: PageBinding?) {
    var layout = Self.mangaPage
    (layout.tilesInRows, layout.tilesInColumns) = (rows, columns)
    #expect(Self.page(1, confidence: 1.2, layout: layout).says == says)
    #expect(Self.page(1, confidence: 1.5, layout: layout).says == .rightEdge)
    #expect(Self.page(1, "Han", confidence: 1.2, layout: layout).says == nil)
  }

  /// The real bench's `zh-vertical-handoc-jx` as suggest measures it: a page of a vertical
  /// Chinese book among the stains of its paper, read as Han at 1.43, 10 squares of writing in
  /// columns and none in rows.
  static let verticalAmongPictures = WritingLayout(
    ink: 0.25, paper: 0.737, blankRows: 0.112, blankColumns: 0.073, blockArea: 1,
    linesInRows: 6, linesInColumns: 20, ruledLines: 3, tilesInRows: 0, tilesInColumns: 10)

  @Test("Chinese among pictures in squares set in columns is vertical writing")
  func verticalAmongPictures() {
    let layout = Self.verticalAmongPictures
    #expect(!layout.holdsWriting, "\(layout)")
    let page = Self.page(1, "Han", confidence: 1.43, layout: layout)
    #expect(page.says == .rightEdge)
    #expect(page.leans == .rightEdge)
    #expect(
      PageScriptEvidence.decide([page]).detail
        == "Han, squares of writing in columns among pictures on page 1")
    // It asks what lines in columns ask (0.8), to say or to lean.
    #expect(Self.page(1, "Han", confidence: 0.79, layout: layout).leans == nil)
    // A Swedish register's 2-up scan: 9 squares in columns, none in rows, Japanese at 0.33.
    var register = layout
    register.tilesInColumns = 9
    #expect(Self.page(1, "Han", confidence: 1.43, layout: register).says == nil)
    var rows = layout
    rows.tilesInRows = 3
    #expect(Self.page(1, "Han", confidence: 1.43, layout: rows).says == nil)
    #expect(Self.page(1, "Hangul", confidence: 1.43, layout: layout).says == nil)
  }
}
