import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "history": one line per revision, oldest first. Judged against the bytes (where each
/// `set` started and ended) and against qpdf reading each revision's prefix on its own.
@Suite("History")
struct HistoryTests {
  private static func size(_ path: String) throws -> Int {
    try Data(contentsOf: URL(fileURLWithPath: path)).count
  }

  /// The revisions of `--json` output, as dictionaries.
  private static func revisions(_ path: String, password: String? = nil) throws
    -> [[String: Any]]
  {
    let result = try PDFBindRunner.run(
      ["history", "--json"] + (password.map { ["--password", $0] } ?? []) + [path])
    #expect(result.status == 0, "\(result.err)")
    let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    return object?["revisions"] as? [[String: Any]] ?? []
  }

  /// qpdf's `/Direction` for the file's first `length` bytes, written to a file of their own.
  private static func qpdfDirection(_ path: String, prefix length: Int) throws -> String? {
    let prefix = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(length)
    let file = try Fixture.temporaryDirectory().appendingPathComponent("prefix.pdf")
    try prefix.write(to: file)
    return try IndependentReaders.qpdfDirection(file.path)
  }

  @Test("One revision: the original")
  func oneRevision() throws {
    let result = try PDFBindRunner.run("history", Fixture.path("unknown.pdf"))
    #expect(result.status == 0)
    #expect(result.out == "1: bytes 0-714 table: unknown, layout none; original\n")
  }

  @Test("Two and three revisions: pdfbind's update and another producer's")
  func twoAndThree() throws {
    let file = try Fixture.copy("unknown.pdf")
    #expect(try PDFBindRunner.run("set", "--right-edge", file).status == 0)
    let size = try Self.size(file)
    let two = try PDFBindRunner.run("history", file)
    #expect(
      two.out == """
        1: bytes 0-714 table: unknown, layout none; original
        2: bytes 714-\(size) table: right-edge, layout none; changed 1 (binding only); by pdfbind \
        0.2.0

        """)
    let three = try PDFBindRunner.run("history", Fixture.path("several-updates.pdf"))
    #expect(
      three.out == """
        1: bytes 0-795 table: unknown, layout none; original
        2: bytes 795-1108 table: unknown, layout none; changed 2
        3: bytes 1108-1422 table: unknown, layout none; changed 2

        """)
  }

  @Test(
    "A layout written with the binding: each revision's layout is what mutool reads there",
    arguments: [("--cover", "cover", "TwoPageRight"), ("--single", "single", "SinglePage")])
  func layout(option: String, shown: String, pageLayout: String) throws {
    let file = try Fixture.copy("unknown.pdf")
    #expect(try PDFBindRunner.run("set", option, file).status == 0)
    let middle = try Self.size(file)
    #expect(try PDFBindRunner.run("set", "--right-edge", file).status == 0)
    let size = try Self.size(file)
    #expect(
      try PDFBindRunner.run("history", file).out == """
        1: bytes 0-714 table: unknown, layout none; original
        2: bytes 714-\(middle) table: unknown, layout \(shown); changed 1 (binding only); by \
        pdfbind 0.2.0
        3: bytes \(middle)-\(size) table: right-edge, layout \(shown); changed 1 (binding only); \
        by pdfbind 0.2.0

        """)
    let layouts = try Self.revisions(file).map { $0["page_layout"] as? String }
    #expect(layouts == [nil, pageLayout, pageLayout])
    for (end, expected) in [(714, nil), (middle, pageLayout), (size, pageLayout)] {
      let prefix = try Data(contentsOf: URL(fileURLWithPath: file)).prefix(end)
      let path = try Fixture.temporaryDirectory().appendingPathComponent("prefix.pdf").path
      try prefix.write(to: URL(fileURLWithPath: path))
      #expect(try IndependentReaders.mutoolPageLayout(path) == expected.map { "/" + $0 })
    }
  }

  @Test("Eleven updates, back and forth: every revision's binding is what qpdf reads there")
  func backAndForth() throws {
    let file = try Fixture.copy("object-streams.pdf")
    var expected: [(binding: String, direction: String?, start: Int, end: Int)] = [
      ("left-edge", "/L2R", 0, try Self.size(file))
    ]
    let flags = [
      ("--right-edge", "right-edge", "/R2L"), ("--unknown", "unknown", nil),
      ("--left-edge", "left-edge", "/L2R"),
    ]
    for step in 0..<11 {
      let (flag, binding, direction) = flags[step % 3]
      let start = try Self.size(file)
      #expect(try PDFBindRunner.run("set", flag, file).status == 0)
      expected.append((binding, direction, start, try Self.size(file)))
    }
    let revisions = try Self.revisions(file)
    #expect(revisions.count == 12)
    for (index, revision) in revisions.enumerated() where index < expected.count {
      let want = expected[index]
      #expect(revision["number"] as? Int == index + 1)
      #expect(revision["binding"] as? String == want.binding, "revision \(index + 1)")
      #expect(revision["start"] as? Int == want.start)
      #expect(revision["end"] as? Int == want.end)
      #expect(revision["xref"] as? String == "stream")
      #expect(revision["by_pdfbind"] as? Bool == (index > 0))
      #expect(revision["binding_only"] as? Bool == (index > 0))
      #expect(try Self.qpdfDirection(file, prefix: want.end) == want.direction)
    }
    // The old values are still in the bytes; only the last revision's count.
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
    #expect(text.contains("/R2L") && text.contains("/L2R"))
  }

  @Test("Tables, hybrid, linearized: the number of revisions a reader would count")
  func kinds() throws {
    // A linearized file's first-page section ends in a %%EOF of its own, but is no revision.
    let linearized = try Fixture.copy("linearized.pdf")
    #expect(
      try PDFBindRunner.run("history", linearized).out
        == "1: bytes 0-1566 table: unknown, layout none; original\n")
    #expect(try PDFBindRunner.run("set", "--right-edge", linearized).status == 0)
    let revisions = try Self.revisions(linearized)
    #expect(revisions.count == 2)
    #expect(revisions.last?["start"] as? Int == 1566)
    #expect(revisions.last?["binding_only"] as? Bool == true)

    let hybrid = try Fixture.copy("hybrid.pdf")
    #expect(try PDFBindRunner.run("set", "--right-edge", hybrid).status == 0)
    let kinds = try Self.revisions(hybrid).map { $0["xref"] as? String }
    // pdfbind's update after a hybrid section repeats /XRefStm (Ghostscript reads the stream
    // only through the newest trailer), so it is a hybrid section too, as qpdf sees it.
    #expect(kinds == ["table", "hybrid", "hybrid"])
    let trailer = try runProcess(which("qpdf")!, ["--show-object=trailer", hybrid])
    #expect(trailer.out.contains("/XRefStm"), "\(trailer.out)")
  }

  @Test("Every clean corpus file has the number of revisions its MANIFEST counts")
  func corpusRevisionCounts() throws {
    for entry in CorpusSweepTests.entries {
      let notes = entry["structure_notes"] ?? ""
      guard !notes.contains("damaged("), !notes.contains("qpdf_check=errors"),
        !notes.contains("qpdf_check=crash"),
        let range = notes.range(of: "revisions="),
        let count = Int(notes[range.upperBound...].prefix { $0.isNumber })
      else { continue }
      let path = Fixture.corpus.appendingPathComponent(entry["file"]!).path
      let revisions = try Self.revisions(path, password: CorpusSweepTests.password(entry["file"]!))
      #expect(revisions.count == count, "\(entry["file"]!)")
      #expect(revisions.allSatisfy { $0["problem"] == nil }, "\(entry["file"]!)")
    }
  }

  @Test("Signatures: each covers the revisions inside its /ByteRange")
  func signatures() throws {
    let file = try Fixture.copy("signed-twice.pdf")
    #expect(try PDFBindRunner.run("set", "--right-edge", "--force", file).status == 0)
    let signatures = try Self.revisions(file).map { $0["signatures"] as? [String] ?? [] }
    #expect(
      signatures == [
        ["Signature1", "Signature2"], ["Signature1", "Signature2"], ["Signature2"], [],
      ])
  }

  @Test("Several files: each line starts with the path; JSON has one object per file")
  func severalFiles() throws {
    let first = Fixture.path("unknown.pdf")
    let second = Fixture.path("crlf.pdf")
    let text = try PDFBindRunner.run("history", first, second)
    #expect(
      text.out == """
        \(first): 1: bytes 0-714 table: unknown, layout none; original
        \(second): 1: bytes 0-761 table: right-edge, layout none; original

        """)
    let json = try PDFBindRunner.run("history", "--json", first, "missing.pdf")
    #expect(json.status == 2)
    let lines = json.out.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(
      lines.first
        == #"{"path":"\#(first)","revisions":[{"number":1,"start":0,"end":714,"xref":"table","binding":"unknown","direction":null,"page_layout":null,"changed":null,"trailer_changed":false,"binding_only":false,"by_pdfbind":false,"pdfbind_version":null,"signatures":[]}],"trailing_bytes":0}"#
    )
    #expect(lines.last == #"{"path":"missing.pdf","error":"no such file"}"#)
  }
}
