// Words recognised on a page of running text that script detection reads as Latin without
// the confidence it needs: print set in a face or a layout it knows less well (an English
// commentary with Greek words in it, a German newspaper in blackletter); Hebrew letters
// recognised on a page it reads as Hebrew or Arabic and leaves saying nothing (a low
// resolution scan of a Yizkor book, Yiddish print beside pictures), or on a small scan it reads
// as a left-to-right script (Yiddish print in an access copy, read as blackletter).
import PDFBindCore

extension PageScriptEvidence {
  /// What Tesseract's recognisers found on a page whose reading asked them (`WordReader`, in
  /// the page worker): nil where not asked, or not recognised.
  struct Recognised: Equatable, Sendable {
    /// The Latin words read with confidence, on a page of running text read as Latin with
    /// little confidence (`asksLatinWords`).
    var latinWords: Int?
    /// The Hebrew letters read with confidence, on a page read upright as Hebrew or Arabic
    /// that says nothing (`asksHebrewLetters`).
    var hebrewLetters: Int?
    /// The Arabic-script letters read with confidence by the Urdu recogniser, on running text
    /// read upside down or sideways, or read upright as Hebrew or Arabic saying nothing with
    /// too few Hebrew letters (`asksArabicLetters`).
    var arabicLetters: Int?
    /// The Syriac letters read with confidence by the Syriac recogniser, on a page read as
    /// Arabic whose Arabic-script letters were hardly any (`asksSyriacLetters`).
    var syriacLetters: Int?
    /// The letters of each left-to-right script script detection does not know, read with
    /// confidence by its recogniser on a page read as an Indic script or Thai that neither
    /// says nor leans (`asksUndetectedScriptLetters`): each in the page's first quarter, the
    /// one that found the most there in as much of the page as it took to find enough.
    var georgianLetters: Int?
    var armenianLetters: Int?
    var myanmarLetters: Int?
    var tibetanLetters: Int?
    /// The page is one scan too small to read surely (`PagePictures.fewestPixelsToReadSurely`):
    /// the recognisers find fewer letters there, so that few found says nothing
    /// (`cursiveReadUpsideDown`).
    var onSmallScan = false
  }

  /// Latin words recognised with confidence (`ConfidentWords`) that make a page of running
  /// text Latin writing, whatever confidence script detection gives it. Measured with
  /// Tesseract's English recogniser on the page as pdfbind draws it (bench/suggest/README.md,
  /// "Tesseract's LSTM recognition as script evidence"): on the pages of right-to-left books,
  /// at most 8 (176 pages of the tuning seed's image books: Arabic, Hebrew, Persian, Urdu,
  /// Chinese and Japanese) and 3 (29 pages of the real bench's tuned part); on the balloons of
  /// a translated manga, which hold English and read right to left, at most 23 (seed 19);
  /// on the real bench's pages of left-to-right running text that ask, 30 to 410 (Campbell's
  /// English commentary on Sophocles 410, Lobeck's Latin commentary 183), and 307 on its
  /// ruled page (three columns of an English magazine between column rules).
  static let leastLatinWords = 60

  /// Whether a reading asks for its page's words (`WordReader`, in the page worker): a page
  /// read upright as Latin, Cyrillic, Greek or blackletter with less confidence than running
  /// text needs, whose writing runs in rows as running text does. On a ruled page (`isRuled`)
  /// the rows may be the rules' (`rowsInDoubt`), so the words are all that can speak for it,
  /// whatever the script's confidence, which counts for nothing there (SuggestRules 53: until
  /// then a ruled page read as Latin surely enough for running text was not asked, and a
  /// real fax form read as Latin at 2.7 said nothing). Of the ruled pages of the labelled
  /// sets (sheet music, tables, forms, panel borders) that ask, only the magazine page and
  /// forms read Latin words enough; a translated manga's ruled page, its balloons in English,
  /// gave at most 24 (seed 4). Recognition costs a second or more a page, so no other page
  /// pays for it.
  static func asksLatinWords(_ reading: ScriptReading, layout: WritingLayout) -> Bool {
    guard reading.orientation == 0, leftToRightScripts.contains(reading.script) else {
      return false
    }
    if layout.ruledWriting { return layout.rowsInDoubt }
    return reading.confidence < runningTextConfidence(reading.script) && layout.inRowsOfText
  }
}

