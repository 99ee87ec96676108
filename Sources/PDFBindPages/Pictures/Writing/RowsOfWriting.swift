/// The lines of writing in rows, each as the first and last marked column (`WritingLayout`'s
/// `shortLines` reads them): the page read in rows of marks (its outer 3% left out: scanner
/// borders and gutter shadows), a row holding marks over more than 0.5% of that width, each run
/// of at least 4 such rows a line. `WritingLayout.measure` records each row as it writes the
/// row's marks, its first and last mark found a word at a time (`MarkBytes`): found a byte at
/// a time over the page afterwards, they were 2% of `review`.
struct RowsOfWriting {
  /// The border left out at each side, in percent of the width; the smallest picture read for
  /// lines, in pixels each way; the share of the width a row's marks cover to be in a line; the
  /// rows a line holds at least.
  static let borderPercent = 3
  static let leastLinesPicture = 32
  static let rowOfWritingShare = 0.005
  static let leastRowsInLine = 4

  private let cut: Int
  private let inner: Int
  /// Each row's first and last marked column; -1 where the row is not in a line (or the
  /// picture is too small to be read for lines).
  private var first: [Int32]
  private var last: [Int32]

  init(width: Int, height: Int) {
    cut = width * Self.borderPercent / 100
    let inner = width - 2 * cut
    let read = inner >= Self.leastLinesPicture && height >= Self.leastLinesPicture
    self.inner = read ? inner : 0
    first = [Int32](repeating: -1, count: read ? height : 0)
    last = first
  }

  /// Records row `y`: its marks (bytes, each 0 or 1) from the row's start, `marksInRow` of
  /// them in all (`measure` counted them; only the borders' are counted here, to leave out).
  @inline(__always)
  mutating func record(row y: Int, marks: UnsafeRawPointer, marksInRow: Int) {
    guard inner > 0 else { return }
    let marked = marks + cut
    let borders = MarkBytes.ones(marks, count: cut) + MarkBytes.ones(marked + inner, count: cut)
    guard Double(marksInRow - borders) > Self.rowOfWritingShare * Double(inner) else { return }
    // A row with marks has a first and a last.
    first[y] = Int32(truncatingIfNeeded: cut + MarkBytes.first(marked, count: inner)!)
    last[y] = Int32(truncatingIfNeeded: cut + MarkBytes.last(marked, count: inner)!)
  }

  /// The lines: runs of at least `leastRowsInLine` rows in a line, each from the first marked
  /// column of any of its rows to the last.
  var lines: [(start: Int, end: Int)] {
    var lines: [(start: Int, end: Int)] = []
    var run = (start: Int.max, end: -1, rows: 0)
    for row in 0...first.count {
      if row < first.count, first[row] >= 0 {
        run = (min(run.start, Int(first[row])), max(run.end, Int(last[row])), run.rows + 1)
        continue
      }
      if run.rows >= Self.leastRowsInLine { lines.append((run.start, run.end)) }
      run = (Int.max, -1, 0)
    }
    return lines
  }
}
