/// Rows of print set too close for a blank row between them: old blackletter books, where the
/// ascenders and descenders of one line reach the next and a heavy scan's strokes spread
/// (the real bench's Fraktur scans: 1 to 15% of the width still marked in the rows between
/// two lines, 40 to 70% through a line). `WritingLayout` finds no writing there, no blank
/// rows and too little paper; but across a strip of the text block the rows still alternate,
/// light between the lines and heavy through them, at an even pitch. Measured on the page
/// cropped to its paper (`PaperCrop`), in the strips `WritingLayout.blankShare` reads.
struct CloseSetRows: Equatable, Sendable {
  /// Share of the text block's rows that are light (`lightShare` of a strip's busy rows),
  /// averaged over strips; the same for its columns.
  var lightRows = 0.0
  var lightColumns = 0.0
  /// The most runs of at least 2 rows that are not light, in one strip: the lines.
  var lines = 0
  /// How evenly the lines are spaced: the median distance of the pitch (from one line's top
  /// to the next) from its median, over the median, the median over strips.
  var pitchSpread = Double.infinity
  /// Inside a line, the blank share between its first mark and its last (letters and word
  /// spaces), the median over a strip's lines and over strips (`TextTiles.gapsInLines`).
  var gapsInLines = 0.0
  /// Marks on the cropped page, and the share of it their bounding box covers.
  var ink = 0.0
  var blockArea = 0.0
  /// The page's squares of writing (`TextTiles`) whose light lines (`lightShare`) run in
  /// rows, and those whose light lines run in columns: close-set rows of print beside an
  /// ornament or a woodcut, whose pitch the pictures spoil across a strip.
  var squaresInRows = 0
  var squaresInColumns = 0

  /// A row of a strip is light when it holds at most this share of the marks of the strip's
  /// busy rows (its `busyRank` row by marks): between two close lines of Fraktur 2 to 15% of
  /// the strip is marked, through a line 40 to 70%.
  static let lightShare = 0.25
  static let busyRank = 0.9

  /// Close-set rows of print: rows clearly lighter than columns, many evenly spaced lines
  /// with gaps in them (a staff's drawn lines have none, `TextTiles.leastGapsInLines`), over
  /// much of a page that is not a dark picture. Measured by `pdfbind-measure page-readings`
  /// (pages drawn at 1,600 pixels, cropped) on the real bench's tuning part and on the
  /// generated tuning set (seed 19), on every page read that shows no writing otherwise
  /// (at d94bb9f, where every such page was measured, whatever its script):
  /// - the blackletter scans (corvinus, dannhauer, eiteritz, fleming, kant-2, leptonica):
  ///   rows lighter than columns by 0.12 to 0.38, 28 to 65 lines, pitch spread 0.07 to 0.25
  ///   (dannhauer's register of sermons, headings between its entries), gaps 0.11 to 0.29,
  ///   ink 0.13 to 0.26;
  /// - pages of pictures (manga with English or Japanese balloons, western comics, photo
  ///   albums): pitch spread 0.46 or more wherever the gaps and the ink are those of print
  ///   (manga-en pages read as Cyrillic at 4 to 8 fail on it alone, at 0.50 to 0.81); the
  ///   evenly spaced ones (0.12 to 0.35) are hatching, with gaps 0.45 to 0.55;
  /// - vertical Chinese and Japanese: columns lighter than rows.
  /// No page of seed 19 measures so; on the tuning part, the blackletter pages above, a
  /// photographed cookery book's page (read as Latin) and two handwritten pages (read as
  /// Japanese, one of them sideways).
  static let leastLines = WritingLayout.runningTextLines
  static let mostPitchSpread = 0.30
  static let mostGapsInLines = 0.40

  /// Whether the page is close-set rows of print (see the limits above), across its text
  /// block or in its squares of writing (`inSquares`).
  var areRunningText: Bool {
    guard blockArea >= WritingLayout.runningTextBlock, ink <= WritingLayout.writingInk.upperBound
    else { return false }
    let acrossBlock =
      lightRows >= lightColumns + WritingLayout.directionMargin && lines >= Self.leastLines
      && pitchSpread <= Self.mostPitchSpread
      && (TextTiles.leastGapsInLines...Self.mostGapsInLines).contains(gapsInLines)
    return acrossBlock || inSquares
  }

  /// Squares of close-set rows as many, and as far ahead of those in columns, as
  /// `WritingLayout.writingPatchesInRows` asks of squares of writing in rows. On the real
  /// bench's tuning part (`pdfbind-measure page-readings`): Bengel's preface (two columns of
  /// Fraktur between an ornament and a woodcut, pitch spread 0.34) 18 in rows, 3 in
  /// columns; the other pages read as Fraktur in close-set rows 9 to 39 in rows, 0 to 8 in
  /// columns. Pages not read as Fraktur are not measured so; counted by a copy of the
  /// measure on the pages as pdftoppm draws them, a manga page held 12 in rows and 18 in
  /// columns, vertical Chinese 3 to 7 and 13 to 32, Arabic and Hebrew 28 to 44 in rows: the
  /// squares say rows, and only the reading (`closeSetBlackletter`) that they are set left
  /// to right.
  var inSquares: Bool {
    squaresInRows >= WritingLayout.leastRowTiles
      && squaresInRows >= WritingLayout.rowTilesOverColumns * squaresInColumns
  }

