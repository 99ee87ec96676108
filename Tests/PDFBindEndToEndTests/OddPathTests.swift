import Foundation
import PDFBindTestSupport
import Testing

/// Paths as users have them: spaces, a leading dash (after `--`), right-to-left script, JSON's
/// special characters, a newline (only a `-0` list can carry it) and bytes that are not UTF-8.
/// Text output prints each path's exact bytes; JSON output is always valid JSON, and shows a
/// byte sequence that is not UTF-8 as U+FFFD (JSON text must be Unicode).
@Suite("Odd paths")
struct OddPathTests {
  static let names = [
    "with space.pdf", "-dash.pdf", "كتاب عربي.pdf", "quote\"back\\slash\ttab.pdf",
  ]

  @Test("get, set and check print odd names as they are, after --")
  func plainOutput() throws {
    let shelf = try Shelf(Self.names.map { ($0, .unknown) })
    let paths = Self.names.map(shelf.path)

    let get = try PDFBindRunner.run(["get", "--"] + paths)
    #expect((get.status, get.err) == (0, ""))
    #expect(lines(get.out) == paths.map { "\($0): unknown" })

    let check = try PDFBindRunner.run(["check", "--right-edge", "--"] + paths)
    #expect((check.status, check.err) == (1, ""))
    #expect(lines(check.out) == paths.map { "\($0): unknown" })

    let set = try PDFBindRunner.run(["set", "--right-edge", "--"] + paths)
    #expect((set.status, set.err) == (0, ""))
    #expect(lines(set.out) == paths.map { "\($0): unknown -> right-edge" })
    for path in paths { #expect(try IndependentReaders.qpdfDirection(path) == "/R2L", "\(path)") }

    // A relative path that starts with a dash, the way `pdfbind get -- -dash.pdf` names it.
    let relative = try runProcess(
      "/bin/sh",
      [
        "-c", #"cd "$1" && exec "$0" get -- -dash.pdf"#, PDFBindRunner.executable,
        shelf.directory.path,
      ])
    #expect((relative.status, relative.out, relative.err) == (0, "right-edge\n", ""))
  }

  @Test("--json on get, set and check: valid JSON that gives each odd name back exactly")
  func json() throws {
    let shelf = try Shelf(Self.names.map { ($0, .rightEdge) } + [("new\nline.pdf", .rightEdge)])
    let paths = (Self.names + ["new\nline.pdf"]).map(shelf.path)
    let list = Data(paths.joined(separator: "\0").utf8)
    for command in [["get"], ["set", "--left-edge"], ["check", "--left-edge"]] {
      let result = try PDFBindRunner.run(
        command + ["--json", "--files-from", "-", "-0"], input: list)
      #expect(result.err == "", "\(command)")
      let objects = try jsonObjects(result.stdout)
      #expect(objects.map { $0["path"] as? String } == paths, "\(command)")
      // Control characters are escaped, so every object stays on its own line.
      #expect(lines(result.out).count == paths.count, "\(command)")
      #expect(result.out.contains(#"quote\"back\\slash\ttab.pdf"#), "\(command)")
      #expect(result.out.contains(#"new\nline.pdf"#), "\(command)")
    }
  }

  @Test("A newline in a name, from a -0 list, is printed as it is in text output")
  func newlineInText() throws {
    let shelf = try Shelf([("new\nline.pdf", .unknown)])
    let path = shelf.path("new\nline.pdf")
    let list = Data((path + "\0").utf8)
    let get = try PDFBindRunner.run("get", "-H", "--files-from", "-", "-0", input: list)
    #expect((get.status, get.out, get.err) == (0, "\(path): unknown\n", ""))
    let set = try PDFBindRunner.run("set", "--right-edge", "--files-from", "-", "-0", input: list)
    #expect((set.status, set.out, set.err) == (0, "\(path): unknown -> right-edge\n", ""))
    #expect(try IndependentReaders.qpdfDirection(path) == "/R2L")
  }

  /// `bad<FF>name.pdf`: 0xFF never occurs in UTF-8.
  static let notUTF8 = Array("bad".utf8) + [0xFF] + Array("name.pdf".utf8)
  /// `café.pdf` in Latin-1: 0xE9 followed by a dot is not UTF-8 either.
  static let latin1 = Array("caf".utf8) + [0xE9] + Array(".pdf".utf8)

  @Test("A name that is not UTF-8 keeps its bytes in text output and on standard error")
  func notUTF8Text() throws {
    let shelf = try Shelf()
    try shelf.add(raw: Self.notUTF8, .unknown)
    try shelf.add(raw: Self.latin1, .rightEdge)
    let bad = shelf.rawPath(Self.notUTF8)
    let cafe = shelf.rawPath(Self.latin1)
    let colon = Array(": ".utf8)

    let get = try PDFBindRunner.run(raw: [Array("get".utf8), bad, cafe])
    #expect(get.status == 0)
    #expect(
      get.stdout
        == Data(bad + colon + Array("unknown\n".utf8) + cafe + colon + Array("right-edge\n".utf8)))

    let check = try PDFBindRunner.run(raw: [
      Array("check".utf8), Array("--right-edge".utf8), bad, cafe,
    ])
    #expect(check.status == 1)
    #expect(check.stdout == Data(bad + colon + Array("unknown\n".utf8)))

    let set = try PDFBindRunner.run(raw: [Array("set".utf8), Array("--right-edge".utf8), bad, cafe])
    #expect(set.status == 0)
    #expect(
      set.stdout
        == Data(
          bad + colon + Array("unknown -> right-edge\n".utf8) + cafe + colon
            + Array("right-edge (unchanged)\n".utf8)))
    let after = try PDFBindRunner.run(raw: [Array("get".utf8), bad])
    #expect(after.stdout == Data("right-edge\n".utf8))
    // Nothing was written under the name with U+FFFD in place of the byte.
    #expect(!FileManager.default.fileExists(atPath: shelf.path("bad\u{FFFD}name.pdf")))

