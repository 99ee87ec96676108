import PDFBindCore
import Testing

/// SPEC's layout table, and the edges: no pages, one, two, three, many.
@Suite("Spreads")
struct SpreadsTests {
  @Test(
    "Spreads as a two-page view shows them, left to right on screen",
    arguments: [
      (6, PageBinding.leftEdge, true, "[1] [2|3] [4|5] [6]"),
      (6, .rightEdge, true, "[1] [3|2] [5|4] [6]"),
      (6, .leftEdge, false, "[1|2] [3|4] [5|6]"),
      (6, .rightEdge, false, "[2|1] [4|3] [6|5]"),
      (6, .unknown, true, "[1] [2|3] [4|5] [6]"),
      (6, .unknown, false, "[1|2] [3|4] [5|6]"),
      (0, .rightEdge, true, ""),
      (0, .leftEdge, false, ""),
      (1, .rightEdge, true, "[1]"),
      (1, .rightEdge, false, "[1]"),
      (2, .rightEdge, true, "[1] [2]"),
      (2, .rightEdge, false, "[2|1]"),
      (3, .rightEdge, true, "[1] [3|2]"),
      (3, .leftEdge, false, "[1|2] [3]"),
      (3, .rightEdge, false, "[2|1] [3]"),
      (7, .rightEdge, false, "[2|1] [4|3] [6|5] [7]"),
    ])
  func spreads(pages: Int, binding: PageBinding, cover: Bool, expected: String) {
    #expect(
      Spreads.text(Spreads.pairs(pageCount: pages, binding: binding, cover: cover)) == expected)
  }

  @Test("Every page appears once, in reading order, for many pages")
  func manyPages() {
    for binding in PageBinding.allCases {
      for cover in [true, false] {
        let spreads = Spreads.pairs(pageCount: 1001, binding: binding, cover: cover)
        let reading = spreads.flatMap { binding == .rightEdge ? $0.reversed() : $0 }
        #expect(reading == Array(1...1001))
        #expect(spreads.allSatisfy { $0.count <= 2 })
      }
    }
  }

  @Test("The /PageLayout each option writes, and the cover each layout means")
  func pageLayoutNames() {
    #expect(
      PageArrangement.allCases.map(\.pageLayoutName) == [
        "TwoPageRight", "TwoPageLeft", "SinglePage",
      ])
    #expect(PageLayoutEntry.name("TwoPageRight").cover == true)
    #expect(PageLayoutEntry.name("TwoColumnLeft").cover == false)
    #expect(PageLayoutEntry.name("SinglePage").cover == nil)
    #expect(PageLayoutEntry.absent.cover == nil)
  }
}
