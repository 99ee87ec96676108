/// How the marks on one page picture are laid out: whether they look like writing, whether
/// that writing runs in rows or in columns, and whether the page is running text or a page of
/// pictures (a comic, a photograph). Reads the picture only, so it is testable without a PDF.
///
/// The measures are simple and explainable. Paper is found per column (a scan's paper is
/// rarely white, and a gutter shadow darkens it toward the spine); a mark is clearly darker
/// than its column's paper. Writing leaves most of a page paper-coloured; photographs, drawn
/// panels and screentone do not. Lines of writing leave blank rows between them (blank
/// columns, for vertical writing) across the whole text block; the page is read in strips so
/// a slightly tilted scan still shows its gaps.
struct WritingLayout: Equatable, Sendable {
  /// Share of the page's pixels that are marks.
  var ink: Double
  /// Share of the page's pixels at the level of their column's paper.
  var paper: Double
  /// Share of the text block's rows that are blank across a strip, averaged over strips.
  var blankRows: Double
  /// Share of the text block's columns that are blank across a strip, averaged over strips.
  var blankColumns: Double
  /// Share of the page the marks' bounding box covers.
  var blockArea: Double
  /// Lines of writing in rows (`LineEnds`) that stop short on the right (start at the text's
  /// left edge) and that stop short on the left: paragraph ends and short lines show the
  /// side lines are set from, right for Arabic-script and Hebrew writing, left for Latin.
  var shortLines = LineEnds()
  /// Lines of writing in rows and in columns: the most runs of lines that are not blank (at
  /// least 2 rows or columns each) across one strip of the text block (`blankShare`). Running
  /// text has many; a page of pictures whose empty panel leaves blank rows has few. Not the
  /// whole rows `shortLines` reads (`RowsOfWriting`): a gutter shadow wider than their 3% cut
  /// marks every whole row beside it, and english-2 of the tuning set then shows 1 line on
  /// pages of 28 to 37 (its short lines are lost the same way, which is left as it is).
  var linesInRows = 0
  var linesInColumns = 0
  /// The text block's height over its width, in pixels: with the lines counted, how long the
  /// lines are against how thick (`linesAreLong`).
  var blockAspect = 1.0
  /// Horizontal lines drawn across the page (`RuledLines`): staves, a table's or a form's rules.
  var ruledLines = 0
  /// Where the writing lies beside pictures: the page's squares (`TextTiles`) of writing whose
  /// lines run in rows, and those whose lines run in columns.
  var tilesInRows = 0
  var tilesInColumns = 0
  /// On a page that shows no writing, its rows of print set too close for blank rows
  /// (`CloseSetRows`, measured on the page cropped to its paper by `measureCloseSetRows`);
  /// nil where not measured.
  var closeSetRows: CloseSetRows?

  /// Short lines, counted by the side they are set from.
  struct LineEnds: Equatable, Sendable {
    var fromLeft = 0
    var fromRight = 0
  }

  /// The direction of the lines of writing on a page.
  enum Lines: String, Equatable, Sendable {
    case rows
    case columns
  }

  /// A column's paper is the level this share of its pixels reach: a column of text is mostly
  /// paper, so its paper shows through the marks.
  static let paperPercentile = 0.70
  /// A mark is at least this much darker than its column's paper: the thin strokes of CJK
  /// print drawn small are 50 to 80 levels darker, a scan's grain and a gutter shadow's ramp
  /// from one column to the next under 10.
  static let markContrast = 40
  /// A pixel within this of its column's paper is paper.
  static let paperTolerance = 20
  /// A row (or column) of a strip is blank when at most this share of it is marks: a scan's
  /// specks and the tail of a descender must not close a gap.
  static let blankLineShare = 0.01
  /// Mark share of a page of writing: at least a few lines, never a dark picture.
  static let writingInk = 0.003...0.30
  /// Paper share of a page of writing: print leaves most of its page paper; photographs,
  /// panels and screentone leave much less.
  static let writingPaper = 0.75
  /// Blank lines across a text block: prose at single spacing leaves at least a fifth of its
  /// rows blank; a picture leaves almost none.
  static let linesGap = 0.15
  /// The other direction must leave clearly fewer gaps for the lines to have a direction.
  static let directionMargin = 0.10
  /// Running text fills much of its page...
  static let runningTextBlock = 0.30
  /// ... in at least this many lines (`linesInRows`, `linesInColumns`). On the four labelled
  /// sets the limits were chosen on (seeds 19, 2027, 3, 5), pages of print hold 15 to 137 (title
  /// pages 6 to 10); manga and comic pages that pass the other tests, 3 (an empty panel above
  /// three balloons) to 10 where Tesseract read a script on them (balloons stacked down the
  /// page, read as Cyrillic at up to 7.5), and up to 53 on pages (speed lines among them)
  /// where it read none. Too few lines is the safe side: a page that is not running text
  /// decides nothing.
  static let runningTextLines = 12

