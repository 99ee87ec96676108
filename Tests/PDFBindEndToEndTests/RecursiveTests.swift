import Foundation
import Glibc
import PDFBindTestSupport
import Testing

/// SPEC "Walking a library": -r walks directories for .pdf files (any case), sorted, without
/// following links to directories, reporting unreadable folders and going on; without -r a
/// directory stays an error.
@Suite("-r / --recursive")
struct RecursiveTests {
  let root: String

  /// root/a.pdf, root/B/c.PDF, root/B/d/e.pdf, root/B/notes.txt, root/B/link -> outside/,
  /// root/z.pdf -> outside/f.pdf (a link to a file), outside/f.pdf.
  init() throws {
    let base = try Fixture.temporaryDirectory().path
    root = base + "/library"
    let manager = FileManager.default
    for folder in [root + "/B/d", base + "/outside"] {
      try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    for file in ["a.pdf", "B/c.PDF", "B/d/e.pdf"] {
      try manager.copyItem(atPath: Fixture.path("unknown.pdf"), toPath: root + "/" + file)
    }
    try manager.copyItem(atPath: Fixture.path("right-edge.pdf"), toPath: base + "/outside/f.pdf")
    try "not a pdf".write(toFile: root + "/B/notes.txt", atomically: true, encoding: .utf8)
    try manager.createSymbolicLink(atPath: root + "/B/link", withDestinationPath: base + "/outside")
    try manager.createSymbolicLink(
      atPath: root + "/z.pdf", withDestinationPath: base + "/outside/f.pdf")
  }

  @Test("Nested folders, .PDF in capitals, sorted; a linked directory is not followed")
  func walk() throws {
    let result = try PDFBindRunner.run("get", "-r", root)
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out == """
        \(root)/B/c.PDF: unknown
        \(root)/B/d/e.pdf: unknown
        \(root)/a.pdf: unknown
        \(root)/z.pdf: right-edge

        """)
    #expect(result.err == "")
  }

  @Test("Named files and walked folders keep argument order; --json and --files-from too")
  func mixedInputs() throws {
    let list = try Fixture.temporaryDirectory().appendingPathComponent("list").path
    try "\(root)/B/d\n".write(toFile: list, atomically: true, encoding: .utf8)
    let result = try PDFBindRunner.run(
      "get", "--json", "--recursive", Fixture.path("left-edge.pdf"), root + "/B/", "--files-from",
      list)
    #expect(result.status == 0)
    let paths = result.out.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }.compactMap { $0["path"] as? String }
    #expect(
      paths == [
        Fixture.path("left-edge.pdf"), root + "/B/c.PDF", root + "/B/d/e.pdf",
        root + "/B/d/e.pdf",
      ])
  }

  @Test("Without -r a directory is an error, as before")
  func directoryWithoutRecursive() throws {
    let result = try PDFBindRunner.run("get", root, Fixture.path("unknown.pdf"))
    #expect(result.status == 2)
    #expect(result.err == "pdfbind: \(root): is a directory, not a PDF file\n")
    #expect(result.out == "\(Fixture.path("unknown.pdf")): unknown\n")
  }

  @Test("An unreadable folder is reported and skipped; the walk goes on; status 2")
  func unreadableFolder() throws {
    let locked = root + "/B/d"
    #expect(chmod(locked, 0) == 0)
    defer { chmod(locked, 0o755) }
    // Root reads any folder whatever its mode: run pdfbind without the capabilities that
    // override file permissions (setpriv, util-linux), so the mode applies as for a user.
    var command = ["get", "-r", root]
    var executable = PDFBindRunner.executable
    if geteuid() == 0 {
      let setpriv = "/usr/bin/setpriv"
      try #require(
        FileManager.default.isExecutableFile(atPath: setpriv),
        "running as root, and setpriv (util-linux) is missing to drop CAP_DAC_OVERRIDE")
      command =
        [
          "--bounding-set=-dac_override,-dac_read_search",
          "--inh-caps=-dac_override,-dac_read_search", executable,
        ] + command
      executable = setpriv
    }
    let result = try runProcess(executable, command)
    #expect(result.status == 2)
    #expect(
      result.err == "pdfbind: \(locked): permission denied: pdfbind cannot read this "
        + "directory; its files were skipped\n")
    #expect(
      result.out == """
        \(root)/B/c.PDF: unknown
        \(root)/a.pdf: unknown
        \(root)/z.pdf: right-edge

        """)
  }

  @Test("set --auto -r treats a whole library")
  func setAutoLibrary() throws {
    let library = try Fixture.temporaryDirectory().appendingPathComponent("books").path
    try FileManager.default.copyItem(atPath: Fixture.path("suggest"), toPath: library)
    let result = try PDFBindRunner.run("set", "--auto", "-r", library)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("\(library)/arabic.pdf: unknown -> right-edge\n"))
    #expect(result.out.contains("\(library)/scan.pdf: undecided ("))
    #expect(try IndependentReaders.qpdfDirection(library + "/comic-rtl/book.pdf") == "/R2L")
    #expect(try IndependentReaders.qpdfDirection(library + "/english.pdf") == "/L2R")
    #expect(try IndependentReaders.qpdfDirection(library + "/scan.pdf") == nil)
    let check = try PDFBindRunner.run("check", "--auto", "-r", library)
    #expect(check.status == 0, "\(check.out)")
  }

  @Test("-o refuses -r")
  func outputWithRecursive() throws {
    let result = try PDFBindRunner.run("set", "--left-edge", "-r", root, "-o", "/dev/null")
    #expect(result.status == 64)
  }

  @Test("spreads -r walks the same files, each line naming its file")
  func spreadsWalk() throws {
    let result = try PDFBindRunner.run("spreads", "-r", root)
    #expect(result.status == 0, "\(result.err)")
    let paths = result.out.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
    #expect(
      paths == [root + "/B/c.PDF", root + "/B/d/e.pdf", root + "/a.pdf", root + "/z.pdf"],
      "\(result.out)")
  }

  @Test("history -r and revert -r walk the same files; revert gives back the original bytes")
  func historyAndRevertWalk() throws {
    #expect(try PDFBindRunner.run("set", "-q", "--left-edge", "-r", root).status == 0)
    let files = [root + "/B/c.PDF", root + "/B/d/e.pdf", root + "/a.pdf", root + "/z.pdf"]
    let history = try PDFBindRunner.run("history", "-r", root)
    #expect(history.status == 0, "\(history.err)")
    let lines = history.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 8, "\(history.out)")
    for (index, file) in files.enumerated() {
      #expect(lines[2 * index].hasPrefix(file + ": 1: "))
      #expect(lines[2 * index + 1].hasPrefix(file + ": 2: "))
    }
    let revert = try PDFBindRunner.run("revert", "-r", root)
    #expect(revert.status == 0, "\(revert.err)")
    for file in files.dropLast() {
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: file))
          == Data(contentsOf: URL(fileURLWithPath: Fixture.path("unknown.pdf"))))
      #expect(try IndependentReaders.mutoolDirection(file) == nil)
    }
    #expect(try PDFBindRunner.run("revert", "-r", root, "-o", "/dev/null").status == 64)
  }
}
