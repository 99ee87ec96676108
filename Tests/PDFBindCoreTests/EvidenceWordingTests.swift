import Testing

@testable import PDFBindCore
@testable import PDFBindPages

@Suite("Evidence wording")
struct EvidenceWordingTests {
  @Test(
    "Page numbers read as runs",
    arguments: [
      ([4], "page 4"), ([2, 3, 4, 5], "pages 2-5"), ([6, 7, 14, 15], "pages 6-7 and 14-15"),
      ([9, 1, 2, 3, 7], "pages 1-3, 7 and 9"), ([3, 3], "page 3"),
    ])
  func pageRuns(numbers: [Int], text: String) {
    #expect(Wording.pages(numbers) == text)
  }

  @Test("A layout needs agreeing pictures; --auto acts on it only with a decided binding")
  func layoutDecision() {
    let report = BindingReport(direction: .absent, pageLayout: .absent, pageCount: 10, warnings: [])
    let cover = Evidence(source: .spreads, says: .rightEdge, detail: "", layout: .cover)
    let noCover = Evidence(source: .spreads, says: .rightEdge, detail: "", layout: .noCover)
    let arabic = Evidence(source: .pageScript, says: .rightEdge, detail: "")
    let latin = Evidence(source: .pageScript, says: .leftEdge, detail: "")
    #expect(Suggestion(report: report, evidence: [cover, arabic]).layout == .cover)
    #expect(Suggestion(report: report, evidence: [cover, noCover]).layout == nil)
    let disagreeing = Suggestion(report: report, evidence: [cover, latin])
    #expect(disagreeing.decision == nil)
    // The pages a picture joins pair the same whichever way it runs.
    #expect(disagreeing.layout == .cover)
    #expect(disagreeing.decidedLayout == nil)
    #expect(disagreeing.layoutToSet == nil)
    #expect(disagreeing.agreesWithDeclared)
    #expect(Suggestion(report: report, evidence: [arabic]).layout == nil)
  }

  @Test("One page of script is too little to decide, but enough to doubt a join the other way")
  func leaningPage() {
    let report = BindingReport(direction: .absent, pageLayout: .absent, pageCount: 10, warnings: [])
    let join = Evidence(source: .spreads, says: .leftEdge, detail: "", layout: .cover)
    let onePage = Evidence(
      source: .pageScript, says: nil,
      detail: "Arabic script on page 3: one page alone is too little",
      leans: .rightEdge)
    let doubted = Suggestion(report: report, evidence: [onePage, join])
    #expect(doubted.decision == nil)
    #expect(doubted.layout == .cover)
    #expect(doubted.layoutToSet == nil)
    #expect(
      doubted.undecidedReason
        == "evidence disagrees: spreads says left-edge, page-script leans right-edge")
    let agreeing = Evidence(source: .pageScript, says: nil, detail: "", leans: .leftEdge)
    #expect(Suggestion(report: report, evidence: [agreeing, join]).decision == .leftEdge)
    #expect(Suggestion(report: report, evidence: [onePage]).decision == nil)
  }

  @Test("Pages one reason stopped share a line; past three reasons the rest share the last")
  func stoppedPages() {
    let twoReasons = Evidence.stopped(
      [
        (3, "not drawn: it took longer than 10 s"), (1, "not drawn: it took longer than 10 s"),
        (2, "not rendered: poppler cannot load it"), (4, "not drawn: it took longer than 10 s"),
      ],
      source: .spreads
    ).map(\.detail)
    #expect(
      twoReasons == [
        "pages 1 and 3-4 not drawn: it took longer than 10 s",
        "page 2 not rendered: poppler cannot load it",
      ])
    // Three reasons keep their three lines.
    let three = Evidence.stopped(
      [(1, "not read: a"), (2, "not read: b"), (3, "not read: c")], source: .pageScript)
    #expect(
      three.map(\.detail) == ["page 1 not read: a", "page 2 not read: b", "page 3 not read: c"])
    // Scans whose sizes differ from page to page: each its own reason.
    let sizes = (1...40).map { (page: $0, what: "not read: a scan of \($0)×\($0) pixels") }
    let lines = Evidence.stopped(sizes.reversed(), source: .pageScript)
    #expect(lines.map(\.source) == [.pageScript, .pageScript, .pageScript])
    #expect(lines.allSatisfy { $0.says == nil })
    #expect(
      lines.map(\.detail) == [
        "page 1 not read: a scan of 1×1 pixels", "page 2 not read: a scan of 2×2 pixels",
        "pages 3-40 stopped for 38 other reasons; page 3 not read: a scan of 3×3 pixels",
      ])
    #expect(Evidence.stopped([], source: .text).isEmpty)
  }
}
