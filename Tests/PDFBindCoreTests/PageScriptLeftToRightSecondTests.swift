import PDFBindCore
import Testing

@testable import PDFBindPages

/// A page of writing read surely upright as Latin, Cyrillic, Greek or Fraktur, too weak to
/// lean because its marks show no rows of running text, may be the second page a left-edge
/// decision asks for (SuggestRules 58): a book of Latin hymns in italic antiqua said left-edge
/// by one page of verse in rows, and two more pages of verse whose indented lines show no rows
/// of running text, read Latin at 3.48 and 3.33, upright by 9.7 and 11.4, left it at "one page
/// alone is too little" (the real bench's `n59-latin-vdsbb-1`). Lines in columns second as well
/// where their squares of writing run in rows, as a register's entries do (SuggestRules 74).
@Suite("a page of writing read surely upright left to right as the second page")
struct PageScriptLeftToRightSecondTests {
  typealias Rotation = PageScriptRotationTests

  /// The book's page of verse in rows that says: Latin at 1.15.
  static let saying = Rotation.page(4, "Latin", confidence: 1.15, orientationConfidence: 8.8)

  /// Its other page of verse (and staves), as measured: writing, lines of no clear direction
  /// (blank rows 0.23 against blank columns 0.17), no rows of running text.
  static let verse = WritingLayout(
    ink: 0.146, paper: 0.762, blankRows: 0.234, blankColumns: 0.169, blockArea: 1,
    linesInRows: 41, linesInColumns: 12, blockAspect: 1.66, ruledLines: 6, tilesInRows: 13,
    tilesInColumns: 9)

  /// A Latin patent register's page as measured (the real bench's `n65-latin-argusbrevets-1`,
  /// page 2): entries in columns, whose blank columns outweigh the blank rows between their
  /// lines, so the lines read as columns; but 30 squares of writing run in rows, 5 in columns.
  static let register = WritingLayout(
    ink: 0.078, paper: 0.862, blankRows: 0.186, blankColumns: 0.300, blockArea: 0.949,
    linesInRows: 67, linesInColumns: 12, blockAspect: 1.47, tilesInRows: 30, tilesInColumns: 5)

  /// A 2-up scan of vertical Japanese read as Latin (held out in the real bench), its layout as
  /// measured: lines in columns, and squares of writing in columns only. It was read upright by
  /// 0.20; `weak` reads it surely, so that only its squares keep it from seconding.
  static let verticalReadAsLatin = WritingLayout(
    ink: 0.088, paper: 0.864, blankRows: 0.210, blankColumns: 0.532, blockArea: 1,
    linesInRows: 41, linesInColumns: 42, blockAspect: 0.75, tilesInRows: 0, tilesInColumns: 39)

  static func weak(
    _ script: String = "Latin", confidence: Double = 3.33, orientationConfidence: Double = 11.4,
    layout: WritingLayout = verse, hebrewLetters: Int? = nil
  ) -> PageScriptEvidence.PageReading {
    var page = Rotation.page(
      3, script, confidence: confidence, orientationConfidence: orientationConfidence,
      layout: layout)
    page.recognised.hebrewLetters = hebrewLetters
    return page
  }

  @Test("Seconded by a page of writing read surely upright in its script, a page decides")
  func seconded() {
    let weak = Self.weak()
    #expect(weak.says == nil && weak.leans == nil, "too weak to lean on its own")
    #expect(Self.saying.says == .leftEdge)
    let evidence = PageScriptEvidence.decide([weak, Self.saying, PageScriptTests.unreadable(5)])
    #expect(evidence.says == .leftEdge)
    #expect(evidence.pages == [3, 4])
    #expect(evidence.detail == "Latin script; Latin? (uncertain) on pages 3-4")
  }

