import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Issue 19, item 4: where the letters are mixed, the layout of the lines decides. Pages are
/// built by hand from character boxes (no poppler): an A4 page 595 points wide, text between
/// 42 and 553, lines 12 points high.
@Suite("lines: the layout of mixed text")
struct LineLayoutTests {
  static let arabic = Array("الاسمالكاملتاريخالميلاد".unicodeScalars)
  static let latin = Array("MaryamHassanexamplecom".unicodeScalars)

  /// One row of `count` characters from `scalars`, 6 points wide each, starting at `x`, with a
  /// word space every 5 characters.
  static func row(_ scalars: [Unicode.Scalar], count: Int, x: Double, y: Double)
    -> [LineGeometry.Glyph]
  {
    var glyphs: [LineGeometry.Glyph] = []
    var left = x
    for index in 0..<count {
      if index > 0, index % 5 == 0 { left += 3 }
      let scalar = scalars[index % scalars.count]
      glyphs.append(.init(scalar: scalar, x1: left, y1: y, x2: left + 6, y2: y + 12))
      left += 6
    }
    return glyphs
  }

  /// A row of `count` characters ending at `right`.
  static func rowEnding(_ scalars: [Unicode.Scalar], count: Int, at right: Double, y: Double)
    -> [LineGeometry.Glyph]
  {
    let width = Double(count) * 6 + Double((count - 1) / 5) * 3
    return row(scalars, count: count, x: right - width, y: y)
  }

  /// An Arabic form: labels flush right at 553, Latin values on their left, ragged.
  static func form(rows: Int) -> [LineGeometry.Glyph] {
    var glyphs = rowEnding(arabic, count: 60, at: 553, y: 40)  // a full line of instructions
    glyphs += row(arabic, count: 10, x: 42, y: 40)
    for index in 0..<rows {
      let y = 70 + Double(index) * 28
      glyphs += rowEnding(arabic, count: 8 + index % 4, at: 553, y: y)
      glyphs += rowEnding(latin, count: 12 + index % 5, at: 470, y: y)
    }
    return glyphs
  }

  @Test("A form's labels flush right, their values on the left, count as right-to-left rows")
  func formRows() {
    var lines = LineGeometry()
    lines.add(Self.form(rows: 8), pageWidth: 595, number: 1)
    #expect(lines.flushRight == 8)
    #expect(lines.flushLeft == 0)
    #expect(lines.pages == [1])
  }

  @Test("Left-aligned rows count the other way, whatever their script")
  func leftAligned() {
    var glyphs: [LineGeometry.Glyph] = []
    for index in 0..<6 {
      glyphs += Self.row(
        index % 2 == 0 ? Self.arabic : Self.latin, count: 20 + index * 7,
        x: 42, y: 40 + Double(index) * 20)
    }
    glyphs += Self.row(Self.latin, count: 80, x: 42, y: 200)  // the widest line sets the margin
    var lines = LineGeometry()
    lines.add(glyphs, pageWidth: 595, number: 3)
    #expect(lines.flushLeft == 6)
    #expect(lines.flushRight == 0)
    #expect(lines.pages == [3])
  }

  @Test("Parallel columns fill both margins of a row: the row says nothing")
  func parallelColumns() {
    var glyphs: [LineGeometry.Glyph] = []
    for index in 0..<8 {
      let y = 40 + Double(index) * 16
      glyphs += Self.row(Self.latin, count: 30 + index % 3, x: 42, y: y)
      glyphs += Self.rowEnding(Self.arabic, count: 28 + index % 4, at: 553, y: y)
    }
    var lines = LineGeometry()
    lines.add(glyphs, pageWidth: 595, number: 1)
    #expect(lines.flushRight == 0)
    #expect(lines.flushLeft == 0)
    #expect(lines.pages.isEmpty)
  }

  @Test("Latin flush right (amounts, page numbers) is not a right-to-left row")
  func latinFlushRight() {
    var glyphs = Self.row(Self.latin, count: 80, x: 42, y: 20)
    for index in 0..<5 {
      glyphs += Self.rowEnding(Self.latin, count: 8, at: 553, y: 40 + Double(index) * 16)
    }
    var lines = LineGeometry()
    lines.add(glyphs, pageWidth: 595, number: 1)
    #expect(lines.flushRight == 0)
  }

  @Test("A few short right-aligned lines count through the page's width")
  func shortPage() {
    var glyphs: [LineGeometry.Glyph] = []
    for (index, count) in [9, 12, 7].enumerated() {
      glyphs += Self.rowEnding(Self.arabic, count: count, at: 553, y: 80 + Double(index) * 24)
    }
    var withWidth = LineGeometry()
    withWidth.add(glyphs, pageWidth: 595, number: 1)
    #expect(withWidth.flushRight == 3)
    // Without it, the longest line is the left margin: only the line two line-heights shorter
    // than it is ragged.
    var without = LineGeometry()
    without.add(glyphs, number: 1)
    #expect(without.flushRight == 1)
  }

  /// A sample whose census has `rightToLeft` Arabic and `leftToRight` Latin letters.
  static func sample(rightToLeft: Int, leftToRight: Int, lines glyphs: [LineGeometry.Glyph])
    -> TextEvidence.Sample
  {
    var sample = TextEvidence.Sample()
    sample.pagesRead = 1
    let text =
      String(repeating: "ب", count: rightToLeft) + String(repeating: "a", count: leftToRight)
    sample.census.add(PageText(text: text, boxes: []))
    sample.measuredLines.add(glyphs, pageWidth: 595, number: 1)
    return sample
  }

