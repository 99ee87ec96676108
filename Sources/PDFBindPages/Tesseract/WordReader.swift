// Recognition of the words on a page, for the questions script detection leaves open on real
// print: is a page of running text that it reads as Latin with little confidence Latin? Is a
// page it reads as Hebrew or Arabic with little confidence Hebrew? Is a page it reads upside
// down or sideways Arabic-script writing it does not know (Urdu in Nastaliq)? Is a page it
// reads as Arabic with hardly any Arabic-script letters Syriac, a script it does not know? Is a
// page it reads as an Indic script or Thai with little confidence Georgian, Armenian, Myanmar
// or Tibetan, scripts it does not know either?
import Glibc
import PDFBindCore

/// Sole owner of one Tesseract handle initialised with one language's LSTM recogniser
/// (Debian's tesseract-ocr-eng, -heb, -urd, -syr, -kat, -hye, -mya or -bod), ended in
/// `deinit`. A page worker serves one request at a time and keeps one a language, made on
/// first need (`PageWorker`); never shared between threads.
final class WordReader {
  /// The languages asked: English for Latin words, Hebrew for Hebrew letters, Urdu for
  /// Arabic-script letters (its recogniser knows Nastaliq, which script detection does not),
  /// Syriac for Syriac letters (a script detection does not know either), and the four
  /// left-to-right scripts it does not know for their letters (`UndetectedScript`). `doctor`
  /// and the cache's fingerprint take their data files from this list.
  enum Language: String, CaseIterable {
    case english = "eng"
    case hebrew = "heb"
    case urdu = "urd"
    case syriac = "syr"
    case georgian = "kat"
    case armenian = "hye"
    case myanmar = "mya"
    case tibetan = "bod"

    /// The role of the language's data, for finding it and for `doctor`.
    var data: RuntimeLibrary.Role {
      switch self {
      case .english: .wordData
      case .hebrew: .hebrewData
      case .urdu: .urduData
      case .syriac: .syriacData
      case .georgian: .georgianData
      case .armenian: .armenianData
      case .myanmar: .myanmarData
      case .tibetan: .tibetanData
      }
    }
  }

  private let library: TesseractLibrary
  private let handle: OpaquePointer

  /// nil when Tesseract or the language's data is missing, or refused: the pages it would
  /// have confirmed then stay as script detection leaves them.
  init?(_ language: Language) {
    guard case .success(let library) = TesseractLibrary.shared,
      let directory = try? TesseractLibrary.dataDirectory(for: language.data),
      let handle = library.create()
    else { return nil }
    _ = library.setVariable(handle, "debug_file", "/dev/null")
    guard
      library.initializeEngine(handle, directory, language.rawValue, TesseractLibrary.engineLSTM)
        == 0
    else {
      library.delete(handle)
      return nil
    }
    // Tesseract reads each line it read with little confidence a second time, turned white on
    // black, for light print on a dark ground. On a page asked for its words (blackletter read
    // by English's recogniser) that is most lines: a third of Der Herold's recognition. Off,
    // light print on a dark ground gives no words (bench/suggest/README.md, "Lines read again
    // inverted").
    _ = library.setVariable(handle, "tessedit_do_invert", "0")
    library.setPageSegmentationMode(handle, TesseractLibrary.pageSegmentationAuto)
    (self.library, self.handle) = (library, handle)
  }

  deinit {
    library.end(handle)
    library.delete(handle)
  }

  /// Bands of the page recognised one after another, from the top, until enough words are
  /// found: a dense page costs Tesseract's recogniser seconds (4.2 s of processor time for
  /// the real bench's English commentary, 546 words), and a page of Latin print shows enough
  /// in its first band or two.
  static let bands = 4

  /// The words of `image` (drawn at `resolution` pixels per inch) that Tesseract recognises
  /// with confidence as Latin words (`ConfidentWords`), counted band by band until there are
  /// `enough`; nil when it recognises nothing.
  func confidentLatinWords(_ image: GreyImage, resolution: Int, enough: Int) -> Int? {
    recognised(image, resolution: resolution, enough: enough, counting: \.latin)
  }

  /// The Hebrew letters in the words of `image` that Tesseract recognises with confidence
  /// (`ConfidentWords`), counted band by band until there are `enough`; nil when it
  /// recognises nothing.
  func confidentHebrewLetters(_ image: GreyImage, resolution: Int, enough: Int) -> Int? {
    recognised(image, resolution: resolution, enough: enough, counting: \.hebrewLetters)
  }

  /// The letters of `script` in the words of `image` that Tesseract recognises with
  /// confidence, counted band by band (those of `reading`, of `bands`) until there are
  /// `enough`. nil when it recognises nothing.
  func confidentLetters(
    of script: UndetectedScript, _ image: GreyImage, resolution: Int, enough: Int,
    reading: Range<Int> = 0..<bands
  ) -> Int? {
    recognised(image, resolution: resolution, reading: reading, enough: enough) {
      $0.letters(of: script)
    }
  }

  /// The letters `count` counts in the words of `image` that Tesseract recognises with
  /// confidence (`ConfidentWords`): the Urdu recogniser's Arabic-script letters, the Syriac
  /// recogniser's Syriac letters. The page is read whole, as both limits were measured:
  /// Nastaliq's tall lines lose more to the edges of bands (117 letters in the quarters of
  /// the Urdu fixture's third page, 138 whole). nil when it recognises nothing.
  func confidentLettersOfWholePage(
    _ image: GreyImage, resolution: Int, counting count: (ConfidentWords) -> Int
  ) -> Int? {
    recognised(image, resolution: resolution, bands: 1, enough: 1, counting: count)
  }

