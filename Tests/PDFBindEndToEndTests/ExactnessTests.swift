import Foundation
import PDFBindTestSupport
import Testing

/// Issue 11: real producers' quirks (a short /Size, a dangling /Info, fpdf2's bare word,
/// ReportLab's AES-256, hybrid files) get exact updates; damaged files are rewritten whole
/// only with --repair. Judged by qpdf, MuPDF, PDFium, Ghostscript and pikepdf.
@Suite("Exactness")
struct ExactnessTests {
  private func lines(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
  }

  private func data(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test(
    "/Size is one more than the highest number any section defines",
    arguments: [("size-short-table.pdf", 8), ("size-short-stream.pdf", 10)])
  func sizeFromEverySection(name: String, size: Int) throws {
    let file = try Fixture.copy(name)
    let before = try IndependentReaders.qpdfCheck(Fixture.path(name))
    #expect(before.warnings.contains { $0.contains("reported number of objects (6)") })
    let result = try PDFBindRunner.run(["set", "--right-edge", file])
    #expect(result.status == 0, "\(result.err)")
    let trailer = UpdateChecks.lastTrailerText(try data(file))
    #expect(trailer.contains("/Size \(size) "), "\(trailer)")
    let after = try IndependentReaders.qpdfCheck(file)
    #expect(after.status == 0, "\(after.warnings)")
    #expect(!after.warnings.contains { $0.contains("reported number of objects") })
  }

  @Test("A dangling /Info reference is carried forward as written")
  func danglingInfo() throws {
    let file = try Fixture.copy("dangling-info.pdf")
    let result = try PDFBindRunner.run(["set", "--right-edge", file])
    #expect(result.status == 0, "\(result.err)")
    #expect(UpdateChecks.lastTrailerText(try data(file)).contains("/Info 9 0 R"))
  }

  @Test("fpdf2's bare-word /Direction RTL is replaced")
  func bareWordReplaced() throws {
    let file = try Fixture.copy("fpdf2-bare-direction.pdf")
    let original = try data(file)
    let result = try PDFBindRunner.run(["set", "--right-edge", file])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "\(file): unknown -> right-edge\n")
    try UpdateChecks.expectExactUpdate(
      file, original: original, originalPath: Fixture.path("fpdf2-bare-direction.pdf"),
      direction: "/R2L")
  }

  @Test("A second token qpdf patched in the same object is still refused")
  func otherPatchRefused() throws {
    let file = try Fixture.copy("fpdf2-bare-direction.pdf")
    var bytes = try data(file)
    // Same length, so every offset stays right: only the bare word is new.
    let range = try #require(bytes.firstRange(of: Data("/CenterWindow false".utf8)))
    bytes.replaceSubrange(range, with: Data("/CenterWindow fxlse".utf8))
    try bytes.write(to: URL(fileURLWithPath: file))
    let result = try PDFBindRunner.run(["set", "--right-edge", file])
    #expect(result.status == 2)
    #expect(result.err.contains("syntax errors qpdf had to patch"), "\(result.err)")
    #expect(try data(file) == bytes)
  }

