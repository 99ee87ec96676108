import PDFBindCore

/// How the lines of a page are laid out, counted from the boxes of its characters alone (no
/// poppler here, so tests build pages by hand): rows flush to one margin with the other side
/// ragged. A right-to-left page sets its paragraphs flush right, and each form label flush
/// right with its value on its left; a left-to-right page does the mirror image. Only the
/// extent of a run of characters is used, never the order of the boxes inside it: poppler
/// pairs the characters of a right-to-left word with their boxes in mirror order, so the box
/// of a label's colon is not where the colon is drawn. Counts add up over pages.
struct LineGeometry: Equatable, Sendable {
  /// Rows flush to the right margin, ragged on the left, whose rightmost run is mostly
  /// right-to-left letters.
  private(set) var flushRight = 0
  /// Rows flush to the left margin, ragged on the right (whatever their script).
  private(set) var flushLeft = 0
  /// Pages (from 1) with at least one such row.
  private(set) var pages: [Int] = []

  /// One character with its box (poppler's page space: x grows rightwards).
  struct Glyph {
    var scalar: Unicode.Scalar
    var x1, y1, x2, y2: Double
    var centre: Double { (y1 + y2) / 2 }
    var isLetter: Bool { ScriptCensus.isLetter(scalar) }
    var isRightToLeft: Bool { ScriptGroup(scalar).isRightToLeft }
  }

  /// Gaps, in line heights: a row is cut into runs at gaps wider than `runGap` (wider than a
  /// word space, narrower than the space between a label and its value); a side within `flush`
  /// of a margin touches it, a side more than `ragged` from it is ragged.
  static let runGap = 0.6
  static let flush = 0.5
  static let ragged = 2.0

  /// Adds page `number`'s text and boxes (one box per scalar of `text`).
  mutating func add(_ page: PageText, number: Int) {
    var glyphs: [Glyph] = []
    glyphs.reserveCapacity(page.boxes.count)
    for (offset, scalar) in page.text.unicodeScalars.enumerated() {
      guard offset < page.boxes.count else { break }
      guard !scalar.properties.isWhitespace else { continue }
      let box = page.boxes[offset]
      guard box.x2 > box.x1, box.y2 > box.y1 else { continue }
      glyphs.append(Glyph(scalar: scalar, x1: box.x1, y1: box.y1, x2: box.x2, y2: box.y2))
    }
    add(glyphs, pageWidth: page.width, number: number)
  }

  /// Adds a page's characters; `pageWidth` (0 when unknown) lets a page of a few short lines
  /// count: a line in one half of the page is ragged on the other side.
  mutating func add(_ glyphs: [Glyph], pageWidth: Double = 0, number: Int) {
    let before = flushRight + flushLeft
    let heights = glyphs.filter(\.isLetter).map { $0.y2 - $0.y1 }.sorted()
    guard heights.count >= 2 else { return }
    let height = heights[heights.count / 2]
    let rows = Self.rows(glyphs, height: height)
    let runs = rows.map { Self.runs($0, height: height) }
    // The margins are those of the runs with letters: a stray mark outside them (a rule, a
    // bullet) does not move them.
    let lettered = runs.joined().filter { $0.letters >= 2 }
    guard var left = lettered.map(\.x1).min(), var right = lettered.map(\.x2).max() else {
      return
    }
    if pageWidth > 0 {
      left = min(left, pageWidth / 2)
      right = max(right, pageWidth / 2)
    }
    for row in runs {
      guard let first = row.first, let last = row.last, row.contains(where: { $0.letters >= 2 })
      else { continue }
      let raggedLeft = first.x1 - left >= Self.ragged * height
      let raggedRight = right - last.x2 >= Self.ragged * height
      if right - last.x2 <= Self.flush * height, raggedLeft, last.letters >= 2,
        2 * last.rightToLeft >= last.letters
      {
        flushRight += 1
      } else if first.x1 - left <= Self.flush * height, raggedRight, first.letters >= 2 {
        flushLeft += 1
      }
    }
    if flushRight + flushLeft > before { pages.append(number) }
  }

  /// Adds the counts of pages measured apart.
  mutating func add(_ other: LineGeometry) {
    flushRight += other.flushRight
    flushLeft += other.flushLeft
    pages = (pages + other.pages).sorted()
  }

  /// A run of characters between wide gaps on one row.
  struct Run {
    var x1: Double
    var x2: Double
    var letters = 0
    var rightToLeft = 0
  }

  /// The page's rows, top to bottom, each sorted left to right: characters whose vertical
  /// centres lie within half a line height of the row's first character.
  static func rows(_ glyphs: [Glyph], height: Double) -> [[Glyph]] {
    var rows: [[Glyph]] = []
    var anchor = -Double.infinity
    for glyph in glyphs.sorted(by: { $0.centre < $1.centre }) {
      if glyph.centre - anchor > height / 2 {
        rows.append([])
        anchor = glyph.centre
      }
      rows[rows.count - 1].append(glyph)
    }
    return rows.map { $0.sorted { $0.x1 < $1.x1 } }
  }

  /// A row (sorted left to right) cut into runs at gaps wider than `runGap` line heights.
  static func runs(_ row: [Glyph], height: Double) -> [Run] {
    var runs: [Run] = []
    for glyph in row {
      if let last = runs.last, glyph.x1 - last.x2 <= Self.runGap * height {
        runs[runs.count - 1].x2 = max(last.x2, glyph.x2)
      } else {
        runs.append(Run(x1: glyph.x1, x2: glyph.x2))
      }
      if glyph.isLetter {
        runs[runs.count - 1].letters += 1
        if glyph.isRightToLeft { runs[runs.count - 1].rightToLeft += 1 }
      }
    }
    return runs
  }
}
