import Foundation
import PDFBindTestSupport
import Testing

/// SPEC round 3, "Evidence from the page pictures": books with no text layer decided from the
/// script their pages show and from double-page pictures, which also fix the pairing. The
/// fixtures are scans and pictures made by Fixtures/pictures/make_picture_fixtures.py; each
/// one's binding and layout in its MANIFEST.tsv were chosen by a person from how it was made.
@Suite("suggest from page pictures")
struct PicturesTests {
  static let manifest: [(file: String, expected: String, layout: String)] = {
    let text = try? String(
      contentsOfFile: Fixture.path("pictures/MANIFEST.tsv"), encoding: .utf8)
    return (text ?? "").split(separator: "\n").dropFirst().map {
      let fields = $0.split(separator: "\t").map(String.init)
      return (fields[0], fields[1], fields[2])
    }
  }()

  func suggestJSON(_ file: String, environment: [String: String]? = nil) throws -> [String: Any] {
    let result = try PDFBindRunner.run(["suggest", "--json", file], environment: environment)
    #expect(result.status == 0, "\(result.err)")
    return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
  }

  func evidence(_ object: [String: Any], _ source: String) -> [[String: Any]] {
    (object["evidence"] as? [[String: Any]] ?? []).filter { $0["source"] as? String == source }
  }

  /// A book named `name` in a new temporary folder, written by a pikepdf `script` that gets
  /// `arguments` and then the book's path.
  func madeBook(_ name: String, by script: String, _ arguments: String...) throws -> String {
    let path = try Fixture.temporaryDirectory().path + "/" + name
    let made = try IndependentReaders.runPython(script, arguments: arguments + [path])
    #expect(made.status == 0, "\(made.err)")
    return path
  }

  /// The fixture's pages after five blank ones, written by pikepdf.
  func afterBlankPages(_ fixture: String) throws -> String {
    try madeBook(
      "after-blank-pages.pdf",
      by: """
        import sys, pikepdf
        pdf = pikepdf.open(sys.argv[1])
        pages = len(pdf.pages)
        for _ in range(5):
            pdf.add_blank_page(page_size=(595, 842))
        for _ in range(pages):
            pdf.pages.append(pdf.pages[0])
            del pdf.pages[0]
        pdf.save(sys.argv[2])
        """, Fixture.path(fixture))
  }

  @Test("The manifest is there: a missing fixture fails")
  func manifestPresent() {
    #expect(Self.manifest.count >= 7)
  }

  @Test("Each picture book gets the binding and layout a person chose", arguments: manifest)
  func labelled(file: String, expected: String, layout: String) throws {
    let object = try suggestJSON(Fixture.path("pictures/" + file))
    #expect(object["decision"] as? String == expected, "\(object)")
    #expect((object["layout"] as? String ?? "-") == layout, "\(object)")
  }

  @Test("Script evidence names the pages it rests on")
  func scriptPages() throws {
    let object = try suggestJSON(Fixture.path("pictures/arabic-scan.pdf"))
    let script = try #require(evidence(object, "page-script").first)
    #expect(script["says"] as? String == "right-edge")
    #expect((script["pages"] as? [Int])?.isEmpty == false)
    #expect((script["detail"] as? String)?.contains("Arabic") == true)
  }

