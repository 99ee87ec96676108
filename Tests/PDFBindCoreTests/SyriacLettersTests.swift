import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Script detection does not know Syriac: it reads a page of it as Arabic, upright or turned
/// round, too unsure to say anything, and the Urdu recogniser finds few Arabic-script letters
/// in it. Tesseract's Syriac recogniser reading enough Syriac letters on such a page with
/// confidence (`PageScriptEvidence.leastSyriacLetters`) makes it Syriac writing
/// (SuggestRules 41).
@Suite("Syriac letters recognised on a page script detection reads as Arabic")
struct SyriacLettersTests {
  static let available = WordReader(.syriac) != nil
  typealias PageReading = PageScriptEvidence.PageReading

  @Test("Counted: the Syriac letters of words read with confidence, not points or punctuation")
  func counting() {
    let words: [(String, Double)] = [
      ("ܟܬܒܐ", 91),  // four letters
      ("ܡܫܝܚܐ܀", 88),  // five letters and a Syriac end of paragraph
      ("ܒܰܝܬܳܐ", 80),  // four letters, two vowel points
      ("ܐܠܗܐ", 79.9),  // too little confidence
      ("كتاب", 95), ("book", 95),
    ]
    let tsv = words.map { LatinWordsTests.word($0.0, confidence: $0.1) }
    let counted = ConfidentWords(tsv: tsv.joined(separator: "\n"))
    #expect(counted.syriacLetters == 4 + 5 + 4)
    #expect(counted.arabicLetters == 4)
    #expect(counted.latin == 1)
  }

  @Test("A page read as Arabic whose Arabic-script letters were hardly any asks, and only that")
  func whoAsks() {
    let most = PageScriptEvidence.mostArabicLettersOfSyriac
    func asks(_ script: String, orientation: Int = 0, arabicLetters: Int?) -> Bool {
      let reading = ScriptReading(script: script, confidence: 1.0, orientation: orientation)
      return PageScriptEvidence.asksSyriacLetters(
        reading, arabicLetters: arabicLetters, smallScan: false)
    }
    #expect(asks("Arabic", arabicLetters: 8))
    // The halves of a photographed Syriac spread inside a scanner's dark border: 22 and 23.
    #expect(asks("Arabic", orientation: 180, arabicLetters: 23))
    #expect(asks("Arabic", orientation: 180, arabicLetters: most))
    // Too few to say right-edge, but more than Syriac print gives (SuggestRules 65): polytonic
    // Greek print made bilevel gave 59 Arabic-script letters and 31 Syriac ones.
    #expect(!asks("Arabic", arabicLetters: most + 1))
    #expect(!asks("Arabic", arabicLetters: 59))
    // Enough Arabic-script letters already say right-edge; a page not asked for them.
    #expect(!asks("Arabic", arabicLetters: PageScriptEvidence.leastArabicLetters))
    #expect(!asks("Arabic", arabicLetters: nil))
    // Another script read turned round: handwriting, mostly, as Japanese.
    #expect(!asks("Japanese", orientation: 180, arabicLetters: 3))
    #expect(!asks("Hebrew", arabicLetters: 3))
    // A scan too small to read surely: fitted into 640 pixels, an English magazine page read
    // as Arabic gave the Syriac recogniser 38 letters.
    let small = ScriptReading(script: "Arabic", confidence: 0.37, orientation: 0)
    #expect(PageScriptEvidence.asksSyriacLetters(small, arabicLetters: 4, smallScan: false))
    #expect(!PageScriptEvidence.asksSyriacLetters(small, arabicLetters: 4, smallScan: true))
  }

  @Test("Enough Syriac letters make the page say right-edge, and the evidence says so")
  func decides() {
    let least = PageScriptEvidence.leastSyriacLetters
    func page(_ letters: Int?, number: Int = 1, orientation: Int = 0) -> PageReading {
      var page = PageReading.runningText("Arabic", 1.0, orientation: orientation)
      page.page = number
      (page.recognised.arabicLetters, page.recognised.syriacLetters) = (8, letters)
      return page
    }
    #expect(page(nil).says == nil)
    #expect(page(least - 1).says == nil)
    #expect(page(least).says == .rightEdge)
    #expect(page(121).summary == "121 Syriac letters recognised (Tesseract: Arabic?)")
    #expect(
      page(95, orientation: 180).summary
        == "95 Syriac letters recognised (Tesseract: Arabic?, upside down or sideways)")
    #expect(PageScriptEvidence.decide([page(121), page(95, number: 2)]).says == .rightEdge)
    // Among three pages read, one alone is too little, as for every other reading.
    let beside = [page(121), page(12, number: 2), PageScriptTests.unreadable(3)]
    #expect(PageScriptEvidence.decide(beside).says == nil)
  }

  @Test(
    "Tesseract's Syriac recogniser reads Syriac letters on a real Syriac page, few on others",
    .enabled(if: available, "Tesseract or its Syriac data (tesseract-ocr-syr) is missing"))
  func recognised() throws {
    let reader = try #require(WordReader(.syriac))
    let least = PageScriptEvidence.leastSyriacLetters
    func letters(_ fixture: String) throws -> Int {
      let page = try LatinWordsTests.drawn(fixture)
      return reader.confidentLettersOfWholePage(
        page, resolution: PageScriptEvidence.resolution(page), counting: \.syriacLetters) ?? 0
    }
    let syriac = try letters("real/syriac-mitchell-scan.pdf")
    #expect(syriac >= least, "\(syriac)")
    for other in [
      "real/arabic-yellowed-scan.pdf", "pictures/urdu-nastaliq-scan.pdf",
      "real/handwritten-french-will.pdf",
    ] {
      let found = try letters(other)
      #expect(found < least / 2, "\(other): \(found)")
    }
  }
}
