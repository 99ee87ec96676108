import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "preview": the PNG is read back with Pillow and judged by sampling pixels.
@Suite("preview")
struct PreviewTests {
  /// The page whose colour this is, if any (Fixtures/layout/colours-N.pdf).
  static func page(_ colour: RGB?) -> Int? { LayoutColours.page(colour) }

  /// The spreads as they should appear, left of the spine | right of it, `_` for no page.
  static func spreads(_ text: String) -> [[Int?]] {
    text.split(separator: " ").map { $0.split(separator: "|").map { Int($0) } }
  }

  static func shown(_ path: String) throws -> [[Int?]] {
    try PreviewPictureReader.read(path).spreads.map { [page($0.left), page($0.right)] }
  }

  static func output() throws -> String {
    try Fixture.temporaryDirectory().appendingPathComponent("preview.png").path
  }

  /// colours-7.pdf, as each binding × cover shows it.
  static let sevenPages: [(binding: String, cover: Bool, expected: String)] = [
    ("left-edge", true, "_|1 2|3 4|5 6|7"),
    ("left-edge", false, "1|2 3|4 5|6 7|_"),
    ("right-edge", true, "1|_ 3|2 5|4 7|6"),
    ("right-edge", false, "2|1 4|3 6|5 _|7"),
    ("unknown", true, "_|1 2|3 4|5 6|7"),
    ("unknown", false, "1|2 3|4 5|6 7|_"),
  ]

