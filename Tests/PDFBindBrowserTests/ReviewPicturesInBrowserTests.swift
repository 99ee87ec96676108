import Foundation
import PDFBindTestSupport
import Testing

/// The pictures follow the person's choice: before it, the suggestion (both bindings for a
/// book in conflict); after each pick, by key or click, the row's spreads on screen (read back
/// by colour) are exactly what `pdfbind spreads` prints for that setting; `leave` shows the
/// file as it is.
@Suite("review pictures follow the choice", .serialized, BrowserDriver.available)
struct ReviewPicturesInBrowserTests {
  @Test("Cover, no-cover, left-edge, then leave: on screen, what pdfbind spreads prints")
  func picturesFollowTheChoice() throws {
    // Seven pages declared right-edge, in a folder whose ComicInfo.xml says left to right: a
    // conflict, shown under both bindings until a choice.
    let library = try BrowserLibrary(
      ["Library/western.pdf": "colours-7.pdf"], comics: ["Library": "No"])
    #expect(try library.pdfbind(["set", "-q", "--right-edge", "Library/western.pdf"]).status == 0)
    #expect(try library.pdfbind(["review", "-q", "Library/western.pdf"]).status == 0)
    let page = library.root.appendingPathComponent("pdfbind-review.html")

    let done = try BrowserDriver.act(
      page,
      steps: [
        ["look": "book-1"],
        ["keys": "jc"], ["look": "book-1"],
        ["click": "#book-1 input[value=no-cover]"], ["look": "book-1"],
        ["keys": "l"], ["look": "book-1"],
        ["keys": "x"], ["look": "book-1"],
      ])
    #expect((done["console"] as? [Any])?.isEmpty == true, "\(done["console"] ?? "")")
    #expect((done["violations"] as? [Any])?.isEmpty == true)
    let looks = try BrowserDriver.looks(done)
    try #require(looks.count == 5)

    // `pdfbind spreads --json` with these options: the oracle, each spread left to right.
    func oracle(_ options: [String]) throws -> [[Int]] {
      let result = try library.pdfbind(["spreads", "--json"] + options + ["Library/western.pdf"])
      try #require(result.status == 0, "\(result.err)")
      let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
      return try #require(object?["spreads"] as? [[Int]])
    }
    /// The views on screen are `expected` (a view and the options that print it), each
    /// showing the oracle's first three spreads, pages left to right.
    func expectShown(_ look: [String: [[Int?]]], _ expected: KeyValuePairs<String, [String]>)
      throws
    {
      #expect(look.keys.sorted() == expected.map(\.key).sorted())
      for (view, options) in expected {
        let shown = try #require(look[view]).map { $0.compactMap { $0 } }
        #expect(shown.count == 3)
        #expect(shown == Array(try oracle(options).prefix(3)), "\(view)")
      }
    }

    // Before a choice: both bindings, each with the file's pairing (from page 1).
    try expectShown(
      looks[0],
      [
        "left-edge no-cover": ["--as", "left-edge"], "right-edge no-cover": ["--as", "right-edge"],
      ])
    // c: a cover on the file's right-edge binding; page 1 alone, left of the spine.
    try expectShown(looks[1], ["right-edge cover": ["--cover"]])
    #expect(looks[1]["right-edge cover"]?.first == [1, nil])
    // A click on no-cover, then l: left-edge.
    try expectShown(looks[2], ["right-edge no-cover": ["--no-cover"]])
    try expectShown(looks[3], ["left-edge no-cover": ["--as", "left-edge", "--no-cover"]])
    // x, leave: the file as it is, its own binding and layout.
    try expectShown(looks[4], ["right-edge no-cover": []])

    let captions = (done["looks"] as? [[String: Any]] ?? []).map {
      ($0["crops"] as? [[String: Any]] ?? []).map { $0["caption"] as? String ?? "" }
    }
    #expect(captions[0].allSatisfy { $0.hasPrefix("As ") })
    #expect(captions[1] == ["Chosen: right-edge, cover: [1] [3|2] [5|4] (4 spreads in all)"])
    #expect(captions[4] == ["Now: right-edge, no-cover: [2|1] [4|3] [6|5] (4 spreads in all)"])
    #expect(done["chosen"] as? String == "No choices yet.")
  }
}
