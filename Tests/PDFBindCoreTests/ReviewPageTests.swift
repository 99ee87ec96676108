import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore

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
      """, ReviewAssets.script.description, ReviewAssets.style.description)
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
    #expect(ReviewFiles.pictureName(number: 12, binding: .rightEdge) == "12-right-edge.png")
    #expect(ReviewFiles.isPictureName("12-right-edge.png"))
    #expect(ReviewFiles.isPictureName("3-left-edge.png"))
    #expect(!ReviewFiles.isPictureName("notes-left-edge.png"))
    #expect(!ReviewFiles.isPictureName("12-right-edge.png.bak"))
    #expect(ReviewFiles(page: "out/index.html").folder == "out/index_files")
    #expect(ReviewFiles(page: "review").folder == "review_files")
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

  @Test("A decided book: one view, under the suggestion, the first three spreads")
  func decided() {
    let views = Self.suggestion(evidence: [Self.rightToLeft]).pictureViews(pageCount: 12)
    #expect(views.count == 1)
    #expect(views[0].binding == .rightEdge && !views[0].cover && !views[0].showsEvidence)
    #expect(Spreads.text(views[0].spreads.map(\.pages)) == "[2|1] [4|3] [6|5]")
    #expect(views[0].spreadCount == 6)
  }

  @Test("An undecided book, or one in conflict: both bindings, left-edge first, the file's cover")
  func bothBindings() {
    let undecided = Self.suggestion(layout: "TwoPageRight", evidence: [])
    #expect(
      undecided.pictureViews(pageCount: 5).map { Spreads.text($0.spreads.map(\.pages)) }
        == ["[1] [2|3] [4|5]", "[1] [3|2] [5|4]"])
    let conflict = Self.suggestion(declared: "L2R", evidence: [Self.rightToLeft])
    #expect(conflict.conflict)
    #expect(conflict.pictureViews(pageCount: 4).map(\.binding) == [.leftEdge, .rightEdge])
  }

  @Test("Double-page pictures that decided a book choose the spreads, and the pairing")
  func spreadsEvidence() {
    let joins = Evidence(
      source: .spreads, says: .rightEdge, detail: "pages 6|7 and 10|11 join across the spine",
      pages: [6, 7, 10, 11], layout: .cover)
    let suggestion = Self.suggestion(evidence: [joins])
    #expect(suggestion.layout == .cover)
    let views = suggestion.pictureViews(pageCount: 12)
    #expect(views.count == 1 && views[0].showsEvidence && views[0].cover)
    #expect(Spreads.text(views[0].spreads.map(\.pages)) == "[7|6] [11|10]")
  }

  @Test func noPagesNoPictures() {
    #expect(Self.suggestion(evidence: []).pictureViews(pageCount: 0).isEmpty)
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