  @Test("Every binding × cover via --as and --cover/--no-cover", arguments: sevenPages)
  func withOptions(binding: String, cover: Bool, expected: String) throws {
    let out = try Self.output()
    var arguments = ["preview", "-o", out, cover ? "--cover" : "--no-cover"]
    if binding != "unknown" { arguments += ["--as", binding] }
    let result = try PDFBindRunner.run(arguments + [Fixture.path("layout/colours-7.pdf")])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "" && result.err == "")
    #expect(try Self.shown(out) == Self.spreads(expected))
  }

  @Test("Every binding × cover via /Direction and /PageLayout in the file", arguments: sevenPages)
  func fromTheFile(binding: String, cover: Bool, expected: String) throws {
    let direction = ["left-edge": "L2R", "right-edge": "R2L"][binding]
    let file = try LayoutEntries.copy(
      "colours-7.pdf", direction: direction, layout: cover ? "TwoPageRight" : "TwoPageLeft")
    let out = try Self.output()
    let result = try PDFBindRunner.run("preview", "-o", out, file)
    #expect(result.status == 0, "\(result.err)")
    #expect(try Self.shown(out) == Self.spreads(expected))
  }

  @Test func withoutTwoPageLayoutPagesPairFromPageOne() throws {
    let file = try LayoutEntries.copy("colours-7.pdf", direction: "R2L", layout: "SinglePage")
    let out = try Self.output()
    #expect(try PDFBindRunner.run("preview", "-o", out, file).status == 0)
    #expect(try Self.shown(out) == Self.spreads("2|1 4|3 6|5 _|7"))
  }

  // MARK: - Double-page pictures

  static let books = [
    ("left-edge", true), ("left-edge", false), ("right-edge", true), ("right-edge", false),
  ]

  /// Whether every two-page spread's halves meet at the spine (and false when none does).
  static func halvesMeet(_ path: String) throws -> Bool {
    let pairs = try PreviewPictureReader.read(path).spreads.compactMap {
      spread -> (RGB, RGB)? in
      guard let left = spread.leftNearSpine, let right = spread.rightNearSpine else { return nil }
      return (left, right)
    }
    #expect(pairs.count >= 3)
    let meeting = pairs.filter { $0.0.distance(to: $0.1) <= 16 }.count
    let apart = pairs.filter { $0.0.distance(to: $0.1) >= 40 }.count
    #expect(meeting == pairs.count || apart == pairs.count, "some halves meet and some do not")
    return meeting == pairs.count
  }

  @Test(
    "Double-page pictures meet at the spine exactly when binding and cover are right",
    arguments: books)
  func doublePagePictures(bookBinding: String, bookCover: Bool) throws {
    let file = Fixture.path(
      "layout/double-page-\(bookBinding)-\(bookCover ? "cover" : "no-cover").pdf")
    for (binding, cover) in Self.books {
      let out = try Self.output()
      let result = try PDFBindRunner.run(
        "preview", "--as", binding, cover ? "--cover" : "--no-cover", "-o", out, file)
      #expect(result.status == 0)
      let right = binding == bookBinding && cover == bookCover
      #expect(try Self.halvesMeet(out) == right, "viewed as \(binding), cover \(cover)")
    }
  }

  @Test func aDoublePageBookJoinsUpOnceTheFileSaysHowToShowIt() throws {
    let before = try Self.output()
    let plain = Fixture.path("layout/double-page-right-edge-cover.pdf")
    #expect(try PDFBindRunner.run("preview", "-o", before, plain).status == 0)
    #expect(try Self.halvesMeet(before) == false)
    let set = try LayoutEntries.copy(
      "double-page-right-edge-cover.pdf", direction: "R2L", layout: "TwoPageRight")
    let after = try Self.output()
    #expect(try PDFBindRunner.run("preview", "-o", after, set).status == 0)
    #expect(try Self.halvesMeet(after) == true)
  }

  // MARK: - Options

  @Test(
    "--spreads picks spreads; a range past the last one is a usage error",
    arguments: [
      ("2", "2|3"), ("2-3", "2|3 4|5"), ("4-", "6|7"), ("1", "_|1"),
    ])
  func spreadRanges(range: String, expected: String) throws {
    let out = try Self.output()
    let result = try PDFBindRunner.run(
      "preview", "--as", "left-edge", "--cover", "--spreads", range, "-o", out,
      Fixture.path("layout/colours-7.pdf"))
    #expect(result.status == 0)
    #expect(try Self.shown(out) == Self.spreads(expected))
  }

  @Test(arguments: ["5", "3-5", "5-", "0", "3-2", "x", "-2", ""])
  func spreadRangeUsageErrors(range: String) throws {
    let out = try Self.output()
    let result = try PDFBindRunner.run(
      "preview", "--cover", "--spreads", range, "-o", out, Fixture.path("layout/colours-7.pdf"))
    #expect(result.status == 64)
    #expect(result.err.hasPrefix("Error: "))
    #expect(result.err.contains("pdfbind preview --help"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func theDefaultIsTheFirstSixSpreads() throws {
    let out = try Self.output()
    #expect(
      try PDFBindRunner.run("preview", "-o", out, Fixture.path("layout/colours-12.pdf")).status
        == 0)
    #expect(try Self.shown(out) == Self.spreads("1|2 3|4 5|6 7|8 9|10 11|12"))
    let cover = try Self.output()
    #expect(
      try PDFBindRunner.run(
        "preview", "--cover", "-o", cover, Fixture.path("layout/colours-12.pdf")
      )
      .status == 0)
    #expect(try Self.shown(cover) == Self.spreads("_|1 2|3 4|5 6|7 8|9 10|11"))
  }

  @Test("--height is each page's height; pages keep their shape", arguments: [300, 120])
  func height(pixels: Int) throws {
    let out = try Self.output()
    var arguments = ["preview", "-o", out, Fixture.path("layout/colours-2.pdf")]
    if pixels != 300 { arguments.insert(contentsOf: ["--height", "\(pixels)"], at: 1) }
    #expect(try PDFBindRunner.run(arguments).status == 0)
    let spread = try #require(try PreviewPictureReader.read(out).spreads.first)
    // The mark reaches a little past the page at both ends; the fixture's pages are 3:4.
    #expect((pixels + 8...pixels + 20).contains(spread.markHeight))
    #expect(abs(spread.leftWidth + 1 - pixels * 3 / 4) <= 1)
    #expect(abs(spread.rightWidth + 1 - pixels * 3 / 4) <= 1)
    #expect(
      try PDFBindRunner.run("preview", "--height", "5", "-o", out, arguments.last!).status == 64)
  }

  @Test func standardOutputAndStandardInput() throws {
    let file = Fixture.path("layout/colours-3.pdf")
    let result = try PDFBindRunner.run(
      "preview", "-o", "-", "-", input: try Data(contentsOf: URL(fileURLWithPath: file)))
    #expect(result.status == 0)
    #expect(result.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    let saved = try Self.output()
    try result.stdout.write(to: URL(fileURLWithPath: saved))
    #expect(try Self.shown(saved) == Self.spreads("1|2 3|_"))
  }

  @Test func theHeaderGrowsThePictureToFitAndThePictureIsSmall() throws {
    let out = try Self.output()
    #expect(
      try PDFBindRunner.run("preview", "-o", out, Fixture.path("layout/colours-1.pdf")).status == 0)
    let picture = try PreviewPictureReader.read(out)
    #expect(picture.width > 400)  // the header line is wider than one page
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)).count < 60_000)
  }

  // MARK: - Bad input

  @Test func aPagePopplerCannotLoadIsALabelledBlank() throws {
    let file = Fixture.path("layout/unrenderable-page.pdf")
    let out = try Self.output()
    let result = try PDFBindRunner.run("preview", "-o", out, file)
    #expect(result.status == 0)
    #expect(
      result.err
        == "pdfbind: \(file): warning: page 3 cannot be rendered by poppler; it is drawn as a "
        + "labelled blank\n")
    let spreads = try PreviewPictureReader.read(out).spreads
    #expect(spreads.count == 2)
    #expect(spreads.last?.left == RGB(255, 255, 255))
    #expect(try PDFBindRunner.run("preview", "-q", "-o", out, file).err == "")
  }

  @Test("A file qpdf reads but poppler cannot open: preview and review say so, not 'damaged'")
  func popplerRefuses() throws {
    // Its catalog is written in the trailer: qpdf reads it (get works), poppler cannot open it.
    let file = Fixture.path("layout/catalog-in-trailer.pdf")
    #expect(try PDFBindRunner.run("get", file).out == "unknown\n")
    let refused = "qpdf reads it, but poppler cannot open it, so its pages cannot be drawn"
    let out = try Self.output()
    let preview = try PDFBindRunner.run("preview", "-o", out, file)
    #expect(preview.status == 2)
    #expect(preview.err == "pdfbind: \(file): \(refused)\n")
    #expect(!FileManager.default.fileExists(atPath: out))
    let page = try Fixture.temporaryDirectory().appendingPathComponent("review.html").path
    let review = try PDFBindRunner.run("review", "-o", page, file)
    #expect(review.status == 0)
    #expect(review.err == "pdfbind: \(file): warning: no pictures: \(refused)\n")
  }

  @Test(
    "Bad files fail as get fails them, and no picture is written",
    arguments: [
      "encrypted-aes-256.pdf", "encrypted-rc4-128.pdf", "missing.pdf",
    ])
  func badFiles(name: String) throws {
    let file = Fixture.path(name)
    let out = try Self.output()
    let result = try PDFBindRunner.run("preview", "-o", out, file)
    let get = try PDFBindRunner.run("get", file)
    #expect(result.status == 2)
    #expect(get.status == 2)
    #expect(result.err == get.err)
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func notAPDFAndTruncatedFilesFailLikeGet() throws {
    let directory = try Fixture.temporaryDirectory()
    let notPDF = directory.appendingPathComponent("notes.pdf").path
    try "hello\n".write(toFile: notPDF, atomically: true, encoding: .utf8)
    let full = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("layout/colours-3.pdf")))
    let truncated = directory.appendingPathComponent("truncated.pdf").path
    try full.prefix(full.count / 2).write(to: URL(fileURLWithPath: truncated))
    for file in [notPDF, truncated] {
      let out = directory.appendingPathComponent("out.png").path
      let result = try PDFBindRunner.run("preview", "-o", out, file)
      let get = try PDFBindRunner.run("get", file)
      #expect(result.status == get.status)
      #expect(result.err == get.err)
      if get.status != 0 { #expect(!FileManager.default.fileExists(atPath: out)) }
    }
  }

  @Test func encryptedWithThePassword() throws {
    let out = try Self.output()
    let result = try PDFBindRunner.run(
      "preview", "--password", "user", "-o", out, Fixture.path("encrypted-aes-256.pdf"))
    #expect(result.status == 0, "\(result.err)")
    #expect(try PreviewPictureReader.read(out).spreads.count >= 1)
    let wrong = try PDFBindRunner.run(
      "preview", "--password", "nope", "-o", out, Fixture.path("encrypted-aes-256.pdf"))
    #expect(wrong.status == 2)
    #expect(wrong.err.hasSuffix(": encrypted: the password given is wrong\n"))
  }

  @Test func anUnwritableOutputIsOneLine() throws {
    let result = try PDFBindRunner.run(
      "preview", "-o", "/dev/full", Fixture.path("layout/colours-1.pdf"))
    #expect(result.status == 2)
    #expect(
      result.err
        == "pdfbind: \(Fixture.path("layout/colours-1.pdf")): writing /dev/full failed: no space "
        + "left on the device\n")
  }

  // MARK: - Loading poppler

  @Test("get, set, check and spreads never load poppler; preview does")
  func popplerIsLoadedOnlyByPreview() throws {
    let file = try Fixture.copy("layout/colours-3.pdf", as: "book.pdf")
    for arguments in [
      ["get", file], ["check", "--unknown", file], ["spreads", file], ["--version"],
      ["set", "--right-edge", file],
    ] {
      let trace = try LoaderTrace.of(arguments).trace
      #expect(trace.contains("calling init"), "LD_DEBUG gave no trace")
      #expect(!trace.contains("libpoppler"), "\(arguments) loaded poppler")
      #expect(!trace.contains("libcairo"), "\(arguments) loaded cairo")
    }
    let out = try Self.output()
    let trace = try LoaderTrace.of(["preview", "-o", out, file]).trace
    #expect(trace.contains("calling init: /lib/x86_64-linux-gnu/libpoppler-glib.so.8"))
  }
}