    // A failure line names the file with its bytes too.
    let missing = shelf.rawPath(Array("gone".utf8) + [0xFE] + Array(".pdf".utf8))
    let failed = try PDFBindRunner.run(raw: [Array("get".utf8), missing])
    #expect(failed.status == 2)
    #expect(failed.stdout.isEmpty)
    #expect(
      failed.stderr == Data(Array("pdfbind: ".utf8) + missing + Array(": no such file\n".utf8)))
  }

  @Test("JSON shows a name that is not UTF-8 with U+FFFD for each bad sequence, and stays valid")
  func notUTF8JSON() throws {
    let shelf = try Shelf()
    try shelf.add(raw: Self.notUTF8, .unknown)
    let bad = shelf.rawPath(Self.notUTF8)
    let shown = shelf.path("bad\u{FFFD}name.pdf")
    for command in [["get"], ["check", "--unknown"], ["set", "--unknown", "--dry-run"]] {
      let result = try PDFBindRunner.run(
        raw: command.map { Array($0.utf8) } + [Array("--json".utf8), bad])
      #expect(result.status == 0, "\(command): \(result.err)")
      let objects = try jsonObjects(result.stdout)
      #expect(objects.map { $0["path"] as? String } == [shown], "\(command)")
    }
    let failed = try PDFBindRunner.run(raw: [
      Array("get".utf8), Array("--json".utf8), shelf.rawPath([0xC3]),
    ])
    #expect(failed.status == 2)
    #expect(try jsonObjects(failed.stdout).first?["path"] as? String == shelf.path("\u{FFFD}"))
  }

  @Test("Names that are not UTF-8 in a -0 list, in a list's own name and in -o OUT")
  func notUTF8ListsAndOutput() throws {
    let shelf = try Shelf()
    try shelf.add(raw: Self.notUTF8, .unknown)
    try shelf.add(raw: Self.latin1, .unknown)
    let bad = shelf.rawPath(Self.notUTF8)
    let cafe = shelf.rawPath(Self.latin1)

    // The list on standard input.
    let list = shelf.path("list")
    try Data(bad + [0] + cafe + [0]).write(to: URL(fileURLWithPath: list))
    let fromStandardInput = try PDFBindRunner.run(
      raw: ["check", "--unknown", "-q", "--files-from", "-", "-0"].map { Array($0.utf8) },
      input: list)
    #expect(
      (fromStandardInput.status, fromStandardInput.stdout, fromStandardInput.err) == (0, Data(), "")
    )

    // A list whose own name is not UTF-8.
    let listName = Array("list".utf8) + [0xFF]
    try shelf.write(Data(bad + [0x0A]), raw: listName)
    let fromList = try PDFBindRunner.run(
      raw: ["get", "-H", "--files-from"].map { Array($0.utf8) } + [shelf.rawPath(listName)])
    #expect(fromList.status == 0, "\(fromList.err)")
    #expect(fromList.stdout == Data(bad + Array(": unknown\n".utf8)))
    let withEquals = try PDFBindRunner.run(
      raw: ["get", "-H"].map { Array($0.utf8) } + [
        Array("--files-from=".utf8) + shelf.rawPath(listName)
      ])
    #expect(withEquals.stdout == fromList.stdout, "\(withEquals.err)")

    // -o OUT writes to the exact bytes of OUT, even when OUT and the input decode alike.
    let out = shelf.rawPath(Array("bad".utf8) + [0xFE] + Array("name.pdf".utf8))
    let set = try PDFBindRunner.run(
      raw: ["set", "--right-edge", "-o"].map { Array($0.utf8) } + [out, bad])
    #expect(set.status == 0, "\(set.err)")
    #expect(set.stdout == Data(bad + Array(": unknown -> right-edge\n".utf8)))
    #expect(shelf.exists(raw: Array("bad".utf8) + [0xFE] + Array("name.pdf".utf8)))
    #expect(
      try PDFBindRunner.run(raw: [Array("get".utf8), out]).stdout == Data("right-edge\n".utf8))
    #expect(try PDFBindRunner.run(raw: [Array("get".utf8), bad]).stdout == Data("unknown\n".utf8))
    #expect(!FileManager.default.fileExists(atPath: shelf.path("bad\u{FFFD}name.pdf")))
  }
}