extension PageScriptEvidence {
  /// Hebrew letters recognised with confidence (`ConfidentWords`) that make a page Hebrew
  /// writing, whatever script detection made of it (SuggestRules 37). Measured with
  /// Tesseract's Hebrew recogniser (Debian's `heb.traineddata`) on every page of the real
  /// bench's tuning part, drawn as pdfbind draws it (`pages/rtl_letters_trial.py`, 349 pages):
  /// on the pages of Hebrew and Yiddish print 241 (a Yizkor book scanned 488 pixels wide) to
  /// 1,580, on a page of Hebrew handwriting 433; on the 334 pages of other scripts at most 44
  /// (Swete's Greek commentary), 4 on Arabic, Persian, Urdu and Ottoman pages, 7 on
  /// handwriting in Latin script. 2.3 times the most on a page of another script, and the
  /// fewest on a page of Hebrew print 2.4 times this.
  static let leastHebrewLetters = 100

  /// Whether a reading asks for its page's Hebrew letters (`WordReader`, in the page worker):
  /// a page read upright as Hebrew or Arabic (Tesseract's script detection takes Hebrew it is
  /// unsure of for Arabic as often as not) that says nothing by the script's confidence, and
  /// a scan too small to read surely (`smallScan`, `PagePictures.fewestPixelsToReadSurely`)
  /// read upright as a left-to-right script: fitted into 480 or 640 pixels, Yiddish print
  /// reads as Fraktur or Latin (SuggestRules 45); a page read so whose rows show only in
  /// patches (`WritingLayout.rowsOnlyInPatches`: a Yiddish weekly's columns read as Latin),
  /// or whose lines in columns are a table's rows (`WritingLayout.columnsOfRunningRows`,
  /// SuggestRules 74: such a page may second); and a page read so whose short lines are all
  /// set from the right (`WritingLayout.setFromTheRight`), as right-to-left writing's are
  /// (SuggestRules 54): a real page of Hebrew handwriting read as Latin at 0.14, 22 short
  /// lines from the right and none from the left, where the English recogniser found 6 Latin
  /// words. And every page read upright as Fraktur (SuggestRules 64): a held-out Yiddish
  /// dictionary page, kept as JPEG 2000 (`transform_books.py jpx`), read as Fraktur at 0.79
  /// and said left-edge; its Hebrew recogniser finds 116 letters. The tuning part's pages of
  /// left-to-right books read so (66 pages of 31 books) give 0 to 13 where the reading says
  /// left-edge, 37 on one that says nothing (Swete's Greek commentary), under
  /// `hebrewLettersAgainstLeftToRight`. Recognition costs a second or more a page, so no
  /// other page pays for it.
  static func asksHebrewLetters(
    _ reading: ScriptReading, layout: WritingLayout, smallScan: Bool
  ) -> Bool {
    let leftToRightInDoubt =
      smallScan || layout.rowsOnlyInPatches || layout.columnsOfRunningRows
      || layout.setFromTheRight || reading.script == "Fraktur"
    if leftToRightInDoubt, reading.orientation == 0, leftToRightScripts.contains(reading.script) {
      return true
    }
    return uprightRightToLeftSayingNothing(reading, layout: layout)
  }

  /// Read upright as Hebrew or Arabic, and saying nothing by the script's confidence.
  private static func uprightRightToLeftSayingNothing(
    _ reading: ScriptReading, layout: WritingLayout
  ) -> Bool {
    guard reading.orientation == 0, rightToLeftScripts.contains(reading.script) else {
      return false
    }
    return PageReading(page: 0, layout: layout, reading: reading).says == nil
  }
}

extension PageScriptEvidence {
  /// Hebrew letters recognised with confidence on a page read as a left-to-right script that
  /// asks for them (a scan too small to read surely, rows only in patches, short lines set
  /// from the right, a reading as Fraktur), too few to take it
  /// for Hebrew writing (`leastHebrewLetters`) but too many for it to say anything by that
  /// reading (SuggestRules 45). Measured with
  /// `pdfbind-measure page-readings` on the pages that ask (the real bench, every page fitted
  /// into 640 and into 480 pixels): the pages of left-to-right books give at most 34 (Swete's
  /// Greek commentary at 640), 17 at 480; the Hebrew and Yiddish pages read so give 105 (a
  /// Yiddish page at 480) to 314, one 13 (a grey Yiddish list read as Latin, which says
  /// nothing by its confidence). A Yiddish page falling short of 100 says nothing rather than
  /// left-edge; 1.5 times the most on a left-to-right page.
  static let hebrewLettersAgainstLeftToRight = 50
}

