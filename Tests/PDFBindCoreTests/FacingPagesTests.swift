import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// SPEC round 4, "Two pages in one picture": a page picture that holds two facing pages is
/// split at its gutter and each half read as a page; one page is never split.
@Suite("Two facing pages in one picture")
struct FacingPagesTests {
  /// Two printed pages side by side, `gutter` columns of paper between them, and a `binding`
  /// of that many dark columns in the middle of the gutter.
  static func twoUp(gutter: Int, binding: Int = 0) -> GreyImage {
    let left = PageScriptTests.printedPage(seed: 1)
    var picture =
      left + GreyImage(width: gutter, height: left.height, filledWith: 222)
      + PageScriptTests.printedPage(seed: 3)
    let middle = left.width + gutter / 2
    for y in 0..<picture.height {
      for x in (middle - binding / 2)..<(middle - binding / 2 + binding) { picture[x, y] = 30 }
    }
    return picture
  }

  /// Where the left page's print ends and the right page's begins in `twoUp`: each page's
  /// print lies 70 pixels inside its edges.
  static func between(gutter: Int) -> ClosedRange<Int> { 530...(600 + gutter + 70) }

  @Test("A 2-up scan with a light gutter splits between its pages, into two pages of writing")
  func lightGutter() throws {
    // Each page's own margins (70 pixels) and a little paper between: a band of about 12%.
    let picture = Self.twoUp(gutter: 20)
    let split = try #require(FacingPages.gutter(picture))
    #expect(Self.between(gutter: 20).contains(split), "split at \(split)")
    let measured = DrawnLayout.measure(picture)
    let halves = measured.layout.pages.map(\.layout)
    #expect(halves.count == 2 && halves.allSatisfy { $0.lines == .rows })
    #expect(measured.layout.pages.map(\.half) == [.left, .right])
    // The halves a worker keeps to read are the picture cut at the gutter.
    #expect(measured.halves?.map(\.width) == [split, picture.width - split])
  }

  @Test("One page is never split: portrait, narrow, a dark binding, print across the middle")
  func onePage() {
    // A portrait page whose margin lies in its middle (two columns of print) is one page.
    let portrait = PageScriptTests.printedPage(columns: true)
    #expect(FacingPages.gutter(portrait) == nil)
    #expect(DrawnLayout.measure(portrait).layout.pages.map(\.half) == [nil])
    // Lines running across the whole width leave no band.
    let across = PageScriptTests.printedPage().columns(0..<600, 70..<530, 70..<600)
    #expect(across.width > across.height)
    #expect(FacingPages.gutter(across) == nil)
    // A picture too small to measure (a glance) is one page.
    #expect(FacingPages.gutter(GreyImage(width: 300, height: 100, filledWith: 255)) == nil)
  }

  @Test("A dark binding between wide margins: the split still falls between the pages' print")
  func darkBinding() throws {
    let split = try #require(FacingPages.gutter(Self.twoUp(gutter: 20, binding: 12)))
    #expect(Self.between(gutter: 20).contains(split), "split at \(split)")
    // With print up to it on both sides (as the real bench's 2-up register scans are nearly),
    // no band: read whole, as before.
    let tight =
      PageScriptTests.printedPage(seed: 1).columns(0..<530)
      + GreyImage(width: 12, height: 900, filledWith: 30)
      + PageScriptTests.printedPage(seed: 3).columns(70..<600)
    #expect(FacingPages.gutter(tight) == nil)
  }

  @Test("A landscape page with little on it is one page, however blank its middle")
  func littleOnIt() {
    // A few lines at the top left of a landscape page (pdf.js's bug1046314.pdf and the like).
    var lines = GreyImage(width: 1_200, height: 800, filledWith: 250)
    for y in 100..<300 where (y / 20) % 2 == 0 {
      for x in 80..<500 { lines[x, y] = 20 }
    }
    #expect(FacingPages.gutter(lines) == nil)
    // Two narrow columns of print far apart: the whole middle is blank, wider than a gutter.
    let column = PageScriptTests.printedPage(seed: 1).columns(60..<420)
    let wide =
      column + GreyImage(width: 560, height: 900, filledWith: 225)
      + PageScriptTests.printedPage(seed: 3).columns(70..<430)
    #expect(FacingPages.gutter(wide) == nil)
  }

