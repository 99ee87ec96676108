import Foundation
import PDFBindTestSupport
import Testing

/// `--json` (SPEC "get", issue 3): JSON Lines, one object per input in argument order, parsed
/// here by Foundation's JSON parser. get: path, binding, direction. set: also the binding and
/// direction before, whether it changed, the bytes appended, dry_run and the xref kind. A
/// failed file: path and error, and the failure line on standard error as always.
@Suite("JSON Lines")
struct JSONTests {
  @Test(
    "get: direction is the name without its slash, other values in PDF syntax, null if absent",
    arguments: [
      ("/Direction /R2L", "right-edge", "R2L"), ("/Direction /L2R", "left-edge", "L2R"),
      ("/Direction /r2l", "unknown", "r2l"), ("/Direction (R2L)", "unknown", "(R2L)"),
      ("/Direction 1", "unknown", "1"), ("", "unknown", nil),
    ])
  func getFields(entry: String, binding: String, direction: String?) throws {
    let shelf = try Shelf()
    try HandMadePDF.bytes(
      catalog: "<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << \(entry) >> >>"
    ).write(to: URL(fileURLWithPath: shelf.path("book.pdf")))
    let result = try PDFBindRunner.run("get", "--json", shelf.path("book.pdf"))
    #expect(result.status == 0)
    let objects = try jsonObjects(result.stdout)
    try #require(objects.count == 1)
    #expect(
      Set(objects[0].keys) == ["path", "binding", "direction", "page_layout", "cover", "warnings"])
    #expect(objects[0]["page_layout"] is NSNull)
    #expect(objects[0]["cover"] is NSNull)
    #expect(objects[0]["path"] as? String == shelf.path("book.pdf"))
    #expect(objects[0]["binding"] as? String == binding)
    if let direction {
      #expect(objects[0]["direction"] as? String == direction)
    } else {
      #expect(objects[0]["direction"] is NSNull)
    }
    // A value that is neither /L2R nor /R2L is named in a warning on standard error.
    #expect(result.err.isEmpty == (binding != "unknown" || direction == nil))
  }

  @Test("get: a failed file is {path, error} in its place; the failure line goes to stderr too")
  func getFailure() throws {
    let shelf = try Shelf([("a.pdf", .rightEdge), ("c.pdf", .unknown)])
    try shelf.addJunk("b.pdf")
    let paths = ["a.pdf", "b.pdf", "c.pdf"].map(shelf.path)
    let result = try PDFBindRunner.run(["get", "--json", "-j", "3"] + paths)
    #expect(result.status == 2)
    #expect(result.err == "pdfbind: \(paths[1]): \(Shelf.notAPDFReason)\n")
    let objects = try jsonObjects(result.stdout)
    #expect(objects.map { $0["path"] as? String } == paths)
    #expect(Set(objects[1].keys) == ["path", "error"])
    #expect(objects[1]["error"] as? String == Shelf.notAPDFReason)
    #expect(objects.map { $0["binding"] as? String } == ["right-edge", nil, "unknown"])
  }

  static let setKeys: Set<String> = [
    "path", "binding_before", "direction_before", "binding", "direction", "changed",
    "bytes_appended", "dry_run", "xref", "page_layout_before", "page_layout", "warnings",
  ]

  @Test("set: before and after, changed, bytes appended (the real growth of the file)")
  func setFields() throws {
    let shelf = try Shelf([("u.pdf", .unknown), ("r.pdf", .rightEdge)])
    let before = try shelf.bytes("u.pdf")
    let unchanged = try shelf.bytes("r.pdf")
    let result = try PDFBindRunner.run(
      "set", "--right-edge", "--json", shelf.path("u.pdf"), shelf.path("r.pdf"))
    #expect(result.status == 0)
    #expect(result.err == "")
    let objects = try jsonObjects(result.stdout)
    try #require(objects.count == 2)
    #expect(Set(objects[0].keys) == Self.setKeys)
    #expect(objects[0]["path"] as? String == shelf.path("u.pdf"))
    #expect(objects[0]["binding_before"] as? String == "unknown")
    #expect(objects[0]["direction_before"] is NSNull)
    #expect(objects[0]["binding"] as? String == "right-edge")
    #expect(objects[0]["direction"] as? String == "R2L")
    #expect(objects[0]["changed"] as? Bool == true)
    #expect(objects[0]["dry_run"] as? Bool == false)
    #expect(objects[0]["xref"] as? String == "table")
    #expect(objects[0]["bytes_appended"] as? Int == (try shelf.bytes("u.pdf")).count - before.count)
    #expect(try IndependentReaders.qpdfDirection(shelf.path("u.pdf")) == "/R2L")

    #expect(objects[1]["binding_before"] as? String == "right-edge")
    #expect(objects[1]["direction_before"] as? String == "R2L")
    #expect(objects[1]["changed"] as? Bool == false)
    #expect(objects[1]["bytes_appended"] as? Int == 0)
    #expect(try shelf.bytes("r.pdf") == unchanged)

    // --unknown removes the entry: direction null after.
    let removed = try PDFBindRunner.run("set", "--unknown", "--json", shelf.path("u.pdf"))
    let object = try #require(try jsonObjects(removed.stdout).first)
    #expect(object["binding_before"] as? String == "right-edge")
    #expect(object["binding"] as? String == "unknown")
    #expect(object["direction"] is NSNull)
    #expect(try IndependentReaders.qpdfDirection(shelf.path("u.pdf")) == nil)
  }

  @Test("set --dry-run --json: what would change, and the file is left as it was")
  func setDryRun() throws {
    let shelf = try Shelf([("u.pdf", .unknown)])
    let before = try shelf.bytes("u.pdf")
    let result = try PDFBindRunner.run(
      "set", "--left-edge", "--dry-run", "--json", shelf.path("u.pdf"))
    #expect(result.status == 0)
    let object = try #require(try jsonObjects(result.stdout).first)
    #expect(object["dry_run"] as? Bool == true)
    #expect(object["changed"] as? Bool == true)
    #expect(object["binding"] as? String == "left-edge")
    #expect(try shelf.bytes("u.pdf") == before)
  }

  @Test("set: a failed file is {path, error}; -q does not silence JSON")
  func setFailure() throws {
    let shelf = try Shelf([("a.pdf", .unknown)])
    try shelf.addJunk("b.pdf")
    let result = try PDFBindRunner.run(
      "set", "-q", "--right-edge", "--json", shelf.path("b.pdf"), shelf.path("a.pdf"))
    #expect(result.status == 2)
    #expect(result.err == "pdfbind: \(shelf.path("b.pdf")): \(Shelf.notAPDFReason)\n")
    let objects = try jsonObjects(result.stdout)
    try #require(objects.count == 2)
    #expect(Set(objects[0].keys) == ["path", "error"])
    #expect(objects[0]["path"] as? String == shelf.path("b.pdf"))
    #expect(objects[0]["error"] as? String == Shelf.notAPDFReason)
    #expect(objects[1]["changed"] as? Bool == true)
  }
}