  /// SPEC round 4, "Two pages in one picture".
  @Test("A page whose picture holds two facing pages is split, each half read as a page")
  func twoFacingPages() throws {
    let file = Fixture.path("pictures/arabic-two-up-scan.pdf")
    // pikepdf, an independent reader: one page, twice as wide as a page of the Arabic scan.
    let sizes = try IndependentReaders.runPython(
      """
      import sys, pikepdf
      for name in sys.argv[1:]:
          with pikepdf.open(name) as pdf:
              print(len(pdf.pages), [float(v) for v in pdf.pages[0].mediabox])
      """, file, Fixture.path("pictures/arabic-scan.pdf"))
    #expect(sizes.status == 0, "\(sizes.err)")
    #expect(sizes.out == "1 [0.0, 0.0, 691.2, 518.4]\n3 [0.0, 0.0, 345.6, 518.4]\n", "\(sizes.out)")
    let script = try #require(evidence(try suggestJSON(file), "page-script").first)
    #expect(script["says"] as? String == "right-edge")
    #expect(
      script["detail"] as? String
        == "Arabic script on page 1 (page 1 holds two facing pages, each read as a page)")
    #expect(script["pages"] as? [Int] == [1])
  }

  @Test("The script is read on the first pages that hold writing, past blank ones, within a bound")
  func scriptPastBlankPages() throws {
    // A scan's cover, endpapers and plates hold no writing: five blank pages before the three
    // pages of the Arabic scan.
    let book = try afterBlankPages("pictures/arabic-scan.pdf")
    #expect(try IndependentReaders.qpdfPageCount(book) == 8)
    let object = try suggestJSON(book)
    #expect(object["decision"] as? String == "right-edge", "\(object)")
    let script = try #require(evidence(object, "page-script").first)
    #expect(script["pages"] as? [Int] == [6, 7], "\(script)")

    // --pages 1 lets Tesseract read one page, looked for among the first four.
    let result = try PDFBindRunner.run("suggest", "--pages", "1", book)
    #expect(
      result.out.contains(
        "page-script: no writing-like marks in the pictures of page 1, nor print on pages 2-4;"),
      "\(result.out)")
  }

  @Test("Past the first --pages pages only print is read, not pictures that may hold balloons")
  func onlyPrintPastThePages() throws {
    // The album's four photographs are read when they are the first pages (Tesseract finds
    // no script on them), and passed over after five blank pages.
    let book = try afterBlankPages("pictures/album.pdf")
    #expect(try IndependentReaders.qpdfPageCount(book) == 9)
    let alone = try suggestJSON(Fixture.path("pictures/album.pdf"))
    #expect(
      evidence(alone, "page-script").first?["detail"] as? String
        == "no script Tesseract can read on pages 1-4: says nothing about the binding",
      "\(alone)")
    let object = try suggestJSON(book)
    #expect(object["decision"] as? String == "undecided")
    #expect(
      evidence(object, "page-script").first?["detail"] as? String
        == "no writing-like marks in the pictures of pages 1-5, nor print on pages 6-9",
      "\(object)")
  }

  @Test("A page whose only marks are a large page number is not given to Tesseract")
  func pageNumberAloneNotRead() throws {
    // Page 3 of the flat-colour book is yellow with its number in black in the middle: marks
    // in a box of 5% of the page. It once cost a reading (Tesseract found no script there).
    let object = try suggestJSON(Fixture.path("layout/colours-12.pdf"))
    #expect(object["decision"] as? String == "undecided")
    #expect(
      evidence(object, "page-script").first?["detail"] as? String
        == "too few marks to read on page 3: they fill under 10% of the page", "\(object)")
  }

  /// Issue 40: a ruled form set in horizontal Japanese lines. Its rows may be the rules', so
  /// alone they said nothing ("ruled lines, as of staves, a table or a form"); Tesseract's
  /// layout analysis finds its writing in blocks of lines across, and the page says left-edge.
  @Test("A ruled Japanese form decides left-edge from Tesseract's blocks of lines across")
  func horizontalJapaneseForm() throws {
    let path = Fixture.path("pictures/japanese-horizontal-form.pdf")
    let result = try PDFBindRunner.run("suggest", "--no-cache", path)
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out
        == path + ": left-edge (page-script: Japanese, horizontal lines in Tesseract's text "
        + "blocks on page 1)\n")
    let object = try suggestJSON(path)
    let script = try #require(evidence(object, "page-script").first)
    #expect(script["says"] as? String == "left-edge", "\(script)")
    #expect(script["pages"] as? [Int] == [1], "\(script)")
  }

  @Test("Arabic print with a picture joining left to right is undecided; its pages pair")
  func conflict() throws {
    let original = Fixture.path("pictures/arabic-scan-ltr-spread.pdf")
    let result = try PDFBindRunner.run("suggest", original)
    #expect(result.status == 0)
    // Pages 4|5 join: whichever way the picture runs, they share a spread, so page 1 is alone.
    #expect(
      result.out.hasSuffix(
        "undecided, cover (evidence disagrees: page-script says right-edge, spreads says "
          + "left-edge)\n"),
      "\(result.out)")
    let object = try suggestJSON(original)
    #expect(object["decision"] as? String == "undecided")
    #expect(object["layout"] as? String == "cover", "\(object)")
    // An undecided file is left as it is: set --auto appends nothing, check --auto agrees.
    let copy = try Fixture.temporaryDirectory().path + "/book.pdf"
    try FileManager.default.copyItem(atPath: original, toPath: copy)
    #expect(try PDFBindRunner.run("set", "--auto", copy).status == 0)
    #expect(
      FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: original))
    #expect(try PDFBindRunner.run("check", "--auto", copy).status == 0)
  }
}