extension PageScriptEvidence.PageReading {
  /// A page read as a left-to-right script whose Hebrew letters, too few to say right-edge,
  /// are too many for that reading to say anything (`hebrewLettersAgainstLeftToRight`).
  var hebrewLettersAgainstReading: Bool {
    guard let reading, PageScriptEvidence.leftToRightScripts.contains(reading.script),
      let letters = recognised.hebrewLetters
    else { return false }
    return letters >= PageScriptEvidence.hebrewLettersAgainstLeftToRight
  }
}

extension PageScriptEvidence {
  /// Arabic-script letters recognised with confidence by Tesseract's Urdu recogniser (Debian's
  /// `urd.traineddata`) that make a page Arabic-script writing, whatever script detection made
  /// of it (SuggestRules 39): it does not know Nastaliq, and reads Urdu so set as Japanese or
  /// Arabic turned round, or as Arabic with too little confidence. Measured on the pages that
  /// ask, the whole page read as pdfbind draws it (bench/suggest/README.md, "Arabic-script
  /// letters recognised"): on the real bench's tuning part the three Urdu pages read 62, 83 and
  /// 93, the pages of left-to-right books at most 24 (an Armenian page read as Arabic), the 88
  /// pages of the handwriting probe that ask at most 19. 2.5 times the most on a left-to-right
  /// page; a real Urdu page can fall short of it and stay undecided, the safe side.
  static let leastArabicLetters = 60

  /// Whether a reading asks for its page's Arabic-script letters (`WordReader`, in the page
  /// worker): a page read upside down or sideways, in any script, whose writing runs in rows
  /// as running text does, and a page that asks for its Hebrew letters (read upright as Hebrew
  /// or Arabic, saying nothing), where those are too few. Neither reading says anything by
  /// itself (`says`), so no page that decides pays for the pass.
  static func asksArabicLetters(_ reading: ScriptReading, layout: WritingLayout) -> Bool {
    if reading.orientation != 0 { return !layout.ruledWriting && layout.inRowsOfText }
    // Not a small scan read as a left-to-right script, which asks for Hebrew letters too:
    // the Urdu recogniser was measured only on pages read as right-to-left or turned round.
    return uprightRightToLeftSayingNothing(reading, layout: layout)
  }
}

extension PageScriptEvidence {
  /// Syriac letters recognised with confidence by Tesseract's Syriac recogniser (Debian's
  /// `syr.traineddata`) that make a page Syriac writing (SuggestRules 41): script detection
  /// does not know Syriac and reads it as Arabic, upright or turned round, with little
  /// confidence, and the Urdu recogniser finds few Arabic-script letters in it (1 to 8).
  /// Measured on the pages that ask, the whole page read as pdfbind draws it
  /// (bench/suggest/README.md, "Syriac letters recognised"): on the real bench's tuning part
  /// the Syriac pages read 25 (a scan 472 pixels wide), 54, and 407 and 388 (the halves of a
  /// photographed spread); its 14 pages of left-to-right books that ask at most 11, its 18
  /// pages of Arabic-script writing at most 10, the 39 pages of the handwriting probe that ask
  /// at most 10. 2.7 times the most on a left-to-right page; the small scan falls short and
  /// stays undecided.
  static let leastSyriacLetters = 30

  /// The most Arabic-script letters the Urdu recogniser may find on a page that asks for its
  /// Syriac letters (SuggestRules 65). Syriac print gives it few: the real bench's Syriac pages
  /// that say right-edge by their Syriac letters 1 and 8 as their sources hold them, 0 to 23
  /// through its ten transformations (the most inside a scanner's dark border). Polytonic
  /// Greek print made bilevel (`n66f-greek-polyproof-1`, tuning part) gave it 59, one short
  /// of `leastArabicLetters`, and the Syriac recogniser 31: right-edge, wrongly. 1.5 times the
  /// most of a Syriac page; the Greek page's 59 is 1.7 times this.
  static let mostArabicLettersOfSyriac = 35

