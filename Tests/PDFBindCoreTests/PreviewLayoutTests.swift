import Testing

@testable import PDFBindCore
@testable import PDFBindPages

@Suite("Preview layout")
struct PreviewLayoutTests {
  @Test(
    "--spreads ranges",
    arguments: [
      ("4", SpreadRange(first: 4, last: 4)), ("1-6", SpreadRange(first: 1, last: 6)),
      ("10-", SpreadRange(first: 10, last: nil)),
    ])
  func parses(text: String, expected: SpreadRange) {
    #expect(SpreadRange(text) == expected)
    #expect(SpreadRange(text)?.description == text)
  }

  @Test(arguments: ["", "0", "-3", "3-2", "a", "1-b", "1--2", "٣"])
  func rejects(text: String) {
    #expect(SpreadRange(text) == nil)
  }

  @Test func resolvesAgainstTheSpreadCount() {
    #expect(SpreadRange(first: 2, last: nil).resolve(count: 5) == 2...5)
    #expect(SpreadRange(first: 1, last: 6).resolve(count: 6) == 1...6)
    #expect(SpreadRange(first: 1, last: 6).resolve(count: 5) == nil)
    #expect(SpreadRange(first: 6, last: nil).resolve(count: 5) == nil)
    #expect(SpreadRange.firstSix.resolve(count: 0) == nil)
  }

  /// Left-edge with a cover puts page 1 right of the spine, as a printed book's recto.
  @Test func sidesOfTheSpine() {
    let rightOf = { (binding: PageBinding, cover: Bool) in
      let spreads = Spreads.sides(pageCount: 4, binding: binding, cover: cover)
      return (1...4).map { page in spreads.contains { $0.right == page } }
    }
    #expect(rightOf(.leftEdge, true) == [true, false, true, false])
    #expect(rightOf(.leftEdge, false) == [false, true, false, true])
    #expect(rightOf(.rightEdge, true) == [false, true, false, true])
    #expect(rightOf(.rightEdge, false) == [true, false, true, false])
  }

  @Test func spinesLineUpAndPagesTouchThem() {
    let layout = PreviewLayout(
      spreads: Spreads.sides(pageCount: 6, binding: .leftEdge, cover: true), pageHeight: 200,
      pageWidth: { $0 == 3 ? 300 : 150 }, headerWidth: 10)
    let spines = layout.spreads.map(\.spineX)
    #expect(spines[0] + 600 + PreviewLayout.gapX == spines[1])
    #expect(spines[3] == spines[0])  // the fourth spread starts the second row
    for spread in layout.spreads {
      for page in spread.pages {
        #expect(page.rect.x == spread.spineX || page.rect.x + page.rect.width == spread.spineX)
        #expect(page.rect.height == 200)
      }
    }
    #expect(layout.spreads[1].pages.map(\.rect.width) == [150, 300])
  }
}