  init(
    ink: Double, paper: Double, blankRows: Double, blankColumns: Double, blockArea: Double,
    shortLines: LineEnds = LineEnds(), linesInRows: Int = 0, linesInColumns: Int = 0,
    blockAspect: Double = 1, ruledLines: Int = 0, tilesInRows: Int = 0, tilesInColumns: Int = 0
  ) {
    self.ink = ink
    self.paper = paper
    self.blankRows = blankRows
    self.blankColumns = blankColumns
    self.blockArea = blockArea
    self.shortLines = shortLines
    self.linesInRows = linesInRows
    self.linesInColumns = linesInColumns
    self.blockAspect = blockAspect
    self.ruledLines = ruledLines
    self.tilesInRows = tilesInRows
    self.tilesInColumns = tilesInColumns
  }

  /// A page of print with a full-width picture (a figure above or below the text, a plate
  /// between paragraphs) is measured again without it, and is running text in rows if what
  /// is left is. Only rows: lines in columns cross every row of their block, so no clear row
  /// parts a figure from them, and columns found in what is left are something else (seed
  /// 5's album-3: the dark mount left above and below a photograph).
  init(_ image: GreyImage) {
    let (whole, clearRows, _) = Self.measure(image)
    guard !whole.holdsWriting, let text = Self.withoutFigures(image, clearRows: clearRows) else {
      self = whole
      return
    }
    let part = Self.measure(text).layout
    self = part.lines == .rows && part.isRunningText ? part : whole
  }

