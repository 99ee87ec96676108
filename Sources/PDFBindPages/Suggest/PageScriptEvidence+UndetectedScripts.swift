// Four scripts written left to right that Tesseract's script detection does not know: it reads
// their print as an Indic script or Thai it is unsure of, or turned round, and the page says
// nothing. Their own recognisers (Debian's tesseract-ocr-kat, -hye, -mya, -bod) read their
// letters with confidence (SuggestRules 75).
import PDFBindCore

/// A left-to-right script that script detection (osd.traineddata) holds no letters of, whose
/// recogniser pdfbind asks on the pages it may be (`asksUndetectedScriptLetters`): Georgian,
/// Armenian, Myanmar and Tibetan, in the order they are asked (the quickest first).
enum UndetectedScript: String, CaseIterable, Sendable {
  case georgian = "Georgian"
  case armenian = "Armenian"
  case myanmar = "Myanmar"
  case tibetan = "Tibetan"

  /// The recogniser that reads it.
  var language: WordReader.Language {
    switch self {
    case .georgian: .georgian
    case .armenian: .armenian
    case .myanmar: .myanmar
    case .tibetan: .tibetan
    }
  }

  /// Where a page's count of its letters is kept (and crosses the workers' wire).
  var recognised: WritableKeyPath<PageScriptEvidence.Recognised, Int?> {
    switch self {
    case .georgian: \.georgianLetters
    case .armenian: \.armenianLetters
    case .myanmar: \.myanmarLetters
    case .tibetan: \.tibetanLetters
    }
  }

  /// The script whose letter `scalar` is: the letters (not the vowel signs, marks, digits
  /// and punctuation) of Georgian (Mkhedruli, Mtavruli, Asomtavruli, Nuskhuri), Armenian
  /// (and its ligatures), Myanmar (and its extensions) and Tibetan.
  static func of(letter scalar: Unicode.Scalar) -> UndetectedScript? {
    switch scalar.properties.generalCategory {
    case .otherLetter, .uppercaseLetter, .lowercaseLetter: break
    default: return nil
    }
    switch scalar.value {
    case 0x10A0...0x10FF, 0x1C90...0x1CBF, 0x2D00...0x2D2F: return .georgian
    case 0x531...0x58F, 0xFB13...0xFB17: return .armenian
    case 0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F: return .myanmar
    case 0xF00...0xFFF: return .tibetan
    default: return nil
    }
  }
}

extension PageScriptEvidence {
  /// Letters of one `UndetectedScript` recognised with confidence that make a page writing in
  /// that script, so left-edge. Measured with the four recognisers on the first page of the
  /// real bench's 90 tuning books of written classes (bench/suggest/README.md, "Left-to-right
  /// scripts script detection does not know"): pages of the scripts 166 to 542 (Armenian 56),
  /// the 42 pages of right-to-left books at most 20 of one script (Georgian, on a Persian
  /// preface). 5 times that; a right-to-left page would have to be read as one script 100
  /// times with confidence to say left-edge.
  static let leastUndetectedScriptLetters = 100

  /// Whether a reading asks for the letters of the `UndetectedScript`s (`WordReaders`, in the
  /// page worker): a page read as an Indic script or Thai (`otherLeftToRightScripts`) that
  /// neither says nor leans by its reading (turned round, off rows, or with less than half
  /// `minimumOtherScriptConfidence`), where script detection puts Georgian, Myanmar and
  /// Tibetan print (1.17 to 1.46 upright, or turned round). A page that leans is Indic print
  /// as a rule (a Devanagari newspaper's page at 5.1), and asked, it paid for four
  /// recognitions past its deadline. Few pages ask: of the pages read as an Indic script or
  /// Thai that say nothing, which include those that lean, there were 6 of the real bench's
  /// 332 tuning pages, 2 of the handwriting probe's 377 and 1 of the right-to-left probe's 637.
  static func asksUndetectedScriptLetters(
    _ reading: ScriptReading, layout: WritingLayout
  ) -> Bool {
    guard otherLeftToRightScripts.contains(reading.script) else { return false }
    let leans =
      reading.orientation == 0 && layout.inRowsOfText
      && reading.confidence >= minimumOtherScriptConfidence / 2
    return !leans
  }
}

extension PageScriptEvidence.PageReading {
  /// The `UndetectedScript` whose recogniser read enough of its letters on this page
  /// (`leastUndetectedScriptLetters`) to take it for writing in that script, with the
  /// letters: it says left-edge.
  var lettersReadUndetectedScript: (script: UndetectedScript, letters: Int)? {
    let least = PageScriptEvidence.leastUndetectedScriptLetters
    return UndetectedScript.allCases.lazy
      .compactMap { script in self.recognised[keyPath: script.recognised].map { (script, $0) } }
      .first { $0.1 >= least }
  }
}
