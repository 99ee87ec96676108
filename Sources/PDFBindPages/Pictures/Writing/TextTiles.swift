/// Which way the writing runs where it lies beside pictures. A page of pictures (a magazine
/// spread with photographs, a manga page) shows no blank rows or columns across the whole page,
/// but each patch of writing on it does: the page is cut into squares a tenth of its longer
/// side, and a square that is mostly paper with some marks counts as writing in rows or in
/// columns when one direction clearly leaves more blank lines, in at least 3 lines that have
/// gaps in them (letters and words, not a drawing's long strokes). A manga's balloons are set
/// in columns; a magazine's text columns run in rows.
enum TextTiles {
  /// A square is a tenth of the page's longer side: 160 pixels on a page drawn at 1,600, about
  /// 6 lines of a magazine's text (2 pages side by side) or of a manga's balloon.
  static let tilesAlongLongerSide = 10
  /// Marks in a square of writing: a few strokes are not lines, and a square that is mostly
  /// marks is a picture (the same 1% blank-line share and 0.15 gap as `WritingLayout`).
  static let ink = 0.03...0.40
  /// Paper in a square of writing: a patch of a photograph or of screentone has little.
  static let leastPaper = 0.55
  static let leastLines = 3

  /// Each square's marks and paper, a row at a time: counted by `WritingLayout.measure` as it
  /// writes each row of marks (the row is then in the cache; counted afterwards, every byte
  /// of a 1,600-pixel page's marks and paper came from memory again, 7% of `review`).
  struct RowCounts {
    /// The squares' side (`tilesAlongLongerSide`), and how many fit across the page; 0 where
    /// no square fits (a page too small, or too narrow).
    let side: Int
    let across: Int
    /// Row `y` of square `column` (from the left) at `y * across + column`.
    private(set) var marks: [Int32]
    private(set) var paper: [Int32]

    init(width: Int, height: Int) {
      let side = max(width, height) / tilesAlongLongerSide
      let fits = side >= 16 && width >= side && height >= side
      self.side = fits ? side : 0
      across = fits ? width / side : 0
      marks = [Int32](repeating: 0, count: across * height)
      paper = marks
    }

    /// Counts row `y` of the squares, its marks and paper bytes (each 0 or 1) from the
    /// row's start.
    @inline(__always)
    mutating func record(
      row y: Int, marks rowMarks: UnsafeRawPointer, paper rowPaper: UnsafeRawPointer
    ) {
      for column in 0..<across {
        let left = column &* side
        marks[y &* across &+ column] = Int32(
          truncatingIfNeeded: MarkBytes.ones(rowMarks + left, count: side))
        paper[y &* across &+ column] = Int32(
          truncatingIfNeeded: MarkBytes.ones(rowPaper + left, count: side))
      }
    }
  }

