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

  /// What running text in rows read upright as one of them needs to say left-edge. On the
  /// real bench's tuning part (bench/suggest/real: "Scripts Tesseract does not know"), real
  /// Bengali, Kannada and Tamil pages read 21 to 44; pages of scripts it does not know read
  /// as one of them 1.2 and 1.5 upright (Georgian, Myanmar), 9.2 sideways (Tibetan). About
  /// one and a half times from each.
  static let minimumOtherScriptConfidence = 14.0
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
