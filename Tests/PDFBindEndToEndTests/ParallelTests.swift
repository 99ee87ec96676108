import Foundation
import PDFBindTestSupport
import Testing

/// GNU parallel (Debian `parallel`), found on PATH; moreutils has another program of that name.
enum GNUParallel {
  /// GNU parallel's path, or nil when `parallel` is missing or is not GNU parallel.
  static let path: String? = {
    guard let parallel = which("parallel"),
      let result = try? runProcess(parallel, ["--version"]),
      result.out.hasPrefix("GNU parallel")
    else { return nil }
    return parallel
  }()

  /// The trait of the tests that need it: skipped, saying why, where it is missing.
  static var available: ConditionTrait {
    .enabled(
      if: path != nil,
      "GNU parallel is not on PATH (Debian package parallel; make test-deps installs it)")
  }
}

/// README "A library on many machines: GNU parallel": a library split over GNU parallel's job
/// slots gets exactly what one `-r` run gives, and `set --auto` run twice changes nothing the
/// second time, so a re-run after a failure is safe. Two local job slots stand in for machines.
@Suite("GNU parallel", GNUParallel.available)
struct ParallelTests {
  /// The books, each with the decision MANIFEST.tsv gives its source: right-edge, left-edge
  /// and undecided, sidecar folders, a folder in a folder, and names with spaces.
  static let books: [(file: String, source: String)] = [
    ("Arabic/diwan.pdf", "arabic.pdf"),
    ("Arabic/Persian poets/divan.pdf", "persian.pdf"),
    ("Hebrew/siddur.pdf", "hebrew.pdf"),
    ("Manga shelf/vol 1.pdf", "japanese-vertical.pdf"),
    ("Manga shelf/PageDirection.pdf", "manga-pagedirection.pdf"),
    ("calibre-ara/book.pdf", "calibre-ara/book.pdf"),
    ("comic-rtl/book.pdf", "comic-rtl/book.pdf"),
    ("bilingual.pdf", "bilingual-arabic-english.pdf"),
    ("novel.pdf", "english.pdf"),
    ("roman.pdf", "russian.pdf"),
    ("scan.pdf", "scan.pdf"),
  ]

  let library: String

  init() throws {
    library = try Fixture.temporaryDirectory().appendingPathComponent("Library").path
    let manager = FileManager.default
    for (file, source) in Self.books {
      let destination = library + "/" + file
      try manager.createDirectory(
        atPath: (destination as NSString).deletingLastPathComponent,
        withIntermediateDirectories: true)
      try manager.copyItem(atPath: Fixture.path("suggest/" + source), toPath: destination)
    }
    for sidecar in ["calibre-ara/metadata.opf", "comic-rtl/ComicInfo.xml"] {
      try manager.copyItem(
        atPath: Fixture.path("suggest/" + sidecar), toPath: library + "/" + sidecar)
    }
  }

  /// Runs `script` with /bin/sh as the README's commands run: `pdfbind` on PATH (this build's),
  /// the library as $1.
  func shell(_ script: String) throws -> ProcessResult {
    let directory = (PDFBindRunner.executable as NSString).deletingLastPathComponent
    let path = directory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    return try runProcess("/bin/sh", ["-c", script, "sh", library], environment: ["PATH": path])
  }

  /// `find LIBRARY -name '*.pdf' -print0 | parallel -0 -X --jobs 2 pdfbind ARGUMENTS`.
  func parallel(_ arguments: String, joblog: String = "/dev/null") throws -> ProcessResult {
    try shell(
      "find \"$1\" -name '*.pdf' -print0 | parallel --will-cite -0 -X --jobs 2 --joblog '\(joblog)' "
        + "pdfbind \(arguments)")
  }

  func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

  /// Each file's bytes, by path.
  func snapshot() throws -> [String: Data] {
    try Dictionary(
      uniqueKeysWithValues: Self.books.map {
        ($0.file, try Data(contentsOf: URL(fileURLWithPath: library + "/" + $0.file)))
      })
  }

  @Test("suggest --json over two job slots gives exactly the JSON Lines of one -r run")
  func suggestSplitEqualsRecursive() throws {
    let joblog = try Fixture.temporaryDirectory().appendingPathComponent("jobs.tsv").path
    let split = try parallel("suggest --json", joblog: joblog)
    #expect(split.status == 0, "\(split.err)")
    #expect(split.err == "")
    // -X spread the books over both slots: two jobs, each pdfbind exiting 0 (column Exitval).
    let jobs = lines(try String(contentsOfFile: joblog, encoding: .utf8)).dropFirst()
    #expect(jobs.count == 2, "\(jobs)")
    #expect(jobs.allSatisfy { $0.split(separator: "\t")[6] == "0" }, "\(jobs)")

    let whole = try PDFBindRunner.run("suggest", "--json", "-r", library)
    #expect(whole.status == 0, "\(whole.err)")
    #expect(lines(split.out).sorted() == lines(whole.out).sorted())
    #expect(lines(whole.out).count == Self.books.count)

    // And the decisions are the ones a person chose for each source.
    let manifest = Dictionary(uniqueKeysWithValues: SuggestTests.manifest)
    for line in lines(split.out) {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let path = try #require(object["path"] as? String)
      let book = try #require(Self.books.first { library + "/" + $0.file == path }, "\(path)")
      #expect(object["decision"] as? String == manifest[book.source], "\(line)")
    }
  }

  @Test("set --auto over two job slots, then again: the second run changes no byte")
  func setAutoTwice() throws {
    let suggested = try PDFBindRunner.run("suggest", "--json", "-r", library)
    #expect(suggested.status == 0, "\(suggested.err)")
    var decisions: [String: String] = [:]
    for line in lines(suggested.out) {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      decisions[try #require(object["path"] as? String)] = object["decision"] as? String
    }
    // Not vacuous: all three decisions are in the library.
    #expect(Set(decisions.values) == ["right-edge", "left-edge", "undecided"], "\(decisions)")
    let original = try snapshot()

    let first = try parallel("set --auto")
    #expect(first.status == 0, "\(first.err)")
    #expect(first.err == "")
    let afterFirst = try snapshot()
    for (file, _) in Self.books {
      let path = library + "/" + file
      let decision = try #require(decisions[path], "\(path)")
      switch decision {
      case "undecided":
        #expect(lines(first.out).contains { $0.hasPrefix(path + ": undecided (") }, "\(first.out)")
        #expect(afterFirst[file] == original[file], "\(file)")
        #expect(try IndependentReaders.qpdfDirection(path) == nil, "\(file)")
      default:
        #expect(lines(first.out).contains(path + ": unknown -> " + decision), "\(first.out)")
        let expected = decision == "right-edge" ? "/R2L" : "/L2R"
        #expect(try IndependentReaders.qpdfDirection(path) == expected, "\(file)")
        // An incremental update: the original bytes are the start of the result.
        #expect(afterFirst[file]?.starts(with: original[file] ?? Data()) == true, "\(file)")
        #expect(afterFirst[file] != original[file], "\(file)")
      }
    }

    let second = try parallel("set --auto")
    #expect(second.status == 0, "\(second.err)")
    #expect(second.err == "")
    #expect(try snapshot() == afterFirst)
    for line in lines(second.out) {
      #expect(line.hasSuffix("(declared, unchanged)") || line.contains(": undecided ("), "\(line)")
    }
    #expect(lines(second.out).count == Self.books.count)
  }
}
