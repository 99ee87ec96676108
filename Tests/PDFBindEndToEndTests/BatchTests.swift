import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "check", "Exit status" and the common options, as scripts and pipelines use them:
/// statuses, argument order under --jobs, file lists, odd paths, JSON Lines, standard input.
@Suite("Batches and scripts")
struct BatchTests {
  /// A fresh directory with copies of fixtures under the given names.
  private func books(_ files: [(name: String, fixture: String)]) throws -> URL {
    let directory = try Fixture.temporaryDirectory()
    for file in files {
      try FileManager.default.copyItem(
        atPath: Fixture.path(file.fixture), toPath: directory.appendingPathComponent(file.name).path
      )
    }
    return directory
  }

  private func path(_ directory: URL, _ name: String) -> String {
    directory.appendingPathComponent(name).path
  }

  @Test("check: 0 when all match, 1 listing mismatches, 2 when a file fails (2 wins over 1)")
  func checkStatuses() throws {
    let directory = try books([("a.pdf", "right-edge.pdf"), ("b.pdf", "left-edge.pdf")])
    let a = path(directory, "a.pdf")
    let b = path(directory, "b.pdf")
    let missing = path(directory, "missing.pdf")

    let match = try PDFBindRunner.run("check", "--right-edge", a)
    #expect((match.status, match.out, match.err) == (0, "", ""))

    let mismatch = try PDFBindRunner.run("check", "--right-edge", a, b)
    #expect((mismatch.status, mismatch.out, mismatch.err) == (1, "\(b): left-edge\n", ""))

    let both = try PDFBindRunner.run("check", "--right-edge", a, missing, b)
    #expect(both.status == 2)
    #expect(both.out == "\(b): left-edge\n")
    #expect(both.err == "pdfbind: \(missing): no such file\n")

    let quiet = try PDFBindRunner.run("check", "-q", "--right-edge", a, b)
    #expect((quiet.status, quiet.out, quiet.err) == (1, "", ""))

    let json = try PDFBindRunner.run("check", "--json", "--left-edge", a, b, missing)
    #expect(json.status == 2)
    let objects = try jsonLines(json.stdout)
    #expect(objects.map { $0["path"] as? String } == [a, b, missing])
    #expect(objects.map { $0["matches"] as? Bool } == [false, true, nil])
    #expect(objects[0]["binding"] as? String == "right-edge")
    #expect(objects[0]["expected"] as? String == "left-edge")
    #expect(objects[2]["error"] as? String == "no such file")
  }

  private func jsonLines(_ data: Data) throws -> [[String: Any]] {
    try data.split(separator: UInt8(ascii: "\n")).map {
      try #require(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])
    }
  }

