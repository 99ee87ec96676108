// Vertical Chinese or Japanese read with little confidence, where its squares of writing are
// set in columns as well as its lines; a manga's balloons likewise.
import PDFBindCore

extension PageScriptEvidence {
  /// Chinese or Japanese read upright in columns with under `minimumCJKConfidence` still
  /// decides with this much where the page's squares of writing (`TextTiles`) run in columns
  /// too: at least `leastColumnSquares`, and `columnSquaresOverRows` times those in rows.
  /// Woodblock books and manuscripts photographed whole (the real bench's tuning part:
  /// `cjk-guji-book-5`, `probe-kotenios-spread-1`) read 0.63 and 0.55 so, with 13 and 17
  /// squares in columns against 1 and 2 in rows; seed 2027's vertical pages 0.60 and 0.75 (32
  /// squares, none in rows). Of the pages of left-to-right books of the labelled sets (the
  /// real bench, seeds 19 and 2027, the three handwriting sets) only three were read upright
  /// as Chinese or Japanese in columns: a statistical table at 0.69, its squares 10 in columns
  /// and 10 in rows (`columnsOfRows`: decided by its blocks across), and two near-blank
  /// generated pages at 0.10 and 0.06, with one square. The confidence is the least vertical
  /// blocks ask (`minimumVerticalBlocksConfidence`); the squares, under the least of the
  /// vertical pages (13) and four times the table's share.
  static let minimumColumnSquaresConfidence = 0.5
  static let leastColumnSquares = 10
  static let columnSquaresOverRows = 4

  /// Japanese among pictures read with under `minimumMangaConfidence` is a manga still, with
  /// this much, where its squares of writing (`TextTiles`) are set in columns: at most
  /// `mostBalloonRowSquares` in rows, and more in columns. Manga pages so read under 1.5 said
  /// nothing and leant: seeds 19 and 2027, 0.78 to 1.33; the real bench's tuning part,
  /// `probe-ymag-manga-1` and `-3` (1.27 and 0.89, 1 square in rows, 2 and 4 in columns).
  /// Pages of left-to-right books read as Japanese among pictures: French wills at 1.13, 1.09
  /// and 0.50, with 11 to 28 squares in rows; notaries' registers at up to 0.73, with 2 to 15
  /// in rows or no more in columns; with squares so set, only a Swedish register's 2-up scan,
  /// at 0.33 and 0.49 (2 in rows and 8 in columns). 0.85 is 1.7 times that; half of it (a
  /// lean) would not be, and so a page leans as before, from half of `minimumMangaConfidence`,
  /// whatever its squares.
  static let minimumBalloonColumnsConfidence = 0.85
  static let mostBalloonRowSquares = 2

  /// Read among pictures, a manga's balloons; in squares set in columns, vertical writing.
  /// Korean comics run either way, and Tesseract's Hiragana and Katakana were guesses (0 to
  /// 0.1) on the labelled sets.
  static let mangaScripts: Set = ["Japanese"]
  static let verticalScripts: Set = ["Han", "Japanese"]
}

extension PageScriptEvidence.PageReading {
  /// Lines and squares of writing in columns (`minimumColumnSquaresConfidence`): on a page
  /// read upright as Chinese or Japanese, vertical writing with less confidence than its
  /// lines alone ask.
  func columnsOfSquares(confidenceScale scale: Double) -> Bool {
    guard let reading = upright(in: PageScriptEvidence.cjkScripts), layout.lines == .columns
    else { return false }
    return layout.squaresInColumns
      && reading.confidence >= PageScriptEvidence.minimumColumnSquaresConfidence * scale
  }

  /// Writing among pictures read as set right to left: Japanese as a manga's balloons
  /// (`mangaBalloons`), or Chinese or Japanese in squares of writing set in columns as a page
  /// of vertical writing's are (`leastColumnSquares`, `columnSquaresOverRows`): pages among
  /// the stains and borders of old paper. On the real bench's tuning part, two such pages of
  /// vertical books read as Han at 1.43 with 10 squares in columns and none in rows (decided
  /// by Tesseract's blocks, which they no longer ask); seed 2027's `zh-vertical-3` page 3 at
  /// 1.21, 19 and 0. Of the pages of left-to-right books read so among pictures, the most so
  /// set was a Swedish register's 2-up scan, read as Japanese at 0.33 (9 squares in columns,
  /// none in rows) and 0.32 (11 and 4). They ask what lines in columns ask
  /// (`minimumCJKConfidence`), to say or to lean.
  func amongPicturesRightToLeft(confidenceScale scale: Double) -> Bool {
    mangaBalloons(confidenceScale: scale) || verticalAmongPictures
  }

  /// Chinese or Japanese among pictures in squares of writing set in columns
  /// (`amongPicturesRightToLeft`).
  var verticalAmongPictures: Bool {
    guard let reading = upright(in: PageScriptEvidence.verticalScripts), !layout.holdsWriting else {
      return false
    }
    return layout.squaresInColumns && reading.confidence >= PageScriptEvidence.minimumCJKConfidence
  }

  /// Japanese among pictures, read as a manga's balloons (`minimumMangaConfidence`), or with
  /// less where its squares of writing are set in columns (`minimumBalloonColumnsConfidence`:
  /// says with less, leans with no less).
  func mangaBalloons(confidenceScale scale: Double) -> Bool {
    guard let reading = upright(in: PageScriptEvidence.mangaScripts) else { return false }
    if reading.confidence >= PageScriptEvidence.minimumMangaConfidence * scale { return true }
    // Not scaled: half of it would let the register's pages lean.
    let rows = layout.tilesInRows
    return rows <= PageScriptEvidence.mostBalloonRowSquares && layout.tilesInColumns > rows
      && reading.confidence >= PageScriptEvidence.minimumBalloonColumnsConfidence
  }
}

extension WritingLayout {
  /// Squares of writing (`TextTiles`) set in columns as a page of vertical writing's are: at
  /// least `leastColumnSquares` in columns, `columnSquaresOverRows` times those in rows.
  var squaresInColumns: Bool {
    tilesInColumns >= PageScriptEvidence.leastColumnSquares
      && tilesInColumns >= PageScriptEvidence.columnSquaresOverRows * tilesInRows
  }
}