  /// The page's measures, which of its rows are clear (`clearRow`), and its marks and their
  /// block. `lightSquares`: its squares of writing are counted in light lines
  /// (`TextTiles.count`), as close-set rows are.
  static func measure(_ image: GreyImage, lightSquares: Bool = false)
    -> (layout: WritingLayout, clearRows: [Bool], marks: (marks: [Bool], block: Block))
  {
    let width = image.width
    let height = image.height
    guard width > 0, height > 0 else {
      let none = WritingLayout(ink: 0, paper: 0, blankRows: 0, blankColumns: 0, blockArea: 0)
      return (none, [], ([], Block(left: 0, right: 0, top: 0, bottom: 0)))
    }
    var clearRows = [Bool](repeating: false, count: height)
    let clearLimit = Int(Double(width) * clearRow)
    let paperLevels = Self.paperLevels(image)
    // Every pixel's mark is written below, before any is read.
    var marks = [Bool](unsafeUninitializedCapacity: width * height) { _, count in
      count = width * height
    }
    // A row's paper is counted as the row is written, and needs no more room than a row.
    var paperRow = [UInt8](repeating: 0, count: width)
    var markCount = 0
    var paperCount = 0
    var rowMarks = [Int](repeating: 0, count: height)
    var columnMarks = [Int32](repeating: 0, count: width)
    var squareRows = TextTiles.RowCounts(width: width, height: height)
    var rowsOfWriting = RowsOfWriting(width: width, height: height)
    // A pixel is a mark below its column's mark limit (its paper's level less `markContrast`,
    // plus one: 0, no pixel, where the paper is lighter than that by less than 1), paper at
    // or above its floor (0, every pixel, where the paper is within `paperTolerance` of 0).
    let markLimits = paperLevels.map { UInt8(clamping: $0 - Self.markContrast + 1) }
    let paperFloors = paperLevels.map { UInt8(clamping: $0 - Self.paperTolerance) }
    // This loop and `paperLevels` read every pixel of a 1,600-pixel page: unchecked buffers,
    // a row tested `Lane.scalarCount` pixels at a time (the same tests as the scalar tail),
    // then counted a word at a time (`MarkBytes`).
    image.pixels.withUnsafeBufferPointer { pixels in
      marks.withUnsafeMutableBytes { marks in
        paperRow.withUnsafeMutableBytes { paperRow in
          columnMarks.withUnsafeMutableBufferPointer { columnMarks in
            markLimits.withUnsafeBufferPointer { markLimits in
              paperFloors.withUnsafeBufferPointer { paperFloors in
                let lanes = Lane.scalarCount
                let lanesEnd = width - width % lanes
                let limits = UnsafeRawPointer(markLimits.baseAddress!)
                let floors = UnsafeRawPointer(paperFloors.baseAddress!)
                for y in 0..<height {
                  let row = y * width
                  var x = 0
                  while x < lanesEnd {
                    let levels = UnsafeRawPointer(pixels.baseAddress! + row + x)
                      .loadUnaligned(as: Lane.self)
                    let isMark = levels .< limits.loadUnaligned(fromByteOffset: x, as: Lane.self)
                    let isPaper =
                      .!isMark
                      .& (levels .>= floors.loadUnaligned(fromByteOffset: x, as: Lane.self))
                    marks.storeBytes(
                      of: Lane(repeating: 0).replacing(with: 1, where: isMark),
                      toByteOffset: row + x, as: Lane.self)
                    paperRow.storeBytes(
                      of: Lane(repeating: 0).replacing(with: 1, where: isPaper),
                      toByteOffset: x, as: Lane.self)
                    x += lanes
                  }
                  // Without branches: a page of print is a coin toss per pixel.
                  while x < width {
                    let level = pixels[row + x]
                    let isMark = level < markLimits[x]
                    let isPaper = !isMark && level >= paperFloors[x]
                    marks[row + x] = isMark ? 1 : 0
                    paperRow[x] = isPaper ? 1 : 0
                    x += 1
                  }
                  let marksInRow = MarkBytes.ones(marks.baseAddress! + row, count: width)
                  let paperInRow = MarkBytes.ones(paperRow.baseAddress!, count: width)
                  MarkBytes.add(
                    marks.baseAddress! + row, count: width, to: columnMarks.baseAddress!)
                  squareRows.record(
                    row: y, marks: marks.baseAddress! + row, paper: paperRow.baseAddress!)
                  rowsOfWriting.record(
                    row: y, marks: marks.baseAddress! + row, marksInRow: marksInRow)
                  rowMarks[y] = marksInRow
                  clearRows[y] = width - paperInRow <= clearLimit
                  markCount += marksInRow
                  paperCount += paperInRow
                }
              }
            }
          }
        }
      }
    }
    let area = Double(width * height)
    // The text block: rows and columns holding more than a speck of ink.
    let top = rowMarks.firstIndex { $0 > 1 } ?? 0
    let bottom = rowMarks.lastIndex { $0 > 1 } ?? 0
    let left = columnMarks.firstIndex { $0 > 1 } ?? 0
    let right = columnMarks.lastIndex { $0 > 1 } ?? 0
    let block = Block(left: left, right: right, top: top, bottom: bottom)
    let blockArea = markCount == 0 ? 0 : Double((right - left + 1) * (bottom - top + 1)) / area
    let alongRows = Self.blankShare(marks, width: width, block: block, alongRows: true)
    let alongColumns = Self.blankShare(marks, width: width, block: block, alongRows: false)
    var layout = WritingLayout(
      ink: Double(markCount) / area, paper: Double(paperCount) / area,
      blankRows: alongRows.share, blankColumns: alongColumns.share,
      blockArea: blockArea,
      shortLines: Self.shortLines(rowsOfWriting.lines),
      linesInRows: alongRows.lines, linesInColumns: alongColumns.lines,
      blockAspect: markCount == 0 ? 1 : Double(bottom - top + 1) / Double(right - left + 1),
      ruledLines: RuledLines.count(marks, width: width, height: height, marksInRows: rowMarks))
    let tiles = TextTiles.count(
      marks: marks, rowCounts: squareRows, width: width, height: height, lightLines: lightSquares)
    layout.tilesInRows = tiles.rows
    layout.tilesInColumns = tiles.columns
    return (layout, clearRows, (marks, block))
  }

  /// Whether the page holds writing: marks in the range of print on mostly paper, in lines.
  var holdsWriting: Bool {
    Self.writingInk.contains(ink) && paper >= Self.writingPaper
      && max(blankRows, blankColumns) >= Self.linesGap
  }

  /// The direction of the lines, when the page holds writing and one direction clearly
  /// leaves more gaps than the other.
  var lines: Lines? {
    guard holdsWriting else { return nil }
    if blankRows >= blankColumns + Self.directionMargin { return linesAreLong(.rows) ? .rows : nil }
    if blankColumns >= blankRows + Self.directionMargin {
      return linesAreLong(.columns) ? .columns : nil
    }
    return nil
  }

  /// Running text: writing in many lines over much of the page, not balloons among pictures
  /// (a manga page whose empty panel leaves blank rows above a few balloons: bench/suggest's
  /// seed 5, manga-en-4 page 2).
  var isRunningText: Bool {
    guard let lines, blockArea >= Self.runningTextBlock else { return false }
    return (lines == .rows ? linesInRows : linesInColumns) >= Self.runningTextLines
  }

  /// Sixteen pixels' levels.
  private typealias Lane = SIMD16<UInt8>
}
