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

  /// The real bench's Latin cursive read so: the tuning part's 13 pages held 0 to 11 letters.
  @Test("A page of cursive read upside down with hardly any Arabic-script letters says left-edge")
  func cursiveSaysLeftEdge() {
    let most = PageScriptEvidence.mostArabicLettersOfCursiveUpsideDown
    #expect(Self.page(1, arabicLetters: 0).says == .leftEdge)
    #expect(Self.page(1, arabicLetters: most).says == .leftEdge)
    #expect(Self.page(1, "Katakana", arabicLetters: 11).says == .leftEdge)
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

  /// Generated Nastaliq read upside down as Japanese held 91 to 279 letters (seeds 19 and 4).
  @Test("Nastaliq read the same way is told apart by its letters, or says nothing")
  func nastaliqIsNotCursive() {
    let most = PageScriptEvidence.mostArabicLettersOfCursiveUpsideDown
    #expect(Self.page(1, arabicLetters: 91).says == .rightEdge)
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
