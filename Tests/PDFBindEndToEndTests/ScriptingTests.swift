import Foundation
import PDFBindTestSupport
import Testing

/// pdfbind inside scripts and pipelines (SPEC "Commands", "Exit status"): output in argument
/// order whatever --jobs is, a failed file that does not stop the others, --files-from lists,
/// and standard input and output.
@Suite("Scripting")
struct ScriptingTests {
  /// 30 files: unknown, right-edge and left-edge in turn, a file that is not a PDF at 11 and
  /// a missing one at 20.
  private func thirtyFiles() throws -> (shelf: Shelf, paths: [String]) {
    let shelf = try Shelf()
    let books: [Shelf.Book] = [.unknown, .rightEdge, .leftEdge]
    var paths: [String] = []
    for index in 0..<30 {
      let name = String(format: "%02d.pdf", index)
      switch index {
      case 11: try shelf.addJunk(name)
      case 20: break
      default: try shelf.add(name, books[index % books.count])
      }
      paths.append(shelf.path(name))
    }
    return (shelf, paths)
  }

  @Test("get and check print the same bytes with --jobs 1 and --jobs 4, in argument order")
  func jobsDoNotChangeReadOutput() throws {
    let (shelf, paths) = try thirtyFiles()
    for command in [["get"], ["check", "--right-edge"], ["get", "--json"]] {
      let one = try PDFBindRunner.run(command + ["--jobs", "1"] + paths)
      let four = try PDFBindRunner.run(command + ["-j", "4"] + paths)
      #expect(one.status == 2, "\(command)")
      #expect(four.status == one.status, "\(command)")
      #expect(four.stdout == one.stdout, "\(command)")
      #expect(four.stderr == one.stderr, "\(command)")
      #expect(
        lines(one.err) == [
          "pdfbind: \(shelf.path("11.pdf")): \(Shelf.notAPDFReason)",
          "pdfbind: \(shelf.path("20.pdf")): no such file",
        ], "\(command)")
    }
    let get = try PDFBindRunner.run(["get", "-j", "4"] + paths)
    let expected = paths.enumerated().compactMap { index, path -> String? in
      index == 11 || index == 20
        ? nil : "\(path): \(["unknown", "right-edge", "left-edge"][index % 3])"
    }
    #expect(lines(get.out) == expected)
  }

  @Test("A list longer than the inputs a batch holds at once still prints in order, each once")
  func longListInOrder() throws {
    let shelf = try Shelf()
    let books: [Shelf.Book] = [.unknown, .rightEdge, .leftEdge]
    for index in 0..<3 { try shelf.add("\(index).pdf", books[index]) }
    // 400 names, far more than the 64 inputs a batch takes before it prints the first.
    let paths = (0..<400).map { shelf.path("\($0 % 3).pdf") }
    let list = shelf.path("list.txt")
    try paths.joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
    let run = try PDFBindRunner.run(["get", "-j", "4", "--files-from", list])
    #expect(run.status == 0, "\(run.err)")
    #expect(
      lines(run.out)
        == paths.enumerated().map { "\($1): \(["unknown", "right-edge", "left-edge"][$0 % 3])" })
  }

  @Test("set reports in argument order with --jobs 1 and --jobs 4, and updates the same files")
  func jobsDoNotChangeSet() throws {
    var runs: [(shelf: Shelf, out: String, err: String, status: Int32)] = []
    for jobs in ["1", "4"] {
      let (shelf, paths) = try thirtyFiles()
      let result = try PDFBindRunner.run(["set", "--right-edge", "--jobs", jobs] + paths)
      // Compare the runs with their directories taken out.
      let strip = { (text: String) in text.replacingOccurrences(of: shelf.directory.path, with: "D")
      }
      runs.append((shelf, strip(result.out), strip(result.err), result.status))
    }
    #expect(runs[0].status == 2)
    #expect(runs[1].status == runs[0].status)
    #expect(runs[1].out == runs[0].out)
    #expect(runs[1].err == runs[0].err)
    #expect(lines(runs[0].out).count == 28)
    #expect(lines(runs[0].out)[0] == "D/00.pdf: unknown -> right-edge")
    #expect(lines(runs[0].out)[1] == "D/01.pdf: right-edge (unchanged)")
    #expect(lines(runs[0].out)[2] == "D/02.pdf: left-edge -> right-edge")
    for (shelf, _, _, _) in runs {
      for name in ["10.pdf", "12.pdf", "29.pdf"] {
        #expect(try IndependentReaders.qpdfDirection(shelf.path(name)) == "/R2L", "\(name)")
      }
    }
  }

  @Test("A bad file in the middle of a list is reported; the files after it are still updated")
  func keepsGoingAfterAFailure() throws {
    for mode in [[], ["--in-place"]] {
      let shelf = try Shelf([("a.pdf", .unknown), ("c.pdf", .leftEdge)])
      try shelf.addJunk("b.pdf")
      let junk = try shelf.bytes("b.pdf")
      let result = try PDFBindRunner.run(
        ["set", "--right-edge"] + mode + ["a.pdf", "b.pdf", "c.pdf"].map(shelf.path))
      #expect(result.status == 2)
      #expect(result.err == "pdfbind: \(shelf.path("b.pdf")): \(Shelf.notAPDFReason)\n")
      #expect(
        lines(result.out) == [
          "\(shelf.path("a.pdf")): unknown -> right-edge",
          "\(shelf.path("c.pdf")): left-edge -> right-edge",
        ])
      #expect(try shelf.bytes("b.pdf") == junk)
      try UpdateChecks.expectExactUpdate(
        shelf.path("a.pdf"), original: try Shelf.Book.unknown.bytes,
        originalPath: Shelf.Book.unknown.corpusPath, direction: "/R2L")
      #expect(try IndependentReaders.qpdfDirection(shelf.path("c.pdf")) == "/R2L")
    }
  }

  @Test("--files-from FILE: one path a line (blank lines and CRLF too), after the FILE arguments")
  func lineList() throws {
    let shelf = try Shelf([("a.pdf", .rightEdge), ("b.pdf", .unknown), ("c.pdf", .leftEdge)])
    let list = shelf.path("list.txt")
    try Data("\(shelf.path("b.pdf"))\n\n\(shelf.path("c.pdf"))\r\n".utf8)
      .write(to: URL(fileURLWithPath: list))
    let result = try PDFBindRunner.run("get", shelf.path("a.pdf"), "--files-from", list)
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(
      lines(result.out) == [
        "\(shelf.path("a.pdf")): right-edge", "\(shelf.path("b.pdf")): unknown",
        "\(shelf.path("c.pdf")): left-edge",
      ])
    // --files-from=LIST is the same option.
    let equals = try PDFBindRunner.run("get", "--files-from=\(list)", "--no-filename")
    #expect(equals.out == "unknown\nleft-edge\n")
  }

  @Test("-0: a NUL-separated list (find -print0) from a file and from standard input")
  func nulList() throws {
    let shelf = try Shelf([("new\nline.pdf", .rightEdge), ("plain.pdf", .unknown)])
    let listBytes = Data((shelf.path("new\nline.pdf") + "\0" + shelf.path("plain.pdf") + "\0").utf8)
    let expected =
      "\(shelf.path("new\nline.pdf")): right-edge\n\(shelf.path("plain.pdf")): unknown\n"

    let list = shelf.path("list.nul")
    try listBytes.write(to: URL(fileURLWithPath: list))
    let fromFile = try PDFBindRunner.run("get", "-0", "--files-from", list)
    #expect((fromFile.status, fromFile.out, fromFile.err) == (0, expected, ""))

    let fromStandardInput = try PDFBindRunner.run(
      "get", "--files-from", "-", "--null", input: listBytes)
    #expect(
      (fromStandardInput.status, fromStandardInput.out, fromStandardInput.err) == (0, expected, ""))

    // The README's pipeline: find -print0 | pdfbind set --right-edge --files-from - -0.
    let set = try PDFBindRunner.run(
      "set", "--right-edge", "--files-from", "-", "-0", input: listBytes)
    #expect(set.status == 0)
    #expect(
      set.out
        == "\(shelf.path("new\nline.pdf")): right-edge (unchanged)\n"
        + "\(shelf.path("plain.pdf")): unknown -> right-edge\n")
    #expect(try IndependentReaders.qpdfDirection(shelf.path("plain.pdf")) == "/R2L")
  }

  @Test("A list that cannot be read or names no file is a usage error (64)")
  func badLists() throws {
    let shelf = try Shelf()
    let empty = shelf.path("empty.txt")
    try Data("\n\n".utf8).write(to: URL(fileURLWithPath: empty))
    let none = try PDFBindRunner.run("get", "--files-from", empty)
    #expect(none.status == 64)
    #expect(none.out == "")
    #expect(none.err.hasPrefix("Error: The list \(empty) names no files."))
    let missing = try PDFBindRunner.run("get", "--files-from", shelf.path("nope.txt"))
    #expect(missing.status == 64)
    #expect(missing.err.hasPrefix("Error: Cannot read the list \(shelf.path("nope.txt"))"))
  }

  @Test("set - < a.pdf > b.pdf: b is a's bytes plus one update; the report goes to stderr")
  func standardInputToStandardOutput() throws {
    let original = try Shelf.Book.unknown.bytes
    let result = try PDFBindRunner.run("set", "--right-edge", "-", input: original)
    #expect(result.status == 0)
    #expect(result.err == "-: unknown -> right-edge\n")
    #expect(UpdateChecks.isAppendOnly(original: original, result: result.stdout))
    let shelf = try Shelf()
    try result.stdout.write(to: URL(fileURLWithPath: shelf.path("b.pdf")))
    try UpdateChecks.expectExactUpdate(
      shelf.path("b.pdf"), original: original, originalPath: Shelf.Book.unknown.corpusPath,
      direction: "/R2L")
    #expect(try IndependentReaders.qpdfDirection(shelf.path("b.pdf")) == "/R2L")
    #expect(UpdateChecks.lastSectionKind(result.stdout) == "table")

    // get - reads it back; -q leaves standard error empty; an unchanged file comes back as is.
    let get = try PDFBindRunner.run("get", "-", input: result.stdout)
    #expect((get.status, get.out, get.err) == (0, "right-edge\n", ""))
    let quiet = try PDFBindRunner.run("set", "-q", "--right-edge", "-", input: original)
    #expect((quiet.status, quiet.stdout, quiet.err) == (0, result.stdout, ""))
    let again = try PDFBindRunner.run("set", "--right-edge", "-", input: result.stdout)
    #expect(
      (again.status, again.stdout, again.err) == (0, result.stdout, "-: right-edge (unchanged)\n"))
  }

  @Test("get - and a file: standard input is named '-' among the others")
  func standardInputAmongFiles() throws {
    let shelf = try Shelf([("r.pdf", .rightEdge)])
    let result = try PDFBindRunner.run(
      "get", "-", shelf.path("r.pdf"), input: try Shelf.Book.unknown.bytes)
    #expect((result.status, result.err) == (0, ""))
    #expect(result.out == "-: unknown\n\(shelf.path("r.pdf")): right-edge\n")
  }

  @Test("-o - writes the PDF to stdout and the report to stderr; -o OUT - writes OUT")
  func outputOption() throws {
    let shelf = try Shelf([("a.pdf", .unknown)])
    let original = try shelf.bytes("a.pdf")
    let toStandardOutput = try PDFBindRunner.run(
      "set", "--right-edge", "-o", "-", shelf.path("a.pdf"))
    #expect(toStandardOutput.status == 0)
    #expect(toStandardOutput.err == "\(shelf.path("a.pdf")): unknown -> right-edge\n")
    #expect(UpdateChecks.isAppendOnly(original: original, result: toStandardOutput.stdout))
    #expect(try shelf.bytes("a.pdf") == original, "-o leaves the input untouched")

    // Standard input with -o OUT: the PDF goes to OUT, so the report is on standard output.
    let out = shelf.path("out.pdf")
    let fromStandardInput = try PDFBindRunner.run(
      "set", "--right-edge", "-o", out, "-", input: original)
    #expect(fromStandardInput.status == 0)
    #expect(fromStandardInput.out == "-: unknown -> right-edge\n")
    #expect(fromStandardInput.err == "")
    try UpdateChecks.expectExactUpdate(
      out, original: original, originalPath: Shelf.Book.unknown.corpusPath, direction: "/R2L")
  }

  @Test("set --json -: the JSON report, success or failure, goes to stderr; stdout is only PDF")
  func jsonWithStandardOutput() throws {
    let original = try Shelf.Book.unknown.bytes
    let result = try PDFBindRunner.run("set", "--json", "--right-edge", "-", input: original)
    #expect(result.status == 0)
    #expect(UpdateChecks.isAppendOnly(original: original, result: result.stdout))
    let report = try jsonObjects(result.stderr)
    #expect(report.count == 1)
    #expect(report.first?["path"] as? String == "-")
    #expect(report.first?["bytes_appended"] as? Int == result.stdout.count - original.count)

    let failed = try PDFBindRunner.run(
      "set", "--json", "--right-edge", "-", input: Data("junk".utf8))
    #expect(failed.status == 2)
    #expect(failed.stdout.isEmpty)
    let errorLines = lines(failed.err)
    #expect(errorLines.first == "pdfbind: -: \(Shelf.notAPDFReason)")
    let object = try jsonObjects(Data((errorLines.dropFirst().joined(separator: "\n") + "\n").utf8))
    #expect(object.first?["error"] as? String == Shelf.notAPDFReason)
  }
}
