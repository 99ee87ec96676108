import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "suggest, set --auto, check --auto": each evidence source on its own and in conflict,
/// the decision never mixing in the declared binding, undecided rather than a guess. The
/// fixtures come from real producers (Fixtures/suggest/make_suggest_fixtures.py); each one's
/// expected decision is its MANIFEST.tsv row, written by a person, not by pdfbind.
@Suite("suggest")
struct SuggestTests: SuggestLibrary {
  let library: String

  init() throws { library = try Self.copyOfLibrary() }

  static let manifest: [(file: String, expected: String)] = {
    let text = (try? String(contentsOfFile: Fixture.path("suggest/MANIFEST.tsv"), encoding: .utf8))
    return (text ?? "").split(separator: "\n").dropFirst().map {
      let fields = $0.split(separator: "\t").map(String.init)
      return (fields[0], fields[1])
    }
  }()

  /// The JSON object suggest prints for one file.
  func suggestJSON(_ file: String, _ extra: String...) throws -> [String: Any] {
    let result = try PDFBindRunner.run(["suggest", "--json"] + extra + [file])
    #expect(result.status == 0, "\(result.err)")
    let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    return try #require(object)
  }

  func sources(_ object: [String: Any], saying binding: String) -> Set<String> {
    let evidence = object["evidence"] as? [[String: Any]] ?? []
    return Set(
      evidence.filter { $0["says"] as? String == binding && $0["weighed"] as? Bool == true }
        .compactMap { $0["source"] as? String })
  }

  @Test("Each labelled fixture gets the decision a person chose", arguments: manifest)
  func labelled(file: String, expected: String) throws {
    let object = try suggestJSON(path(file))
    #expect(object["decision"] as? String == expected, "\(object)")
    #expect(object["declared"] as? String == "unknown")
    #expect(object["conflict"] as? Bool == false)
  }

  @Test(
    "Each evidence source decides on its own",
    arguments: [
      ("arabic.pdf", "text", "right-edge"),
      ("urdu-nastaliq.pdf", "text", "right-edge"),
      ("japanese-vertical.pdf", "fonts", "right-edge"),
      ("japanese-vertical.pdf", "layout", "right-edge"),
      ("japanese-horizontal.pdf", "layout", "left-edge"),
      ("scan-lang-ar.pdf", "Lang", "right-edge"),
      ("manga-pagedirection.pdf", "PageDirection", "right-edge"),
      ("calibre-ara/book.pdf", "metadata.opf", "right-edge"),
      ("comic-rtl/book.pdf", "ComicInfo.xml", "right-edge"),
    ])
  func singleSource(file: String, source: String, says: String) throws {
    let object = try suggestJSON(path(file))
    if !["japanese-vertical.pdf", "japanese-horizontal.pdf"].contains(file) {
      #expect(sources(object, saying: says) == [source], "\(object)")
    }
    #expect(sources(object, saying: says).contains(source), "\(object)")
  }

  @Test("XMP dc:language decides for a scan without text")
  func xmpAlone() throws {
    let file = path("scan.pdf")
    let script = """
      import pikepdf, sys
      with pikepdf.open(sys.argv[1], allow_overwriting_input=True) as pdf:
          with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
              meta['dc:language'] = ['he']
          pdf.save(sys.argv[1])
      """
    #expect(try IndependentReaders.runPython(script, file).status == 0)
    let object = try suggestJSON(file)
    #expect(object["decision"] as? String == "right-edge", "\(object)")
    #expect(sources(object, saying: "right-edge") == ["XMP"])
  }

  @Test("The subset fonts decide when poppler reads no text: the text lies off the page")
  func subsetFontsAlone() throws {
    let file = path("arabic.pdf")
    let script = """
      import pikepdf, sys
      with pikepdf.open(sys.argv[1], allow_overwriting_input=True) as pdf:
          for page in pdf.pages:
              page.MediaBox = [0, 0, 595, 20]
          pdf.save(sys.argv[1])
      """
    #expect(try IndependentReaders.runPython(script, file).status == 0)
    let object = try suggestJSON(file)
    #expect(object["decision"] as? String == "right-edge", "\(object)")
    #expect(sources(object, saying: "right-edge") == ["fonts"])
  }

  @Test("/Lang of the editing language is not weighed when the pages hold text")
  func officeSuiteTrap() throws {
    let object = try suggestJSON(path("english-lang-he.pdf"))
    #expect(object["decision"] as? String == "left-edge")
    let lang = (object["evidence"] as? [[String: Any]] ?? []).first {
      $0["source"] as? String == "Lang"
    }
    #expect(lang?["says"] as? String == "right-edge")
    #expect(lang?["weighed"] as? Bool == false)
  }

