import Foundation
import Glibc
import PDFBindTestSupport
import Testing

/// SPEC "What pdfbind remembers": a second run over a library reads only what changed and
/// prints the same bytes; a cache that cannot be used is one warning, never a failure. Each
/// test has a cache folder (XDG_CACHE_HOME) and a copy of Fixtures/suggest of its own. A hit
/// is seen in `pdfbind cache`'s counts: answers remembered, and found by reading the pages.
@Suite("cache")
struct CacheTests: CachedLibrary {
  let library: String
  let cacheHome: String

  init() throws { (library, cacheHome) = try Self.makeLibrary() }

  /// Text books, a sidecar folder, a scan read from its picture, a declared binding.
  static let books = [
    "arabic.pdf", "english.pdf", "japanese-vertical.pdf", "calibre-ara/book.pdf",
    "scan.pdf", "manga-pagedirection.pdf",
  ]

  /// (answers remembered, answers found by reading) since the cache was emptied.
  func counts() throws -> (remembered: Int, found: Int) {
    let line = try run(["cache"]).out
    func number(after label: String) -> Int {
      guard let range = line.range(of: label + ": ") else { return 0 }
      return Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }
    return (number(after: "answers remembered"), number(after: "found by reading"))
  }

  @Test(
    "A second run prints the same bytes and reads no page",
    arguments: [
      ["suggest"], ["suggest", "--json"], ["check", "--auto"], ["set", "--auto", "--dry-run"],
    ])
  func secondRun(command: [String]) throws {
    let arguments = command + Self.books.map(path)
    let fresh = try run(arguments + ["--no-cache"])
    let first = try run(arguments)
    let second = try run(arguments)
    for result in [first, second] {
      #expect(result.stdout == fresh.stdout)
      #expect(result.stderr == fresh.stderr)
      #expect(result.status == fresh.status)
    }
    let (remembered, found) = try counts()
    #expect(found == Self.books.count && remembered == Self.books.count, "\(remembered), \(found)")
  }

  @Test("A book named twice in one run is read once: what the run told is what it reads back")
  func sameBookTwice() throws {
    // The keeper answers the second question from what the first reading told it.
    let arguments = ["suggest", "-j", "1", path("arabic.pdf"), path("arabic.pdf")]
    let fresh = try run(arguments + ["--no-cache"])
    let twice = try run(arguments)
    #expect(twice.stdout == fresh.stdout)
    #expect(twice.status == fresh.status)
    let (remembered, found) = try counts()
    #expect(remembered == 1 && found == 1, "remembered \(remembered), found \(found)")
  }

  @Test("What a run found is written while the run goes on, not only when it ends")
  func writtenWhileTheRunGoesOn() throws {
    var shown = ""
    let lines = try PDFBindRunner.suggestWhileWaiting(
      on: path("arabic.pdf"), then: try Data(contentsOf: URL(fileURLWithPath: path("english.pdf"))),
      environment: cacheEnvironment
    ) { _ in
      // The keeper writes each answer as it is told, without waiting for the run's end.
      usleep(500_000)
      shown = try run(["cache"]).out
    }
    #expect(lines.count == 2)
    #expect(shown.hasPrefix("\(database): 1 file, "), "\(shown)")
  }

  @Test("review's page and pictures are the same with the cache")
  func review() throws {
    let pages = try (0..<3).map { round in
      let folder = try Fixture.temporaryDirectory()
      let page = folder.appendingPathComponent("review.html").path
      let result = try run(
        ["review", "-q", "-o", page] + Self.books.map(path) + (round == 0 ? ["--no-cache"] : []))
      #expect(result.status == 0, "\(result.err)")
      let pictures = folder.appendingPathComponent("review_files").path
      let names = try FileManager.default.contentsOfDirectory(atPath: pictures).sorted()
      let bytes = try names.map { try Data(contentsOf: URL(fileURLWithPath: pictures + "/" + $0)) }
      return (try String(contentsOfFile: page, encoding: .utf8), names, bytes)
    }
    #expect(!pages[0].1.isEmpty)
    for round in 1...2 {
      #expect(pages[round].0 == pages[0].0)
      #expect(pages[round].1 == pages[0].1 && pages[round].2 == pages[0].2)
    }
    #expect(try counts() == (Self.books.count, Self.books.count))
  }

