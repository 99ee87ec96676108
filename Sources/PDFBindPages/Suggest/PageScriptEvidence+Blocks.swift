// What Tesseract's text blocks (`TextBlockLines`) say on a page read as Chinese or Japanese
// whose own marks leave the direction of its lines in doubt, and which pages ask for them.
import PDFBindCore

extension PageScriptEvidence {
  /// Tesseract's text blocks of lines across (`TextBlockLines`, measured on pages read upright
  /// as Chinese or Japanese whose marks run in rows that may be the rules' or a table's:
  /// `rowsInDoubt`) say horizontal writing when they cover this share of the page and this
  /// many times the blocks of vertical lines. On the tuning part of the real bench, such pages
  /// of horizontal Japanese books (a white paper's page with a table, two application forms, a
  /// statistical table) held 0.40 to 0.72 of their page in them and none in vertical blocks
  /// (0.000): half the least. Manga pages showed at most 0.044 (the real bench's), 0.026
  /// (seed 19's) and 0.002 (seed 4's), vertical pages whose marks show no direction at most
  /// 0.023. But vertical pages set in columns did show blocks across: the real bench's sutra
  /// title page in a border 0.46, seed 19's zh-vertical-0 page 2 0.47, seed 4's ja-vertical-3
  /// page 3 0.07 (none in vertical blocks): Tesseract's blocks across count only where the
  /// page's own marks run in rows as well.
  static let leastAcrossBlocks = 0.20
  static let acrossOverVertical = 3.0
  /// The confidence vertical blocks ask (`minimumVerticalBlocksConfidence`), below the table's
  /// Han at 0.69: the lines' direction is measured twice. The first of the two forms read as
  /// Japanese at 0.10, a guess, and does not count.
  static let minimumAcrossBlocksConfidence = 0.5

  /// Whether a page read so asks Tesseract's layout analysis (`TextBlockLines`): read upright
  /// as Chinese or Japanese and pointing nowhere without it, not even leaning, where only
  /// Tesseract's blocks can say more: with the confidence vertical blocks ask, its marks
  /// showing neither lines of a direction nor patches of rows (`inVerticalBlocks`); with the
  /// confidence blocks across ask, its marks in rows the page's rules or a table's cells may
  /// have made (`rowsInDoubt`, `acrossBlocks`). A manga page read as Japanese leans or decides
  /// as it is, and does not pay for it: layout analysis costs 0.5 to 1.5 s a page of the
  /// bench's scans, and on the generated manga of seed 19 (speed-24.pdf, Japanese at 0.99 to
  /// 1.21 among pictures) found vertical blocks on 0.00 to 0.02 of the page; its pages hold no
  /// writing, so are never in doubt of rows.
  static func asksBlockLines(_ reading: ScriptReading, layout: WritingLayout) -> Bool {
    guard reading.orientation == 0, cjkScripts.contains(reading.script) else { return false }
    let page = PageReading(page: 0, layout: layout, reading: reading)
    let noDirection =
      reading.confidence >= minimumVerticalBlocksConfidence && layout.lines == nil
      && !layout.writingPatchesInRows
    let rows = reading.confidence >= minimumAcrossBlocksConfidence && layout.rowsInDoubt
    return (noDirection || rows) && page.leans == nil
  }
}

extension PageScriptEvidence.PageReading {
  /// Tesseract's layout analysis finds text blocks of vertical lines on this page
  /// (`TextBlockLines`), covering `leastVerticalBlocks` of it and `verticalOverAcross` times
  /// the blocks of lines across.
  var inVerticalBlocks: Bool {
    guard let blockLines else { return false }
    return blockLines.topToBottom >= PageScriptEvidence.leastVerticalBlocks
      && blockLines.topToBottom >= PageScriptEvidence.verticalOverAcross * blockLines.across
  }

  /// What a page of writing ruled like sheet music, a table or a form says (`isRuled`): its
  /// drawn lines make rows of the marks, and Tesseract reads a script from their pieces, so
  /// neither counts. Only what Tesseract recognises on it does: its text blocks on a page read
  /// upright as Chinese or Japanese (`ruledBlocks`), its Latin words on one read upright as
  /// Latin, Cyrillic, Greek or blackletter (`ruledLatinWords`).
  func ruledPage(confidenceScale scale: Double) -> PageBinding? {
    ruledBlocks(confidenceScale: scale) ?? ruledLatinWords
  }

  /// Which way the writing of a ruled page read upright as Chinese or Japanese runs, as
  /// Tesseract's text blocks say. Blocks of vertical lines (`inVerticalBlocks`)
  /// where the marks show no direction say vertical writing with boxes and rules among it:
  /// the real bench's vertical Japanese magazine page (14 ruled lines, the diagrams' boxes)
  /// 0.88 of the page in them and 0.002 in blocks of lines across. Blocks of lines across where
  /// the marks run in rows (`acrossBlocks`) say horizontal writing in a table or a form.
  func ruledBlocks(confidenceScale scale: Double) -> PageBinding? {
    guard upright(in: PageScriptEvidence.cjkScripts) != nil else { return nil }
    if verticalWithoutDirection(confidenceScale: scale) { return .rightEdge }
    return acrossBlocks(confidenceScale: scale)
  }

  /// Vertical writing Chinese or Japanese shows only in Tesseract's blocks: the page's own
  /// marks show neither lines of a direction nor patches of rows, and its blocks of vertical
  /// lines (`inVerticalBlocks`) were read with the confidence they ask.
  func verticalWithoutDirection(confidenceScale scale: Double) -> Bool {
    guard let reading, layout.lines == nil, !layout.writingPatchesInRows else { return false }
    return inVerticalBlocks
      && reading.confidence >= PageScriptEvidence.minimumVerticalBlocksConfidence * scale
  }

  /// Horizontal Chinese or Japanese in a table or a form: on a page read upright as Chinese or
  /// Japanese whose marks run in rows the page's own measures do not trust (`rowsInDoubt`),
  /// Tesseract's text blocks of lines across (`inAcrossBlocks`) say left-edge.
  func acrossBlocks(confidenceScale scale: Double) -> PageBinding? {
    guard let reading = upright(in: PageScriptEvidence.cjkScripts), layout.rowsInDoubt,
      inAcrossBlocks, reading.confidence >= PageScriptEvidence.minimumAcrossBlocksConfidence * scale
    else { return nil }
    return .leftEdge
  }

  /// Tesseract's layout analysis finds text blocks of lines across on this page
  /// (`TextBlockLines`), covering `leastAcrossBlocks` of it and `acrossOverVertical` times the
  /// blocks of vertical lines.
  var inAcrossBlocks: Bool {
    guard let blockLines else { return false }
    return blockLines.across >= PageScriptEvidence.leastAcrossBlocks
      && blockLines.across >= PageScriptEvidence.acrossOverVertical * blockLines.topToBottom
  }
}

extension WritingLayout {
  /// Marks of a page of writing that run in rows the page's own measures do not trust: lines
  /// in rows, or patches of rows, on a ruled page (`ruledWriting`: the real bench's white
  /// paper page, 17 ruled lines, and forms, 26 and 32), or a table's columns of cells whose
  /// squares of writing run in rows as often (`columnsOfRows`: the real bench's statistical
  /// table, 10 squares in rows and 10 in columns).
  var rowsInDoubt: Bool {
    guard holdsWriting else { return false }
    if columnsOfRows { return true }
    return isRuled && (lines == .rows || (lines == nil && writingPatchesInRows))
  }
}
