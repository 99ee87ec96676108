import PDFBindCore
import Testing

@testable import PDFBindPages

/// A page of writing read surely upright as Latin, Cyrillic, Greek or Fraktur, too weak to
/// lean because its marks show no rows of running text, may be the second page a left-edge
/// decision asks for (SuggestRules 58): a book of Latin hymns in italic antiqua said left-edge
/// by one page of verse in rows, and two more pages of verse whose indented lines show no rows
/// of running text, read Latin at 3.48 and 3.33, upright by 9.7 and 11.4, left it at "one page
/// alone is too little" (the real bench's `n59-latin-vdsbb-1`).
@Suite("a page of writing read surely upright left to right as the second page")
struct PageScriptLeftToRightSecondTests {
  typealias Rotation = PageScriptRotationTests

  /// The book's page of verse in rows that says: Latin at 1.15.
  static let saying = Rotation.page(4, "Latin", confidence: 1.15, orientationConfidence: 8.8)

  /// Its other page of verse (and staves), as measured: writing, lines of no clear direction
  /// (blank rows 0.23 against blank columns 0.17), no rows of running text.
  static let verse = WritingLayout(
    ink: 0.146, paper: 0.762, blankRows: 0.234, blankColumns: 0.169, blockArea: 1,
    linesInRows: 41, linesInColumns: 12, blockAspect: 1.66, ruledLines: 6, tilesInRows: 13,
    tilesInColumns: 9)

  static func weak(
    _ script: String = "Latin", confidence: Double = 3.33, orientationConfidence: Double = 11.4,
    layout: WritingLayout = verse
  ) -> PageScriptEvidence.PageReading {
    Rotation.page(
      3, script, confidence: confidence, orientationConfidence: orientationConfidence,
      layout: layout)
  }

  @Test("Seconded by a page of writing read surely upright in its script, a page decides")
  func seconded() {
    let weak = Self.weak()
    #expect(weak.says == nil && weak.leans == nil, "too weak to lean on its own")
    #expect(Self.saying.says == .leftEdge)
    let evidence = PageScriptEvidence.decide([weak, Self.saying, PageScriptTests.unreadable(5)])
    #expect(evidence.says == .leftEdge)
    #expect(evidence.pages == [3, 4])
    #expect(evidence.detail == "Latin script; Latin? (uncertain) on pages 3-4")
  }

  /// Under 2 of script confidence; upright by under 5 (handwriting, scripts Tesseract has no
  /// data for); balloons among pictures (a translated manga's, read Cyrillic at up to 18.9);
  /// ruled (a form, staves); lines in columns (vertical Chinese read as Latin); another
  /// left-to-right script than the page that says.
  @Test(
    "A weak page does not second where it is a guess, unsure which way up, or not a page of writing",
    arguments: [
      PageScriptLeftToRightSecondTests.weak(confidence: 1.9),
      PageScriptLeftToRightSecondTests.weak(orientationConfidence: 4.9),
      PageScriptLeftToRightSecondTests.weak(confidence: 18.9, layout: PageScriptTests.pictures),
      PageScriptLeftToRightSecondTests.weak(layout: PageScriptSecondPageTests.ruled),
      PageScriptLeftToRightSecondTests.weak(layout: PageScriptTests.runningColumns),
      PageScriptLeftToRightSecondTests.weak("Cyrillic"),
    ])
  func notSeconded(weak: PageScriptEvidence.PageReading) {
    #expect(weak.says == nil && weak.leans == nil)
    let evidence = PageScriptEvidence.decide([weak, Self.saying, PageScriptTests.unreadable(5)])
    #expect(evidence.says == nil)
    #expect(evidence.detail.hasSuffix("one page alone is too little"), "\(evidence.detail)")
  }

  /// A left-to-right page seconds only left-edge: beside a page of Arabic that says
  /// right-edge, a weak page of Arabic makes two, a weak Latin page does not.
  @Test("A weak Latin page does not second a right-edge decision")
  func notRightToLeft() {
    let arabic = Rotation.page(2, confidence: 40, orientationConfidence: 15)
    let evidence = PageScriptEvidence.decide([arabic, Self.weak("Arabic")])
    #expect(evidence.says == .rightEdge, "Arabic seconds Arabic as before")
    let latinBeside = PageScriptEvidence.decide([
      arabic, Self.weak(), PageScriptTests.unreadable(5),
    ])
    #expect(latinBeside.says == nil)
    #expect(latinBeside.detail.hasSuffix("one page alone is too little"), "\(latinBeside.detail)")
  }
}