  /// Whether a reading asks for its page's Syriac letters (`WordReader`, in the page worker):
  /// a page read as Arabic, upright or turned round, that was asked for its Arabic-script
  /// letters (`asksArabicLetters`) and had hardly any (`mostArabicLettersOfSyriac`), not merely
  /// too few to say right-edge: a page of another script may give up to `leastArabicLetters`.
  /// Script detection takes Syriac, which it does not know, for Arabic; a page it reads as
  /// another script is not asked, so the handwriting it reads as Japanese turned round does not
  /// pay for a third pass. A scan too small to read surely (`smallScan`) is not asked
  /// (SuggestRules 45): fitted into 640 pixels, the real bench's left-to-right pages read as
  /// Arabic gave up to 42 Syriac letters (an English magazine page), its Syriac pages 58 to 433.
  static func asksSyriacLetters(
    _ reading: ScriptReading, arabicLetters: Int?, smallScan: Bool
  ) -> Bool {
    guard reading.script == "Arabic", !smallScan, let arabicLetters else { return false }
    return arabicLetters <= mostArabicLettersOfSyriac
  }
}

extension PageScriptEvidence.PageReading {
  /// Enough Syriac letters were recognised on this page (`leastSyriacLetters`) to take it
  /// for Syriac writing: it says right-edge.
  var lettersReadSyriac: Bool {
    (recognised.syriacLetters ?? 0) >= PageScriptEvidence.leastSyriacLetters
  }

  /// Enough Arabic-script letters were recognised on this page (`leastArabicLetters`) to take
  /// it for Arabic-script writing: it says right-edge.
  var lettersReadArabic: Bool {
    (recognised.arabicLetters ?? 0) >= PageScriptEvidence.leastArabicLetters
  }

  /// Enough Hebrew letters were recognised on this page (`leastHebrewLetters`) to take it for
  /// Hebrew writing: it says right-edge.
  var lettersReadHebrew: Bool {
    (recognised.hebrewLetters ?? 0) >= PageScriptEvidence.leastHebrewLetters
  }

  /// Enough Latin words were recognised on this page (`leastLatinWords`) to take it for
  /// Latin writing.
  var wordsReadLatin: Bool { (recognised.latinWords ?? 0) >= PageScriptEvidence.leastLatinWords }

  /// What a ruled page read upright as Latin, Cyrillic, Greek or blackletter says: left-edge
  /// when enough Latin words were recognised on it, else nothing (`ruledPage`).
  var ruledLatinWords: PageBinding? {
    guard upright(in: PageScriptEvidence.leftToRightScripts) != nil, wordsReadLatin else {
      return nil
    }
    return .leftEdge
  }
}

extension WritingLayout {
  /// The page's writing runs in rows as running text does: rows across a page of writing
  /// that are not rows across columns (`rowsOfColumns`), or, where the whole page shows no
  /// direction, patches of writing in rows (a magazine page beside its photograph, two text
  /// columns, a photographed book with the table around it).
  var inRowsOfText: Bool {
    (isRunningText && lines == .rows && !rowsOfColumns) || rowsOnlyInPatches
  }

  /// Rows of writing that show only in patches, the page as a whole showing no direction.
  /// Read upright as a left-to-right script, such a page is running text, but the reading is
  /// the least sure: the columns of a scanned Yiddish weekly of 1938 beside its advertisements
  /// (1,075 by 1,637 pixels, small print) read as Latin at 3.33 and 1.82 and each page said
  /// left-edge alone. Its Hebrew letters are asked for (`asksHebrewLetters`): those two pages
  /// give 734 and 352, the 32 such pages of the real bench's left-to-right books 0 to 21
  /// (bench/suggest/real/README.md, SuggestRules 48).
  var rowsOnlyInPatches: Bool { lines == nil && writingPatchesInRows }

  /// Lines in rows whose squares of writing (`TextTiles`) run in columns at least as often:
  /// vertical writing in ruled columns, whose small commentary set two lines to a column
  /// leaves blank rows across the page (a real page of a Siku Quanshu edition, read as Han
  /// in rows: 5 squares in rows, 21 in columns). Horizontal Chinese and Japanese pages read in
  /// rows held at most a quarter as many in columns as in rows (seeds 19 and 2027: 8 against
  /// 32; the real bench's tuning part: 2 against 28), and no other page of the 506 measured
  /// (the real bench, seeds 19 and 2027's right-to-left books) held so many. Whatever the
  /// script, such rows are no running text.
  var rowsOfColumns: Bool {
    lines == .rows && tilesInColumns >= Self.leastColumnTilesAgainstRows
      && tilesInColumns >= tilesInRows
  }
  static let leastColumnTilesAgainstRows = 4
}
