import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// SuggestRules 61: Latin handwriting, which Tesseract's script detection reads as Japanese or
/// Katakana upside down, says left-edge where the Urdu recogniser finds hardly any
/// Arabic-script letters in it (`PageScriptEvidence.PageReading.cursiveReadUpsideDown`), but
/// not on a scan too small to read surely (SuggestRules 63).
/// Nastaliq, which script detection reads the same way, is told apart by its letters.
@Suite("Latin handwriting read upside down as Japanese")
struct CursiveUpsideDownTests {
  typealias PageReading = PageScriptEvidence.PageReading

  static func page(
    _ number: Int, _ script: String = "Japanese", orientation: Int = 180,
    layout: WritingLayout = PageScriptTests.runningRows, arabicLetters: Int?
  ) -> PageReading {
    var page = PageScriptTests.reading(
      number, script, layout, confidence: 0.2, orientation: orientation)
    page.recognised.arabicLetters = arabicLetters
    return page
  }

  /// The real bench's Latin cursive read so: 25 of the tuning part's 28 pages held 0 to 5 letters.
  @Test("A page of cursive read upside down with hardly any Arabic-script letters says left-edge")
  func cursiveSaysLeftEdge() {
    let most = PageScriptEvidence.mostArabicLettersOfCursiveUpsideDown
    #expect(Self.page(1, arabicLetters: 0).says == .leftEdge)
    #expect(Self.page(1, arabicLetters: most).says == .leftEdge)
    #expect(Self.page(1, "Katakana", arabicLetters: 3).says == .leftEdge)
    #expect(
      Self.page(1, arabicLetters: 4).summary
        == "writing read upside down as Japanese with hardly any Arabic-script letters, "
        + "as Latin handwriting reads")
    let book = PageScriptEvidence.decide([
      Self.page(1, arabicLetters: 2), Self.page(2, arabicLetters: 3),
    ])
    #expect(book.says == .leftEdge)
    #expect(
      book.detail
        == "writing read upside down as Japanese with hardly any Arabic-script letters, "
        + "as Latin handwriting reads on pages 1-2")
  }

  /// Generated Nastaliq read upside down as Japanese held 91 to 279 letters (seeds 19 and 4);
  /// a real lithographed Urdu page 10 (SuggestRules 71: it decided left-edge at 70).
  @Test("Nastaliq read the same way is told apart by its letters, or says nothing")
  func nastaliqIsNotCursive() {
    let most = PageScriptEvidence.mostArabicLettersOfCursiveUpsideDown
    #expect(Self.page(1, arabicLetters: 91).says == .rightEdge)
    #expect(Self.page(1, arabicLetters: 10).says == nil)
    #expect(PageScriptEvidence.decide([Self.page(1, arabicLetters: 10)]).says == nil)
    #expect(Self.page(1, arabicLetters: most + 1).says == nil)
    // Not asked (no Urdu data), nothing is known of its letters.
    #expect(Self.page(1, arabicLetters: nil).says == nil)
    // Short lines all set from the right, as Nastaliq's paragraph ends are: it only leans.
    let setFromTheRight = Self.page(1, layout: PageScriptLineSideTests.rightSet, arabicLetters: 3)
    #expect(setFromTheRight.says == nil)
    #expect(setFromTheRight.leans == .leftEdge)
  }

  /// SuggestRules 63: fitted into 640 pixels, a printed Urdu page of the real bench read upside
  /// down as Japanese gave the Urdu recogniser 8 letters, and decided left-edge.
  @Test("On a scan too small to read surely, hardly any letters say nothing")
  func notOnASmallScan() {
    var small = Self.page(1, arabicLetters: 8)
    small.recognised.onSmallScan = true
    #expect(small.says == nil)
    #expect(small.leans == nil)
    #expect(PageScriptEvidence.decide([small]).says == nil)
    // Many letters still make it Arabic-script writing there.
    small.recognised.arabicLetters = PageScriptEvidence.leastArabicLetters
    #expect(small.says == .rightEdge)
  }

  /// SuggestRules 71: the real bench's page 1 of `n65-handwriting-timeus-1`, a page of a
  /// register of 1858 photographed on its table, whose paper (0.71 of the picture) is too
  /// little for a page of writing: its rows show only in patches (19 squares in rows, none in
  /// columns).
  static let cursiveInPatches = WritingLayout(
    ink: 0.11, paper: 0.71, blankRows: 0.14, blankColumns: 0.13, blockArea: 1.0,
    linesInRows: 43, linesInColumns: 3, ruledLines: 4, tilesInRows: 19, tilesInColumns: 0)

  @Test("Cursive whose rows show only in patches, on a page not measured as writing, says so too")
  func cursiveInPatchesSaysLeftEdge() {
    let layout = Self.cursiveInPatches
    #expect(!layout.holdsWriting)
    #expect(layout.rowsOnlyInPatches)
    #expect(Self.page(1, layout: layout, arabicLetters: 0).says == .leftEdge)
    // Nastaliq's many letters say right-edge there as on any page.
    #expect(Self.page(1, layout: layout, arabicLetters: 91).says == .rightEdge)
    // Ruled (a form's or a register's rules), its rows are the rules'.
    var ruled = layout
    ruled.ruledLines = RuledLines.ruledPage
    #expect(Self.page(1, layout: ruled, arabicLetters: 0).says == nil)
    // Squares in columns as often: no rows.
    var columns = layout
    columns.tilesInColumns = layout.tilesInRows
    #expect(Self.page(1, layout: columns, arabicLetters: 0).says == nil)
  }

  @Test("Only writing in rows read upside down as Japanese or Katakana")
  func onlyThatReading() {
    #expect(Self.page(1, orientation: 90, arabicLetters: 0).says == nil)
    #expect(Self.page(1, orientation: 270, arabicLetters: 0).says == nil)
    #expect(Self.page(1, "Han", arabicLetters: 0).says == nil)
    #expect(Self.page(1, "Arabic", arabicLetters: 0).says == nil)
    // A manga page read so, or an Arabic manuscript's whose marks show no rows.
    #expect(Self.page(1, layout: PageScriptTests.pictures, arabicLetters: 0).says == nil)
    #expect(Self.page(1, layout: PageScriptTests.fewRows, arabicLetters: 0).says == nil)
  }
}
