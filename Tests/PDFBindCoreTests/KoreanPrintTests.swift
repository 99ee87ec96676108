import PDFBindCore
import Testing

@testable import PDFBindPages

/// Korean print in rows says left-edge by how surely Tesseract reads it upright, not by its
/// script's confidence (SuggestRules 67): the real bench's scanned Korean exam paper
/// (`n64-korean-ocrkor-1`) read as Korean at 0.06 to 0.24, upright by 19.2 to 28.3, and stayed
/// undecided ("Korean? (uncertain)").
@Suite("Korean print")
struct KoreanPrintTests {
  /// A page read upright as Korean (`PageScriptRotationTests.page`).
  static func page(
    _ page: Int, confidence: Double, orientationConfidence: Double,
    layout: WritingLayout = PageScriptTests.runningRows
  ) -> PageScriptEvidence.PageReading {
    PageScriptRotationTests.page(
      page, "Korean", confidence: confidence, orientationConfidence: orientationConfidence,
      layout: layout)
  }

  @Test("The exam paper's pages say left-edge; the line names Korean in horizontal lines")
  func examPaperDecides() {
    // Its three pages not ruled, as measured (pages 2, 3 and 5).
    let exam = [
      Self.page(2, confidence: 0.068, orientationConfidence: 20.9),
      Self.page(3, confidence: 0.168, orientationConfidence: 28.3),
      Self.page(5, confidence: 0.096, orientationConfidence: 19.2),
    ]
    for page in exam {
      #expect(page.says == .leftEdge)
      #expect(page.summary == "Korean, horizontal lines")
    }
    let evidence = PageScriptEvidence.decide(exam)
    #expect(evidence.says == .leftEdge)
    #expect(evidence.detail == "Korean, horizontal lines on pages 2-3 and 5", "\(evidence.detail)")
  }

  @Test(
    "How surely upright decides, leans or says nothing",
    arguments: [
      (10.0, PageBinding.leftEdge, PageBinding.leftEdge), (9.9, nil, .leftEdge),
      (5.0, nil, .leftEdge), (4.9, nil, nil),
    ] as [(Double, PageBinding?, PageBinding?)])
  func limit(orientationConfidence: Double, says: PageBinding?, leans: PageBinding?) {
    let page = Self.page(1, confidence: 0.1, orientationConfidence: orientationConfidence)
    #expect(page.says == says)
    #expect(page.leans == leans)
    if says == nil { #expect(page.summary == "Korean? (uncertain)") }
  }

  @Test("Korean off rows of running text, turned round or between ruled lines says nothing")
  func elsewhereNothing() {
    let pages = [
      Self.page(1, confidence: 0.2, orientationConfidence: 25, layout: PageScriptTests.pictures),
      Self.page(
        1, confidence: 0.2, orientationConfidence: 25, layout: PageScriptTests.runningColumns),
      Self.page(1, confidence: 0.2, orientationConfidence: 25, layout: PageScriptTests.fewRows),
      PageScriptEvidence.PageReading(
        page: 1, layout: PageScriptTests.runningRows,
        reading: ScriptReading(
          script: "Korean", confidence: 0.2, orientation: 180, orientationConfidence: 25)),
    ]
    for page in pages {
      #expect(page.says == nil, "\(page.layout)")
      #expect(page.leans == nil, "\(page.layout)")
    }
    var ruled = PageScriptTests.runningRows
    ruled.ruledLines = 12
    let form = Self.page(1, confidence: 0.2, orientationConfidence: 25, layout: ruled)
    #expect(form.layout.ruledWriting)
    #expect(form.says == nil)
  }
}
