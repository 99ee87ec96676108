// What the squares of writing (`TextTiles`) say about a page's layout: patches of writing in
// rows beside pictures, and a table's cells whose blank columns read as lines.
extension WritingLayout {
  /// Patches of writing that run in rows where the whole page shows no direction: a
  /// magazine's text columns beside its photographs, not a manga's balloons; two columns of
  /// print on a shadowed scan (`TextTiles`). At least `leastRowTiles` squares of writing in
  /// rows, and `rowTilesOverColumns` times as many as in columns.
  var writingPatchesInRows: Bool {
    tilesInRows >= Self.leastRowTiles && tilesInRows >= Self.rowTilesOverColumns * tilesInColumns
  }

  /// Lines in columns whose squares of writing run in rows about as often: the cells of a
  /// table or a form set in horizontal lines, the blank columns between them read as lines.
  /// The real bench's Japanese table: 10 squares in rows, 10 in columns; its vertical pages at
  /// most 2 in rows (0.4 of those in columns), seed 19's 59 pages of columns read as Chinese
  /// or Japanese none: at least 4, and 0.7 as many as in columns, lies between.
  var columnsOfRows: Bool {
    lines == .columns && tilesInRows >= Self.leastRowTilesAgainstColumns
      && Double(tilesInRows) >= Self.rowTilesAgainstColumns * Double(tilesInColumns)
  }
  static let leastRowTilesAgainstColumns = 4
  static let rowTilesAgainstColumns = 0.7

  /// Lines in columns whose squares of writing run in rows as a page of running text's do
  /// (`writingPatchesInRows`): a register's or a table's columns of text lines. Vertical
  /// writing read the same way fills squares of columns (the real bench's 2-up scan of
  /// vertical Japanese read as Latin at 3.33: 0 squares in rows, 39 in columns).
  var columnsOfRunningRows: Bool { lines == .columns && writingPatchesInRows }

  /// Pages drawn at 1,600 pixels: the manga and comic pages of the real bench's tuning part
  /// (bench/suggest/real/) held 0 to 3 squares of writing in rows, those of the generated
  /// tuning set (bench/suggest, seed 19: manga-ja, manga-en with English balloons, comics) 0
  /// to 6 (a speed-line panel 13 before `TextTiles.leastGapsInLines`); the horizontal Japanese
  /// magazine spread 32 (1 in columns), the English magazine page with a photograph 17 (3),
  /// the photographed cookery book 27 and 31 (1, 0). 12 is twice the most of a picture page.
  static let leastRowTiles = 12
  static let rowTilesOverColumns = 4
}
