// Recognition of the words on a page, for the one question script detection leaves open on
// real print: is a page of running text that it reads as Latin with little confidence Latin?
import Glibc
import PDFBindCore

/// Sole owner of one Tesseract handle initialised with English's LSTM recogniser (Debian's
/// tesseract-ocr-eng), ended in `deinit`. A page worker serves one request at a time and
/// keeps one, made on first need (`PageWorker`); never shared between threads.
final class WordReader {
  private let library: TesseractLibrary
  private let handle: OpaquePointer

  /// nil when Tesseract or English's data is missing, or refused: the pages it would have
  /// confirmed then stay as script detection leaves them.
  init?() {
    guard case .success(let library) = TesseractLibrary.shared,
      let directory = try? TesseractLibrary.dataDirectory(for: .wordData),
      let handle = library.create()
    else { return nil }
    _ = library.setVariable(handle, "debug_file", "/dev/null")
    guard library.initializeEngine(handle, directory, "eng", TesseractLibrary.engineLSTM) == 0
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
    guard image.width >= ScriptDetector.smallestPicture,
      image.height >= ScriptDetector.smallestPicture
    else { return nil }
    image.pixels.withUnsafeBufferPointer { pixels in
      library.setImage(
        handle, pixels.baseAddress!, Int32(image.width), Int32(image.height), 1,
        Int32(image.width))
    }
    library.setSourceResolution(handle, Int32(resolution))
    var found: Int?
    for band in 0..<Self.bands where (found ?? 0) < enough {
      let top = image.height * band / Self.bands
      let bottom = image.height * (band + 1) / Self.bands
      library.setRectangle(handle, 0, Int32(top), Int32(image.width), Int32(bottom - top))
      guard let text = library.tsvText(handle, 0) else { continue }
      defer { library.deleteText(text) }
      found = (found ?? 0) + ConfidentWords(tsv: String(cString: text)).latin
    }
    return found
  }
}

/// The words of Tesseract's TSV output (one line a block, paragraph, line and word: level,
/// page, block, paragraph, line, word, left, top, width, height, confidence, text) that count
/// as Latin words read with confidence.
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

  init(tsv: String) {
    for line in tsv.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 12, fields[0] == "5", let confidence = Double(fields[10]),
        confidence >= Self.leastConfidence
      else { continue }
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
}
