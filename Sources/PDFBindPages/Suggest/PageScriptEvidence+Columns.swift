// Vertical Chinese or Japanese read with little confidence, where its squares of writing are
// set in columns as well as its lines.
import PDFBindCore

extension PageScriptEvidence {
  /// Chinese or Japanese read upright in columns with under `minimumCJKConfidence` still
  /// decides with this much where the page's squares of writing (`TextTiles`) run in columns
  /// too: at least `leastColumnSquares`, and `columnSquaresOverRows` times those in rows.
  /// Woodblock books and manuscripts photographed whole (the real bench's `cjk-guji-book-5`,
  /// `probe-kotenios-spread-1`; its held-out `probe-kotenweb-spread-1`) read 0.55 to 0.68 so,
  /// with 13 to 17 squares in columns against 0 to 2 in rows; seed 2027's vertical pages 0.60
  /// and 0.75 (32 squares, none in rows). Of the pages of left-to-right books of the labelled
  /// sets (the real bench, seeds 19 and 2027, the three handwriting sets) only three were read
  /// upright as Chinese or Japanese in columns: a statistical table at 0.69, its squares 10 in
  /// columns and 10 in rows (`columnsOfRows`: decided by its blocks across), and two near-blank
  /// generated pages at 0.10 and 0.06, with one square.
  /// The confidence is the least vertical blocks ask (`minimumVerticalBlocksConfidence`); the
  /// squares, under the least of the vertical pages (13) and four times the table's share.
  static let minimumColumnSquaresConfidence = 0.5
  static let leastColumnSquares = 10
  static let columnSquaresOverRows = 4
}

extension PageScriptEvidence.PageReading {
  /// Lines and squares of writing in columns (`minimumColumnSquaresConfidence`): on a page
  /// read upright as Chinese or Japanese, vertical writing with less confidence than its
  /// lines alone ask.
  func columnsOfSquares(confidenceScale scale: Double) -> Bool {
    guard let reading = upright(in: PageScriptEvidence.cjkScripts), layout.lines == .columns
    else { return false }
    let columns = layout.tilesInColumns
    return columns >= PageScriptEvidence.leastColumnSquares
      && columns >= PageScriptEvidence.columnSquaresOverRows * layout.tilesInRows
      && reading.confidence >= PageScriptEvidence.minimumColumnSquaresConfidence * scale
  }
}
