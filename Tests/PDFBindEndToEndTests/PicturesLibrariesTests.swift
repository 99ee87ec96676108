import Foundation
import PDFBindTestSupport
import Testing

/// `suggest` with the run-time libraries it may load missing: Tesseract, libturbojpeg and
/// Tesseract's script and Hebrew data.
extension PicturesTests {
  /// namespace of its own (`hiding`).
  static let canHideLibraries: Bool = {
    guard let result = try? runProcess("/usr/bin/unshare", ["-r", "-m", "true"]) else {
      return false
    }
    return result.status == 0
  }()
  static let tesseractLibrary = "/usr/lib/x86_64-linux-gnu/libtesseract.so.5"
  static let turboJPEGLibrary = "/usr/lib/x86_64-linux-gnu/libturbojpeg.so.0"
  static let canHideTesseract =
    canHideLibraries && FileManager.default.fileExists(atPath: tesseractLibrary)
  static let canHideTurboJPEG =
    canHideLibraries && FileManager.default.fileExists(atPath: turboJPEGLibrary)

  /// pdfbind run with `arguments` while the file `library` (a symbolic link) points to is
  /// /dev/null.
  static func hiding(_ library: String, _ arguments: String...) throws -> ProcessResult {
    try hiding(library, arguments)
  }

  static func hiding(_ library: String, _ arguments: [String]) throws -> ProcessResult {
    let target = try FileManager.default.destinationOfSymbolicLink(atPath: library)
    let real = target.hasPrefix("/") ? target : "/usr/lib/x86_64-linux-gnu/" + target
    let hide = "mount --bind /dev/null \"$1\" && shift && exec \"$@\""
    return try runProcess(
      "/usr/bin/unshare",
      ["-r", "-m", "sh", "-c", hide, "sh", real, PDFBindRunner.executable] + arguments,
      environment: PDFBindRunner.withoutCache)
  }

  @Test(
    "Without Tesseract the evidence says so and the pictures still decide",
    .enabled(if: canHideTesseract, "needs unshare -r -m and Debian's libtesseract5"))
  func tesseractHidden() throws {
    let result = try Self.hiding(
      Self.tesseractLibrary, "suggest", "--json",
      Fixture.path("pictures/arabic-scan-ltr-spread.pdf"))
    #expect(result.status == 0, "\(result.err)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let pageScript = try #require(evidence(object, "page-script").first)
    let detail = pageScript["detail"] as? String ?? ""
    #expect(detail.hasPrefix("not available (Tesseract is not installed"), "\(detail)")
    #expect(pageScript["says"] is NSNull)
    #expect(object["decision"] as? String == "left-edge", "\(object)")
  }

  @Test(
    "Without libturbojpeg poppler draws the scans, and every suggestion is the same",
    .enabled(if: canHideTurboJPEG, "needs unshare -r -m and Debian's libturbojpeg0"))
  func turboJPEGHidden() throws {
    let books = try String(
      contentsOfFile: Fixture.path("pictures/MANIFEST.tsv"), encoding: .utf8
    ).split(separator: "\n").dropFirst().map {
      Fixture.path("pictures/" + $0.prefix { $0 != "\t" })
    }
    let hidden = try Self.hiding(Self.turboJPEGLibrary, ["suggest", "--json"] + books)
    let shown = try PDFBindRunner.run(["suggest", "--json"] + books)
    #expect(hidden.status == shown.status, "\(hidden.err)")
    #expect(books.count == 14 && hidden.out.split(separator: "\n").count == 14)
    #expect(hidden.out == shown.out)
  }

