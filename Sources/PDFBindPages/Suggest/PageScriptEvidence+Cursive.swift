// Latin handwriting, which Tesseract's script detection reads as Japanese upside down
// (SuggestRules 61), and the pages of its book that second it (SuggestRules 73).
import PDFBindCore

extension PageScriptEvidence {
  /// What script detection makes of Latin cursive it turns upside down: on the real bench's
  /// tuning part, 13 pages of writing in rows of seven handwritten books (a letter, a will,
  /// Candide's manuscript, a journal, Stanford memorials) read so as Japanese or Katakana.
  static let cursiveUpsideDownScripts: Set = ["Japanese", "Katakana"]

  /// The most Arabic-script letters the Urdu recogniser may find (`leastArabicLetters`' count,
  /// asked of every page of running text read turned round) on a page read upside down as
  /// Japanese or Katakana for it to say left-edge (`cursiveReadUpsideDown`). Urdu in Nastaliq
  /// is read so too: on seeds 19 and 4, 39 generated pages of it, with 91 to 279 letters; a
  /// real lithographed Urdu page, with 10 (SuggestRules 71; at 20, until 70, it decided
  /// left-edge). The Latin cursive read so (rows only in patches included): 0 to 11 on the
  /// real bench's 28 tuning pages (25 of them 0 to 5), 0 to 22 on the 271 pages of the 137
  /// handwriting probe's books the rule decided at 70 (250 of them 0 to 5). Half the real
  /// Nastaliq's count: a page of cursive over it says nothing, and another page of its book
  /// may.
  ///
  /// Right-to-left writing is seldom read so: no page of the real bench's right-to-left books
  /// (348), of the right-to-left probe's manuscripts, mushaf and pamphlet (380), or of 30
  /// pages of right-to-left handwriting found for SuggestRules 61; 2 of 44 pages of another
  /// such set (`right_to_left_handwriting_probe.py`): the Urdu page, and a manuscript's page
  /// mostly in Spanish in Latin cursive, with three lines of Arabic (3 letters), which this
  /// rule still decides left-edge.
  static let mostArabicLettersOfCursiveUpsideDown = 5
}

extension PageScriptEvidence.PageReading {
  /// A page of writing in rows of running text, not ruled, read upside down as Japanese or
  /// Katakana, on which the Urdu recogniser found hardly any Arabic-script letters
  /// (`mostArabicLettersOfCursiveUpsideDown`): Latin handwriting, which says left-edge. Its
  /// rows may show only in patches (`rowsOnlyInPatches`) on a page that measures as no
  /// writing (SuggestRules 71): cursive whose ascenders and descenders leave few blank rows
  /// across the page (6-7% on a Spanish manuscript and an English letter of the real bench,
  /// 15% asked), or the table round a photographed register (0.68-0.71 of its pages
  /// paper, 0.75 asked). Not on a scan too small to read surely (`Recognised.onSmallScan`,
  /// SuggestRules 63): fitted into 640 pixels, a printed Urdu page of the real bench read so
  /// gave 8 letters. Its short lines all set from the right, it leans and does not say
  /// (`leftToRightSetFromTheRight`), as Nastaliq's paragraph ends are set.
  var cursiveReadUpsideDown: Bool {
    guard let reading, reading.orientation == 180,
      PageScriptEvidence.cursiveUpsideDownScripts.contains(reading.script),
      layout.inRowsOfText, !layout.isRuled, !recognised.onSmallScan,
      let letters = recognised.arabicLetters
    else { return false }
    return letters <= PageScriptEvidence.mostArabicLettersOfCursiveUpsideDown
  }
}

extension PageScriptEvidence.PageReading {
  /// A page of writing in rows of running text, not ruled, on which every recogniser of a
  /// right-to-left script that was asked found hardly any of its letters
  /// (`mostArabicLettersOfCursiveUpsideDown`; the Urdu recogniser must have been asked): too
  /// weak to lean, it is the second page for a page of Latin cursive read upside down
  /// (`cursiveReadUpsideDown`) in its book, whatever script detection made of it. Latin
  /// cursive reads so on its other pages, as Arabic upright, turned round or unsure which way
  /// up (the real bench's tuning part: a letter of five pages and a register of five, each
  /// with one page saying left-edge and "one page alone is too little"). A page of
  /// right-to-left handwriting may give the recognisers as few letters; it seconds only where
  /// a page of its book says left-edge as cursive, which no page of a right-to-left book of
  /// the labelled sets or the right-to-left probe did.
  var secondsCursive: Bool {
    guard layout.inRowsOfText, !layout.isRuled, !recognised.onSmallScan,
      let arabic = recognised.arabicLetters
    else { return false }
    let most = PageScriptEvidence.mostArabicLettersOfCursiveUpsideDown
    return arabic <= most && (recognised.hebrewLetters ?? 0) <= most
      && (recognised.syriacLetters ?? 0) <= most
  }

  /// What a page that seconds Latin cursive shows (`secondsCursive`), in words.
  var cursiveSecondSummary: String {
    let script = reading.map {
      $0.orientation == 0 ? "\($0.script)?" : "\($0.script)?, upside down or sideways"
    }
    return "writing in rows with hardly any Arabic-script letters"
      + (script.map { " (Tesseract: \($0))" } ?? "")
  }
}
