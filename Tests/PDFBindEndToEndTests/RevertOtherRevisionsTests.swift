import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "revert": a revision another program appended is removed when it changed only the
/// binding or the layout, and refused, the file untouched, when it changed anything else.
@Suite("Revert: revisions other programs wrote")
struct RevertOtherRevisionsTests {
  private static func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// pypdf's incremental save (a cross-reference stream appended to a table file) that changes
  /// only the binding and the layout, or also rotates page 1 (object 3).
  private func pypdfUpdate(_ path: String, output: String, alsoRotate: Bool) throws {
    let result = try IndependentReaders.runPython(
      """
      import sys
      from pypdf import PdfWriter
      from pypdf.generic import NameObject, DictionaryObject, TextStringObject
      w = PdfWriter(sys.argv[1], incremental=True)
      w._root_object[NameObject("/ViewerPreferences")] = DictionaryObject(
          {NameObject("/Direction"): NameObject("/R2L")})
      w._root_object[NameObject("/PageLayout")] = NameObject("/TwoPageRight")
      if sys.argv[3] == "rotate":
          w.pages[0][NameObject("/Rotate")] = __import__("pypdf").generic.NumberObject(90)
      w.write(sys.argv[2])
      """, path, output, alsoRotate ? "rotate" : "binding")
    try #require(result.status == 0, "\(result.err)")
  }

  @Test("Another program's binding-only revision is removed, up to the previous %%EOF line")
  func otherProducer() throws {
    let original = try Fixture.copy("unknown.pdf")
    let updated = original + ".pypdf.pdf"
    try pypdfUpdate(original, output: updated, alsoRotate: false)
    #expect(try IndependentReaders.qpdfDirection(updated) == "/R2L")
    let result = try PDFBindRunner.run("revert", "--json", updated)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("\"by_pdfbind\":false"))
    #expect(
      result.out.contains(
        "\"binding_before\":\"right-edge\",\"page_layout_before\":\"TwoPageRight\""))
    #expect(try Self.bytes(updated) == Self.bytes(original))

    // By hand: a table update whose catalog drops /Direction from a direct /ViewerPreferences.
    let right = try Fixture.copy("right-edge.pdf")
    let before = try Self.bytes(right)
    // The catalog without /Direction, as pikepdf writes it (an empty /ViewerPreferences).
    let catalog = try IndependentReaders.runPython(
      """
      import pikepdf, sys
      pdf = pikepdf.open(sys.argv[1])
      root = pdf.Root
      del root.ViewerPreferences.Direction
      print(root.objgen[0], root.objgen[1], root.unparse(resolved=True).decode())
      """, right
    ).out.split(separator: " ", maxSplits: 2).map(String.init)
    try #require(catalog.count == 3)
    let text = String(decoding: before, as: UTF8.self)
    let startxref = try #require(
      text.range(of: "startxref", options: .backwards).map {
        Int(text[$0.upperBound...].drop { $0.isWhitespace }.prefix { $0.isNumber })!
      })
    let size = try #require(
      text.range(of: "/Size ", options: .backwards).map {
        Int(text[$0.upperBound...].prefix { $0.isNumber })!
      })
    let objectOffset = before.count
    var update =
      "\(catalog[0]) \(catalog[1]) obj\n\(catalog[2].trimmingCharacters(in: .whitespacesAndNewlines))\nendobj\n"
    let xrefOffset = objectOffset + update.utf8.count
    update +=
      "xref\n\(catalog[0]) 1\n\(String(format: "%010d", objectOffset)) \(String(format: "%05d", Int(catalog[1])!)) n \n"
    update +=
      "trailer\n<< /Size \(size) /Root \(catalog[0]) \(catalog[1]) R /Prev \(startxref) >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
    try (before + Data(update.utf8)).write(to: URL(fileURLWithPath: right))
    #expect(try IndependentReaders.qpdfDirection(right) == nil)
    let history = try PDFBindRunner.run("history", right)
    #expect(history.out.contains("2: bytes \(before.count)-"), "\(history.out)")
    #expect(history.out.contains("(binding only)"), "\(history.out)")
    let handMade = try PDFBindRunner.run("revert", right)
    #expect(handMade.status == 0, "\(handMade.err)")
    #expect(
      handMade.out
        == "\(right): unknown -> right-edge (revision 2 removed, \(update.utf8.count) bytes)\n")
    #expect(try Self.bytes(right) == before)
  }

  @Test("A revision that changed anything else is refused; the file stays byte-identical")
  func refusals() throws {
    let pypdfPage = try Fixture.copy("unknown.pdf")
    try pypdfUpdate(pypdfPage, output: pypdfPage + ".2.pdf", alsoRotate: true)
    let cases: [(path: String, reason: String)] = [
      (
        try Fixture.copy("unknown.pdf"),
        "has only one revision (no incremental update to remove); left unchanged"
      ),
      (
        try Fixture.copy("several-updates.pdf"),
        "its last revision changed more than the binding and layout (object 2); revert removes only a revision that changes nothing else; left unchanged"
      ),
      (
        try Fixture.copy("signed-twice.pdf"),
        "its last revision is covered by a signature (Signature2): removing it would remove signed bytes; left unchanged"
      ),
      (
        pypdfPage + ".2.pdf",
        "its last revision changed more than the binding and layout (objects 1, 3); revert removes only a revision that changes nothing else; left unchanged"
      ),
    ]
    for (path, reason) in cases {
      let before = try Self.bytes(path)
      for extra in [[], ["--in-place"], ["-o", path + ".out.pdf"]] {
        let result = try PDFBindRunner.run(["revert"] + extra + [path])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "pdfbind: \(path): \(reason)\n")
        #expect(try Self.bytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + ".out.pdf"))
      }
    }
  }
}
