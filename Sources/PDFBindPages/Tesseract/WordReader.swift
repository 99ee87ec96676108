// Recognition of the words on a page, for the questions script detection leaves open on real
// print: is a page of running text that it reads as Latin with little confidence Latin? Is a
// page it reads as Hebrew or Arabic with little confidence Hebrew? Is a page it reads upside
// down or sideways Arabic-script writing it does not know (Urdu in Nastaliq)? Is a page it
// reads as Arabic with hardly any Arabic-script letters Syriac, a script it does not know?
import Glibc
import PDFBindCore

/// Sole owner of one Tesseract handle initialised with one language's LSTM recogniser
/// (Debian's tesseract-ocr-eng, -heb, -urd or -syr), ended in `deinit`. A page worker serves
/// one request at a time and keeps one a language, made on first need (`PageWorker`); never
/// shared between threads.
final class WordReader {
  /// The languages asked: English for Latin words, Hebrew for Hebrew letters, Urdu for
  /// Arabic-script letters (its recogniser knows Nastaliq, which script detection does not),
  /// Syriac for Syriac letters (a script detection does not know either). `doctor` and the
  /// cache's fingerprint take their data files from this list.
  enum Language: String, CaseIterable {
    case english = "eng"
    case hebrew = "heb"
    case urdu = "urd"
    case syriac = "syr"

    /// The role of the language's data, for finding it and for `doctor`.
    var data: RuntimeLibrary.Role {
      switch self {
      case .english: .wordData
      case .hebrew: .hebrewData
      case .urdu: .urduData
      case .syriac: .syriacData
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

  /// The letters `count` counts in the words of `image` that Tesseract recognises with
  /// confidence (`ConfidentWords`): the Urdu recogniser's Arabic-script letters, the Syriac
  /// recogniser's Syriac letters. The page is read whole, as both limits were measured:
  /// Nastaliq's tall lines lose more to the edges of bands (117 letters in the quarters of
  /// the Urdu fixture's third page, 138 whole). nil when it recognises nothing.
  func confidentLettersOfWholePage(
    _ image: GreyImage, resolution: Int, counting count: KeyPath<ConfidentWords, Int>
  ) -> Int? {
    recognised(image, resolution: resolution, bands: 1, enough: 1, counting: count)
  }

  private func recognised(
    _ image: GreyImage, resolution: Int, bands: Int = bands, enough: Int,
    counting count: KeyPath<ConfidentWords, Int>
  ) -> Int? {
    guard image.width >= ScriptDetector.smallestPicture,
      image.height >= ScriptDetector.smallestPicture
    else { return nil }
    var found: Int?
    for band in 0..<bands where (found ?? 0) < enough {
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
      found = (found ?? 0) + ConfidentWords(tsv: String(cString: text))[keyPath: count]
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
  /// (`asksSyriacLetters`). `smallScan`: the page is one scan too small to read surely
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
    return found
  }

  private mutating func reader(_ language: WordReader.Language) -> WordReader? {
    if let reader = made[language] { return reader }
    let reader = WordReader(language)
    made[language] = reader
    return reader
  }
}

/// The words of Tesseract's TSV output (one line a block, paragraph, line and word: level,
/// page, block, paragraph, line, word, left, top, width, height, confidence, text) that count
/// as Latin words read with confidence, and the Hebrew, Arabic-script and Syriac letters in
/// words read with confidence.
struct ConfidentWords: Equatable {
  /// Words recognised with this confidence (0 to 100) or more count: the 546 words of the
  /// real bench's English commentary averaged 94, the words found on its Arabic pages 26 to
  /// 38.
  static let leastConfidence = 80.0
  /// Letters a word needs: shorter ones ("a", "of", a stray "ll" in a picture's texture) are
  /// what recognition finds in anything.
  static let leastLetters = 3

  /// Words read with `leastConfidence` whose letters, once punctuation at either end is cut,
  /// are three or more and all of the Latin alphabet.
  var latin = 0
  /// Letters of the Hebrew block and its presentation forms (final forms, Yiddish ligatures,
  /// pointed letters) in words read with `leastConfidence`: letters, not words, since a
  /// Hebrew word is short ("של", "על") and its prefixes are letters.
  var hebrewLetters = 0
  /// Letters of the Arabic blocks and their presentation forms (U+0600-06FF, 0750-077F,
  /// 08A0-08FF, FB50-FDFF, FE70-FEFF) in words read with `leastConfidence`, for the same
  /// reason; not the marks, digits and punctuation of those blocks.
  var arabicLetters = 0
  /// Letters of the Syriac blocks (U+0710-072F, 074D-074F, 0860-086A), for the same reason;
  /// not its vowel points and punctuation.
  var syriacLetters = 0

  init(tsv: String) {
    for line in tsv.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 12, fields[0] == "5", let confidence = Double(fields[10]),
        confidence >= Self.leastConfidence
      else { continue }
      hebrewLetters += fields[11].unicodeScalars.count(where: Self.isHebrewLetter)
      arabicLetters += fields[11].unicodeScalars.count(where: Self.isArabicLetter)
      syriacLetters += fields[11].unicodeScalars.count(where: Self.isSyriacLetter)
      let word = fields[11].unicodeScalars.drop { !$0.properties.isAlphabetic }
        .reversed().drop { !$0.properties.isAlphabetic }
      if word.count >= Self.leastLetters, word.allSatisfy(Self.isLatinLetter) { latin += 1 }
    }
  }

  /// Whether `scalar` is a letter of the Latin alphabet: ASCII's, Latin-1's and the Latin
  /// Extended blocks' (accented letters, ß, æ, œ), and the Latin ligatures (ﬁ, ﬂ).
  static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.properties.isAlphabetic else { return false }
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA: return true
    case 0xC0...0x24F: return scalar.value != 0xD7 && scalar.value != 0xF7
    case 0x1E00...0x1EFF, 0xFB00...0xFB06: return true
    default: return false
    }
  }

  /// Whether `scalar` is a Hebrew letter: the Hebrew block's and the alphabetic presentation
  /// forms' (U+FB1D to U+FB4F), not its points and cantillation marks.
  static func isHebrewLetter(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.properties.isAlphabetic else { return false }
    return (0x5D0...0x5F2).contains(scalar.value) || (0xFB1D...0xFB4F).contains(scalar.value)
  }

  /// Whether `scalar` is an Arabic-script letter: the Arabic blocks' and their presentation
  /// forms' (Urdu's, Persian's and the other languages' letters among them).
  /// Its vowel marks are alphabetic in Unicode's sense, not letters, so not counted.
  static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.properties.generalCategory == .otherLetter else { return false }
    switch scalar.value {
    case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return true
    default: return false
    }
  }

  /// Whether `scalar` is a Syriac letter: the Syriac block's letters (U+0710-072F, 074D-074F)
  /// and the Syriac Supplement's (U+0860-086A), not its points, marks and punctuation.
  static func isSyriacLetter(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.properties.generalCategory == .otherLetter else { return false }
    switch scalar.value {
    case 0x710...0x72F, 0x74D...0x74F, 0x860...0x86A: return true
    default: return false
    }
  }
}
