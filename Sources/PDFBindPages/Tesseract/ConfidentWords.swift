// The words and letters Tesseract's recognisers read with confidence, from its TSV output: the
// evidence the recognition passes of `WordReaders` count.

/// The words of Tesseract's TSV output (one line a block, paragraph, line and word: level,
/// page, block, paragraph, line, word, left, top, width, height, confidence, text) that count
/// as Latin words read with confidence, and the Hebrew, Arabic-script and Syriac letters and
/// those of the left-to-right scripts script detection does not know (`UndetectedScript`) in
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
  /// Letters of each script `UndetectedScript` names, for the same reason.
  private var undetectedScriptLetters: [UndetectedScript: Int] = [:]

  init(tsv: String) {
    for line in tsv.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 12, fields[0] == "5", let confidence = Double(fields[10]),
        confidence >= Self.leastConfidence
      else { continue }
      hebrewLetters += fields[11].unicodeScalars.count(where: Self.isHebrewLetter)
      arabicLetters += fields[11].unicodeScalars.count(where: Self.isArabicLetter)
      syriacLetters += fields[11].unicodeScalars.count(where: Self.isSyriacLetter)
      for scalar in fields[11].unicodeScalars {
        if let script = UndetectedScript.of(letter: scalar) {
          undetectedScriptLetters[script, default: 0] += 1
        }
      }
      let word = fields[11].unicodeScalars.drop { !$0.properties.isAlphabetic }
        .reversed().drop { !$0.properties.isAlphabetic }
      if word.count >= Self.leastLetters, word.allSatisfy(Self.isLatinLetter) { latin += 1 }
    }
  }

  /// The letters of `script` in the words read with confidence.
  func letters(of script: UndetectedScript) -> Int { undetectedScriptLetters[script] ?? 0 }

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