  @Test("--jobs changes nothing in the output: argument order, same status")
  func jobsKeepOrder() throws {
    let fixtures = ["unknown.pdf", "left-edge.pdf", "right-edge.pdf", "object-streams.pdf"]
    var files: [(String, String)] = []
    for index in 0..<32 {
      files.append((String(format: "%02d.pdf", index), fixtures[index % fixtures.count]))
    }
    let directory = try books(files)
    var paths = files.map { path(directory, $0.0) }
    paths.insert(path(directory, "not-there.pdf"), at: 13)
    let one = try PDFBindRunner.run(["get", "--jobs", "1"] + paths)
    #expect(one.status == 2)
    #expect(one.out.split(separator: "\n").count == 32)
    for jobs in ["2", "8"] {
      let many = try PDFBindRunner.run(["get", "-j", jobs] + paths)
      #expect((many.status, many.out, many.err) == (one.status, one.out, one.err), "jobs \(jobs)")
    }
    let set = try PDFBindRunner.run(["set", "--right-edge", "-j", "4"] + paths)
    #expect(set.status == 2)
    #expect(
      set.out.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        == paths.filter { !$0.hasSuffix("not-there.pdf") })
  }

  @Test("Odd paths (space, leading dash, Arabic, newline, not UTF-8) are printed as they are")
  func oddPaths() throws {
    let directory = try books([
      ("with space.pdf", "right-edge.pdf"), ("-dash.pdf", "left-edge.pdf"),
      ("كتاب.pdf", "right-edge.pdf"), ("new\nline.pdf", "unknown.pdf"),
    ])
    let names = ["with space.pdf", "-dash.pdf", "كتاب.pdf"]
    let result = try PDFBindRunner.run(["get", "--"] + names.map { path(directory, $0) })
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out
        == "\(path(directory, "with space.pdf")): right-edge\n\(path(directory, "-dash.pdf")): "
        + "left-edge\n\(path(directory, "كتاب.pdf")): right-edge\n")

    // A newline in a name needs a NUL-separated list, here from standard input.
    let list = Data(
      (path(directory, "new\nline.pdf") + "\0" + path(directory, "-dash.pdf") + "\0").utf8)
    let nul = try PDFBindRunner.run(["get", "--files-from", "-", "-0", "--json"], input: list)
    #expect(nul.status == 0, "\(nul.err)")
    let objects = try jsonLines(nul.stdout)
    #expect(
      objects.map { $0["path"] as? String } == [
        path(directory, "new\nline.pdf"), path(directory, "-dash.pdf"),
      ])

    // A name that is not UTF-8: plain output keeps its bytes, JSON stays valid (U+FFFD).
    let name = #""$(printf 'bad\377name.pdf')""#
    let shell = try runProcess(
      "/bin/sh",
      [
        "-c", #"cd "$1" && cp "$2" "# + name + #" && exec "$0" get -H "# + name,
        PDFBindRunner.executable, directory.path, Fixture.path("left-edge.pdf"),
      ])
    #expect(shell.stdout == Data("bad".utf8) + Data([0xFF]) + Data("name.pdf: left-edge\n".utf8))
    let json = try runProcess(
      "/bin/sh",
      ["-c", #"cd "$1" && exec "$0" get --json "# + name, PDFBindRunner.executable, directory.path])
    #expect(try jsonLines(json.stdout).first?["path"] as? String == "bad\u{FFFD}name.pdf")
  }

  @Test("--files-from reads a list from a file, one path a line or NUL-separated")
  func filesFrom() throws {
    let directory = try books([("a.pdf", "right-edge.pdf"), ("b.pdf", "unknown.pdf")])
    let lines = directory.appendingPathComponent("list.txt")
    try Data("\(path(directory, "a.pdf"))\n\(path(directory, "b.pdf"))\n".utf8).write(to: lines)
    let result = try PDFBindRunner.run("get", "--files-from", lines.path)
    #expect(
      result.out
        == "\(path(directory, "a.pdf")): right-edge\n\(path(directory, "b.pdf")): unknown\n")
    let nul = directory.appendingPathComponent("list.nul")
    try Data("\(path(directory, "b.pdf"))\0".utf8).write(to: nul)
    #expect(try PDFBindRunner.run("get", "-0", "--files-from", nul.path).out == "unknown\n")
  }

  @Test("set - reads standard input and writes the result to standard output")
  func standardInputRoundTrip() throws {
    let original = try Fixture.bytes("unknown.pdf")
    let result = try PDFBindRunner.run(["set", "--right-edge", "-"], input: original)
    #expect(result.status == 0)
    #expect(result.err == "-: unknown -> right-edge\n")
    let output = try Fixture.temporaryDirectory().appendingPathComponent("b.pdf")
    try result.stdout.write(to: output)
    #expect(UpdateChecks.isAppendOnly(original: original, result: result.stdout))
    try UpdateChecks.expectExactUpdate(
      output.path, original: original, originalPath: Fixture.path("unknown.pdf"),
      direction: "/R2L")
    let get = try PDFBindRunner.run(["get", "-"], input: result.stdout)
    #expect(get.out == "right-edge\n")
  }

  @Test("--json on get and set: one valid object per file, with the fields SPEC names")
  func jsonFields() throws {
    let directory = try books([("a.pdf", "lowercase-r2l.pdf"), ("b.pdf", "right-edge.pdf")])
    let get = try PDFBindRunner.run("get", "--json", path(directory, "a.pdf"))
    #expect(
      get.out
        == "{\"path\":\"\(path(directory, "a.pdf"))\",\"binding\":\"unknown\",\"direction\":\"r2l\"}\n"
    )
    let set = try PDFBindRunner.run(
      "set", "--right-edge", "--json", path(directory, "a.pdf"), path(directory, "b.pdf"))
    let objects = try jsonLines(set.stdout)
    #expect(objects.count == 2)
    #expect(objects[0]["binding_before"] as? String == "unknown")
    #expect(objects[0]["direction_before"] as? String == "r2l")
    #expect(objects[0]["binding"] as? String == "right-edge")
    #expect(objects[0]["changed"] as? Bool == true)
    let appended = try #require(objects[0]["bytes_appended"] as? Int)
    #expect(
      appended == (try Data(contentsOf: URL(fileURLWithPath: path(directory, "a.pdf")))).count
        - (try Fixture.bytes("lowercase-r2l.pdf")).count)
    #expect(objects[1]["changed"] as? Bool == false)
    #expect(objects[1]["bytes_appended"] as? Int == 0)
  }

  @Test("A long run on a terminal shows one progress line; piped or -q, none")
  func progressLine() throws {
    let directory = try Fixture.temporaryDirectory()
    var paths: [String] = []
    for index in 0..<2_000 {
      let path = directory.appendingPathComponent("\(index).pdf").path
      try FileManager.default.linkItem(atPath: Fixture.path("unknown.pdf"), toPath: path)
      paths.append(path)
    }
    let list = directory.appendingPathComponent("list")
    try Data(paths.joined(separator: "\n").utf8).write(to: list)
    // A pseudo-terminal as standard error (what a user watching the run has); standard
    // output goes to /dev/null.
    func underTerminal(_ options: [String]) throws -> String {
      try IndependentReaders.runPython(
        """
        import os, subprocess, sys
        leader, follower = os.openpty()
        child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=follower)
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        child.wait()
        sys.stdout.buffer.write(seen)
        """,
        arguments: [PDFBindRunner.executable, "get", "--files-from", list.path] + options
      ).out
    }
    let shown = try underTerminal([])
    #expect(shown.contains("/2000 files, "))
    #expect(shown.contains(", 0 failed"))
    #expect(shown.hasSuffix("\r\u{1B}[K"), "the line is taken down at the end")
    #expect(try !underTerminal(["-q"]).contains("files, "))
    let piped = try PDFBindRunner.run("get", "--files-from", list.path)
    #expect(!piped.err.contains("files, "))
  }
}
