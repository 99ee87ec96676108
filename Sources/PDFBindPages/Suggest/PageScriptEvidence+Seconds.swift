// A page too weak to lean that may still be the second page a decision asks for: Arabic or
// Hebrew sure which way up (`secondsRightToLeft`, SuggestRules 36), and a page of writing read
// surely upright in a left-to-right script (`secondsLeftToRight`, SuggestRules 58).
import PDFBindCore

extension PageScriptEvidence {
  /// The share of a decision's confidence that lets a page of Arabic or Hebrew, sure which way
  /// up and not ruled, second a page that says right-edge where it is too weak to lean
  /// (SuggestRules 36): a printed mushaf's pages beside their ornaments read Arabic at 0.31 to
  /// 0.49 of what they would need to say (5 books of the right-to-left probe, one page in each
  /// saying alone); the pages of left-to-right books read upright as Arabic or Hebrew, sure
  /// which way up and not ruled (the real bench's tuning part, the handwriting probe's wills,
  /// seed 19), at most 0.083 (a Georgian page). Three times that, and the nearest mushaf page
  /// 1.2 times this.
  static let rightToLeftSecondScale = 0.25

  /// The script confidence a page of writing read upright as Latin, Cyrillic, Greek or Fraktur
  /// needs to second a page that says left-edge in the same script where its marks show no
  /// rows of running text (so it does not lean). A book of Latin hymns printed in italic
  /// antiqua (`n59-latin-vdsbb-1`, four photographed pages) said left-edge by one page of
  /// verse in rows; two more pages of verse, whose indented lines (and printed staves, on
  /// one) show no rows of running text, read Latin at 3.48 and 3.33, upright by 9.7 and
  /// 11.4, and the book stayed at "one page alone is too little".
  /// No page of writing of a right-to-left book was read upright in these scripts on the
  /// real bench (both parts) or seed 19: only pictures were, translated manga's balloons
  /// (Cyrillic at up to 18.9, upright by at most 7.6), which never second; on seed 4 three
  /// ruled pages of English manga too (upright by at most 4.75), which never second. So the
  /// limits separate nothing measured; they keep to pages Tesseract reads surely: 2 is four
  /// times what running text in rows asks to say and 0.6 of the hymn pages' least; other pages
  /// of writing of left-to-right books read so reached 4.1 (a table in Fraktur, upright by
  /// 4.1) and were upright by up to 9.8 (a Coptic page read as Cyrillic at 0.14).
  static let leftToRightSecondConfidence = 2.0

  /// How far upright must score above the next rotation for such a page to second: the limit
  /// under which Arabic or Hebrew says nothing (`minimumRightToLeftOrientationConfidence`),
  /// half the hymn pages' least. Handwriting and scripts Tesseract has no data for are placed
  /// upright with little of it (the real bench's handwriting read as Latin, 2.3).
  static let leftToRightSecondOrientationConfidence = 5.0
}

extension PageScriptEvidence.PageReading {
  /// The binding this page seconds, too weak to lean: a page that says it, in the same script,
  /// may take this page as the second page `decide` asks for.
  var seconds: PageBinding? {
    if secondsRightToLeft { return .rightEdge }
    return secondsLeftToRight ? .leftEdge : nil
  }

  /// Read upright as Arabic or Hebrew with `rightToLeftSecondScale` of a decision's
  /// confidence, sure which way up, on a page that is not ruled: a second page for one that
  /// says right-edge in the same script, though too weak to lean.
  var secondsRightToLeft: Bool {
    !layout.ruledWriting && !rightToLeftRotationInDoubt
      && readRightToLeft(confidenceScale: PageScriptEvidence.rightToLeftSecondScale)
  }

  /// Read upright as Latin, Cyrillic, Greek or Fraktur with `leftToRightSecondConfidence`,
  /// surely upright (`leftToRightSecondOrientationConfidence`), on a page of writing: not
  /// pictures (a translated manga's balloons read so surely), not ruled (a form, staves), not
  /// lines in columns (vertical Chinese read as Latin, `minimumRunningTextConfidence`) unless
  /// their squares of writing run in rows (`columnsOfRunningRows`, SuggestRules 74), and not
  /// with too many Hebrew letters (`hebrewLettersAgainstReading`).
  var secondsLeftToRight: Bool {
    guard let reading = upright(in: PageScriptEvidence.leftToRightScripts),
      layout.holdsWriting, !layout.ruledWriting,
      layout.lines != .columns || layout.columnsOfRunningRows, !hebrewLettersAgainstReading
    else { return false }
    return reading.confidence >= PageScriptEvidence.leftToRightSecondConfidence
      && reading.orientationConfidence
        >= PageScriptEvidence.leftToRightSecondOrientationConfidence
  }
}
