import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "check" and "Exit status": 0 when every file matches, 1 listing each mismatch as
/// `PATH: ACTUAL`, 2 when a file fails (2 wins over 1); `-q` prints nothing; `--json`.
@Suite("check")
struct CheckTests {
  let shelf: Shelf
  let right: String
  let left: String
  let unknown: String
  let junk: String
  let missing: String

  init() throws {
    shelf = try Shelf([
      ("right.pdf", .rightEdge), ("left.pdf", .leftEdge), ("unknown.pdf", .unknown),
    ])
    try shelf.addJunk("junk.pdf")
    (right, left, unknown) = (
      shelf.path("right.pdf"), shelf.path("left.pdf"), shelf.path("unknown.pdf")
    )
    (junk, missing) = (shelf.path("junk.pdf"), shelf.path("missing.pdf"))
  }

  @Test(
    "Status 0 and no output when every file has the binding",
    arguments: [
      ("--right-edge", "right.pdf"), ("--left-edge", "left.pdf"), ("--unknown", "unknown.pdf"),
    ])
  func allMatch(flag: String, name: String) throws {
    let result = try PDFBindRunner.run("check", flag, shelf.path(name), shelf.path(name))
    #expect(result.status == 0)
    #expect(result.out == "")
    #expect(result.err == "")
  }

  @Test("Status 1 lists each file with another binding as PATH: ACTUAL, in argument order")
  func mismatches() throws {
    let result = try PDFBindRunner.run("check", "--right-edge", left, right, unknown)
    #expect(result.status == 1)
    #expect(result.out == "\(left): left-edge\n\(unknown): unknown\n")
    #expect(result.err == "")

    // unknown is not left-edge, even though viewers treat it alike.
    let strict = try PDFBindRunner.run("check", "--left-edge", unknown)
    #expect((strict.status, strict.out, strict.err) == (1, "\(unknown): unknown\n", ""))
  }

  @Test("Status 2 when a file cannot be read, also when another file does not match")
  func failureWinsOverMismatch() throws {
    let failed = try PDFBindRunner.run("check", "--right-edge", right, junk)
    #expect(failed.status == 2)
    #expect(failed.out == "")
    #expect(failed.err == "pdfbind: \(junk): \(Shelf.notAPDFReason)\n")

    // The failure comes first and the mismatch after it: both are reported, the status is 2.
    let both = try PDFBindRunner.run("check", "--right-edge", missing, right, left)
    #expect(both.status == 2)
    #expect(both.out == "\(left): left-edge\n")
    #expect(both.err == "pdfbind: \(missing): no such file\n")

    let reversed = try PDFBindRunner.run("check", "--right-edge", left, right, missing)
    #expect((reversed.status, reversed.out, reversed.err) == (both.status, both.out, both.err))
  }

  @Test("-q prints nothing for matches and mismatches; failures still reach standard error")
  func quiet() throws {
    let match = try PDFBindRunner.run("check", "-q", "--right-edge", right)
    #expect((match.status, match.out, match.err) == (0, "", ""))
    let mismatch = try PDFBindRunner.run("check", "--quiet", "--right-edge", right, left)
    #expect((mismatch.status, mismatch.out, mismatch.err) == (1, "", ""))
    let failed = try PDFBindRunner.run("check", "-q", "--right-edge", left, junk)
    #expect(failed.status == 2)
    #expect(failed.out == "")
    #expect(failed.err == "pdfbind: \(junk): \(Shelf.notAPDFReason)\n")
  }

  @Test("--json: one object per file with binding, direction, expected and matches; same status")
  func json() throws {
    let result = try PDFBindRunner.run("check", "--json", "--right-edge", right, unknown, junk)
    #expect(result.status == 2)
    #expect(result.err == "pdfbind: \(junk): \(Shelf.notAPDFReason)\n")
    let objects = try jsonObjects(result.stdout)
    try #require(objects.count == 3)
    #expect(objects.map { $0["path"] as? String } == [right, unknown, junk])
    #expect(
      Set(objects[0].keys) == [
        "path", "binding", "direction", "page_layout", "cover", "warnings", "expected", "matches",
      ])
    #expect(objects[0]["binding"] as? String == "right-edge")
    #expect(objects[0]["direction"] as? String == "R2L")
    #expect(objects[0]["expected"] as? String == "right-edge")
    #expect(objects[0]["matches"] as? Bool == true)
    #expect(objects[1]["binding"] as? String == "unknown")
    #expect(objects[1]["direction"] is NSNull)
    #expect(objects[1]["matches"] as? Bool == false)
    #expect(Set(objects[2].keys) == ["path", "error"])
    #expect(objects[2]["error"] as? String == Shelf.notAPDFReason)

    let mismatch = try PDFBindRunner.run("check", "--json", "--left-edge", right)
    #expect(mismatch.status == 1)
    #expect(mismatch.err == "")
    #expect(try jsonObjects(mismatch.stdout).first?["matches"] as? Bool == false)
  }

  @Test("check - reads the PDF from standard input")
  func standardInput() throws {
    let match = try PDFBindRunner.run(
      "check", "--right-edge", "-", input: try Shelf.Book.rightEdge.bytes)
    #expect((match.status, match.out, match.err) == (0, "", ""))
    let mismatch = try PDFBindRunner.run(
      "check", "--right-edge", "-", input: try Shelf.Book.unknown.bytes)
    #expect((mismatch.status, mismatch.out, mismatch.err) == (1, "-: unknown\n", ""))
    let empty = try PDFBindRunner.run("check", "--right-edge", "-", input: Data())
    #expect(empty.status == 2)
    #expect(empty.out == "")
    #expect(empty.err == "pdfbind: -: empty file (0 bytes), not a PDF\n")
  }
}