  /// Lines in columns second where their squares of writing run in rows (SuggestRules 74):
  /// the register's pages 2 and 3, beside its page 1 that says, decide it.
  @Test("Seconded by a register's columns of rows, a page decides")
  func secondedByColumnsOfRows() {
    let register = Self.weak(layout: Self.register)
    #expect(register.layout.lines == .columns && register.layout.columnsOfRunningRows)
    #expect(register.says == nil && register.leans == nil, "lines in columns never lean")
    let evidence = PageScriptEvidence.decide([
      register, Self.saying, PageScriptTests.unreadable(5),
    ])
    #expect(evidence.says == .leftEdge)
    #expect(evidence.pages == [3, 4])
    #expect(
      evidence.detail
        == "Latin script; Latin, rows of text in columns, as in a register or a table on pages 3-4"
    )
  }

  /// Such a page asks for its Hebrew letters, as a page whose rows show only in patches does:
  /// Hebrew print in columns may read as Latin.
  @Test("A register's columns of rows read as Latin ask for their Hebrew letters")
  func columnsOfRowsAskHebrew() {
    let reading = ScriptReading(
      script: "Latin", confidence: 3.33, orientation: 0, orientationConfidence: 11.4)
    #expect(PageScriptEvidence.asksHebrewLetters(reading, layout: Self.register, smallScan: false))
    #expect(
      !PageScriptEvidence.asksHebrewLetters(
        reading, layout: Self.verticalReadAsLatin, smallScan: false))
  }

  /// Under 2 of script confidence; upright by under 5 (handwriting, scripts Tesseract has no
  /// data for); balloons among pictures (a translated manga's, read Cyrillic at up to 18.9);
  /// ruled (a form, staves); lines in columns (vertical Chinese read as Latin), also where they
  /// are vertical writing's as measured (squares of writing in columns only); columns of rows
  /// with 50 Hebrew letters; another left-to-right script than the page that says.
  @Test(
    "A weak page does not second where it is a guess, unsure which way up, or not a page of writing",
    arguments: [
      PageScriptLeftToRightSecondTests.weak(confidence: 1.9),
      PageScriptLeftToRightSecondTests.weak(orientationConfidence: 4.9),
      PageScriptLeftToRightSecondTests.weak(confidence: 18.9, layout: PageScriptTests.pictures),
      PageScriptLeftToRightSecondTests.weak(layout: PageScriptSecondPageTests.ruled),
      PageScriptLeftToRightSecondTests.weak(layout: PageScriptTests.runningColumns),
      PageScriptLeftToRightSecondTests.weak(
        layout: PageScriptLeftToRightSecondTests.verticalReadAsLatin),
      PageScriptLeftToRightSecondTests.weak(
        layout: PageScriptLeftToRightSecondTests.register,
        hebrewLetters: PageScriptEvidence.hebrewLettersAgainstLeftToRight),
      PageScriptLeftToRightSecondTests.weak("Cyrillic"),
    ])
  func notSeconded(weak: PageScriptEvidence.PageReading) {
    #expect(weak.says == nil && weak.leans == nil)
    let evidence = PageScriptEvidence.decide([weak, Self.saying, PageScriptTests.unreadable(5)])
    #expect(evidence.says == nil)
    #expect(evidence.detail.hasSuffix("one page alone is too little"), "\(evidence.detail)")
  }

  /// A left-to-right page seconds only left-edge: beside a page of Arabic that says
  /// right-edge, a weak page of Arabic makes two, a weak Latin page does not.
  @Test("A weak Latin page does not second a right-edge decision")
  func notRightToLeft() {
    let arabic = Rotation.page(2, confidence: 40, orientationConfidence: 15)
    let evidence = PageScriptEvidence.decide([arabic, Self.weak("Arabic")])
    #expect(evidence.says == .rightEdge, "Arabic seconds Arabic as before")
    let latinBeside = PageScriptEvidence.decide([
      arabic, Self.weak(), PageScriptTests.unreadable(5),
    ])
    #expect(latinBeside.says == nil)
    #expect(latinBeside.detail.hasSuffix("one page alone is too little"), "\(latinBeside.detail)")
  }
}
