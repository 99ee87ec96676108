import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// A page that script detection reads upright as Hebrew or Arabic, and that says nothing by
/// that reading's confidence, is taken for Hebrew writing when Tesseract's Hebrew recogniser
/// reads enough Hebrew letters on it with confidence (`PageScriptEvidence.leastHebrewLetters`,
/// SuggestRules 37).
@Suite("Hebrew letters recognised on a page script detection is unsure of")
struct HebrewLettersTests {
  static let available = WordReader(.hebrew) != nil
  typealias PageReading = PageScriptEvidence.PageReading

  @Test("Counted: the Hebrew letters of words read with confidence, not their points")
  func counting() {
    let words: [(String, Double)] = [
      ("שָׁלוֹם", 92),  // four letters, three points
      ("ספרייה.", 85),  // six letters and a full stop
      ("עם", 80),
      ("האדם", 79.9),  // too little confidence
      ("كتاب", 95), ("book", 95), ("1914", 99),
    ]
    let tsv = words.map { LatinWordsTests.word($0.0, confidence: $0.1) }
    let counted = ConfidentWords(tsv: tsv.joined(separator: "\n"))
    #expect(counted.hebrewLetters == 4 + 6 + 2)
    #expect(counted.latin == 1)
  }

  @Test("Only a page read upright as Hebrew or Arabic that says nothing asks")
  func whoAsks() throws {
    let rows = PageScriptReadingsTests.rows
    func asks(_ page: PageReading) throws -> Bool {
      PageScriptEvidence.asksHebrewLetters(
        try #require(page.reading), layout: rows, smallScan: false)
    }
    // Read with too little confidence to say anything.
    #expect(try asks(PageReading.runningText("Hebrew", 1.0)))
    #expect(try asks(PageReading.runningText("Arabic", 2.0)))
    // Read surely enough to say right-edge: no second reading is needed.
    let sure = PageScriptEvidence.minimumRightToLeftConfidence
    #expect(PageReading.runningText("Hebrew", sure).says == .rightEdge)
    #expect(try !asks(PageReading.runningText("Hebrew", sure)))
    // Read upside down or sideways, or in another script.
    #expect(try !asks(PageReading.runningText("Hebrew", 1.0, orientation: 180)))
    #expect(try !asks(PageReading.runningText("Latin", 0.2)))
    #expect(try !asks(PageReading.runningText("Japanese", 0.3)))
  }

  @Test("A scan too small to read surely asks when read upright as a left-to-right script")
  func smallScanAsks() {
    let rows = PageScriptReadingsTests.rows
    func asks(_ script: String, orientation: Int = 0, smallScan: Bool) -> Bool {
      let reading = ScriptReading(script: script, confidence: 1.87, orientation: orientation)
      return PageScriptEvidence.asksHebrewLetters(reading, layout: rows, smallScan: smallScan)
    }
    // Fitted into 640 pixels, a page of Yiddish print read as Fraktur at 1.87 and said
    // left-edge by that reading alone.
    #expect(PageReading.runningText("Fraktur", 1.87).says == .leftEdge)
    for script in PageScriptEvidence.leftToRightScripts {
      #expect(asks(script, smallScan: true), "\(script)")
      // Fraktur asks whatever the scan's size (`frakturAsks`).
      #expect(asks(script, smallScan: false) == (script == "Fraktur"), "\(script)")
    }
    // Read turned round, or as a script of neither side: not asked.
    #expect(!asks("Latin", orientation: 180, smallScan: true))
    #expect(!asks("Japanese", smallScan: true))
    // Its Hebrew letters speak before the script read, and the evidence says so.
    let yiddish = PageReading.runningText("Fraktur", 1.87, hebrewLetters: 390)
    #expect(yiddish.says == .rightEdge)
    #expect(yiddish.summary == "390 Hebrew letters recognised (Tesseract's script: Fraktur?)")
    // Fewer than Hebrew writing needs, but more than a left-to-right page gives: nothing.
    let against = PageScriptEvidence.hebrewLettersAgainstLeftToRight
    func latin(_ letters: Int) -> PageReading {
      PageReading.runningText("Latin", 1.87, hebrewLetters: letters)
    }
    #expect(latin(against - 1).says == .leftEdge)
    #expect(latin(against).says == nil && latin(against).leans == nil)
    #expect(latin(PageScriptEvidence.leastHebrewLetters - 1).says == nil)
    #expect(latin(against).summary == "Latin?, but \(against) Hebrew letters recognised")
  }

  @Test("A page read upright as Fraktur asks, whatever its size and rows")
  func frakturAsks() {
    let rows = PageScriptReadingsTests.rows
    func asks(_ script: String, orientation: Int = 0) -> Bool {
      let reading = ScriptReading(script: script, confidence: 0.79, orientation: orientation)
      return PageScriptEvidence.asksHebrewLetters(reading, layout: rows, smallScan: false)
    }
    #expect(asks("Fraktur"))
    #expect(!asks("Fraktur", orientation: 180))
    #expect(!asks("Latin") && !asks("Cyrillic") && !asks("Greek"))
    // A Yiddish dictionary page kept as JPEG 2000 read as Fraktur at 0.79: left-edge by that
    // reading alone, right-edge by the 116 Hebrew letters it asks for.
    #expect(PageReading.runningText("Fraktur", 0.79).says == .leftEdge)
    let yiddish = PageReading.runningText("Fraktur", 0.79, hebrewLetters: 116)
    #expect(yiddish.says == .rightEdge)
    #expect(yiddish.summary == "116 Hebrew letters recognised (Tesseract's script: Fraktur?)")
    // A page of German Fraktur gives the Hebrew recogniser a few letters: it still says.
    #expect(PageReading.runningText("Fraktur", 0.79, hebrewLetters: 13).says == .leftEdge)
  }

  /// Page 3 of a scanned Yiddish weekly of 1938 (the real bench's
  /// `n48-yiddish-pruzaner-sztyme`) as suggest measured it: columns of small print whose rows
  /// show only in patches.
  static let newspaperColumns = WritingLayout(
    ink: 0.21, paper: 0.74, blankRows: 0.19, blankColumns: 0.061, blockArea: 0.94,
    linesInRows: 99, linesInColumns: 7, ruledLines: 4, tilesInRows: 20)

  @Test("A page whose rows show only in patches asks when read upright as a left-to-right script")
  func rowsOnlyInPatchesAsk() throws {
    let page = Self.newspaperColumns
    #expect(page.rowsOnlyInPatches && page.inRowsOfText)
    func reading(_ script: String, _ confidence: Double, orientation: Int = 0) -> PageReading {
      PageReading(
        page: 1, layout: page,
        reading: ScriptReading(script: script, confidence: confidence, orientation: orientation))
    }
    func asks(_ page: PageReading) throws -> Bool {
      PageScriptEvidence.asksHebrewLetters(
        try #require(page.reading), layout: Self.newspaperColumns, smallScan: false)
    }
    // Read as Latin at 1.82, the page said left-edge by that reading alone.
    let latin = reading("Latin", 1.82)
    #expect(latin.says == .leftEdge)
    for script in PageScriptEvidence.leftToRightScripts {
      #expect(try asks(reading(script, 1.82)), "\(script)")
    }
    // Turned round, or a script of neither side: not asked. Rows across the whole page
    // (a book's page of running text) are not asked either.
    #expect(try !asks(reading("Latin", 1.82, orientation: 180)))
    #expect(try !asks(reading("Japanese", 1.82)))
    let rows = PageScriptReadingsTests.rows
    #expect(!rows.rowsOnlyInPatches)
    #expect(
      !PageScriptEvidence.asksHebrewLetters(
        ScriptReading(script: "Latin", confidence: 1.82, orientation: 0), layout: rows,
        smallScan: false))
    // Its Hebrew letters then speak before the script read.
    var yiddish = latin
    yiddish.recognised.hebrewLetters = 100
    #expect(yiddish.says == .rightEdge)
    #expect(yiddish.summary == "100 Hebrew letters recognised (Tesseract's script: Latin?)")
  }

  @Test("Enough Hebrew letters make the page say right-edge, and the evidence says so")
  func decides() {
    let least = PageScriptEvidence.leastHebrewLetters
    #expect(PageReading.runningText("Hebrew", 1.0, hebrewLetters: least - 1).says == nil)
    #expect(PageReading.runningText("Hebrew", 1.0, hebrewLetters: least).says == .rightEdge)
    #expect(PageReading.runningText("Arabic", 0.4, hebrewLetters: 1_353).says == .rightEdge)
    #expect(
      PageReading.runningText("Arabic", 0.4, hebrewLetters: 1_353).summary
        == "1353 Hebrew letters recognised (Tesseract's script: Arabic?)")
    let book = PageScriptEvidence.decide([
      PageReading.runningText("Hebrew", 1.0, hebrewLetters: 1_396),
      PageReading.runningText("Arabic", 0.5, hebrewLetters: 249),
    ])
    #expect(book.says == .rightEdge)
  }

  @Test(
    "Tesseract's Hebrew recogniser reads Hebrew letters on a small Hebrew scan, few on others",
    .enabled(if: available, "Tesseract or its Hebrew data (tesseract-ocr-heb) is missing"))
  func recognised() throws {
    let reader = try #require(WordReader(.hebrew))
    let least = PageScriptEvidence.leastHebrewLetters
    func letters(_ fixture: String) throws -> Int {
      let page = try LatinWordsTests.drawn(fixture)
      return reader.confidentHebrewLetters(
        page, resolution: PageScriptEvidence.resolution(page), enough: least) ?? 0
    }
    let hebrew = try letters("pictures/hebrew-small-scan.pdf")
    #expect(hebrew >= least, "\(hebrew)")
    for other in ["pictures/arabic-scan.pdf", "pictures/english-scan.pdf"] {
      let found = try letters(other)
      #expect(found < least / 4, "\(other): \(found)")
    }
  }
}
