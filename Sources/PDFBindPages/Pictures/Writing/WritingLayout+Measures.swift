// The measures WritingLayout is made of: the full-width pictures left out, the paper's grey
// levels, the share of blank lines across a block of marks, the lines of writing and their
// short ends.
extension WritingLayout {
  /// A run of rows at least this share of the page high with no clear row (`clearRow`) is a
  /// picture. On the tuning set's scans (seed 19, pages 1-5 of its 12 classes of print), a
  /// line of print is about 2% of the page high, and lines a tilt runs together up to 5.4%
  /// (left out with the figures when longer, which only costs lines); figures are 11 to 83%.
  static let figureHeight = 0.06
  /// A row is clear when at most this share of it is off its column's paper. On the same
  /// pages, the clearest tenth of the rows are 1.2% off it at the median and under 2.1% on
  /// three pages in four (grain, specks); rows through a line of print, 37 to 55% (seed 19's
  /// zh-horizontal-2, page 4). A page with no clear row is not cut at all.
  static let clearRow = 0.05
  /// Pictures are left out only when they cover this much of the page and leave this much:
  /// what is left must be running text in rows to count.
  static let leastFigure = 0.10
  static let leastText = 0.40

  /// The page's rows without its full-width pictures, or nil when it shows none of the size.
  static func withoutFigures(_ image: GreyImage, clearRows: [Bool]) -> GreyImage? {
    let height = image.height
    let band = max(1, Int(Double(height) * figureHeight))
    var keep = [Bool](repeating: true, count: height)
    var run = 0
    for row in 0...height {
      if row < height, !clearRows[row] {
        run += 1
        continue
      }
      if run >= band { for cut in (row - run)..<row { keep[cut] = false } }
      run = 0
    }
    let kept = keep.reduce(0) { $0 + ($1 ? 1 : 0) }
    guard Double(height - kept) >= leastFigure * Double(height),
      Double(kept) >= leastText * Double(height)
    else { return nil }
    var pixels: [UInt8] = []
    pixels.reserveCapacity(kept * image.width)
    for row in 0..<height where keep[row] {
      pixels += image.pixels[(row * image.width)..<((row + 1) * image.width)]
    }
    return GreyImage(width: image.width, height: kept, pixels: pixels)
  }

  struct Block {
    var left: Int
    var right: Int
    var top: Int
    var bottom: Int
  }

  /// Each column's paper level (its `paperPercentile` level), smoothed over neighbouring
  /// columns so a ruled line or a column of dense print does not lose its paper.
  static func paperLevels(_ image: GreyImage) -> [Int] {
    let width = image.width
    let height = image.height
    var levels = [Int](repeating: 255, count: width)
    let rank = Int(Double(height - 1) * (1 - paperPercentile))
    // The columns' histograms are counted a band of columns at a time, reading the picture
    // row by row: each row of a band is about a line of the cache (64 bytes; with bands of 32,
    // half a line, every line came from memory twice, and `paperLevels`, 5% of `review`, spent
    // most of it waiting on those loads), and the band's histograms stay in the cache. The
    // counters are 16 bits (32 KB a band); a picture taller than they count is added up in
    // parts (`wide`). Rows of a band like the one above (margins, the gaps between lines, a
    // flat colour) are counted together when the run ends.
    let band = 64
    let part = Int(UInt16.max)
    let tall = height > part
    var histograms = [UInt16](repeating: 0, count: band * 256)
    var wide = [Int](repeating: 0, count: tall ? band * 256 : 0)
    image.pixels.withUnsafeBufferPointer { pixels in
      histograms.withUnsafeMutableBufferPointer { histograms in
        let counters = histograms.baseAddress!
        for first in stride(from: 0, to: width, by: band) {
          let columns = min(band, width - first)
          histograms.update(repeating: 0)
          if tall { wide = [Int](repeating: 0, count: band * 256) }
          var row = pixels.baseAddress! + first
          var run = (start: row, rows: 0)
          let count = {
            for column in 0..<columns {
              counters[column &<< 8 | Int(run.start[column])] &+= UInt16(
                truncatingIfNeeded: run.rows)
            }
          }
          for y in 0..<height {
            if tall, y > 0, y % part == 0 {
              count()
              run.rows = 0
              for index in 0..<(band * 256) { wide[index] += Int(counters[index]) }
              histograms.update(repeating: 0)
            }
            if run.rows > 0, Self.sameLevels(run.start, row, count: columns) {
              run.rows &+= 1
            } else {
              count()
              run = (row, 1)
            }
            row += width
          }
          count()
          if tall {
            for index in 0..<(band * 256) { wide[index] += Int(counters[index]) }
          }
          for column in 0..<columns {
            // From the light end: the level with `rank` lighter pixels.
            let histogram = column &<< 8
            var lighter = 0
            var level = 255
            while level > 0 {
              lighter += tall ? wide[histogram + level] : Int(counters[histogram + level])
              if lighter > rank { break }
              level -= 1
            }
            levels[first + column] = level
          }
        }
      }
    }
    let radius = max(1, width / paperSmoothingDivisor)
    return (0..<width).map { x in
      levels[max(0, x - radius)...min(width - 1, x + radius)].max() ?? levels[x]
    }
  }