  @Test("A form of 60% Arabic letters with its labels flush right: right-edge")
  func mixedFormDecides() throws {
    let evidence = LineLayoutEvidence.evidence(
      Self.sample(rightToLeft: 180, leftToRight: 120, lines: Self.form(rows: 8)))
    let item = try #require(evidence.first)
    #expect(item.source == .lines)
    #expect(item.says == .rightEdge)
    #expect(
      item.detail
        == "8 lines flush right, 0 lines flush left on page 1, where 60% of letters are "
        + "right-to-left")
    #expect(item.pages == [1])
  }

  @Test("Too few rows, both ways, or right-to-left letters a minority: nothing, and why")
  func undecidedReasons() {
    let few = LineLayoutEvidence.evidence(
      Self.sample(rightToLeft: 180, leftToRight: 120, lines: Self.form(rows: 4)))
    #expect(few.map(\.says) == [nil])
    #expect(few.first?.detail.hasSuffix(": too few lines flush right to judge") == true)
    var both = Self.form(rows: 8)
    for index in 0..<4 {
      both += Self.row(Self.latin, count: 20, x: 42, y: 400 + Double(index) * 16)
    }
    let bilingual = LineLayoutEvidence.evidence(
      Self.sample(rightToLeft: 180, leftToRight: 120, lines: both))
    #expect(bilingual.map(\.says) == [nil])
    #expect(
      bilingual.first?.detail
        == "8 lines flush right, 4 lines flush left on page 1: laid out both ways (a bilingual "
        + "or trilingual page)")
    let minority = LineLayoutEvidence.evidence(
      Self.sample(rightToLeft: 120, leftToRight: 180, lines: Self.form(rows: 8)))
    #expect(minority.map(\.says) == [nil])
    #expect(
      minority.first?.detail.hasSuffix(": right-to-left letters are 40% of 300, not a majority")
        == true)
  }

  @Test("Where the script decides, the lines add nothing; against mixed letters they disagree")
  func scriptDecides() {
    let arabicBook = Self.sample(rightToLeft: 290, leftToRight: 10, lines: Self.form(rows: 8))
    #expect(LineLayoutEvidence.evidence(arabicBook).isEmpty)
    let english = Self.sample(rightToLeft: 0, leftToRight: 300, lines: [])
    #expect(LineLayoutEvidence.evidence(english).isEmpty)
    var flushLeft: [LineGeometry.Glyph] = Self.row(Self.arabic, count: 80, x: 42, y: 20)
    for index in 0..<6 {
      flushLeft += Self.row(Self.arabic, count: 20 + index * 5, x: 42, y: 40 + Double(index) * 16)
    }
    let leftAligned = LineLayoutEvidence.evidence(
      Self.sample(rightToLeft: 222, leftToRight: 78, lines: flushLeft))
    #expect(leftAligned.map(\.says) == [.leftEdge])
    let text = TextEvidence.evidence(Self.sample(rightToLeft: 222, leftToRight: 78, lines: []))
    #expect(text.map(\.says) == [.rightEdge])
    let (decision, reason) = Suggestion.decide(text + leftAligned)
    #expect(decision == nil)
    #expect(reason == "evidence disagrees: text says right-edge, lines says left-edge")
  }

  @Test("A page of a few right-to-left letters, laid out flush right, decides on three rows")
  func fewLetters() {
    var glyphs: [LineGeometry.Glyph] = []
    for (index, count) in [9, 12, 7].enumerated() {
      glyphs += Self.rowEnding(Self.arabic, count: count, at: 553, y: 80 + Double(index) * 24)
    }
    let evidence = LineLayoutEvidence.evidence(
      Self.sample(rightToLeft: 28, leftToRight: 0, lines: glyphs))
    #expect(evidence.map(\.says) == [.rightEdge])
    let tooFew = LineLayoutEvidence.evidence(
      Self.sample(rightToLeft: 12, leftToRight: 0, lines: glyphs))
    #expect(tooFew.first?.detail.hasSuffix(": only 12 right-to-left letters") == true)
  }

  @Test("poppler's two readings of a page join without doubling a character")
  func readingsJoin() {
    // The second reading finds the first's "b" again, and "ج" besides.
    let first = PageText(
      text: "abcd", boxes: [(0, 0, 5, 10), (5, 0, 10, 10), (10, 0, 15, 10), (15, 0, 20, 10)],
      width: 100)
    let second = PageText(
      text: "ج b", boxes: [(50, 0, 55, 10), (55, 0, 58, 10), (5, 0, 10, 10)], width: 100)
    let joined = first.adding(second)
    #expect(joined.text == "abcd\nج")
    #expect(joined.boxes.count == 6)
    #expect(joined.width == 100)
    // Embeddings have no box: they are dropped so the boxes pair with characters again.
    let marked = PageText(
      poppler: "\u{202B}ب\u{202C}x", boxes: [(0, 0, 5, 10), (5, 0, 10, 10)])
    #expect(marked.text == "بx")
    #expect(marked.boxes.count == 2)
    let unpaired = PageText(poppler: "abc", boxes: [(0, 0, 5, 10)])
    #expect(unpaired.boxes.isEmpty)
  }
}