  @Test("Sidecars that disagree leave the book undecided, naming both")
  func sidecarConflict() throws {
    try "<ComicInfo><Manga>No</Manga></ComicInfo>".write(
      toFile: path("calibre-ara/ComicInfo.xml"), atomically: true, encoding: .utf8)
    let result = try PDFBindRunner.run("suggest", path("calibre-ara/book.pdf"))
    #expect(result.status == 0)
    #expect(
      result.out == "\(path("calibre-ara/book.pdf")): undecided (evidence disagrees: metadata.opf "
        + "says right-edge, ComicInfo.xml says left-edge)\n")
  }

  @Test("A declared /L2R on an Arabic book: declared, conflict, and set --auto leaves it")
  func declaredConflict() throws {
    let file = path("arabic.pdf")
    // The declared binding is written by pikepdf, not by pdfbind.
    let script = """
      import pikepdf, sys
      with pikepdf.open(sys.argv[1], allow_overwriting_input=True) as pdf:
          pdf.Root.ViewerPreferences = pikepdf.Dictionary(Direction=pikepdf.Name.L2R)
          pdf.save(sys.argv[1])
      """
    #expect(try IndependentReaders.runPython(script, file).status == 0)
    let object = try suggestJSON(file)
    #expect(object["decision"] as? String == "right-edge")
    #expect(object["declared"] as? String == "left-edge")
    #expect(object["conflict"] as? Bool == true)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let set = try PDFBindRunner.run("set", "--auto", file)
    #expect(set.status == 0)
    #expect(set.out == "\(file): left-edge (declared, unchanged; suggested: right-edge)\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    let check = try PDFBindRunner.run("check", "--auto", file)
    #expect(check.status == 1)
    #expect(check.out == "\(file): left-edge (suggested: right-edge)\n")
  }

  @Test("Bad input: one line each, the batch goes on, status 2")
  func badInput() throws {
    let notPDF = path("notes.pdf")
    try "just text\n".write(toFile: notPDF, atomically: true, encoding: .utf8)
    let encrypted = Fixture.path("encrypted-aes-256.pdf")
    let truncated = path("truncated.pdf")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path("english.pdf")))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
    let result = try PDFBindRunner.run(
      "suggest", notPDF, encrypted, truncated, path("arabic.pdf"))
    #expect(result.status == 2)
    let lines = result.err.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(result.err)")
    #expect(lines[0] == "pdfbind: \(notPDF): not a PDF: no %PDF- header in the first 1024 bytes")
    #expect(lines[1].hasPrefix("pdfbind: \(encrypted): encrypted: a password is needed"))
    #expect(lines[2].hasPrefix("pdfbind: \(truncated): truncated PDF"))
    #expect(result.out.hasPrefix("\(path("arabic.pdf")): right-edge ("))
    let withPassword = try PDFBindRunner.run("suggest", "--password", "user", encrypted)
    #expect(withPassword.status == 0, "\(withPassword.err)")
  }

  @Test("A page poppler cannot read lowers the evidence and never stops the batch")
  func brokenPage() throws {
    let file = path("arabic.pdf")
    // Page 2's content becomes a Flate stream of junk and page 3 loses its /Contents type.
    let script = """
      import pikepdf, sys
      with pikepdf.open(sys.argv[1], allow_overwriting_input=True) as pdf:
          junk = pikepdf.Stream(pdf, b'not deflate data at all')
          junk.Filter = pikepdf.Name.FlateDecode
          pdf.pages[1].obj.Contents = junk
          pdf.save(sys.argv[1])
      """
    #expect(try IndependentReaders.runPython(script, file).status == 0)
    let result = try PDFBindRunner.run("suggest", file, path("english.pdf"))
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("\(file): right-edge (text: ") == true)
  }

  @Test("--pages reads only the first N pages")
  func pagesOption() throws {
    let result = try PDFBindRunner.run("suggest", "--pages", "1", path("english.pdf"))
    #expect(result.out.contains("on page 1)"), "\(result.out)")
    #expect(try PDFBindRunner.run("suggest", "--pages", "0", path("english.pdf")).status == 64)
  }

  @Test("Only commands that read text load poppler")
  func popplerLoadedOnlyWhenNeeded() throws {
    let get = try LoaderTrace.of(["get", path("arabic.pdf")])
    #expect(get.status == 0)
    #expect(get.trace.contains("calling init"), "LD_DEBUG gave no trace")
    #expect(!get.trace.contains("libpoppler"))
    let suggest = try LoaderTrace.of(["suggest", path("arabic.pdf")])
    #expect(suggest.trace.contains("libpoppler-glib.so.8"))
  }

  @Test(
    "get warns about a two-page layout without /Direction in a right-to-left document, reading no page"
  )
  func layoutWithoutDirection() throws {
    let (arabic, english) = (path("arabic.pdf"), path("english.pdf"))
    #expect(try PDFBindRunner.run("set", "-q", "--cover", arabic, english).status == 0)
    #expect(try IndependentReaders.pikepdfEntries(arabic) == ("/TwoPageRight", "None"))
    // The warning reads no page: with page workers refused, get still warns.
    let warned = try PDFBindRunner.run(
      ["get", arabic, english], environment: ["PDFBIND_TEST_NO_WORKERS": "1"])
    #expect(warned.status == 0)
    #expect(warned.out == "\(arabic): unknown\n\(english): unknown\n")
    #expect(
      warned.err == "pdfbind: \(arabic): warning: /PageLayout /TwoPageRight only decides which "
        + "pages pair up; without /Direction viewers bind this document on the left, though its "
        + "fonts or metadata say right-to-left: run pdfbind set --right-edge\n")
    let json = try PDFBindRunner.run("get", "--json", arabic)
    #expect(
      String(decoding: json.stdout, as: UTF8.self).contains(#""kind":"layout-without-direction""#))
    // With /Direction set, the layout is no longer a trap.
    #expect(try PDFBindRunner.run("set", "-q", "--right-edge", arabic).status == 0)
    #expect(try IndependentReaders.pikepdfEntries(arabic) == ("/TwoPageRight", "/R2L"))
    let quiet = try PDFBindRunner.run("get", arabic)
    #expect(quiet.err.isEmpty, "\(quiet.err)")
  }
}