  @Test("ReportLab's AES-256 file is updated and its strings decrypt for pikepdf")
  func reportLabAES256() throws {
    let file = try Fixture.copy("reportlab-aes-256.pdf")
    let result = try PDFBindRunner.run(["set", "--right-edge", "--password", "user", file])
    #expect(result.status == 0, "\(result.err)")
    // ReportLab pads /Lang before its own AES padding, so "ar" decrypts with 14 bytes 0x0E
    // after it; the update must keep exactly those bytes.
    let check = try IndependentReaders.runPython(
      """
      import sys, pikepdf
      for path in (sys.argv[1], sys.argv[2]):
          for password in ("user", "owner"):
              with pikepdf.open(path, password=password) as pdf:
                  vp = pdf.Root.get("/ViewerPreferences")
                  print(bytes(pdf.Root.Lang).hex(), vp.Direction if vp is not None else None)
      """, Fixture.path("reportlab-aes-256.pdf"), file)
    let lang = "6172" + String(repeating: "0e", count: 14)
    #expect(
      lines(check.out) == ["\(lang) None", "\(lang) None", "\(lang) /R2L", "\(lang) /R2L"],
      "\(check.out) \(check.err)")
  }

  // MARK: - set --repair

  @Test("--repair rewrites a damaged file whole, verified; without it the file is refused")
  func repairPlain() throws {
    let file = try Fixture.copy("damaged-xref.pdf")
    let original = try data(file)
    let refused = try PDFBindRunner.run(["set", "--left-edge", file])
    #expect(refused.status == 2)
    #expect(try data(file) == original)
    let inPlace = try PDFBindRunner.run(["set", "--left-edge", "--repair", "--in-place", file])
    #expect(inPlace.status == 2)
    #expect(inPlace.err.contains("--in-place"), "\(inPlace.err)")
    #expect(try data(file) == original)
    let result = try PDFBindRunner.run(["set", "--left-edge", "--repair", "--json", file])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("\"rewritten\":true"), "\(result.out)")
    let check = try IndependentReaders.qpdfCheck(file)
    #expect(check.status == 0, "\(check.warnings)")
    #expect(try IndependentReaders.qpdfDirection(file) == "/L2R")
    #expect(try IndependentReaders.mutoolDirection(file) == "/L2R")
    #expect(try IndependentReaders.qpdfPageCount(file) == 1)
    try UpdateChecks.expectOtherReadersAgree(
      file, originalPath: Fixture.path("damaged-xref.pdf"), direction: "/L2R")
    // Now undamaged: a second run is an ordinary, exact, incremental one.
    let again = try PDFBindRunner.run(["set", "--right-edge", "--repair", file])
    #expect(again.out == "\(file): left-edge -> right-edge\n", "\(again.err)")
  }

  @Test("--repair keeps the encryption: same handler and passwords")
  func repairEncrypted() throws {
    let file = try Fixture.copy("damaged-encrypted.pdf")
    let result = try PDFBindRunner.run([
      "set", "--left-edge", "--repair", "--password", "user", file,
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "\(file): right-edge -> left-edge (repaired: rewritten whole)\n")
    #expect(try IndependentReaders.qpdfIsEncrypted(file))
    #expect(try IndependentReaders.qpdfCheck(file, password: "user").status == 0)
    let check = try IndependentReaders.runPython(
      """
      import sys, pikepdf
      for password in ("user", "owner"):
          with pikepdf.open(sys.argv[1], password=password) as pdf:
              print(pdf.encryption.R, pdf.encryption.stream_method.name, str(pdf.Root.Lang),
                    str(pdf.Root.ViewerPreferences.Direction))
      """, file)
    #expect(lines(check.out) == ["4 aes he /L2R", "4 aes he /L2R"], "\(check.out) \(check.err)")
  }

  @Test("--repair never rewrites a signed file")
  func repairRefusesSigned() throws {
    let file = try Fixture.copy("signed.pdf")
    var bytes = try data(file)
    // Point the last startxref a little off: qpdf then has to reconstruct the file.
    let range = try #require(bytes.lastRange(of: Data("startxref\n".utf8)))
    bytes.insert(contentsOf: Data("9".utf8), at: range.upperBound)
    try bytes.write(to: URL(fileURLWithPath: file))
    for extra in [[], ["--force"]] {
      let result = try PDFBindRunner.run(["set", "--right-edge", "--repair"] + extra + [file])
      #expect(result.status == 2)
      #expect(result.err.contains("never rewrites signed files"), "\(result.err)")
      #expect(try data(file) == bytes)
    }
  }

  @Test("A file without a page tree is updated with a warning")
  func noPageTree() throws {
    let original = Fixture.corpus.appendingPathComponent("pdfium--circular_viewer_ref.pdf").path
    let file = try Fixture.copy(from: original, as: "no-page-tree.pdf")
    let result = try PDFBindRunner.run(["set", "--right-edge", file])
    #expect(result.status == 0)
    #expect(
      result.err.contains("the document has no page tree: most readers cannot open it"),
      "\(result.err)")
  }
}