  @Test("Without Tesseract's script data the evidence says where it looked")
  func scriptDataMissing() throws {
    let result = try PDFBindRunner.run(
      ["suggest", Fixture.path("pictures/arabic-scan.pdf")],
      environment: ["TESSDATA_PREFIX": "/nonexistent"])
    #expect(result.status == 0)
    #expect(
      result.out.contains(
        "page-script: not available (Tesseract's script data osd.traineddata is not in "
          + "/nonexistent"), "\(result.out)")
  }

  static let tessdata = "/usr/share/tesseract-ocr/5/tessdata"

  /// A scratch folder for `TESSDATA_PREFIX` holding only the named languages' data (`osd`,
  /// `eng`, ...), each a link to Debian's: what a machine without the others sees.
  static func tessdata(only languages: [String]) throws -> String {
    let data = try Fixture.temporaryDirectory().path
    for file in languages.map({ $0 + ".traineddata" }) {
      try FileManager.default.createSymbolicLink(
        atPath: data + "/" + file, withDestinationPath: tessdata + "/" + file)
    }
    return data
  }

  /// SuggestRules 37: the small Hebrew scan is decided by the Hebrew letters Tesseract's
  /// Hebrew recogniser reads; without `heb.traineddata` (script and English data still there)
  /// script detection alone leaves it uncertain.
  @Test(
    "Hebrew letters decide a small Hebrew scan; without Tesseract's Hebrew data it stays uncertain",
    .enabled(
      if: FileManager.default.fileExists(atPath: tessdata + "/heb.traineddata"),
      "needs Debian's tesseract-ocr-heb"))
  func hebrewDataMissing() throws {
    let without = try decidedByRecogniser(
      Fixture.path("pictures/hebrew-small-scan.pdf"), saying: "Hebrew letters recognised",
      onlyWith: ["osd", "eng"])
    #expect(without == "Hebrew? (uncertain) on pages 1-4: says nothing about the binding")
  }

  /// SuggestRules 39: the Nastaliq scan, which script detection reads turned round, is decided
  /// by the Arabic-script letters Tesseract's Urdu recogniser reads; without `urd.traineddata`
  /// (the other data still there) it stays undecided.
  @Test(
    "Arabic-script letters decide a Nastaliq scan; without Tesseract's Urdu data it says nothing",
    .enabled(
      if: FileManager.default.fileExists(atPath: tessdata + "/urd.traineddata"),
      "needs Debian's tesseract-ocr-urd"))
  func urduDataMissing() throws {
    let without = try decidedByRecogniser(
      Fixture.path("pictures/urdu-nastaliq-scan.pdf"), saying: "Arabic-script letters recognised",
      onlyWith: ["osd", "eng", "heb"])
    #expect(without?.contains("read upside down or sideways") == true)
    #expect(without?.contains("Arabic-script letters") == false)
  }

  /// SuggestRules 41: the real Syriac scan, which script detection reads as Arabic too unsure to
  /// say anything and in which the Urdu recogniser finds few Arabic-script letters, is decided
  /// by the Syriac letters Tesseract's Syriac recogniser reads; without `syr.traineddata` (the
  /// other data still there) it stays undecided.
  @Test(
    "Syriac letters decide a real Syriac scan; without Tesseract's Syriac data it says nothing",
    .enabled(
      if: FileManager.default.fileExists(atPath: tessdata + "/syr.traineddata"),
      "needs Debian's tesseract-ocr-syr"))
  func syriacDataMissing() throws {
    let without = try decidedByRecogniser(
      Fixture.path("real/syriac-mitchell-scan.pdf"), saying: "Syriac letters recognised",
      onlyWith: ["osd", "eng", "heb", "urd"])
    #expect(without?.hasPrefix("Arabic? (uncertain) on page 1") == true)
    #expect(without?.contains("Syriac letters") == false)
  }

  /// SuggestRules 75: the Myanmar scan, which script detection reads as an Indic script it is
  /// unsure of, is decided by the Myanmar letters Tesseract's Myanmar recogniser reads;
  /// without `mya.traineddata` (the other data still there) it stays undecided.
  @Test(
    "Myanmar letters decide a Myanmar scan; without Tesseract's Myanmar data it says nothing",
    .enabled(
      if: FileManager.default.fileExists(atPath: tessdata + "/mya.traineddata"),
      "needs Debian's tesseract-ocr-mya"))
  func myanmarDataMissing() throws {
    let without = try decidedByRecogniser(
      Fixture.path("pictures/myanmar-scan.pdf"), saying: "Myanmar letters recognised",
      decided: "left-edge", onlyWith: ["osd", "eng", "heb", "urd", "syr", "kat", "hye", "bod"])
    #expect(without?.contains("(uncertain)") == true)
    #expect(without?.contains("letters") == false)
  }

  /// What the four tests above share: `suggest` decides `book` (right-edge unless `decided`
  /// says otherwise) with all of Tesseract's data, its page-script evidence `saying` what a
  /// recogniser found; with only the data of the languages `onlyWith` the book is undecided.
  /// Returns that page-script detail, for what each test expects of it.
  private func decidedByRecogniser(
    _ book: String, saying found: String, decided: String = "right-edge",
    onlyWith data: [String]
  ) throws -> String? {
    let withData = try suggestJSON(book)
    #expect(withData["decision"] as? String == decided, "\(withData)")
    let script = try #require(evidence(withData, "page-script").first)
    #expect((script["detail"] as? String)?.contains(found) == true, "\(withData)")

    let without = try suggestJSON(
      book, environment: ["TESSDATA_PREFIX": try Self.tessdata(only: data)])
    #expect(without["decision"] as? String == "undecided", "\(without)")
    return evidence(without, "page-script").first?["detail"] as? String
  }
}
