import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// SPEC round 3, evidence 7: what the pages read say together. Two pages that agree decide;
/// a page read with half the confidence corroborates or vetoes; one page among several is too
/// little (`PageScriptEvidence.decide`).
@Suite("The pages read decide together")
struct PageScriptDecisionTests {
  @Test("A page read with half the confidence corroborates one that decides, or vetoes it")
  func leaning() {
    let corroborated = PageScriptEvidence.decide([
      PageScriptTests.reading(2, "Greek", confidence: 4),
      PageScriptTests.reading(3, "Greek", confidence: 0.6),
    ])
    #expect(corroborated.says == .leftEdge)
    #expect(corroborated.pages == [2, 3])
    let vetoed = PageScriptEvidence.decide([
      PageScriptTests.reading(2, "Arabic"), PageScriptTests.reading(3, "Latin", confidence: 0.6),
    ])
    #expect(vetoed.says == nil)
    let guess = PageScriptEvidence.decide([
      PageScriptTests.reading(2, "Hebrew", confidence: 0.6),
      PageScriptTests.reading(3, "Hebrew", confidence: 0.6),
    ])
    #expect(guess.says == nil, "two guesses are still guesses")
  }

  /// Seed 5's arabic-1 of bench/suggest: its first page reads Arabic at 108 but shows no rows.
  /// The weak reading is a Greek title page's (3.3), not surely upright (9: a page read so asks
  /// 20 off rows, a quarter of it to second; `rowsNeedNotShowOrientationConfidence`).
  @Test("Arabic read surely counts where the page's rows do not show; a weak reading does not")
  func rightToLeftOffRows() {
    let sure = PageScriptEvidence.decide([
      PageScriptTests.reading(1, "Arabic", PageScriptTests.pictures, confidence: 108),
      PageScriptTests.reading(4, "Arabic"),
    ])
    #expect(sure.says == .rightEdge)
    #expect(sure.detail == "Arabic script; Arabic script (rows unclear) on pages 1 and 4")
    let weak = PageScriptEvidence.decide([
      PageScriptRotationTests.page(
        1, confidence: 3.3, orientationConfidence: 9, layout: PageScriptTests.pictures),
      PageScriptTests.reading(4, "Arabic"), PageScriptTests.unreadable(5),
    ])
    #expect(weak.says == nil)
    #expect(weak.detail.hasSuffix("one page alone is too little"), "\(weak.detail)")
  }

  @Test("Two pages that agree decide; the pages they rest on are named")
  func agree() {
    let evidence = PageScriptEvidence.decide([
      PageScriptTests.reading(2, "Arabic"), PageScriptTests.reading(3, "Arabic"),
    ])
    #expect(evidence.says == .rightEdge)
    #expect(evidence.detail == "Arabic script on pages 2-3")
    #expect(evidence.pages == [2, 3])
  }

  @Test("Pages that disagree, or one page among several, decide nothing")
  func conservative() {
    let disagree = PageScriptEvidence.decide([
      PageScriptTests.reading(2, "Arabic"), PageScriptTests.reading(3, "Latin"),
    ])
    #expect(disagree.says == nil)
    #expect(disagree.detail.hasSuffix("the pages disagree"))
    let alone = PageScriptEvidence.decide([
      PageScriptTests.reading(2, "Hebrew"),
      PageScriptTests.reading(3, "Latin", PageScriptTests.pictures),
      PageScriptTests.unreadable(4),
    ])
    #expect(alone.says == nil)
    #expect(alone.detail.hasSuffix("one page alone is too little"), "\(alone.detail)")
  }

  /// The real bench's `n61-2upscan-lectaurep-1`: a register photographed open, whose reading
  /// ran past the page's 10 s (bench/suggest/real/README.md, "Twelve books from seven
  /// repositories"). It said `page 1 not read: it took longer than 10 s` and then `no script
  /// Tesseract can read on page 1`, as if Tesseract had found nothing there.
  @Test("A page whose reading was stopped is left to its note, and still counts")
  func stoppedPage() {
    var stopped = PageScriptTests.unreadable(1)
    stopped.readingStopped = true
    let beside = PageScriptEvidence.decide([stopped, PageScriptTests.reading(2, "Arabic")])
    #expect(beside.says == nil, "one page read of two is still too little")
    #expect(beside.detail == "Arabic script on page 2: one page alone is too little")
    #expect(beside.pages == [2])
    // Read to its end, the page found no script: the other decides, one page of two.
    stopped.readingStopped = false
    let unread = PageScriptEvidence.decide([stopped, PageScriptTests.reading(2, "Arabic")])
    #expect(unread.says == .rightEdge)
    #expect(unread.detail == "Arabic script on page 2")
    let third = PageScriptTests.reading(3, "Latin", PageScriptTests.pictures)
    let amongThree = PageScriptEvidence.decide([
      stopped, PageScriptTests.reading(2, "Arabic"), third,
    ])
    #expect(
      amongThree.detail.hasPrefix(
        "Arabic script; Latin? among pictures; no script Tesseract can read on pages 1-3"),
      "\(amongThree.detail)")
  }

  /// The real bench's `u14-chv-charlayout-qianlong25`: a vertical Chinese almanac of two
  /// pages, whose second page's lines run top to bottom and whose first says nothing; and
  /// `n57-2-up-scan-mla-2`, one picture of two facing pages, one half of which says nothing.
  /// Each stayed at "one page alone is too little" before SuggestRules 62.
  @Test(
    "One page that points among two read decides, as a book of one page does; among three it does not"
  )
  func oneOfTwo() {
    let silent = PageScriptTests.reading(1, "Latin", PageScriptTests.pictures, confidence: 3)
    #expect(silent.says == nil && silent.leans == nil)
    let almanac = PageScriptTests.reading(2, "Han", PageScriptTests.runningColumns)
    let two = PageScriptEvidence.decide([silent, almanac])
    #expect(two.says == .rightEdge)
    #expect(two.detail == "Han, vertical lines on page 2")
    #expect(two.pages == [2])
    let manga = PageScriptTests.reading(1, "Japanese", PageScriptTests.pictures, confidence: 3)
    var (left, right) = (silent, manga)
    (left.half, right.half) = (.left, .right)
    let halves = PageScriptEvidence.decide([left, right])
    #expect(halves.says == .rightEdge, "the halves of one picture of two pages are two pages read")
    #expect(
      halves.detail
        == "Japanese among pictures (as in manga) on page 1 (page 1 holds two facing pages, each read as a page)"
    )
    let three = PageScriptEvidence.decide([silent, almanac, PageScriptTests.unreadable(3)])
    #expect(three.says == nil)
    #expect(three.detail.hasSuffix("one page alone is too little"), "\(three.detail)")
    #expect(three.leans == .rightEdge, "too little to decide, enough to doubt")
  }
}
