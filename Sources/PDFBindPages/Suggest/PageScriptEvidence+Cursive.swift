// Latin handwriting, which Tesseract's script detection reads as Japanese upside down
// (SuggestRules 61).
import PDFBindCore

extension PageScriptEvidence {
  /// What script detection makes of Latin cursive it turns upside down: on the real bench's
  /// tuning part, 13 pages of writing in rows of seven handwritten books (a letter, a will,
  /// Candide's manuscript, a journal, Stanford memorials) read so as Japanese or Katakana.
  static let cursiveUpsideDownScripts: Set = ["Japanese", "Katakana"]

  /// The most Arabic-script letters the Urdu recogniser may find (`leastArabicLetters`' count,
  /// asked of every page of running text read turned round) on a page read upside down as
  /// Japanese or Katakana for it to say left-edge (`cursiveReadUpsideDown`). Urdu in Nastaliq
  /// is read so too: on seeds 19 and 4, 39 generated pages of it, with 91 to 279 letters.
  /// The tuning part's 13 pages of Latin cursive read so held 0 to 11. Under a fourth of the
  /// fewest on Nastaliq, 1.8 times the most on cursive. No page of writing of a right-to-left
  /// book was read so on the real bench (348 pages of right-to-left books), the right-to-left
  /// probe's manuscripts, mushaf and pamphlet (380), or 30 pages of right-to-left handwriting
  /// (Hebrew cursive, Arabic, Persian and Ottoman manuscripts, an Urdu katib's pages): one
  /// Persian manuscript was read upside down as Japanese, its marks in no rows of running text.
  static let mostArabicLettersOfCursiveUpsideDown = 20
}

extension PageScriptEvidence.PageReading {
  /// A page of writing in rows of running text, not ruled, read upside down as Japanese or
  /// Katakana, on which the Urdu recogniser found hardly any Arabic-script letters
  /// (`mostArabicLettersOfCursiveUpsideDown`): Latin handwriting, which says left-edge. Not
  /// on a scan too small to read surely (`Recognised.onSmallScan`, SuggestRules 63): fitted
  /// into 640 pixels, a printed Urdu page of the real bench read so gave 8 letters. Its
  /// short lines all set from the right, it leans and does not say (`leftToRightSetFromTheRight`),
  /// as Nastaliq's paragraph ends are set.
  var cursiveReadUpsideDown: Bool {
    guard let reading, reading.orientation == 180,
      PageScriptEvidence.cursiveUpsideDownScripts.contains(reading.script),
      layout.holdsWriting, layout.inRowsOfText, !layout.ruledWriting, !recognised.onSmallScan,
      let letters = recognised.arabicLetters
    else { return false }
    return letters <= PageScriptEvidence.mostArabicLettersOfCursiveUpsideDown
  }
}
