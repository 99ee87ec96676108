import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "Bad input": each case gives one line `pdfbind: PATH: REASON`, status 2, and a file
/// that is never changed.
@Suite("Bad input")
struct BadInputTests {
  private static func corpus(_ name: String) -> String {
    Fixture.corpus.appendingPathComponent(name).path
  }

  /// Writes `bytes` to a fresh file and returns its path.
  private func file(_ bytes: Data, named name: String = "input.pdf") throws -> String {
    let path = try Fixture.temporaryDirectory().appendingPathComponent(name).path
    try bytes.write(to: URL(fileURLWithPath: path))
    return path
  }

  private func expectFailure(
    _ path: String, reason: String, extra: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try? Data(contentsOf: URL(fileURLWithPath: path))
    for command in [["get"], ["set", "--right-edge"], ["check", "--right-edge"]] {
      let result = try PDFBindRunner.run(command + extra + [path])
      #expect(result.status == 2, "\(command)", sourceLocation: sourceLocation)
      #expect(result.out.isEmpty, sourceLocation: sourceLocation)
      #expect(result.err == "pdfbind: \(path): \(reason)\n", sourceLocation: sourceLocation)
    }
    let after = try? Data(contentsOf: URL(fileURLWithPath: path))
    #expect(after == before, sourceLocation: sourceLocation)
  }

  @Test func missingFile() throws {
    let path = try Fixture.temporaryDirectory().appendingPathComponent("absent.pdf").path
    try expectFailure(path, reason: "no such file")
  }

  @Test func directory() throws {
    try expectFailure(
      try Fixture.temporaryDirectory().path, reason: "is a directory, not a PDF file")
  }

  @Test func emptyFile() throws {
    try expectFailure(try file(Data()), reason: "empty file (0 bytes), not a PDF")
  }

  @Test func notAPDF() throws {
    try expectFailure(
      try file(Data("Hello, this is a text file.\n".utf8)),
      reason: "not a PDF: no %PDF- header in the first 1024 bytes")
  }

  @Test func truncatedPDF() throws {
    let whole = try Data(contentsOf: URL(fileURLWithPath: Self.corpus("qpdf--minimal.pdf")))
    try expectFailure(
      try file(whole.prefix(whole.count / 2)),
      reason: "truncated PDF: it ends without startxref and %%EOF, and qpdf cannot reconstruct it; "
        + "it was probably cut off while being copied or downloaded (or has other data after its "
        + "end)")
  }

  @Test("A damaged cross-reference table: get reads it with a warning, set refuses")
  func damagedXref() throws {
    let path = try Fixture.copy(from: Self.corpus("qpdf--bad8.pdf"), as: "damaged.pdf")
    let get = try PDFBindRunner.run("get", path)
    #expect(get.status == 0)
    #expect(get.out == "unknown\n")
    #expect(get.err.hasPrefix("pdfbind: \(path): warning: damaged PDF"))
    let quiet = try PDFBindRunner.run("get", "-q", path)
    #expect((quiet.status, quiet.out, quiet.err) == (0, "unknown\n", ""))
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let set = try PDFBindRunner.run("set", "--right-edge", path)
    #expect(set.status == 2)
    #expect(set.err.contains("damaged PDF"))
    #expect(set.err.contains("qpdf damaged.pdf repaired.pdf"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("A damaged file that already has the binding needs no write")
  func damagedButAlreadySet() throws {
    let path = try Fixture.copy(from: Self.corpus("pdfium--bug_664284.pdf"), as: "damaged.pdf")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let set = try PDFBindRunner.run("set", "--right-edge", path)
    #expect(set.status == 0)
    #expect(set.out == "\(path): right-edge (unchanged)\n")
    #expect(set.err.contains("warning: damaged PDF"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    let quiet = try PDFBindRunner.run("set", "-q", "--right-edge", path)
    #expect((quiet.status, quiet.out, quiet.err) == (0, "", ""))
  }

  @Test("An entry pointing at the wrong bytes is damage too, though qpdf reads lazily")
  func badXrefEntry() throws {
    let path = try Fixture.copy(from: Self.corpus("qpdf--bad-xref-entry.pdf"), as: "bad.pdf")
    let set = try PDFBindRunner.run("set", "--right-edge", path)
    #expect(set.status == 2)
    #expect(set.err.contains("damaged PDF (qpdf: expected n n obj)"))
  }

  @Test("A catalog qpdf only parses by patching it is not rewritten")
  func catalogWithSyntaxErrors() throws {
    let path = try file(
      HandMadePDF.bytes(catalog: "<< /Type /Catalog /Pages 2 0 R /Oops } /Lang (en) >>"))
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let set = try PDFBindRunner.run("set", "--right-edge", path)
    #expect(set.status == 2)
    #expect(set.err.hasPrefix("pdfbind: \(path): damaged PDF (qpdf, object 1: "))
    #expect(set.err.contains("syntax errors qpdf had to patch"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("Names that are not UTF-8 are carried over byte for byte")
  func nonUTF8Names() throws {
    let path = try file(
      HandMadePDF.bytes(
        catalog: "<< /Type /Catalog /Pages 2 0 R /Caf\u{E9} /Na#FFme /K#20ey (v) >>"))
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let set = try PDFBindRunner.run("set", "--right-edge", path)
    #expect(set.status == 0, "\(set.err)")
    // qpdf --json writes such names as invalid UTF-8, so the JSON reader is left out here.
    #expect(
      UpdateChecks.isAppendOnly(
        original: before, result: try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(try IndependentReaders.qpdfCheck(path) == (0, []))
    #expect(try IndependentReaders.mutoolDirection(path) == "/R2L")
    let shown = try runProcess(which("qpdf")!, ["--show-object=1", path]).out
    #expect(shown.contains("/Caf#e9 /Na#ffme"))
    #expect(shown.contains("/K#20ey (v)"))
  }

  @Test func encryptedWithoutPassword() throws {
    let path = try Fixture.copy(
      from: Self.corpus("qpdf--enc-R3_V2_U_view_O_master.pdf"), as: "locked.pdf")
    try expectFailure(
      path,
      reason: "encrypted: a password is needed to read it (give --password or set PDFBIND_PASSWORD)"
    )
  }

  @Test func encryptedWithWrongPassword() throws {
    let path = try Fixture.copy(
      from: Self.corpus("qpdf--enc-R3_V2_U_view_O_master.pdf"), as: "locked.pdf")
    try expectFailure(
      path, reason: "encrypted: the password given is wrong", extra: ["--password", "nope"])
  }

  @Test("The password may come from PDFBIND_PASSWORD")
  func passwordFromEnvironment() throws {
    let result = try PDFBindRunner.run(
      "get", Self.corpus("qpdf--enc-R3_V2_U_view_O_master.pdf"),
      environment: ["PDFBIND_PASSWORD": "view"])
    #expect(result.status == 0)
    #expect(result.out == "unknown\n")
  }

  @Test("A bad file in the middle of a list: the others are still processed, status 2")
  func keepsGoing() throws {
    let good = Self.corpus("qpdf--minimal.pdf")
    let missing = "/nonexistent/file.pdf"
    let result = try PDFBindRunner.run("get", good, missing, good)
    #expect(result.status == 2)
    #expect(result.out == "\(good): unknown\n\(good): unknown\n")
    #expect(result.err == "pdfbind: \(missing): no such file\n")
  }
}
