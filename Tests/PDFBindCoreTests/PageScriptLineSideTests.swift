import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// The side lines are set from, and what lower confidences say: Urdu in Nastaliq is read by
/// Tesseract as Japanese or Arabic upside down, yet its paragraphs end short on the left as
/// any right-to-left text's do; Greek scans read with low confidence, yet on running text every
/// Latin-family reading says the same.
@Suite("Script in the page pictures: line sides and low confidence")
struct PageScriptLineSideTests {
  /// Justified lines of word-like marks on grey paper, every fourth line a paragraph's end:
  /// half as long, set from the right (`fromRight`) or from the left.
  static func paragraphs(fromRight: Bool, seed: UInt64 = 5) -> GreyImage {
    var random = SplitMix64(seed: seed)
    let (width, height) = (600, 900)
    var page = GreyImage(width: width, height: height, filledWith: 225)
    for y in 0..<height {
      for x in 0..<width { page[x, y] = UInt8(225 - Int(random.next() % 7)) }
    }
    var (line, index) = (70, 0)
    while line + 14 < height - 70 {
      let short = index % 4 == 3
      let (from, to) =
        short ? (fromRight ? (300, 530) : (70, 300)) : (70, 530)
      var along = from
      while along < to {
        let word = min(10 + Int(random.next() % 50), to - along)
        for x in along..<(along + word) {
          for y in line..<(line + 14) where random.next() % 3 != 0 { page[x, y] = 40 }
        }
        along += word + 8
      }
      (line, index) = (line + 26, index + 1)
    }
    return page
  }

  @Test("Paragraph ends show the side lines are set from")
  func lineSides() {
    let right = WritingLayout(Self.paragraphs(fromRight: true))
    #expect(right.isRunningText && right.lines == .rows, "\(right)")
    #expect(right.shortLines.fromLeft == 0, "\(right)")
    #expect(right.shortLines.fromRight >= PageScriptEvidence.setSideShortLines, "\(right)")
    let left = WritingLayout(Self.paragraphs(fromRight: false))
    #expect(left.shortLines.fromRight == 0, "\(left)")
    #expect(left.shortLines.fromLeft >= 3, "\(left)")
  }

  static let rightSet = WritingLayout(
    ink: 0.1, paper: 0.9, blankRows: 0.45, blankColumns: 0.1, blockArea: 0.7,
    shortLines: .init(fromLeft: 0, fromRight: 5), linesInRows: 30)
  static let leftSet = WritingLayout(
    ink: 0.1, paper: 0.9, blankRows: 0.45, blankColumns: 0.1, blockArea: 0.7,
    shortLines: .init(fromLeft: 5, fromRight: 0), linesInRows: 30)
  static let mixed = WritingLayout(
    ink: 0.1, paper: 0.9, blankRows: 0.45, blankColumns: 0.1, blockArea: 0.7,
    shortLines: .init(fromLeft: 1, fromRight: 5), linesInRows: 30)
  static let rightSetColumns = WritingLayout(
    ink: 0.1, paper: 0.9, blankRows: 0.15, blankColumns: 0.6, blockArea: 0.7,
    shortLines: .init(fromLeft: 0, fromRight: 5))

  @Test(
    "A reading turned round says nothing, even on running text in rows set from the right",
    arguments: [
      ("Japanese", 0.4, 180, rightSet),  // Urdu in Nastaliq, or French handwriting
      ("Arabic", 0.2, 180, rightSet),
      ("Japanese", 0.4, 180, leftSet),  // a Latin page Tesseract turned round
      ("Latin", 0.4, 180, mixed),
      ("Japanese", 0.4, 180, rightSetColumns),  // vertical writing: no line ends
      ("Japanese", 0.4, 180, PageScriptTests.pictures),
    ] as [(String, Double, Int, WritingLayout)])
  func turnedRound(script: String, confidence: Double, orientation: Int, layout: WritingLayout) {
    let page = PageScriptTests.reading(
      3, script, layout, confidence: confidence, orientation: orientation)
    #expect(page.says == nil)
    #expect(page.leans == nil)
  }

