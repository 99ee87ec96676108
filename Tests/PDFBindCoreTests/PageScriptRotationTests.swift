import PDFBindCore
import Testing

@testable import PDFBindPages

/// Arabic or Hebrew read upright, but hardly surer of upright than of another rotation, says
/// nothing (SuggestRules 32): Tesseract's script detection read a French will in cursive as
/// Arabic at 28.9 and 10.6 (bench/suggest/README.md, "Handwriting read as Arabic"), and the
/// letters it knows would have told it which way up the page lies.
@Suite("Arabic and Hebrew read unsure which way up")
struct PageScriptRotationTests {
  static func page(
    _ page: Int, _ script: String = "Arabic", confidence: Double,
    orientationConfidence: Double, layout: WritingLayout = PageScriptTests.runningRows
  ) -> PageScriptEvidence.PageReading {
    .init(
      page: page, layout: layout,
      reading: ScriptReading(
        script: script, confidence: confidence, orientation: 0,
        orientationConfidence: orientationConfidence))
  }

  @Test("The will's pages say nothing and lean nothing; the line says why")
  func willDecidesNothing() {
    let will = [
      Self.page(1, confidence: 28.9, orientationConfidence: 1.05),
      Self.page(2, confidence: 10.6, orientationConfidence: 2.70),
    ]
    for page in will {
      #expect(page.says == nil)
      #expect(page.leans == nil)
      #expect(page.summary == "Arabic?, Tesseract unsure which way up")
    }
    let evidence = PageScriptEvidence.decide(will)
    #expect(evidence.says == nil)
    #expect(evidence.leans == nil)
    #expect(
      evidence.detail
        == "Arabic?, Tesseract unsure which way up on pages 1-2: says nothing about the binding",
      "\(evidence.detail)")
  }

  @Test(
    "Print read as surely decides, on either side of the limit as it falls",
    arguments: [
      ("Arabic", 5.0, .rightEdge), ("Arabic", 4.9, nil),
      ("Hebrew", 5.0, .rightEdge), ("Hebrew", 4.9, nil), ("Arabic", 20, .rightEdge),
    ] as [(String, Double, PageBinding?)])
  func limit(script: String, orientationConfidence: Double, says: PageBinding?) {
    let book = [
      Self.page(1, script, confidence: 55, orientationConfidence: orientationConfidence),
      Self.page(2, script, confidence: 60, orientationConfidence: orientationConfidence),
    ]
    #expect(PageScriptEvidence.decide(book).says == says)
    #expect(book[0].leans == says)
  }

  /// A page of a printed Quran in its ornamented frame shows no rows (`lines` nil), and a page
  /// showing none asks 20 of Arabic (`minimumConfidenceOffRows`); read surely upright
  /// (`rowsNeedNotShowOrientationConfidence`), it asks what rows ask (SuggestRules 57). The
  /// pages of the real bench's framed Quran `n60-arabic-noorquran-1`: 11.39 upright by 14.73
  /// says, 12.46 by 9.73 only leans.
  @Test(
    "Surely upright, framed Arabic asks what rows ask",
    arguments: [
      (11.39, 14.73, .rightEdge, .rightEdge), (12.46, 9.73, nil, .rightEdge),
      (6.0, 15.59, nil, .rightEdge), (4.9, 20, nil, nil), (20, 9.9, .rightEdge, .rightEdge),
      (8.67, 6.80, nil, nil),
    ] as [(Double, Double, PageBinding?, PageBinding?)])
  func framedPrint(
    confidence: Double, orientationConfidence: Double, says: PageBinding?, leans: PageBinding?
  ) {
    let page = Self.page(
      1, confidence: confidence, orientationConfidence: orientationConfidence,
      layout: PageScriptTests.pictures)
    #expect(page.says == says)
    #expect(page.leans == leans)
  }

  /// Where the script's confidence alone leaves the page silent, the line names that, as it
  /// did before: a Tamil handwritten page read as Arabic at 1.85, unsure which way up (1.68).
  @Test("The line names the rotation only where it is what silenced the page")
  func otherReasonsKeepTheirWords() {
    let tamil = Self.page(1, confidence: 1.85, orientationConfidence: 1.68)
    #expect(tamil.summary == "Arabic? (uncertain)")
    let leaning = Self.page(1, confidence: 5.2, orientationConfidence: 0.84)
    #expect(leaning.summary == "Arabic?, Tesseract unsure which way up")
    // Latin and the other scripts do not ask it: only right-to-left readings were measured.
    let latin = PageScriptTests.reading(1, "Latin", confidence: 3)
    var unsure = latin
    unsure.reading?.orientationConfidence = 0.5
    #expect(unsure.says == latin.says)
    #expect(unsure.says == .leftEdge)
  }
}
