// Arabic or Hebrew read upright, and how surely: the script's confidence, and how far upright
// scored above the page's other rotations (SuggestRules 32).
import PDFBindCore

extension PageScriptEvidence {
  /// How far upright must score above the next rotation (Tesseract's orientation confidence)
  /// for a page read as Arabic or Hebrew to say or lean anything: letters Tesseract knows
  /// tell it which way up a page lies, writing it does not know hardly does. A French will in
  /// cursive, read as Arabic at 28.9 and 10.6 (so it decided right-edge), read 1.05 and 2.70,
  /// and its second page 3.83 once re-encoded at 1,600 pixels; the handwriting probe's 23
  /// other pages read upright as Arabic (wills, notaries' registers, Latin manuscripts) 0.01
  /// to 5.8, the 2 over 5 with too little of the script's confidence to lean. Pages of
  /// right-to-left books that said right-edge: on the real bench an Arabic manuscript at 4.5
  /// (its book now undecided), the next 7.1, then 10 to 40 (print and manuscripts); seeds
  /// 19 and 2027, one at 4.2 (its book decided by its other pages), the rest 13 or more.
  /// A third over the will's highest: the manuscript is given up, and the next right page
  /// (7.1) is 1.4 times the limit.
  static let minimumRightToLeftOrientationConfidence = 5.0

  /// How far upright must score above the next rotation for a page read as Arabic or Hebrew whose
  /// marks show no rows to ask only what a page in rows asks (`minimumRightToLeftConfidence`, not
  /// `minimumConfidenceOffRows`; SuggestRules 57). A printed Quran's pages in their ornamented
  /// frames show no rows: the right-to-left probe's mushaf, 401 pages of 81 books measured, read
  /// upright as Arabic by 10 or more on 381 (median 16.9), mostly at 5 to 20: 65 of its 101 books
  /// said nothing (13 since). Pages of left-to-right books read upright as Arabic or Hebrew are
  /// seldom sure of it: on the real bench (737 pages read, both parts) at most 2.91 but for a
  /// Georgian page at 9.40 (read at 0.83, in rows: a twelfth of what it would need to say), on the
  /// handwriting probe's 363 pages at most 5.76; seeds 19 and 4 read none so. Twice
  /// `minimumRightToLeftOrientationConfidence`, 1.7 times the most but the Georgian page's.
  static let rowsNeedNotShowOrientationConfidence = 10.0
}

extension PageScriptEvidence.PageReading {
  /// Read upright as Arabic or Hebrew with `scale` times the script confidence a decision
  /// asks: `minimumRightToLeftConfidence` on a page whose marks run in rows or that is read
  /// surely upright (`rowsNeedNotShowOrientationConfidence`), `minimumConfidenceOffRows`
  /// elsewhere. Whether upright is sure enough to say anything is asked apart.
  func readRightToLeft(confidenceScale scale: Double) -> Bool {
    guard let reading = upright(in: PageScriptEvidence.rightToLeftScripts) else { return false }
    let least =
      layout.lines == .rows
        || reading.orientationConfidence
          >= PageScriptEvidence.rowsNeedNotShowOrientationConfidence
      ? PageScriptEvidence.minimumRightToLeftConfidence
      : PageScriptEvidence.minimumConfidenceOffRows
    return reading.confidence >= least * scale
  }

  /// Read upright as Arabic or Hebrew, but hardly surer of upright than of another rotation
  /// (`minimumRightToLeftOrientationConfidence`): such a page says nothing.
  var rightToLeftRotationInDoubt: Bool {
    guard let reading = upright(in: PageScriptEvidence.rightToLeftScripts) else { return false }
    return reading.orientationConfidence
      < PageScriptEvidence.minimumRightToLeftOrientationConfidence
  }
}
