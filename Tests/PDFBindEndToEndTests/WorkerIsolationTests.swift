import Foundation
import PDFBindTestSupport
import Testing

/// SPEC round 4, "Bounded page work": a book's answer is its own, whatever else the batch
/// holds. poppler's fonts and cairo's outlive a document in a process: a page that sets its
/// text at 37 million points (as a PDF validator's test file does) leaves the font unable to
/// draw in any later document. A worker that has drawn one book's pages draws no other's.
@Suite("each book drawn by workers of its own")
struct WorkerIsolationTests {
  /// A one-page file of "Hello PDF-world!" in Times-Italic at `size` points, a few letters:
  /// too little text to decide, so its page picture is looked at.
  static func hello(size: String, named name: String) throws -> String {
    let content = "1 0 0 1 50 700 cm BT /F0 \(size) Tf (Hello PDF-world!) Tj ET"
    let bytes = HandMadePDF.bytes(objects: [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        + "/Resources << /Font << /F0 5 0 R >> >> /Contents 4 0 R >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Italic >>",
    ])
    let path = try Fixture.temporaryDirectory().appendingPathComponent(name).path
    try bytes.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The page-script evidence line of `name` among what `suggest --json` printed.
  static func pageScript(_ out: String, of name: String) -> String? {
    for line in out.split(separator: "\n") {
      guard let book = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        (book["path"] as? String)?.hasSuffix(name) == true
      else { continue }
      let evidence = book["evidence"] as? [[String: Any]] ?? []
      return evidence.first { $0["source"] as? String == "page-script" }?["detail"] as? String
    }
    return nil
  }

  @Test("A page drawn after a font set at 37 million points says what it says alone")
  func fontOfAnotherBook() throws {
    let giant = try Self.hello(size: "36999999", named: "giant.pdf")
    let hello = try Self.hello(size: "36", named: "hello.pdf")
    // An independent reader sees the page's writing.
    let pdftotext = try #require(which("pdftotext"), "poppler-utils is not installed")
    let text = try runProcess(pdftotext, [hello, "-"])
    #expect(text.out.contains("Hello PDF-world!"), "\(text.err)")

    let alone = try PDFBindRunner.run(["suggest", "--json", hello])
    let aloneLine = try #require(Self.pageScript(alone.out, of: "hello.pdf"), "\(alone.out)")
    // One file at a time, so the workers that drew the giant font are the ones left idle.
    let after = try PDFBindRunner.run(["suggest", "--json", "--jobs", "1", giant, hello, giant])
    #expect(after.status == 0, "\(after.err)")
    #expect(Self.pageScript(after.out, of: "hello.pdf") == aloneLine, "\(after.out)")
    #expect(!aloneLine.contains("no writing-like marks"), "\(aloneLine)")
  }
}
