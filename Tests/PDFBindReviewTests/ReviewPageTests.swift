import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore
@testable import PDFBindPages
@testable import PDFBindReview

/// The review page as data: escaping, the policy, the rows' data attributes and which pictures
/// each book gets. The browser tests (PDFBindBrowserTests) show the same page to chromium.
@Suite("Review page")
struct ReviewPageTests {
  @Test func textAndAttributesAreEscaped() {
    let name = "<script>alert(1)</script> & \"q\" 'a' \r\n"
    let markup = Markup.element(
      "p", [.init("title", name)], [.text(name), .element("br", [], [])])
    #expect(
      markup.rendered
        == "<p title=\"&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;a&#39; &#13;\n\">"
        + "&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"q\" 'a' &#13;\n<br></p>")
  }

  @Test(
    "base64 as RFC 4648 section 10 gives it",
    arguments: [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ])
  func base64(input: String, output: String) {
    #expect(ContentHash.base64(Array(input.utf8)) == output)
  }

  @Test("The policy pins the page's script and style by the SHA-256 Python computes")
  func policyHashes() throws {
    let result = try IndependentReaders.runPython(
      """
      import base64, hashlib, sys
      for text in sys.argv[1:]:
          print(base64.b64encode(hashlib.sha256(text.encode()).digest()).decode())
      """, ReviewAssets.scripts.map(\.description).joined(), ReviewAssets.style.description)
    let hashes = result.out.split(separator: "\n").map { "sha256-\($0)" }
    #expect(hashes.count == 2)
    #expect(ReviewPage.contentSecurityPolicy.contains("script-src '\(hashes[0])'"))
    #expect(ReviewPage.contentSecurityPolicy.contains("style-src '\(hashes[1])'"))
    #expect(ReviewPage.contentSecurityPolicy.hasPrefix("default-src 'none'; img-src 'self';"))
  }

  @Test func picturesFolderIsPercentEncoded() {
    #expect(URLPath.encode(Array("my page#1?_files".utf8)) == "my%20page%231%3F_files")
    #expect(URLPath.encode([0xFF, 0x41]) == "%FFA")
  }

  @Test("Picture names: only these are cleared from the folder before a run")
  func pictureNames() {
    #expect(ReviewFiles.pictureName(number: 12, page: 3) == "12-page-3.png")
    #expect(ReviewFiles.isPictureName("12-page-3.png"))
    #expect(ReviewFiles.isPictureName("1-page-140.png"))
    // An earlier pdfbind wrote one picture per view: those go too.
    #expect(ReviewFiles.isPictureName("12-right-edge.png"))
    #expect(ReviewFiles.isPictureName("3-left-edge.png"))
    #expect(!ReviewFiles.isPictureName("notes-left-edge.png"))
    #expect(!ReviewFiles.isPictureName("12-right-edge.png.bak"))
    #expect(!ReviewFiles.isPictureName("12-page-.png"))
    #expect(!ReviewFiles.isPictureName("12-page-3.png.bak"))
    #expect(!ReviewFiles.isPictureName("x-page-3.png"))
    #expect(ReviewFiles(page: "out/index.html").folder == "out/index_files")
    #expect(ReviewFiles(page: "review").folder == "review_files")
  }

  @Test("An earlier run's plain pictures are kept to be written over; a link is removed at once")
  func earlierPictures() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("pdfbind-review-files-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("page_files")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let outside = root.appendingPathComponent("outside.txt")
    try Data("keep".utf8).write(to: outside)
    for name in ["1-page-1.png", "2-page-1.png", "notes.txt"] {
      try Data("old".utf8).write(to: folder.appendingPathComponent(name))
    }
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("3-page-1.png"), withDestinationURL: outside)
    try FileManager.default.linkItem(at: outside, to: folder.appendingPathComponent("4-page-1.png"))
    let files = ReviewFiles(page: FilePath(root.appendingPathComponent("page.html").path))
    let earlier = try files.prepare().sorted()
    #expect(earlier == ["1-page-1.png", "2-page-1.png"])
    let inode = { (name: String) throws -> Int in
      let path = folder.appendingPathComponent(name).path
      return try #require(
        FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
    }
    let before = try inode("1-page-1.png")
    try files.writePicture(Array("new".utf8), named: "1-page-1.png")
    #expect(try inode("1-page-1.png") == before)
    files.removePictures(earlier.filter { $0 != "1-page-1.png" })
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        == ["1-page-1.png", "notes.txt"])
    #expect(try String(contentsOf: outside, encoding: .utf8) == "keep")
    #expect(
      try String(contentsOf: folder.appendingPathComponent("1-page-1.png"), encoding: .utf8)
        == "new")
  }

  // MARK: - Which pictures a book gets

  static func suggestion(
    declared: String? = nil, layout: String? = nil, evidence: [Evidence]
  ) -> Suggestion {
    let report = BindingReport(
      direction: declared.map { .name($0) } ?? .absent,
      pageLayout: layout.map { .name($0) } ?? .absent, pageCount: 12, warnings: [])
    return Suggestion(report: report, evidence: evidence)
  }

  static let rightToLeft = Evidence(
    source: .comicInfo, says: .rightEdge, detail: "Manga YesAndRightToLeft")

  static func text(_ view: PictureView) -> String { Spreads.text(view.spreads.map(\.pages)) }

  @Test("A decided book: the suggestion's view first; every view's first three spreads")
  func decided() throws {
    let views = try #require(
      Self.suggestion(evidence: [Self.rightToLeft]).reviewViews(pageCount: 12))
    #expect(views.suggested == ["right-edge no-cover"] && views.isDecided)
    #expect(views.now == "left-edge no-cover" && !views.showsEvidence)
    #expect(
      views.all.map { "\($0.key): \(Self.text($0)) of \($0.spreadCount)" } == [
        "left-edge no-cover: [1|2] [3|4] [5|6] of 6", "left-edge cover: [1] [2|3] [4|5] of 7",
        "right-edge no-cover: [2|1] [4|3] [6|5] of 6", "right-edge cover: [1] [3|2] [5|4] of 7",
      ])
    // Each page drawn once, whichever view shows it.
    #expect(views.pages == [1, 2, 3, 4, 5, 6])
  }

  @Test("An undecided book, or one in conflict: both bindings, left-edge first, the file's cover")
  func bothBindings() throws {
    let undecided = try #require(
      Self.suggestion(layout: "TwoPageRight", evidence: []).reviewViews(pageCount: 5))
    #expect(undecided.suggested == ["left-edge cover", "right-edge cover"])
    #expect(undecided.now == "left-edge cover" && !undecided.isDecided)
    let leftToRight = Evidence(source: .comicInfo, says: .leftEdge, detail: "Manga No")
    let conflict = Self.suggestion(declared: "R2L", evidence: [leftToRight])
    #expect(conflict.conflict)
    let views = try #require(conflict.reviewViews(pageCount: 4))
    #expect(views.suggested == ["left-edge no-cover", "right-edge no-cover"])
    // The file as it is: its own binding.
    #expect(views.now == "right-edge no-cover")
  }

  @Test("Double-page pictures that decided a book choose every view's spreads, and the pairing")
  func spreadsEvidence() throws {
    let joins = Evidence(
      source: .spreads, says: .rightEdge, detail: "pages 6|7 and 10|11 join across the spine",
      pages: [6, 7, 10, 11], layout: .cover)
    let suggestion = Self.suggestion(evidence: [joins])
    #expect(suggestion.layout == .cover)
    let views = try #require(suggestion.reviewViews(pageCount: 12))
    #expect(views.suggested == ["right-edge cover"] && views.showsEvidence)
    #expect(
      views.all.map(Self.text) == [
        "[5|6] [7|8] [9|10]", "[6|7] [10|11]", "[6|5] [8|7] [10|9]", "[7|6] [11|10]",
      ])
    #expect(views.pages == [5, 6, 7, 8, 9, 10, 11])
  }

  @Test("An undecided book is shown both ways, paired as its double-page pictures fix it")
  func undecidedPairedByPictures() throws {
    // The picture joins left to right, the script says right-edge: undecided, but pages 4|5
    // share a spread either way, so page 1 stands alone in both views.
    let joins = Evidence(
      source: .spreads, says: .leftEdge, detail: "pages 4|5 join across the spine",
      pages: [4, 5], layout: .cover)
    let script = Evidence(source: .pageScript, says: .rightEdge, detail: "Arabic script")
    let undecided = Self.suggestion(evidence: [script, joins])
    #expect(undecided.decision == nil && undecided.layout == .cover)
    let views = try #require(undecided.reviewViews(pageCount: 8))
    #expect(views.suggested == ["left-edge cover", "right-edge cover"] && !views.isDecided)
    #expect(views.now == "left-edge no-cover")
  }

  @Test("Every view is Spreads.sides' first spreads, for 1 to 40 pages; at most 12 pictures")
  func viewsAreSpreads() throws {
    for pageCount in 1...40 {
      let evidenceSets: [[Int]] = [[], [pageCount], [1, 2], Array(stride(from: 2, to: 41, by: 4))]
      for pages in evidenceSets {
        let joins = Evidence(source: .spreads, says: .leftEdge, detail: "", pages: pages)
        let views = try #require(
          Self.suggestion(evidence: [joins]).reviewViews(pageCount: pageCount))
        let shown = Set(pages.filter { $0 <= pageCount })
        for view in views.all {
          let sides = Spreads.sides(pageCount: pageCount, binding: view.binding, cover: view.cover)
          let holding = sides.filter { !shown.isDisjoint(with: $0.pages) }
          #expect(view.spreads == Array((holding.isEmpty ? sides : holding).prefix(3)))
          #expect(view.spreadCount == sides.count)
        }
        #expect(views.pages.count <= 12)
        #expect(Set(views.pages) == Set(views.all.flatMap { $0.spreads.flatMap(\.pages) }))
      }
    }
  }

  @Test("The views as data: numbers and pdfbind's names only, each spread left | right")
  func viewsJSON() throws {
    let views = try #require(Self.suggestion(evidence: []).reviewViews(pageCount: 3))
    #expect(
      views.json
        == #"{"left-edge no-cover":{"spreads":[[1,2],[3,null]],"count":2},"#
        + #""left-edge cover":{"spreads":[[null,1],[2,3]],"count":2},"#
        + #""right-edge no-cover":{"spreads":[[2,1],[null,3]],"count":2},"#
        + #""right-edge cover":{"spreads":[[1,null],[3,2]],"count":2}}"#)
  }

  @Test func noPagesNoPictures() {
    #expect(Self.suggestion(evidence: []).reviewViews(pageCount: 0) == nil)
  }

  // MARK: - Rows

  static func page(_ books: [ReviewBook]) -> String {
    String(
      decoding: ReviewPage(
        books: books, picturesFolder: Array("p_files".utf8), workingDirectory: Array("/w d".utf8)
      ).html(), as: UTF8.self)
  }

  @Test("A hostile name is text in the row and one shell word in its data attribute")
  func hostileRow() {
    let name = Array("<b id=\"canary\">$(x)</b>'.pdf".utf8)
    let book = ReviewBook(
      name: name,
      outcome: .reviewed(
        .init(suggestion: Self.suggestion(evidence: [Self.rightToLeft]), pictures: [])))
    let html = Self.page([book])
    #expect(!html.contains("<b id"))
    #expect(html.contains("<bdi>&lt;b id=\"canary\"&gt;$(x)&lt;/b&gt;'.pdf</bdi>"))
    #expect(
      html.contains(
        "data-word=\"&#39;&lt;b id=&quot;canary&quot;&gt;$(x)&lt;/b&gt;&#39;\\&#39;&#39;.pdf&#39;\""
      ))
    #expect(html.contains("data-directory=\"&#39;/w d&#39;\""))
    #expect(html.contains("data-suggested=\"right-edge\"") && html.contains("data-change=\"true\""))
    // Only the constant script element, and no inline handler anywhere.
    #expect(html.components(separatedBy: "<script").count == 2)
    #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil)
  }

  @Test("A row's pictures: one per page, lazy, in an inert template; its views as data")
  func rowPictures() throws {
    let suggestion = Self.suggestion(evidence: [Self.rightToLeft])
    let views = try #require(suggestion.reviewViews(pageCount: 3))
    let pictures = views.pages.map {
      PagePicture(
        page: $0, file: ReviewFiles.pictureName(number: 1, page: $0), width: 85, height: 120)
    }
    let html = Self.page([
      ReviewBook(
        name: Array("a.pdf".utf8),
        outcome: .reviewed(.init(suggestion: suggestion, views: views, pictures: pictures)))
    ])
    #expect(
      html.contains(
        "<template><img data-page=\"1\" src=\"p_files/1-page-1.png\" width=\"85\" height=\"120\" "
          + "alt=\"page 1\" loading=\"lazy\" decoding=\"async\"><img data-page=\"2\""))
    #expect(html.components(separatedBy: "<img ").count == 4)
    #expect(html.contains("data-views=\"" + HTML.escapeAttribute(views.json) + "\""))
    #expect(
      html.contains("data-suggested-views=\"right-edge no-cover\" data-now=\"left-edge no-cover\""))
    // The spreads themselves are the script's to place: none in the page as written.
    #expect(!html.contains("<figure") && !html.contains("class=\"spread\""))
  }

  @Test("Standard input is shown but cannot be chosen; a failure is a row with its reason")
  func standardInputAndFailure() {
    let input = ReviewBook(
      name: Array("-".utf8), isStandardInput: true,
      outcome: .reviewed(.init(suggestion: Self.suggestion(evidence: []), pictures: [])))
    let failed = ReviewBook(name: Array("junk.pdf".utf8), outcome: .failed("not a PDF"))
    let html = Self.page([input, failed])
    #expect(!html.contains("data-word"))
    #expect(html.contains("<fieldset data-part=\"binding\" disabled=\"\">"))
    #expect(html.contains("data-failed=\"true\"") && html.contains(">not a PDF</p>"))
  }
}
