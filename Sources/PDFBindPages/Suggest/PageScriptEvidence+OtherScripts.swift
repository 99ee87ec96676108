// The scripts script detection names beside Latin, Cyrillic and Greek that are only ever
// written left to right, in rows: six Indic scripts and Thai.
import PDFBindCore

extension PageScriptEvidence {
  /// The other scripts Tesseract's script detection (osd.traineddata) holds letters of, every
  /// one written left to right in rows (as the text evidence counts their letters). Right to
  /// left, it knows only Arabic and Hebrew; Han, Hangul and the kana are `cjkScripts`.
  static let otherLeftToRightScripts: Set = [
    "Devanagari", "Bengali", "Tamil", "Telugu", "Kannada", "Malayalam", "Thai",
  ]

  /// What running text in rows read upright as one of them needs to say left-edge (half of
  /// it to lean). Real pages of these scripts read 14 to 44 (Bengali, Kannada, Tamil of the
  /// real bench's tuning part: bench/suggest/real, "Scripts Tesseract does not know"), but
  /// small print reads lower: a Kannada book page 11.3, the 22 clippings of a Marathi
  /// newspaper in rows (its training folder) 0.4 to 30.8, 9 of them 6 or more (SuggestRules
  /// 50). Pages of other scripts read upright as one of them at most 1.46 (Georgian read as
  /// Malayalam; Myanmar 1.17 in rows), of a right-to-left book at most 2.22 (seed 19's
  /// generated Urdu read as Bengali, not in rows); Tibetan read as Devanagari sideways, 9.2.
  /// 6 is 2.7 times the 2.22, its lean 1.35 times.
  static let minimumOtherScriptConfidence = 6.0
}

extension PageScriptEvidence.PageReading {
  /// Running text in rows (`inRowsOfText`) read upright as one of `otherLeftToRightScripts`,
  /// with `minimumOtherScriptConfidence` times `scale`.
  func otherScriptRunningText(confidenceScale scale: Double) -> Bool {
    guard let reading = upright(in: PageScriptEvidence.otherLeftToRightScripts) else {
      return false
    }
    return layout.inRowsOfText
      && reading.confidence >= PageScriptEvidence.minimumOtherScriptConfidence * scale
  }
}
