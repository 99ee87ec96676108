import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// SuggestRules 73: in a book of more than two pages read, one page of Latin cursive read upside
/// down (`cursiveReadUpsideDown`) is seconded by the book's other pages of writing in rows on
/// which the right-to-left recognisers found hardly any letters
/// (`PageScriptEvidence.PageReading.secondsCursive`), whatever script detection made of them.
@Suite("Pages that second Latin cursive")
struct CursiveSecondsTests {
  typealias PageReading = PageScriptEvidence.PageReading

  static func cursive(_ number: Int) -> PageReading {
    CursiveUpsideDownTests.page(number, arabicLetters: 0)
  }

  /// A page of cursive read as Arabic, upright or turned round, with little confidence.
  static func readAsArabic(
    _ number: Int, orientation: Int = 0, arabicLetters: Int?, hebrewLetters: Int? = nil,
    layout: WritingLayout = PageScriptTests.runningRows
  ) -> PageReading {
    var page = PageScriptTests.reading(
      number, "Arabic", layout, confidence: 0.2, orientation: orientation)
    page.recognised.arabicLetters = arabicLetters
    page.recognised.hebrewLetters = hebrewLetters
    return page
  }

  /// The real bench's `n64-handwriting-readletters-1`: a letter of five pages, one read upside
  /// down as Japanese, the others as Arabic (two upright, two turned round), 0 letters on each.
  @Test("A letter whose other pages read as Arabic with no Arabic-script letters: left-edge")
  func letterDecides() {
    let book = PageScriptEvidence.decide([
      Self.readAsArabic(1, orientation: 180, arabicLetters: 0),
      Self.readAsArabic(2, arabicLetters: 0, hebrewLetters: 0),
      Self.readAsArabic(3, orientation: 180, arabicLetters: 0),
      Self.cursive(4),
      Self.readAsArabic(5, orientation: 270, arabicLetters: 0),
    ])
    #expect(book.says == .leftEdge)
    #expect(book.pages == [1, 2, 3, 4, 5])
    #expect(
      book.detail
        == "writing in rows with hardly any Arabic-script letters "
        + "(Tesseract: Arabic?, upside down or sideways); "
        + "writing in rows with hardly any Arabic-script letters (Tesseract: Arabic?); "
        + "writing read upside down as Japanese with hardly any Arabic-script letters, "
        + "as Latin handwriting reads on pages 1-5")
  }

  /// A page of cursive whose short lines are all set from the right leans and does not say
  /// (SuggestRules 71); it agrees as a leaning page and keeps its own words in the line.
  @Test("A page that leans is named as it reads, not as a second")
  func leaningPageKeepsItsWords() {
    let setFromTheRight = CursiveUpsideDownTests.page(
      2, layout: PageScriptLineSideTests.rightSet, arabicLetters: 0)
    #expect(setFromTheRight.leans == .leftEdge && setFromTheRight.secondsCursive)
    let book = PageScriptEvidence.decide([
      Self.cursive(1), setFromTheRight, Self.readAsArabic(3, arabicLetters: 0),
    ])
    #expect(book.says == .leftEdge)
    #expect(book.detail.contains("Japanese?, its short lines set from the right"))
    #expect(book.detail.contains("writing in rows with hardly any Arabic-script letters"))
  }

  @Test("Without such a second, one page of cursive among three is still too little")
  func oneCursivePageAlone() {
    let unread = PageScriptTests.unreadable(2)
    let book = PageScriptEvidence.decide([
      Self.cursive(1), unread, Self.readAsArabic(3, arabicLetters: nil),
    ])
    #expect(book.says == nil)
    #expect(book.leans == .leftEdge)
    #expect(book.detail.hasSuffix("one page alone is too little"))
  }

  @Test("A page with letters of a right-to-left script, ruled, or not in rows seconds nothing")
  func whatDoesNotSecond() {
    let most = PageScriptEvidence.mostArabicLettersOfCursiveUpsideDown
    #expect(Self.readAsArabic(1, arabicLetters: most).secondsCursive)
    #expect(!Self.readAsArabic(1, arabicLetters: most + 1).secondsCursive)
    #expect(!Self.readAsArabic(1, arabicLetters: 0, hebrewLetters: most + 1).secondsCursive)
    var syriac = Self.readAsArabic(1, arabicLetters: 1)
    syriac.recognised.syriacLetters = most + 1
    #expect(!syriac.secondsCursive)
    var ruled = PageScriptTests.runningRows
    ruled.ruledLines = RuledLines.ruledPage
    #expect(!Self.readAsArabic(1, arabicLetters: 0, layout: ruled).secondsCursive)
    #expect(
      !Self.readAsArabic(1, arabicLetters: 0, layout: PageScriptTests.pictures).secondsCursive)
    var small = Self.readAsArabic(1, arabicLetters: 0)
    small.recognised.onSmallScan = true
    #expect(!small.secondsCursive)
    // Two pages in a book of three that could second, but none says: nothing.
    let book = PageScriptEvidence.decide([
      Self.readAsArabic(1, arabicLetters: 0), Self.readAsArabic(2, arabicLetters: 0),
      Self.readAsArabic(3, arabicLetters: 0),
    ])
    #expect(book.says == nil)
  }

  @Test("A page that leans right-edge beside the cursive still makes the pages disagree")
  func disagreementStands() {
    let arabic = PageScriptTests.reading(2, "Arabic", PageScriptTests.runningRows)
    #expect(arabic.leans == .rightEdge)
    let book = PageScriptEvidence.decide([
      Self.cursive(1), arabic, Self.readAsArabic(3, arabicLetters: 0),
    ])
    #expect(book.says == nil)
    #expect(book.detail.hasSuffix("the pages disagree"))
  }
}