  /// Two pages of a real French handwritten will (bench/suggest/README.md, "Handwritten
  /// wills") were read as Japanese turned round, 5 and 4 short lines set from the right and
  /// none from the left: they decided the will right-edge before SuggestRules 30.
  @Test("Pages read turned round decide nothing, however many agree; the line says what they show")
  func turnedRoundPagesDecideNothing() {
    let handwriting = { (page: Int, fromRight: Int) in
      var layout = Self.rightSet
      layout.shortLines = .init(fromLeft: 0, fromRight: fromRight)
      return PageScriptTests.reading(
        page, "Japanese", layout, confidence: 0.08, orientation: 180)
    }
    let will = PageScriptEvidence.decide([handwriting(1, 5), handwriting(2, 4)])
    #expect(will.says == nil)
    #expect(will.leans == nil)
    #expect(
      will.detail
        == "writing set from the right (Tesseract: Japanese?, upside down or sideways) on pages 1-2: says nothing about the binding",
      "\(will.detail)")
    // An upright page of Arabic alone still decides a book of one page.
    let arabic = PageScriptTests.reading(0, "Arabic", PageScriptTests.runningRows, confidence: 40)
    #expect(PageScriptEvidence.decide([arabic]).says == .rightEdge)
  }

  /// Yezidi, a right-to-left script Tesseract has no data for, drawn by
  /// bench/suggest/pages/unread_scripts_probe.py: read upright as Cyrillic at 2.83 (8 short lines
  /// from the right, none from the left), and as Japanese across at 0.86, each page decided
  /// its book left-edge before SuggestRules 51.
  @Test("Left-to-right writing set from the right leans left-edge and decides nothing alone")
  func leftToRightSetFromTheRight() {
    let yezidi = PageScriptTests.reading(1, "Cyrillic", Self.rightSet, confidence: 2.83)
    #expect(yezidi.says == nil)
    #expect(yezidi.leans == .leftEdge)
    let alone = PageScriptEvidence.decide([yezidi])
    #expect(alone.says == nil)
    #expect(
      alone.detail
        == "Cyrillic?, its short lines set from the right on page 1: says nothing about the binding",
      "\(alone.detail)")
    // It still doubts a double-page picture that joins right to left.
    #expect(alone.leans == .leftEdge)
    // Set from the left, the same reading decides.
    let russian = PageScriptTests.reading(1, "Cyrillic", Self.leftSet, confidence: 2.83)
    #expect(PageScriptEvidence.decide([russian]).says == .leftEdge)
    // Latin words recognised decide wherever the lines end (SuggestRules 52): a real fax
    // form at JPEG quality 25, its values set on the right, gave 78.
    var fax = PageScriptTests.reading(1, "Latin", Self.rightSet, confidence: 0.6)
    fax.recognised.latinWords = 78
    #expect(fax.says == .leftEdge)
    // Beside a page that says left-edge, it seconds it: a Greek commentary's page 2 (0 and 3
    // short lines) and page 1 (0 and 1) on the real bench.
    var commentary = Self.rightSet
    commentary.shortLines = .init(fromLeft: 0, fromRight: 1)
    let first = PageScriptTests.reading(1, "Greek", commentary, confidence: 1.11)
    let second = PageScriptTests.reading(2, "Greek", Self.rightSet, confidence: 2.58)
    let book = PageScriptEvidence.decide([first, second])
    #expect(book.says == .leftEdge)
    #expect(book.pages == [1, 2], "\(book.detail)")
  }

  /// Coral's handwritten Hebrew (the real bench's `adv-coral-hebhand-2`): read as Latin at
  /// 0.14, 22 short lines from the right and none from the left, 6 Latin words. Before
  /// SuggestRules 54 its Hebrew letters were never asked, and it said nothing.
  @Test("Writing read as left to right but set from the right asks its Hebrew letters")
  func setFromTheRightAsksHebrewLetters() throws {
    let handwriting = ScriptReading(script: "Latin", confidence: 0.14, orientation: 0)
    #expect(
      PageScriptEvidence.asksHebrewLetters(handwriting, layout: Self.rightSet, smallScan: false))
    // Not where its lines end as left-to-right writing's do, nor where they end on both
    // sides, nor on a page read turned round.
    for layout in [Self.leftSet, Self.mixed] {
      #expect(
        !PageScriptEvidence.asksHebrewLetters(handwriting, layout: layout, smallScan: false))
    }
    let turned = ScriptReading(script: "Latin", confidence: 0.14, orientation: 180)
    #expect(!PageScriptEvidence.asksHebrewLetters(turned, layout: Self.rightSet, smallScan: false))
    var page = PageScriptTests.reading(1, "Latin", Self.rightSet, confidence: 0.14)
    page.recognised.latinWords = 6
    page.recognised.hebrewLetters = 206
    #expect(page.says == .rightEdge)
    #expect(
      PageScriptEvidence.decide([page]).detail
        == "206 Hebrew letters recognised (Tesseract's script: Latin?) on page 1")
    // Pages of left-to-right books set so gave at most 13 (seed 19's generated English):
    // they say what their reading says, as before.
    var english = PageScriptTests.reading(2, "Latin", Self.rightSet, confidence: 8.1)
    english.recognised.hebrewLetters = 13
    #expect(english.says == nil && english.leans == .leftEdge)
  }

  /// New Tai Lue, a left-to-right script Tesseract has no data for, drawn by
  /// unread_scripts_probe.py: read turned round as Latin, its pages gave the Urdu recogniser 63 to
  /// 76 Arabic-script letters, 6 short lines from the left and none from the right, and
  /// decided right-edge before SuggestRules 51.
  @Test("Right-to-left letters on writing set from the left lean right-edge and decide nothing")
  func rightToLeftLettersSetFromTheLeft() {
    var newTaiLue = PageScriptTests.reading(
      1, "Latin", Self.leftSet, confidence: 8.33, orientation: 180)
    newTaiLue.recognised.arabicLetters = 63
    #expect(newTaiLue.says == nil)
    #expect(newTaiLue.leans == .rightEdge)
    let alone = PageScriptEvidence.decide([newTaiLue])
    #expect(alone.says == nil)
    #expect(alone.leans == .rightEdge)
    #expect(
      alone.detail
        == "63 Arabic-script letters recognised (Tesseract: Latin?, upside down or sideways), its short lines set from the left on page 1: says nothing about the binding",
      "\(alone.detail)")
    // Set from the right, as Urdu is, the same letters decide.
    var urdu = newTaiLue
    urdu.layout = Self.rightSet
    #expect(PageScriptEvidence.decide([urdu]).says == .rightEdge)
    // Script detection's own upright Arabic set from the left still decides: a real Arabic
    // chronicle's pages read so at 71 and 77, 3 and 4 short lines from the left.
    let chronicle = PageScriptTests.reading(1, "Arabic", Self.leftSet, confidence: 71)
    #expect(PageScriptEvidence.decide([chronicle]).says == .rightEdge)
  }

  @Test(
    "Latin, Cyrillic and Greek read with low confidence decide only on running text in rows",
    arguments: [
      ("Greek", 0.6, PageScriptTests.runningRows, PageBinding.leftEdge),
      ("Cyrillic", 0.5, PageScriptTests.runningRows, .leftEdge),
      ("Greek", 0.4, PageScriptTests.runningRows, nil),
      ("Greek", 0.6, PageScriptTests.runningColumns, nil),
      ("Greek", 0.6, PageScriptTests.pictures, nil),
    ] as [(String, Double, WritingLayout, PageBinding?)])
  func lowConfidence(
    script: String, confidence: Double, layout: WritingLayout, expected: PageBinding?
  ) {
    let page = PageScriptTests.reading(3, script, layout, confidence: confidence)
    #expect(page.says == expected)
  }
}
