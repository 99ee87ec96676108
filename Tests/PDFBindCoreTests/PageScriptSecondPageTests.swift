import PDFBindCore
import Testing

@testable import PDFBindPages

/// A page of Arabic or Hebrew too weak to lean may be the second page a right-edge decision
/// asks for (SuggestRules 36): a printed mushaf's pages read Arabic surely on one page and at
/// a third to a half of that confidence beside their ornaments on the others, and "one page
/// alone is too little" left such books undecided (bench/suggest/README.md, "A weak page of
/// Arabic as the second").
@Suite("a weak page of Arabic or Hebrew as the second page")
struct PageScriptSecondPageTests {
  typealias Rotation = PageScriptRotationTests

  /// The page that says: Arabic read surely, in rows.
  static let sure = Rotation.page(3, confidence: 36, orientationConfidence: 12.3)

  /// A mushaf page among its ornaments: Arabic off rows, read surely upright, at 3.1 of the 10
  /// it would need there (`rowsNeedNotShowOrientationConfidence`, SuggestRules 57).
  static func ornamented(
    _ page: Int, confidence: Double = 3.1, orientationConfidence: Double = 14,
    layout: WritingLayout = PageScriptTests.pictures
  ) -> PageScriptEvidence.PageReading {
    Rotation.page(
      page, confidence: confidence, orientationConfidence: orientationConfidence, layout: layout)
  }

  /// Seconds as the mushaf's pages did under SuggestRules 36: surely upright, a quarter of the
  /// 10 it would need; sure enough which way up to say anything but not surely upright, a
  /// quarter of the 20 a page without rows then asks.
  @Test(
    "Seconded by a weak page of the same writing, a page that says right-edge decides",
    arguments: [
      PageScriptSecondPageTests.ornamented(1),
      PageScriptSecondPageTests.ornamented(1, confidence: 6.1, orientationConfidence: 7.4),
    ])
  func seconded(weak: PageScriptEvidence.PageReading) {
    #expect(weak.says == nil && weak.leans == nil, "too weak to lean on its own")
    let evidence = PageScriptEvidence.decide([weak, Self.sure, PageScriptTests.unreadable(5)])
    #expect(evidence.says == .rightEdge)
    #expect(evidence.pages == [1, 3])
    #expect(evidence.detail == "Arabic script; Arabic? among pictures on pages 1 and 3")
  }

  /// Under a quarter of the 10 it would need read surely upright, or of the 20 it would need
  /// less sure of it; Tesseract unsure which way up; staves, a table or a form.
  @Test(
    "A weak page does not second where it is a guess, unsure which way up, or ruled",
    arguments: [
      PageScriptSecondPageTests.ornamented(1, confidence: 2.4),
      PageScriptSecondPageTests.ornamented(1, confidence: 4.9, orientationConfidence: 7.4),
      PageScriptSecondPageTests.ornamented(1, orientationConfidence: 4.9),
      PageScriptSecondPageTests.ornamented(1, layout: PageScriptSecondPageTests.ruled),
    ])
  func notSeconded(weak: PageScriptEvidence.PageReading) {
    let evidence = PageScriptEvidence.decide([weak, Self.sure, PageScriptTests.unreadable(5)])
    #expect(evidence.says == nil)
    #expect(evidence.detail.hasSuffix("one page alone is too little"), "\(evidence.detail)")
  }

  /// A page of writing ruled like sheet music: a saying page of Arabic beside pdfcpu's
  /// `Wonderwall.pdf` staves must stay alone.
  static let ruled = WritingLayout(
    ink: 0.1, paper: 0.9, blankRows: 0.45, blankColumns: 0.1, blockArea: 0.7, linesInRows: 30,
    ruledLines: 14)

  @Test("Weak Arabic seconds only a page that says in Arabic: not Latin, not a manga's balloons")
  func onlyTheSameScript() {
    let latin = PageScriptTests.reading(2, "Latin", confidence: 4)
    let manga = PageScriptTests.reading(2, "Japanese", PageScriptTests.pictures, confidence: 3)
    #expect(latin.says == .leftEdge && manga.says == .rightEdge)
    for saying in [latin, manga] {
      let evidence = PageScriptEvidence.decide([
        saying, Self.ornamented(3), PageScriptTests.unreadable(5),
      ])
      #expect(evidence.says == nil)
      #expect(evidence.detail.hasSuffix("one page alone is too little"), "\(evidence.detail)")
    }
    let hebrew = PageScriptEvidence.decide([
      Rotation.page(2, "Hebrew", confidence: 40, orientationConfidence: 15),
      Rotation.page(3, "Hebrew", confidence: 3, orientationConfidence: 11),
    ])
    #expect(hebrew.says == .rightEdge, "\(hebrew.detail)")
  }
}
