import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Script detection does not know Georgian, Armenian, Myanmar or Tibetan: it reads their print
/// as an Indic script or Thai it is unsure of, or turned round, and the page says nothing.
/// Their own recognisers reading enough of one script's letters with confidence
/// (`PageScriptEvidence.leastUndetectedScriptLetters`) make it writing in that script, written
/// left to right (SuggestRules 75).
@Suite("Letters of scripts script detection does not know")
struct UndetectedScriptLettersTests {
  typealias PageReading = PageScriptEvidence.PageReading

  @Test("Counted: each script's letters in words read with confidence, not its signs or digits")
  func counting() {
    let words: [(String, Double)] = [
      ("ადამიანი", 93),  // eight Georgian letters
      ("Հայերեն", 90),  // seven Armenian letters, the first a capital
      ("လူတိုင်း", 88),  // Myanmar: 3 letters (လ တ င), the vowel signs, asat and tone not
      ("བོད༌", 85),  // Tibetan: 2 letters (བ ད), a vowel sign and a tsheg not
      ("၁၂၃", 95),  // Myanmar digits
      ("თავისუფალი", 79.9),  // too little confidence
    ]
    let tsv = words.map { LatinWordsTests.word($0.0, confidence: $0.1) }
    let counted = ConfidentWords(tsv: tsv.joined(separator: "\n"))
    #expect(counted.letters(of: .georgian) == 8)
    #expect(counted.letters(of: .armenian) == 7)
    #expect(counted.letters(of: .myanmar) == 3)
    #expect(counted.letters(of: .tibetan) == 2)
    #expect(counted.latin == 0 && counted.arabicLetters == 0)
  }

  @Test("A page read as an Indic script or Thai that says nothing asks, and only that")
  func whoAsks() {
    func asks(
      _ script: String, _ confidence: Double, orientation: Int = 0,
      _ layout: WritingLayout = PageScriptTests.runningRows
    ) -> Bool {
      let reading = ScriptReading(
        script: script, confidence: confidence, orientation: orientation)
      return PageScriptEvidence.asksUndetectedScriptLetters(reading, layout: layout)
    }
    let least = PageScriptEvidence.minimumOtherScriptConfidence
    // As measured on the real bench: Myanmar read as Malayalam in rows at 1.17, Georgian as
    // Malayalam off rows at 1.46, Tibetan as Devanagari sideways at 9.17.
    #expect(asks("Malayalam", 1.17))
    #expect(asks("Malayalam", 1.46, PageScriptTests.runningColumns))
    #expect(asks("Devanagari", 9.17, orientation: 90))
    #expect(asks("Thai", least / 2 - 0.01))
    // Indic print read surely in rows already says left-edge, and read so with half that
    // leans (a Devanagari newspaper page at 5.11): neither pays for four recognitions.
    #expect(!asks("Kannada", least))
    #expect(!asks("Bengali", 41))
    #expect(!asks("Devanagari", 5.11))
    #expect(!asks("Thai", least / 2))
    // Other readings are asked what their own passes ask, or nothing.
    #expect(!asks("Arabic", 0.83))
    #expect(!asks("Latin", 1.0))
    #expect(!asks("Japanese", 0.5, orientation: 180))
  }

  @Test("Enough letters of one script make the page say left-edge, and the evidence says so")
  func decides() {
    let least = PageScriptEvidence.leastUndetectedScriptLetters
    func page(
      _ script: UndetectedScript, _ letters: Int?, number: Int = 1, orientation: Int = 0,
      read: String = "Malayalam"
    ) -> PageReading {
      var page = PageReading.runningText(read, 1.17, orientation: orientation)
      page.page = number
      page.recognised[keyPath: script.recognised] = letters
      return page
    }
    #expect(page(.myanmar, nil).says == nil)
    #expect(page(.myanmar, least - 1).says == nil)
    #expect(page(.myanmar, least).says == .leftEdge)
    #expect(page(.tibetan, 156, orientation: 90, read: "Devanagari").says == .leftEdge)
    #expect(
      page(.georgian, 188).summary == "188 Georgian letters recognised (Tesseract: Malayalam?)")
    #expect(
      page(.tibetan, 156, orientation: 90, read: "Devanagari").summary
        == "156 Tibetan letters recognised (Tesseract: Devanagari?, upside down or sideways)")
    let book = PageScriptEvidence.decide([page(.myanmar, 275), page(.myanmar, 147, number: 2)])
    #expect(book.says == .leftEdge)
    // Among three pages read, one alone is too little, as for every other reading.
    let beside = [
      page(.myanmar, 275), page(.myanmar, 12, number: 2), PageScriptTests.unreadable(3),
    ]
    #expect(PageScriptEvidence.decide(beside).says == nil)
  }

  @Test("Set from the right, as right-to-left writing is, such a page only leans (SuggestRules 51)")
  func setFromTheRight() {
    var page = PageReading.runningText("Thai", 2.22, orientation: 90)
    page.layout = WritingLayout(
      ink: 0.1, paper: 0.9, blankRows: 0.45, blankColumns: 0.1, blockArea: 0.7,
      shortLines: WritingLayout.LineEnds(fromLeft: 0, fromRight: 6), linesInRows: 30)
    page.recognised.georgianLetters = 120
    #expect(page.says == nil)
    #expect(page.leans == .leftEdge)
  }

  @Test(
    "Tesseract's Myanmar recogniser reads Myanmar letters on a Myanmar page, few on others",
    .enabled(
      if: WordReader(.myanmar) != nil,
      "Tesseract or its Myanmar data (tesseract-ocr-mya) is missing"
    ))
  func recognised() throws {
    let reader = try #require(WordReader(.myanmar))
    let least = PageScriptEvidence.leastUndetectedScriptLetters
    func letters(_ fixture: String) throws -> Int {
      let page = try LatinWordsTests.drawn(fixture)
      return reader.confidentLetters(
        of: .myanmar, page, resolution: PageScriptEvidence.resolution(page), enough: least) ?? 0
    }
    let myanmar = try letters("pictures/myanmar-scan.pdf")
    #expect(myanmar >= least, "\(myanmar)")
    for other in ["real/arabic-yellowed-scan.pdf", "pictures/urdu-nastaliq-scan.pdf"] {
      let found = try letters(other)
      #expect(found < least / 4, "\(other): \(found)")
    }
  }
}