  private func recognised(
    _ image: GreyImage, resolution: Int, bands: Int = bands, reading: Range<Int>? = nil,
    enough: Int, counting count: (ConfidentWords) -> Int
  ) -> Int? {
    guard image.width >= ScriptDetector.smallestPicture,
      image.height >= ScriptDetector.smallestPicture
    else { return nil }
    var found: Int?
    for band in reading ?? 0..<bands where (found ?? 0) < enough {
      let top = image.height * band / bands
      let bottom = image.height * (band + 1) / bands
      // Each band is given as an image of its own (Tesseract copies it): `SetRectangle` over
      // the whole page misleads the LSTM recogniser (tesseract-ocr/tesseract#845), which read
      // 0, 58, 169 and 159 Hebrew letters on the quarters of the small Hebrew scan's second
      // page (drawn 1,600 high), where the same quarters as images read 179, 218, 215 and 128,
      // and the whole page 794.
      image.pixels.withUnsafeBufferPointer { pixels in
        library.setImage(
          handle, pixels.baseAddress! + top * image.width, Int32(image.width),
          Int32(bottom - top), 1, Int32(image.width))
      }
      library.setSourceResolution(handle, Int32(resolution))
      guard let text = library.tsvText(handle, 0) else { continue }
      defer { library.deleteText(text) }
      found = (found ?? 0) + count(ConfidentWords(tsv: String(cString: text)))
    }
    return found
  }
}

/// The recognisers a page worker keeps, one a language, each made on the first page that asks
/// for it (nil inside when its data is missing).
struct WordReaders {
  private var made: [WordReader.Language: WordReader?] = [:]

  /// What the recognisers find on `image` where `reading` asks them: Latin words on running
  /// text read as Latin with little confidence (`asksLatinWords`), Hebrew letters on a page
  /// read upright as Hebrew or Arabic that says nothing, or as a left-to-right script in doubt
  /// (a small scan, rows only in patches or set from the right, a reading as Fraktur:
  /// `asksHebrewLetters`), Arabic-script letters on running text read upside down or sideways
  /// and on such an upright Hebrew or Arabic page whose Hebrew letters are too few
  /// (`asksArabicLetters`), and Syriac letters on a page read as Arabic whose Arabic-script
  /// letters are hardly any (`mostArabicLettersOfSyriac`), but not on a small scan
  /// (`asksSyriacLetters`), and the letters of the left-to-right scripts script detection
  /// does not know on a page it reads as an Indic script or Thai that neither says nor leans
  /// (`asksUndetectedScriptLetters`, `undetectedScriptLetters`).
  /// `smallScan`: the page is one scan too small to read surely
  /// (`PagePictures.fewestPixelsToReadSurely`).
  mutating func recognised(
    _ image: GreyImage, resolution: Int, reading: ScriptReading, layout: WritingLayout,
    smallScan: Bool
  ) -> PageScriptEvidence.Recognised {
    var found = PageScriptEvidence.Recognised(onSmallScan: smallScan)
    if PageScriptEvidence.asksLatinWords(reading, layout: layout) {
      found.latinWords = reader(.english)?.confidentLatinWords(
        image, resolution: resolution, enough: PageScriptEvidence.leastLatinWords)
    }
    if PageScriptEvidence.asksHebrewLetters(reading, layout: layout, smallScan: smallScan) {
      found.hebrewLetters = reader(.hebrew)?.confidentHebrewLetters(
        image, resolution: resolution, enough: PageScriptEvidence.leastHebrewLetters)
    }
    if PageScriptEvidence.asksArabicLetters(reading, layout: layout),
      (found.hebrewLetters ?? 0) < PageScriptEvidence.leastHebrewLetters
    {
      found.arabicLetters = reader(.urdu)?.confidentLettersOfWholePage(
        image, resolution: resolution, counting: \.arabicLetters)
    }
    if PageScriptEvidence.asksSyriacLetters(
      reading, arabicLetters: found.arabicLetters, smallScan: smallScan)
    {
      found.syriacLetters = reader(.syriac)?.confidentLettersOfWholePage(
        image, resolution: resolution, counting: \.syriacLetters)
    }
    if PageScriptEvidence.asksUndetectedScriptLetters(reading, layout: layout) {
      undetectedScriptLetters(image, resolution: resolution, into: &found)
    }
    return found
  }

  /// The letters of the `UndetectedScript`s on `image`, into `found`: each recogniser reads
  /// the page's first band, and only the one that found the most of its letters there reads
  /// on, until it has `leastUndetectedScriptLetters`. Four recognisers reading a dense page
  /// whole took over the page's 10 s of processor time (a Devanagari newspaper page, a page
  /// of Sinhala); this reads at most the page and three quarters.
  private mutating func undetectedScriptLetters(
    _ image: GreyImage, resolution: Int, into found: inout PageScriptEvidence.Recognised
  ) {
    let least = PageScriptEvidence.leastUndetectedScriptLetters
    let bands = WordReader.bands
    for script in UndetectedScript.allCases {
      found[keyPath: script.recognised] = reader(script.language)?.confidentLetters(
        of: script, image, resolution: resolution, enough: least, reading: 0..<1)
    }
    let best = UndetectedScript.allCases.max {
      (found[keyPath: $0.recognised] ?? 0) < (found[keyPath: $1.recognised] ?? 0)
    }
    guard let best, let first = found[keyPath: best.recognised], first > 0 else { return }
    let rest = reader(best.language)?.confidentLetters(
      of: best, image, resolution: resolution, enough: least - first, reading: 1..<bands)
    found[keyPath: best.recognised] = first + (rest ?? 0)
  }

  private mutating func reader(_ language: WordReader.Language) -> WordReader? {
    if let reader = made[language] { return reader }
    let reader = WordReader(language)
    made[language] = reader
    return reader
  }
}