  @Test("A changed book is read again: an appended update, a new time, another file")
  func changedBooks() throws {
    let book = path("arabic.pdf")
    _ = try run(["suggest", book])
    // An update appended by another tool (here pdfbind set, which updates no cache).
    #expect(try run(["set", "--left-edge", "--in-place", book]).status == 0)
    #expect(try run(["suggest", book]).out.contains("(declared left-edge, conflict;"))
    #expect(try counts() == (0, 2))
    // The same size and bytes, a new modification time.
    var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 0, tv_nsec: 0)]
    times[1] = times[0]
    #expect(utimensat(AT_FDCWD, book, &times, 0) == 0)
    _ = try run(["suggest", book])
    #expect(try counts() == (0, 3))
    // Replaced by another book of the same name.
    try FileManager.default.removeItem(atPath: book)
    try FileManager.default.copyItem(atPath: path("english.pdf"), toPath: book)
    let replaced = try run(["suggest", book]).out
    #expect(replaced == (try run(["suggest", "--no-cache", book]).out))
    #expect(replaced.contains(": left-edge (text:"))
    #expect(try counts() == (0, 4))
  }

  /// Debian's script data for Tesseract (tesseract-ocr-osd), if installed.
  static let scriptData = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tessdata"]
    .map { $0 + "/osd.traineddata" }.first { access($0, R_OK) == 0 }

  @Test(
    "An upgraded poppler or Tesseract finds every answer again: here, new script data",
    .enabled(if: scriptData != nil, "needs Tesseract's script data (Debian: tesseract-ocr-osd)"))
  func upgradedPageTools() throws {
    let data = try Fixture.temporaryDirectory().path
    try FileManager.default.copyItem(atPath: Self.scriptData!, toPath: data + "/osd.traineddata")
    let tools = ["TESSDATA_PREFIX": data]
    let book = path("scan.pdf")
    let fresh = try run(["suggest", "--no-cache", book], tools).out
    #expect(fresh.contains("page-script:"), "\(fresh)")
    _ = try run(["suggest", book], tools)
    #expect(try run(["suggest", book], tools).out == fresh)
    #expect(try counts() == (1, 1))
    // The same bytes, a new time: as after `apt-get upgrade tesseract-ocr-osd`.
    var times = [
      timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0),
    ]
    #expect(utimensat(AT_FDCWD, data + "/osd.traineddata", &times, 0) == 0)
    #expect(try run(["suggest", book], tools).out == fresh)
    #expect(try counts() == (1, 2))
    // And the answer found with the new data is remembered under it.
    #expect(try run(["suggest", book], tools).out == fresh)
    #expect(try counts() == (2, 2))
  }

  @Test("A page stopped while it waited is not remembered: another run may not wait")
  func waitingStopped() throws {
    let book = path("scan.pdf")
    let limits = ["PDFBIND_PAGE_TIMEOUT": "1"]
    // Asleep, the page uses no processor time: its time waiting (1 s) stops it.
    let asleep = limits.merging(["PDFBIND_TEST_WORKER_FAULT": "hang-drawing:1"]) { $1 }
    let stopped = try run(["suggest", book], asleep).out
    #expect(stopped.contains("page 1 not drawn: it waited 1 s without computing"))
    let fresh = try run(["suggest", "--no-cache", book], limits).out
    #expect(!fresh.contains("not drawn"), "\(fresh)")
    #expect(try run(["suggest", book], limits).out == fresh)
    #expect(try counts().remembered == 0)
  }

  @Test("Answers are kept under the page work's limits: a larger limit reads the pages again")
  func limitsChanged() throws {
    let book = path("scan.pdf")
    let small = ["PDFBIND_WORKER_MEMORY": "100"]
    let grown = small.merging(["PDFBIND_TEST_WORKER_FAULT": "grow-drawing:1"]) { $1 }
    // What the memory limit stopped is the page's, not the run's: it is remembered.
    let stopped = try run(["suggest", book], grown).out
    #expect(stopped.contains("page 1 not drawn: it needed more than the 100 MiB"), "\(stopped)")
    #expect(try run(["suggest", book], small).out == stopped)
    let larger = ["PDFBIND_WORKER_MEMORY": "200"]
    let fresh = try run(["suggest", "--no-cache", book], larger).out
    #expect(!fresh.contains("not drawn"), "\(fresh)")
    #expect(try run(["suggest", book], larger).out == fresh)
  }

  @Test("set --auto keeps what it decided for the bytes it wrote")
  func setAuto() throws {
    let books = ["arabic.pdf", "scan-lang-ar.pdf"].map(path)
    #expect(try run(["set", "--auto"] + books).status == 0)
    let after = try run(["suggest", "--json"] + books)
    #expect(after.stdout == (try run(["suggest", "--json", "--no-cache"] + books)).stdout)
    #expect(after.out.contains("\"declared\":\"right-edge\""))
    #expect(try counts() == (2, 2))
  }

  @Test("--no-cache and PDFBIND_CACHE=off neither read nor write it")
  func bypassed() throws {
    _ = try run(["suggest", "--no-cache", path("arabic.pdf")])
    _ = try run(["suggest", path("arabic.pdf")], ["PDFBIND_CACHE": "off"])
    _ = try run(["check", "--auto", "--no-cache", path("arabic.pdf")])
    #expect(!FileManager.default.fileExists(atPath: database))
    // get, set and check without --auto never open it.
    _ = try run(["get", path("arabic.pdf")])
    _ = try run(["check", "--left-edge", path("arabic.pdf")])
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test("pdfbind cache says where it is and what it holds; --clear empties it")
  func cacheCommand() throws {
    #expect(try run(["cache"]).out == "\(database): empty (0 files, 0 bytes)\n")
    _ = try run(["suggest", path("arabic.pdf"), path("english.pdf")])
    let shown = try run(["cache"]).out
    #expect(shown.hasPrefix("\(database): 2 files, "), "\(shown)")
    #expect(shown.contains(" bytes (answers remembered: 0, found by reading: 2)"))
    #expect(try run(["cache", "--clear"]).out == "\(database): emptied (2 files forgotten)\n")
    #expect(try run(["cache"]).out.hasPrefix("\(database): 0 files, "))
  }

  @Test("File names that are not UTF-8 are remembered as bytes")
  func bytesNames() throws {
    let name = Array(library.utf8) + Array("/caf".utf8) + [0xE9, 0xFF] + Array(".pdf".utf8)
    let source = try Data(contentsOf: URL(fileURLWithPath: path("hebrew.pdf")))
    let descriptor = open(name.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
    try #require(descriptor >= 0)
    _ = source.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    let first = try PDFBindRunner.run(
      raw: [Array("suggest".utf8), name], environment: cacheEnvironment)
    let second = try PDFBindRunner.run(
      raw: [Array("suggest".utf8), name], environment: cacheEnvironment)
    #expect(first.status == 0 && second.stdout == first.stdout)
    #expect(first.stdout.starts(with: name))
    #expect(try counts() == (1, 1))
  }
}
