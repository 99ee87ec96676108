import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// A page of running text that script detection reads upside down or sideways says nothing by
/// that reading (Urdu in Nastaliq, which it does not know, reads as Japanese or Arabic turned
/// round); Tesseract's Urdu recogniser reading enough Arabic-script letters on it with
/// confidence (`PageScriptEvidence.leastArabicLetters`) makes it Arabic-script writing
/// (SuggestRules 39).
@Suite("Arabic-script letters recognised on a page script detection reads turned round")
struct ArabicLettersTests {
  static let available = WordReader(.urdu) != nil
  typealias PageReading = PageScriptEvidence.PageReading

  @Test("Counted: the Arabic-script letters of words read with confidence, not marks or digits")
  func counting() {
    let words: [(String, Double)] = [
      ("کتاب", 92),  // four letters
      ("انسانوں،", 85),  // seven letters and an Arabic comma
      ("بِسْمِ", 80),  // three letters, three marks
      ("۱۹۴۸", 99),  // Extended Arabic-Indic digits
      ("ﻻ", 90),  // a presentation form, the lam-alef ligature
      ("عقل", 79.9),  // too little confidence
      ("שלום", 95), ("book", 95),
    ]
    let tsv = words.map { LatinWordsTests.word($0.0, confidence: $0.1) }
    let counted = ConfidentWords(tsv: tsv.joined(separator: "\n"))
    #expect(counted.arabicLetters == 4 + 7 + 3 + 1)
    #expect(counted.hebrewLetters == 4)
    #expect(counted.latin == 1)
  }

  @Test("Running text read turned round asks, and upright Hebrew or Arabic that says nothing")
  func whoAsks() {
    let rows = PageScriptReadingsTests.rows
    func asks(
      _ script: String, _ confidence: Double = 1.0, orientation: Int, layout: WritingLayout = rows
    ) -> Bool {
      let reading = ScriptReading(script: script, confidence: confidence, orientation: orientation)
      return PageScriptEvidence.asksArabicLetters(reading, layout: layout)
    }
    #expect(asks("Japanese", orientation: 180))
    #expect(asks("Arabic", orientation: 90))
    #expect(asks("Latin", orientation: 270))
    // Upright, where the Hebrew recogniser is asked too (`asksHebrewLetters`).
    #expect(asks("Arabic", orientation: 0))
    #expect(asks("Hebrew", 2.0, orientation: 0))
    // Upright and sure enough to say right-edge, or in another script.
    #expect(!asks("Arabic", PageScriptEvidence.minimumRightToLeftConfidence, orientation: 0))
    #expect(!asks("Japanese", orientation: 0))
    #expect(!asks("Latin", 0.2, orientation: 0))
    // No writing in rows, read turned round: a blank page.
    let blank = WritingLayout(GreyImage(width: 800, height: 1_000, filledWith: 230))
    #expect(!asks("Japanese", orientation: 180, layout: blank))
  }

  @Test("Enough Arabic-script letters make the page say right-edge, and the evidence says so")
  func decides() {
    let least = PageScriptEvidence.leastArabicLetters
    func page(_ letters: Int?, number: Int = 1) -> PageReading {
      var page = PageReading.runningText("Japanese", 1.1, orientation: 180)
      (page.page, page.recognised.arabicLetters) = (number, letters)
      return page
    }
    #expect(page(nil).says == nil)
    #expect(page(least - 1).says == nil)
    #expect(page(least).says == .rightEdge)
    #expect(
      page(138).summary
        == "138 Arabic-script letters recognised (Tesseract: Japanese?, upside down or sideways)")
    #expect(PageScriptEvidence.decide([page(138), page(109, number: 2)]).says == .rightEdge)
    // Upright, read as Arabic with too little confidence to say anything.
    var upright = PageReading.runningText("Arabic", 1.0)
    #expect(upright.says == nil)
    upright.recognised.arabicLetters = 97
    #expect(upright.says == .rightEdge)
    #expect(upright.summary == "97 Arabic-script letters recognised (Tesseract's script: Arabic?)")
    // Among three pages read, one alone is too little, as for every other reading (30
    // letters: too many for Latin cursive read upside down, `cursiveReadUpsideDown`, too few
    // for Urdu).
    let beside = [page(138), page(30, number: 2), PageScriptTests.unreadable(3)]
    #expect(PageScriptEvidence.decide(beside).says == nil)
  }

  @Test(
    "Tesseract's Urdu recogniser reads Arabic-script letters on a Nastaliq scan, few on others",
    .enabled(if: available, "Tesseract or its Urdu data (tesseract-ocr-urd) is missing"))
  func recognised() throws {
    let reader = try #require(WordReader(.urdu))
    let least = PageScriptEvidence.leastArabicLetters
    func letters(_ fixture: String) throws -> Int {
      let page = try LatinWordsTests.drawn(fixture)
      return reader.confidentLettersOfWholePage(
        page, resolution: PageScriptEvidence.resolution(page), counting: \.arabicLetters)
        ?? 0
    }
    let urdu = try letters("pictures/urdu-nastaliq-scan.pdf")
    #expect(urdu >= least, "\(urdu)")
    for other in ["pictures/english-scan.pdf", "pictures/hebrew-small-scan.pdf"] {
      let found = try letters(other)
      #expect(found < least / 2, "\(other): \(found)")
    }
  }
}