  /// The measures of `marks` (a picture's, row by row, `width` wide) in `block`, the page
  /// having `ink` marks and its block covering `blockArea`.
  init(
    marks: [Bool], width: Int, block: WritingLayout.Block, ink: Double, blockArea: Double,
    squares: (rows: Int, columns: Int) = (0, 0)
  ) {
    self.ink = ink
    self.blockArea = blockArea
    (squaresInRows, squaresInColumns) = squares
    let wide = block.right - block.left + 1
    let high = block.bottom - block.top + 1
    guard wide >= 2 * Self.strips, high >= 2 * Self.strips else { return }
    let mark = { (x: Int, y: Int) in marks[(block.top + y) * width + block.left + x] }
    let rows = Self.profile(along: high, across: wide, linesToo: true) { mark($1, $0) }
    let columns = Self.profile(along: wide, across: high, linesToo: false) { mark($0, $1) }
    lightRows = rows.light
    lightColumns = columns.light
    lines = rows.lines
    pitchSpread = rows.pitchSpread
    gapsInLines = rows.gaps
  }

  init() {}

  /// Strips across the block, as `WritingLayout.blankShareStrips`.
  static let strips = 4

  /// One direction's measures: `mark(along, across)` reads the block. Without `linesToo`,
  /// only the light share.
  private static func profile(
    along: Int, across: Int, linesToo: Bool, mark: (Int, Int) -> Bool
  )
    -> (light: Double, lines: Int, pitchSpread: Double, gaps: Double)
  {
    var light = 0.0
    var mostLines = 0
    var spreads: [Double] = []
    var gaps: [Double] = []
    var counts = [Int](repeating: 0, count: along)
    for strip in 0..<strips {
      let start = across * strip / strips
      let end = across * (strip + 1) / strips
      for line in 0..<along {
        var count = 0
        for position in start..<end where mark(line, position) { count += 1 }
        counts[line] = count
      }
      let busy = Double(counts.sorted()[Int(Double(along - 1) * busyRank)])
      guard busy > 0 else {
        spreads.append(.infinity)
        gaps.append(0)
        continue
      }
      let isLight = counts.map { Double($0) <= busy * lightShare }
      light += Double(isLight.reduce(0) { $0 + ($1 ? 1 : 0) }) / Double(along)
      guard linesToo else { continue }
      var runs: [Range<Int>] = []
      var runStart = 0
      for line in 0...along where line == along || isLight[line] {
        if line - runStart >= 2 { runs.append(runStart..<line) }
        runStart = line + 1
      }
      mostLines = max(mostLines, runs.count)
      let pitches = zip(runs.dropFirst(), runs).map { Double($0.lowerBound - $1.lowerBound) }
      if pitches.count >= 3 {
        let pitch = TextTiles.median(pitches)
        spreads.append(TextTiles.median(pitches.map { abs($0 - pitch) }) / pitch)
      } else {
        spreads.append(.infinity)
      }
      let blanks = runs.compactMap { run in
        TextTiles.blankShare(
          inLine: (start..<end).map { position in run.contains { mark($0, position) } })
      }
      gaps.append(blanks.isEmpty ? 0 : TextTiles.median(blanks))
    }
    guard linesToo else { return (light / Double(strips), 0, .infinity, 0) }
    return (light / Double(strips), mostLines, TextTiles.median(spreads), TextTiles.median(gaps))
  }

}

extension WritingLayout {
  /// Measures close-set rows on `image`, the picture this layout was measured on, when its
  /// lines show no direction otherwise (it holds no writing, or writing whose blank rows and
  /// columns do not differ enough). Not part of `init`: it costs a second look at the page
  /// (a fifth more time on a book of manga pages), and only a page read as blackletter asks
  /// for it (`PageScriptEvidence.closeSetScripts`).
  mutating func measureCloseSetRows(in image: GreyImage) {
    guard lines == nil, closeSetRows == nil else { return }
    let page = PaperCrop.page(image)
    let (cropped, _, marks) = Self.measure(page, lightSquares: true)
    closeSetRows = CloseSetRows(
      marks: marks.marks, width: page.width, block: marks.block, ink: cropped.ink,
      blockArea: cropped.blockArea, squares: (cropped.tilesInRows, cropped.tilesInColumns))
  }

  /// Whether the page is close-set rows of print (`CloseSetRows.areRunningText`).
  /// A page ruled like sheet music is not, whatever its rows.
  var inCloseSetRows: Bool { !isRuled && closeSetRows?.areRunningText ?? false }
}