  @Test("A blank band off the middle is a margin, not a gutter")
  func offCentre() {
    // Two pages of unequal width: the band lies at 40% of the picture.
    let narrow = PageScriptTests.printedPage(seed: 1).columns(0..<400)
    let wide = PageScriptTests.printedPage(seed: 3).columns(0..<600, 70..<530)
    let picture = narrow.columns(0..<400) + wide
    #expect(FacingPages.gutter(picture) == nil)
  }

  static let arabic = ScriptReading(script: "Arabic", confidence: 50, orientation: 0)

  @Test("Each half counts as a page read, and the evidence says the page holds two")
  func halvesDecide() {
    let halves = FacingPages.Half.allCases.map {
      PageScriptEvidence.PageReading(
        page: 3, half: $0, layout: PageScriptTests.runningRows, reading: Self.arabic)
    }
    let evidence = PageScriptEvidence.decide(halves)
    #expect(evidence.says == .rightEdge)
    #expect(
      evidence.detail
        == "Arabic script on page 3 (page 3 holds two facing pages, each read as a page)")
    #expect(evidence.pages == [3])
  }

  @Test("Halves that say nothing give way to the whole picture when it leans")
  func wholeWhereHalvesSayNothing() {
    let unclear = ScriptReading(script: "Arabic", confidence: 0.1, orientation: 0)
    let halves = FacingPages.Half.allCases.map {
      PageScriptEvidence.PageReading(
        page: 1, half: $0, layout: PageScriptTests.runningRows, reading: unclear)
    }
    var asked: [Int] = []
    let read = PageScriptEvidence.readWholeWhereHalvesSayNothing(
      halves, wholes: [1: PageScriptTests.runningRows]
    ) { page throws(RuntimeLibrary.Unavailable) in
      asked.append(page)
      return (Self.arabic, nil, nil, .init(), nil)
    }
    #expect(asked == [1])
    #expect(read.count == 1 && read[0].readWhole && read[0].half == nil)
    #expect(
      PageScriptEvidence.decide(read).detail
        == "Arabic script on page 1 (page 1 holds two facing pages, read whole: its halves said "
        + "nothing)")
    // A whole that says nothing either leaves the halves; halves that lean are not read again.
    let kept = PageScriptEvidence.readWholeWhereHalvesSayNothing(
      halves, wholes: [1: PageScriptTests.runningRows]
    ) { _ throws(RuntimeLibrary.Unavailable) in (unclear, nil, nil, .init(), nil) }
    #expect(kept == halves)
    let leaning = halves.map { half in
      var half = half
      half.reading = Self.arabic
      return half
    }
    let untouched = PageScriptEvidence.readWholeWhereHalvesSayNothing(
      leaning, wholes: [1: PageScriptTests.runningRows]
    ) { _ throws(RuntimeLibrary.Unavailable) in
      Issue.record("read again")
      return (nil, nil, nil, .init(), nil)
    }
    #expect(untouched == leaning)
  }

  @Test("A picture of two facing pages and the half to read cross to a worker and back")
  func wire() throws {
    let layout = DrawnLayout.measure(Self.twoUp(gutter: 20)).layout
    let reply = try PageReply.layout(layout).acrossTheWire()
    if case .layout(let back) = reply {
      #expect(back == layout && back.pages.count == 2)
    } else {
      Issue.record("\(reply)")
    }
    let book = BookKey(path: "/a.pdf", password: nil)
    let sources: [PictureSource] = [
      .drawn, .scanElseDrawn, .scanOnly(tooLargeToDraw: ImageSize(width: 6_132, height: 8_176)),
    ]
    for (half, source) in zip([nil, FacingPages.Half.left, .right], sources) {
      let request = try PageRequest(
        decoding: PageRequest.readDrawn(
          book, page: 2, maxWidth: 9, maxHeight: 9, half: half, source: source
        ).encoded())
      if case .readDrawn(_, 2, 9, 9, let decoded, let decodedSource) = request {
        #expect(decoded == half)
        #expect(decodedSource == source)
      } else {
        Issue.record("\(request)")
      }
    }
  }
}

extension GreyImage {
  /// Two pictures of one height side by side.
  fileprivate static func + (left: GreyImage, right: GreyImage) -> GreyImage {
    var pixels: [UInt8] = []
    for y in 0..<left.height {
      pixels += left.pixels[(y * left.width)..<((y + 1) * left.width)]
      pixels += right.pixels[(y * right.width)..<((y + 1) * right.width)]
    }
    return GreyImage(width: left.width + right.width, height: left.height, pixels: pixels)
  }
}
