// What a page read upright as Chinese or Japanese says: vertical writing in columns, rows of
// running text, or writing among pictures (a manga's balloons).
import PDFBindCore

extension PageScriptEvidence.PageReading {
  /// The binding a page read upright as Chinese or Japanese points to, with `scale` times the
  /// confidence each way of deciding asks (`says`: 1, `leans`: 0.5); nil for any other page.
  func chineseOrJapanesePointing(confidenceScale scale: Double) -> PageBinding? {
    guard let confidence = upright(in: PageScriptEvidence.cjkScripts)?.confidence else {
      return nil
    }
    // Where the marks show no direction of their own, Tesseract's layout analysis may
    // find them in blocks of vertical lines (`inVerticalBlocks`): a woodblock book or a
    // manuscript scanned with its surroundings, a page among pictures.
    if layout.holdsWriting {
      if verticalWithoutDirection(confidenceScale: scale) { return .rightEdge }
      // Columns of a table's cells set in rows are no vertical writing (`columnsOfRows`);
      // Tesseract's blocks of lines across there say horizontal writing.
      if layout.columnsOfRows { return acrossBlocks(confidenceScale: scale) }
      if columnsOfSquares(confidenceScale: scale) { return .rightEdge }
      guard confidence >= PageScriptEvidence.minimumCJKConfidence * scale else { return nil }
      switch layout.lines {
      case .columns: return .rightEdge
      // Rows say left-edge only as running text, as Latin does: a manga page's few
      // horizontal balloons are not a book set left to right. On seeds 19, 2027, 3 and 5,
      // horizontal Chinese and Japanese pages held 19 to 58 lines; manga pages read as
      // Japanese in rows 3 to 9 (seed 5's manga-ja-2 read so at 3.25 and disagreed).
      case .rows: return layout.inRowsOfText ? .leftEdge : nil
      // No direction across the whole page (two text columns, a shadowed page edge), but
      // its patches of writing run in rows: running text, as for Latin (`pointing`).
      case nil: return layout.writingPatchesInRows ? .leftEdge : nil
      }
    }
    // Writing beside pictures whose patches run in rows is a magazine's text columns
    // beside its photographs (the horizontal Japanese spread of the real bench, read as
    // Japanese among pictures at over 1.5): set left to right, as rows of running text are.
    if layout.writingPatchesInRows {
      return confidence >= PageScriptEvidence.minimumCJKConfidence * scale ? .leftEdge : nil
    }
    if inVerticalBlocks, confidence >= PageScriptEvidence.minimumVerticalBlocksConfidence * scale {
      return .rightEdge
    }
    // Japanese among pictures is a manga, read right to left; Chinese and Korean comics
    // run either way, unless set in columns as vertical writing is.
    return amongPicturesRightToLeft(confidenceScale: scale) ? .rightEdge : nil
  }
}
