import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "review" as a person sees it in chromium: the page opens from its file with no console
/// error and no request but for itself and its pictures, each book is a row, and each picture
/// on screen shows the pages where a two-page view puts them (read back by colour).
@Suite("review in a browser", .serialized, BrowserDriver.available)
struct ReviewPageInBrowserTests {
  /// Two right-to-left comics (one with a cover), an undecided book, a book whose declared
  /// right-edge binding its ComicInfo.xml contradicts, and a file that is not a PDF.
  static func library() throws -> BrowserLibrary {
    let library = try BrowserLibrary(
      [
        "Library/manga/vol 1.pdf": "colours-7.pdf", "Library/manga/vol 2.pdf": "colours-12.pdf",
        "Library/photos.pdf": "colours-3.pdf", "Library/western/declared.pdf": "colours-2.pdf",
      ], comics: ["Library/manga": "YesAndRightToLeft", "Library/western": "No"])
    try Data("not a PDF\n".utf8).write(to: URL(fileURLWithPath: library.path("Library/notes.pdf")))
    // Set up with pdfbind (qpdf judges set elsewhere): a cover, and a declared binding.
    for arguments in [
      ["set", "-q", "--cover", "Library/manga/vol 2.pdf"],
      ["set", "-q", "--right-edge", "Library/western/declared.pdf"],
    ] {
      #expect(try library.pdfbind(arguments).status == 0)
    }
    return library
  }

  @Test("The page opens offline; every row and picture is there, in reading order")
  func rowsAndPictures() throws {
    let library = try Self.library()
    let review = try library.pdfbind(["review", "-r", "Library"])
    #expect(review.status == 2)
    let page = library.root.appendingPathComponent("pdfbind-review.html")
    let seen = try BrowserDriver.inspect(page, crops: try Fixture.temporaryDirectory())

    #expect(seen.console.isEmpty, "console: \(seen.console)")
    #expect(seen.violations.isEmpty)
    let own = "file://" + library.root.path + "/"
    #expect(seen.requests.first == own + "pdfbind-review.html")
    for url in seen.requests {
      #expect(url.hasPrefix(own + "pdfbind-review"), "a request outside the page: \(url)")
    }
    #expect(
      seen.names == [
        "Library/manga/vol 1.pdf", "Library/manga/vol 2.pdf", "Library/notes.pdf",
        "Library/photos.pdf", "Library/western/declared.pdf",
      ])
    #expect(
      seen.rows[2]["failure"] as? String == "not a PDF: no %PDF- header in the first 1024 bytes")

    // Each view as it is on screen, before any choice: left of the spine | right of it.
    let shown = try seen.spreadsOnScreen()
    #expect(
      shown == [
        // Suggested right-edge; the file pairs from page 1.
        "book-1/right-edge no-cover": [[2, 1], [4, 3], [6, 5]],
        // Suggested right-edge; the file's /TwoPageRight: page 1 alone.
        "book-2/right-edge cover": [[1, nil], [3, 2], [5, 4]],
        // Undecided: both bindings side by side.
        "book-4/left-edge no-cover": [[1, 2], [3, nil]],
        "book-4/right-edge no-cover": [[2, 1], [nil, 3]],
        // Declared right-edge, suggested left-edge: both.
        "book-5/left-edge no-cover": [[1, 2]],
        "book-5/right-edge no-cover": [[2, 1]],
      ])
    #expect(seen.images.count == 21)
    for image in seen.images {
      #expect(image["width"] as? Double == (image["natural"] as? [Double])?.first, "shown 1:1")
    }
  }

  @Test("The filters show the undecided books, the conflicts and what set --auto would change")
  func filters() throws {
    let library = try Self.library()
    _ = try library.pdfbind(["review", "-r", "-q", "Library"])
    let page = library.root.appendingPathComponent("pdfbind-review.html")
    func visible(after steps: [[String: String]]) throws -> [String] {
      let rows = try BrowserDriver.act(page, steps: steps)["rows"] as? [[String: Any]] ?? []
      return rows.filter { $0["hidden"] as? Bool == false }.map { $0["id"] as? String ?? "" }
    }
    #expect(
      try visible(after: [["click", "button[data-filter=undecided]"]].map(Self.step)) == ["book-4"])
    #expect(try visible(after: [["keys": "3"]]) == ["book-5"])
    #expect(try visible(after: [["keys": "4"]]) == ["book-1", "book-2"])
    #expect(try visible(after: [["keys": "41"]]).count == 5)
  }

  static func step(_ pair: [String]) -> [String: String] { [pair[0]: pair[1]] }

  @Test("Pictures load as they come into view: a long page asks only for the first ones")
  func lazyPictures() throws {
    let library = try BrowserLibrary()
    for index in 1...60 { try library.add("colours-12.pdf", as: "Shelf/book \(index).pdf") }
    #expect(try library.pdfbind(["review", "-r", "-q", "Shelf"]).status == 0)
    let seen = try BrowserDriver.inspect(
      library.root.appendingPathComponent("pdfbind-review.html"),
      crops: try Fixture.temporaryDirectory())
    // Pictures are `N-page-P.png`: the books whose pictures were asked for.
    func books(_ requests: [String]) -> Set<Substring> {
      Set(
        requests.filter { $0.hasSuffix(".png") }.compactMap {
          $0.split(separator: "/").last?.split(separator: "-").first
        })
    }
    let first = books(seen.initiallyRequested)
    #expect(first.contains("1"))
    #expect(first.count < 20, "the pictures of \(first.count) of 60 books asked for at once")
    #expect(!first.contains("60"))
    // Scrolled to, every picture arrives: both views of each book, its first six pages.
    #expect(seen.crops.count == 120)
    #expect(Set(seen.requests.filter { $0.hasSuffix(".png") }).count == 360)
  }
}