  /// The squares of writing in rows and in columns, from `WritingLayout`'s marks and the
  /// squares' rows counted as they were written (`RowCounts`).
  /// With `lightLines`, a line of a square is blank when it is light, as `CloseSetRows`
  /// reads rows: at most `CloseSetRows.lightShare` of the marks of the square's busy lines
  /// (close-set print, whose descenders cross every gap between its lines).
  static func count(
    marks: [Bool], rowCounts counted: RowCounts, width: Int, height: Int, lightLines: Bool = false
  ) -> (rows: Int, columns: Int) {
    let side = counted.side
    guard side > 0 else { return (0, 0) }
    let blankLimit = Int(Double(side) * WritingLayout.blankLineShare)
    var rows = 0
    var columns = 0
    var rowMarks = [Int](repeating: 0, count: side)
    var columnMarks = [Int](repeating: 0, count: side)
    // Only a square with the ink and paper of writing is read again, for its columns' marks.
    marks.withUnsafeBytes { markBytes in
      for top in stride(from: 0, through: height - side, by: side) {
        for column in 0..<counted.across {
          let left = column * side
          var paperCount = 0
          var markCount = 0
          for y in 0..<side {
            let index = (top + y) * counted.across + column
            let inRow = Int(counted.marks[index])
            rowMarks[y] = inRow
            markCount += inRow
            paperCount += Int(counted.paper[index])
          }
          let area = Double(side * side)
          guard ink.contains(Double(markCount) / area),
            Double(paperCount) / area >= leastPaper
          else { continue }
          for x in 0..<side { columnMarks[x] = 0 }
          for y in 0..<side {
            let row = (top + y) * width + left
            for x in 0..<side { columnMarks[x] &+= Int(markBytes[row &+ x]) }
          }
          let rowLimit = lightLines ? lightLimit(rowMarks, blankLimit: blankLimit) : blankLimit
          let columnLimit =
            lightLines ? lightLimit(columnMarks, blankLimit: blankLimit) : blankLimit
          let alongRows = lines(rowMarks, blankLimit: rowLimit)
          let alongColumns = lines(columnMarks, blankLimit: columnLimit)
          let mark = { (along: Int, across: Int, inRows: Bool) -> Bool in
            inRows
              ? markBytes[(top + along) * width + left + across] != 0
              : markBytes[(top + across) * width + left + along] != 0
          }
          if alongRows.blank >= WritingLayout.linesGap,
            alongRows.blank >= alongColumns.blank + WritingLayout.directionMargin,
            alongRows.lines >= leastLines,
            gapsInLines(rowMarks, blankLimit: rowLimit, side: side, inRows: true, mark: mark)
              >= leastGapsInLines
          {
            rows += 1
          } else if alongColumns.blank >= WritingLayout.linesGap,
            alongColumns.blank >= alongRows.blank + WritingLayout.directionMargin,
            alongColumns.lines >= leastLines,
            gapsInLines(
              columnMarks, blankLimit: columnLimit, side: side, inRows: false, mark: mark)
              >= leastGapsInLines
          {
            columns += 1
          }
        }
      }
    }
    return (rows, columns)
  }

  /// Inside one line of writing, between its first mark and its last, the gaps between letters
  /// and words leave some of it blank: the median line of the real bench's squares of print
  /// (bench/suggest/real/, tuning part) 6 to 50% blank, a handful 0 to 4%; the speed lines of
  /// a manga panel and the long strokes of a drawing, drawn across the square, 0 to 1%.
  static let leastGapsInLines = 0.05

  /// The median, over the lines of a square (runs of at least 2 rows, or columns, with more
  /// than `blankLimit` marks), of the blank share of each line between its first mark and its
  /// last. `mark(along, across, inRows)` reads the square.
  private static func gapsInLines(
    _ counts: [Int], blankLimit: Int, side: Int, inRows: Bool,
    mark: (Int, Int, Bool) -> Bool
  ) -> Double {
    var shares: [Double] = []
    var start = 0
    var across = [Bool](repeating: false, count: side)
    for line in 0...counts.count {
      if line < counts.count, counts[line] > blankLimit { continue }
      defer { start = line + 1 }
      guard line - start >= 2 else { continue }
      for position in 0..<side {
        across[position] = (start..<line).contains { mark($0, position, inRows) }
      }
      if let share = blankShare(inLine: across) { shares.append(share) }
    }
    return shares.isEmpty ? 0 : median(shares)
  }

  /// The blank share of one line of writing (`marked`: whether each place along it holds a
  /// mark) between its first mark and its last; nil when it has no two marks apart.
  static func blankShare(inLine marked: [Bool]) -> Double? {
    guard let first = marked.firstIndex(of: true), let last = marked.lastIndex(of: true),
      last > first
    else { return nil }
    let blank = marked[first...last].reduce(0) { $0 + ($1 ? 0 : 1) }
    return Double(blank) / Double(last - first + 1)
  }

  /// The median of `values`, which are not empty.
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The most marks a light line of a square holds (`count`'s `lightLines`), and never fewer
  /// than a blank one.
  private static func lightLimit(_ counts: [Int], blankLimit: Int) -> Int {
    let busy = counts.sorted()[Int(Double(counts.count - 1) * CloseSetRows.busyRank)]
    return max(blankLimit, Int(Double(busy) * CloseSetRows.lightShare))
  }

  /// The share of blank lines (at most `blankLimit` marks) and the runs of at least 2 others.
  private static func lines(_ counts: [Int], blankLimit: Int) -> (blank: Double, lines: Int) {
    var blank = 0
    var lines = 0
    var run = 0
    for count in counts {
      if count > blankLimit {
        run += 1
      } else {
        blank += 1
        if run >= 2 { lines += 1 }
        run = 0
      }
    }
    if run >= 2 { lines += 1 }
    return (Double(blank) / Double(counts.count), lines)
  }
}
