import Foundation
import PDFBindTestSupport
import Testing

/// A person picks bindings on the page with the keyboard and the mouse, downloads the script,
/// and runs it with bash: the files get exactly those bindings and layouts (judged by qpdf and
/// MuPDF), and nothing else changes.
@Suite("review choices in a browser", .serialized, BrowserDriver.available)
struct ReviewChoicesInBrowserTests {
  /// Three books nothing decides and a right-to-left comic, reviewed: the library and the page.
  static func reviewed() throws -> (BrowserLibrary, URL) {
    let books: KeyValuePairs = [
      "Library/a.pdf": "colours-7.pdf", "Library/b.pdf": "colours-3.pdf",
      "Library/c.pdf": "colours-2.pdf", "Library/manga/d.pdf": "colours-1.pdf",
    ]
    let library = try BrowserLibrary(books, comics: ["Library/manga": "YesAndRightToLeft"])
    #expect(try library.pdfbind(["review", "-r", "-q", "Library"]).status == 0)
    return (library, library.root.appendingPathComponent("pdfbind-review.html"))
  }

  static func bytes(_ library: BrowserLibrary, _ name: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: library.path(name)))
  }

  @Test("Two books chosen by keys become a script that gives exactly those bindings")
  func twoBooksByKeys() throws {
    let (library, page) = try Self.reviewed()
    let before = try ["Library/b.pdf", "Library/manga/d.pdf"].map { try Self.bytes(library, $0) }
    // j: the first book; r, c: right-edge with a cover; j j: the third; l: left-edge.
    let done = try BrowserDriver.act(page, steps: [["keys": "jrcjjl"]])
    #expect((done["console"] as? [Any])?.isEmpty == true, "\(done["console"] ?? "")")
    #expect(done["chosen"] as? String == "2 books chosen.")
    #expect(done["shown"] as? Bool == true)
    #expect(done["copied"] as? String == "Copied.")
    let script = try #require(done["script"] as? String)
    let downloaded = try #require(done["downloaded"] as? [String: String])
    #expect(downloaded["name"] == "pdfbind-review.sh")
    #expect(downloaded["text"] == script, "the download is the script shown")
    #expect(
      script.hasSuffix(
        """
        "$pdfbind" set --right-edge --cover -- \\
          'Library/a.pdf' || status=$?
        "$pdfbind" set --left-edge -- \\
          'Library/c.pdf' || status=$?
        exit "$status"

        """))

    let run = try library.bash(script)
    #expect(run.status == 0, "\(run.err)")
    #expect(try IndependentReaders.qpdfDirection(library.path("Library/a.pdf")) == "/R2L")
    #expect(
      try IndependentReaders.mutoolPageLayout(library.path("Library/a.pdf")) == "/TwoPageRight")
    #expect(try IndependentReaders.qpdfDirection(library.path("Library/c.pdf")) == "/L2R")
    #expect(try IndependentReaders.mutoolPageLayout(library.path("Library/c.pdf")) == nil)
    let after = try ["Library/b.pdf", "Library/manga/d.pdf"].map { try Self.bytes(library, $0) }
    #expect(after == before, "books not chosen are left byte for byte")
  }

  @Test("Filters, the suggestion for every book shown, s and x: only what is chosen is written")
  func suggestionsAndLeave() throws {
    let (library, page) = try Self.reviewed()
    let done = try BrowserDriver.act(
      page,
      steps: [
        // Changes only (the manga book set --auto would write), take its suggestion.
        ["keys": "4"], ["click": "#take-suggestions"],
        // All books; the first gets right-edge, then is left again; the third is undecided,
        // so s chooses nothing; a click picks no-cover for the second.
        ["keys": "1jrxjjs"], ["click": "#book-2 input[value=no-cover]"],
      ])
    #expect(done["chosen"] as? String == "2 books chosen.")
    let script = try #require(done["script"] as? String)
    #expect(script.contains("\"$pdfbind\" set --no-cover -- \\\n  'Library/b.pdf' || status=$?\n"))
    #expect(
      script.contains("\"$pdfbind\" set --right-edge -- \\\n  'Library/manga/d.pdf' || status=$?\n")
    )
    #expect(!script.contains("a.pdf") && !script.contains("c.pdf"))
    let run = try library.bash(script)
    #expect(run.status == 0, "\(run.err)")
    #expect(try IndependentReaders.qpdfDirection(library.path("Library/manga/d.pdf")) == "/R2L")
    #expect(
      try IndependentReaders.mutoolPageLayout(library.path("Library/b.pdf")) == "/TwoPageLeft")
    #expect(try IndependentReaders.qpdfDirection(library.path("Library/b.pdf")) == nil)
    #expect(try IndependentReaders.qpdfDirection(library.path("Library/a.pdf")) == nil)
  }

  @Test("j and k move through the books shown, skipping the ones a filter hides")
  func keyboardNavigation() throws {
    let (_, page) = try Self.reviewed()
    func current(_ keys: String) throws -> [String] {
      let rows = try BrowserDriver.act(page, steps: [["keys": keys]])["rows"]
      return (rows as? [[String: Any]] ?? []).filter { $0["current"] as? Bool == true }
        .map { $0["id"] as? String ?? "" }
    }
    #expect(try current("jjj") == ["book-3"])
    #expect(try current("jjjk") == ["book-2"])
    #expect(try current("jjjjjjj") == ["book-4"])
    // Undecided only: books 1-3; j from book 3 stays there.
    #expect(try current("2jjjj") == ["book-3"])
  }
}
