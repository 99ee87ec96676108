import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// A page of running text that script detection reads as Latin without the confidence it
/// needs is taken for Latin writing when Tesseract's English recogniser reads enough Latin
/// words on it with confidence (`PageScriptEvidence.leastLatinWords`).
@Suite("Latin words recognised on a page of running text")
struct LatinWordsTests {
  static let available = WordReader(.english) != nil
  typealias PageReading = PageScriptEvidence.PageReading

  /// One line of Tesseract's TSV output for a word (level 5).
  static func word(_ text: String, confidence: Double) -> String {
    "5\t1\t1\t1\t1\t1\t10\t10\t40\t12\t\(confidence)\t\(text)"
  }

  @Test("Counted: words read with confidence, three Latin letters or more once punctuation is cut")
  func counting() {
    let counted: [(String, Double)] = [
      ("Sophocles,", 96), ("“Ajax”", 91), ("Übersetzung", 88), ("œuvre", 85), ("the", 80),
    ]
    // Read with too little confidence, too short, not Latin letters.
    let passedOver: [(String, Double)] = [
      ("commentary", 79.9), ("of", 97), ("λόγος", 95), ("книга", 95), ("كتاب", 95),
      ("1881", 99), ("A4x", 99),
    ]
    let tsv =
      [
        "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
        "4\t1\t1\t1\t1\t0\t10\t10\t400\t12\t-1\t",
      ] + (counted + passedOver).map { Self.word($0.0, confidence: $0.1) }
    #expect(ConfidentWords(tsv: tsv.joined(separator: "\n")).latin == 5)
  }

