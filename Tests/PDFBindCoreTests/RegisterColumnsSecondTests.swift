import PDFBindCore
import Testing

@testable import PDFBindPages

/// A page read surely upright as Latin whose lines read as columns, where its squares of
/// writing run in rows (`WritingLayout.columnsOfRunningRows`, SuggestRules 74), may second a
/// page that says left-edge: the real bench's Latin patent register (`n65-latin-argusbrevets-1`)
/// said left-edge by page 1 and stayed at "one page alone is too little", its pages 2 and 3
/// (Latin at 6.34 and 2.93, upright by 7.8 and 10.3) being columns of entries whose blank
/// columns outweigh the blank rows between their lines.
@Suite("a register's columns of rows read surely upright as the second page")
struct RegisterColumnsSecondTests {
  typealias Rotation = PageScriptRotationTests

  /// The register's page 1, which says: Latin at 2.32, rows in parts of the page.
  static let saying = Rotation.page(1, "Latin", confidence: 2.32, orientationConfidence: 8.3)

  /// Its page 2, as measured: lines in columns, 30 squares of writing in rows and 5 in columns.
  static let register = WritingLayout(
    ink: 0.078, paper: 0.862, blankRows: 0.186, blankColumns: 0.300, blockArea: 0.949,
    linesInRows: 67, linesInColumns: 12, blockAspect: 1.47, tilesInRows: 30, tilesInColumns: 5)

  /// A 2-up scan of vertical Japanese read as Latin at 3.33 (held out in the real bench), as
  /// measured but read surely upright: its squares of writing run in columns.
  static let vertical = WritingLayout(
    ink: 0.088, paper: 0.864, blankRows: 0.210, blankColumns: 0.532, blockArea: 1,
    linesInRows: 41, linesInColumns: 42, blockAspect: 0.75, tilesInRows: 0, tilesInColumns: 39)

  static func columns(
    _ layout: WritingLayout = register, hebrewLetters: Int? = nil
  ) -> PageScriptEvidence.PageReading {
    var page = Rotation.page(
      2, "Latin", confidence: 6.34, orientationConfidence: 7.76, layout: layout)
    page.recognised.hebrewLetters = hebrewLetters
    return page
  }

  @Test("Seconded by its columns of rows, the register decides left-edge")
  func seconded() {
    let page = Self.columns()
    #expect(page.layout.lines == .columns && page.layout.columnsOfRunningRows)
    #expect(page.says == nil && page.leans == nil, "lines in columns never say as Latin")
    #expect(Self.saying.says == .leftEdge)
    let evidence = PageScriptEvidence.decide([Self.saying, page, PageScriptTests.unreadable(3)])
    #expect(evidence.says == .leftEdge)
    #expect(evidence.pages == [1, 2])
    #expect(
      evidence.detail
        == "Latin script; Latin, rows of text in columns, as in a register or a table on pages 1-2"
    )
  }

  /// Vertical writing misread as Latin fills squares of columns; a Yiddish weekly's columns
  /// read as Latin give the Hebrew recogniser hundreds of letters (`asksHebrewLetters`).
  @Test(
    "Lines in columns do not second where their squares run in columns or Hebrew letters are many",
    arguments: [
      RegisterColumnsSecondTests.columns(vertical),
      RegisterColumnsSecondTests.columns(
        hebrewLetters: PageScriptEvidence.hebrewLettersAgainstLeftToRight),
    ])
  func notSeconded(page: PageScriptEvidence.PageReading) {
    #expect(page.says == nil && page.leans == nil)
    let evidence = PageScriptEvidence.decide([Self.saying, page, PageScriptTests.unreadable(3)])
    #expect(evidence.says == nil)
    #expect(evidence.detail.hasSuffix("one page alone is too little"), "\(evidence.detail)")
  }

  /// The page asks for its Hebrew letters, as a page whose rows show only in patches does.
  @Test("A page of columns of rows read as Latin asks for its Hebrew letters")
  func asksHebrew() {
    let reading = ScriptReading(
      script: "Latin", confidence: 6.34, orientation: 0, orientationConfidence: 7.76)
    #expect(PageScriptEvidence.asksHebrewLetters(reading, layout: Self.register, smallScan: false))
    #expect(!PageScriptEvidence.asksHebrewLetters(reading, layout: Self.vertical, smallScan: false))
  }
}
