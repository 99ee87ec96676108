// Korean print, which Tesseract's script detection names surely but weighs with hardly any
// confidence (SuggestRules 67).
import PDFBindCore

extension PageScriptEvidence {
  /// The name script detection gives Korean print (its other, `Hangul`, is among `cjkScripts`
  /// and was given one page of the real bench). Its confidence says little here: the real
  /// bench's tuning part holds five pages of a two-column Korean exam paper in rows
  /// (`n64-korean-ocrkor-1`) read so at 0.06 to 0.24, a tenth of what Chinese or Japanese in
  /// rows asks (`minimumCJKConfidence`), and so every scanned Korean book stayed undecided.
  /// Tesseract was sure which way up those pages lie, as it is on print it knows: 19.2 to 28.3
  /// over the next rotation.
  static let koreanScripts: Set = ["Korean"]

  /// How far upright must score above the next rotation for running text in rows read as
  /// Korean to say left-edge (half of it to lean). The tuning pages of print read 19.2 to 28.3
  /// (`koreanScripts`); no page of a book bound on the right, and no page whose writing is not
  /// Korean, was read as Korean on the real bench (both parts), the right-to-left probe or
  /// seeds 19 and 4, and no line of the handwriting probe names Korean (bench/suggest/README.md,
  /// "Korean print"). Half the least of the exam paper's; its lean, 5, is what a page of Arabic
  /// or Hebrew asks to say anything (`minimumRightToLeftOrientationConfidence`). Korean set in
  /// columns is read by its lines as Chinese is only where Tesseract names it Hangul: a page
  /// read as Korean in columns says nothing here.
  static let leastKoreanOrientationConfidence = 10.0
}

extension PageScriptEvidence.PageReading {
  /// A page of writing in rows of running text (`inRowsOfText`), not ruled, read upright as
  /// Korean with `leastKoreanOrientationConfidence` times `scale` over the next rotation: it
  /// says left-edge, as Hangul in rows does (`chineseOrJapanesePointing`).
  func koreanRunningText(confidenceScale scale: Double) -> Bool {
    guard let reading = upright(in: PageScriptEvidence.koreanScripts) else { return false }
    return layout.holdsWriting && layout.inRowsOfText && !layout.ruledWriting
      && reading.orientationConfidence
        >= PageScriptEvidence.leastKoreanOrientationConfidence * scale
  }
}