  @Test("Only running text read upright as Latin, Cyrillic or Greek with little confidence asks")
  func whoAsks() throws {
    let rows = PageScriptReadingsTests.rows
    #expect(
      PageScriptEvidence.asksLatinWords(
        try #require(PageReading.runningText("Latin", 0.38).reading), layout: rows))
    #expect(
      PageScriptEvidence.asksLatinWords(
        try #require(PageReading.runningText("Cyrillic", 0.2).reading), layout: rows))
    // Latin asks up to its own limit (handwritten Hebrew reads as Latin up to 0.8).
    #expect(
      PageScriptEvidence.asksLatinWords(
        try #require(PageReading.runningText("Latin", 0.8).reading), layout: rows))
    // Sure enough already; not a left-to-right script; not upright.
    #expect(
      !PageScriptEvidence.asksLatinWords(
        try #require(PageReading.runningText("Latin", 1.2).reading), layout: rows))
    #expect(
      !PageScriptEvidence.asksLatinWords(
        try #require(PageReading.runningText("Cyrillic", 0.6).reading), layout: rows))
    #expect(
      !PageScriptEvidence.asksLatinWords(
        try #require(PageReading.runningText("Arabic", 0.3).reading), layout: rows))
    #expect(
      !PageScriptEvidence.asksLatinWords(
        try #require(PageReading.runningText("Latin", 0.3, orientation: 180).reading), layout: rows)
    )
  }

  @Test("Enough Latin words make such a page say left-edge; fewer leave it as it was")
  func decides() {
    let least = PageScriptEvidence.leastLatinWords
    #expect(PageReading.runningText("Latin", 0.38).says == nil)
    #expect(PageReading.runningText("Latin", 0.38, latinWords: least - 1).says == nil)
    #expect(PageReading.runningText("Latin", 0.38, latinWords: least).says == .leftEdge)
    #expect(PageReading.runningText("Cyrillic", 0.2, latinWords: 412).says == .leftEdge)
    // Issue 40: Coral's handwritten Hebrew page, drawn greyscale, read as Latin at 0.70 with
    // 6 Latin words: it says nothing (it decided left-edge, wrongly, under the old limit).
    #expect(PageReading.runningText("Latin", 0.70, latinWords: 6).says == nil)
    // It still leans, as Latin read at half the general limit does: it corroborates a page
    // that decides left-edge, or vetoes one that decides right-edge.
    #expect(PageReading.runningText("Latin", 0.70, latinWords: 6).leans == .leftEdge)
    #expect(PageReading.runningText("Latin", 0.27).leans == .leftEdge)
    #expect(PageReading.runningText("Latin", 0.70, latinWords: least).says == .leftEdge)
    #expect(PageReading.runningText("Latin", 1.2).says == .leftEdge)
    #expect(PageReading.runningText("Cyrillic", 0.6).says == .leftEdge)
    #expect(
      PageReading.runningText("Latin", 0.38, latinWords: 412).summary
        == "412 Latin words recognised (Tesseract's script: Latin?)")
  }

  /// Issue 40: the real bench's English magazine page, three columns between column rules,
  /// read as Latin at 0.18: its rules make rows of any marks, so only its words speak for it
  /// (307 recognised with confidence). Before SuggestRules 16 a ruled page never asked, and
  /// before 53 one read surely enough for running text did not.
  @Test("On a ruled page the words alone speak: enough make it left-edge, said so")
  func ruledPage() throws {
    var ruled = PageScriptReadingsTests.rows
    ruled.ruledLines = 20
    #expect(ruled.holdsWriting && ruled.isRuled && ruled.lines == .rows)
    let magazine = ScriptReading(script: "Latin", confidence: 0.18, orientation: 0)
    #expect(PageScriptEvidence.asksLatinWords(magazine, layout: ruled))
    var page = PageReading(page: 1, layout: ruled, reading: magazine)
    #expect(page.says == nil)
    page.recognised.latinWords = PageScriptEvidence.leastLatinWords - 1
    #expect(page.says == nil && page.leans == nil)
    #expect(page.summary == "ruled lines, as of staves, a table or a form (Tesseract: Latin?)")
    page.recognised.latinWords = 307
    #expect(page.says == .leftEdge)
    #expect(
      page.summary
        == "307 Latin words recognised between ruled lines (Tesseract's script: Latin?)")
    // Issue 40, SuggestRules 53: a real fax form read as Latin at 2.7, sure enough for
    // running text, asks as well: on a ruled page the script's confidence counts for nothing.
    let fax = ScriptReading(script: "Latin", confidence: 2.7, orientation: 0)
    #expect(PageScriptEvidence.asksLatinWords(fax, layout: ruled))
    var faxPage = PageReading(page: 1, layout: ruled, reading: fax)
    #expect(faxPage.says == nil)
    faxPage.recognised.latinWords = 62
    #expect(faxPage.says == .leftEdge)
    #expect(
      faxPage.summary
        == "62 Latin words recognised between ruled lines (Tesseract's script: Latin?)")
    // Staves read as Arabic never ask, nor does a ruled page whose marks run in no rows.
    let staves = ScriptReading(script: "Arabic", confidence: 0.3, orientation: 0)
    #expect(!PageScriptEvidence.asksLatinWords(staves, layout: ruled))
    let grid = WritingLayout(
      ink: 0.17, paper: 0.79, blankRows: 0.21, blankColumns: 0.14, blockArea: 0.95,
      ruledLines: 14, tilesInRows: 2, tilesInColumns: 23)
    #expect(grid.isRuled && grid.lines == nil && !grid.writingPatchesInRows)
    #expect(!PageScriptEvidence.asksLatinWords(magazine, layout: grid))
  }

  /// Page 1 of `fixture` as page script detection draws it.
  static func drawn(_ fixture: String) throws -> GreyImage {
    let path = Fixture.path(fixture)
    try #require(FileManager.default.fileExists(atPath: path), "\(fixture) is a fixture")
    let document = try PopplerDocument(path: FilePath(path), password: nil)
    let side = PageScriptEvidence.pictureSide
    return try document.greyImage(0, maxWidth: side, maxHeight: side)
  }

  @Test(
    "Tesseract's English recogniser reads Latin words on an English scan, few on an Arabic one",
    .enabled(if: available, "Tesseract or its English data (tesseract-ocr-eng) is missing"))
  func recognised() throws {
    let reader = try #require(WordReader(.english))
    let english = try Self.drawn("pictures/english-scan.pdf")
    let arabic = try Self.drawn("pictures/arabic-scan.pdf")
    let least = PageScriptEvidence.leastLatinWords
    let englishWords = reader.confidentLatinWords(
      english, resolution: PageScriptEvidence.resolution(english), enough: least)
    let arabicWords = reader.confidentLatinWords(
      arabic, resolution: PageScriptEvidence.resolution(arabic), enough: least)
    #expect((englishWords ?? 0) >= least, "\(String(describing: englishWords))")
    #expect((arabicWords ?? 0) < least / 4, "\(String(describing: arabicWords))")
  }
}