  /// Whether the `count` levels from `first` and from `second` are the same (64 at most,
  /// read as words when there are 64).
  @inline(__always)
  private static func sameLevels(
    _ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, count: Int
  ) -> Bool {
    guard count == 64 else {
      for index in 0..<count where first[index] != second[index] { return false }
      return true
    }
    let one = UnsafeRawPointer(first)
    let other = UnsafeRawPointer(second)
    var differ: UInt64 = 0
    for word in 0..<8 {
      differ |=
        one.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
        ^ other.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
    }
    return differ == 0
  }

  /// Each column's paper level is the lightest of its neighbours' within a `paperSmoothingDivisor`th
  /// of the page's width on each side.
  static let paperSmoothingDivisor = 100
  /// Strips across a block in `blankShare`, at most, each at least `leastStripWidth` lines.
  static let blankShareStrips = 4
  static let leastStripWidth = 8

  /// Strips across the block (four, or fewer on a small block): in each, the share of lines
  /// (rows when `alongRows`) with at most `blankLineShare` marks, averaged; and the most runs
  /// of other lines in one strip (a strip beside a gutter shadow, whose every row is marked,
  /// does not hide the lines of another).
  static func blankShare(_ marks: [Bool], width: Int, block: Block, alongRows: Bool)
    -> (share: Double, lines: Int)
  {
    let across = alongRows ? block.right - block.left + 1 : block.bottom - block.top + 1
    let along = alongRows ? block.bottom - block.top + 1 : block.right - block.left + 1
    guard across >= leastStripWidth, along >= leastStripWidth else { return (0, 0) }
    let strips = min(blankShareStrips, across / leastStripWidth)
    var total = 0.0
    var mostLines = 0
    // Marks per line of the strip, counted row by row (the marks are stored by rows), a
    // word at a time (`MarkBytes`).
    var counts = [Int32](repeating: 0, count: along)
    marks.withUnsafeBytes { marks in
      counts.withUnsafeMutableBufferPointer { counts in
        let base = marks.baseAddress!
        for strip in 0..<strips {
          let start = across * strip / strips
          let end = across * (strip + 1) / strips
          let limit = Int32(Double(end - start) * blankLineShare)
          counts.update(repeating: 0)
          if alongRows {
            for line in 0..<along {
              let row = (block.top + line) * width + block.left
              counts[line] = Int32(MarkBytes.ones(base + row + start, count: end - start))
            }
          } else {
            for position in start..<end {
              let row = (block.top + position) * width + block.left
              MarkBytes.add(base + row, count: along, to: counts.baseAddress!)
            }
          }
          let blank = counts.reduce(0) { $0 + ($1 <= limit ? 1 : 0) }
          total += Double(blank) / Double(along)
          // Lines: runs of at least 2 lines that are not blank.
          var lines = 0
          var run = 0
          for line in 0...along {
            if line < along, counts[line] > limit {
              run += 1
            } else {
              if run >= 2 { lines += 1 }
              run = 0
            }
          }
          mostLines = max(mostLines, lines)
        }
      }
    }
    return (total / Double(strips), mostLines)
  }

  /// `shortLines`' numbers: the lines it needs, the tenths (percentiles) that place the text's
  /// left and right edges, how near an edge a line flush with it ends, and how far short of
  /// the other edge a short line stops, as shares of the text's width.
  static let leastLinesForEnds = 6
  static let edgeTenths = (left: 1, right: 9)
  static let flushShare = 0.02
  static let shortShare = 0.10

  /// The side short lines are set from, over at least 6 lines: the text's edges are the 10th
  /// percentile of the lines' starts and the 90th of their ends. A line ending at least 10%
  /// short of one edge and within 2% of the other is set from that other.
  static func shortLines(_ lines: [(start: Int, end: Int)]) -> LineEnds {
    guard lines.count >= leastLinesForEnds else { return LineEnds() }
    let starts = lines.map(\.start).sorted()
    let ends = lines.map(\.end).sorted()
    let left = Double(starts[(starts.count - 1) * edgeTenths.left / 10])
    let right = Double(ends[(ends.count - 1) * edgeTenths.right / 10])
    let span = right - left
    guard span > 0 else { return LineEnds() }
    var found = LineEnds()
    for line in lines {
      let atLeft = abs(Double(line.start) - left) <= flushShare * span
      let atRight = abs(right - Double(line.end)) <= flushShare * span
      if atLeft, right - Double(line.end) >= shortShare * span { found.fromLeft += 1 }
      if atRight, Double(line.start) - left >= shortShare * span { found.fromRight += 1 }
    }
    return found
  }
}
