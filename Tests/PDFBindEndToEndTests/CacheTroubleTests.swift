import Foundation
import Glibc
import PDFBindTestSupport
import Testing

/// SPEC "What pdfbind remembers": a cache that is damaged, from a newer pdfbind, read-only,
/// on a full disk or held by another run is one warning and the right output; two runs at once
/// both succeed and both are remembered.
@Suite("cache trouble")
struct CacheTroubleTests: CachedLibrary {
  let library: String
  let cacheHome: String
  static let books = ["arabic.pdf", "english.pdf", "hebrew.pdf", "scan-lang-ar.pdf"]
  var paths: [String] { Self.books.map(path) }

  init() throws { (library, cacheHome) = try Self.makeLibrary() }

  /// suggest over the books prints what it prints without the cache, and `warning` (or no
  /// warning) once on standard error.
  func expectRightOutput(warning: String?, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let fresh = try run(["suggest", "--no-cache"] + paths)
    let result = try run(["suggest"] + paths)
    #expect(result.status == 0, sourceLocation: sourceLocation)
    #expect(result.stdout == fresh.stdout, sourceLocation: sourceLocation)
    let lines = result.err.split(separator: "\n")
    if let warning {
      #expect(lines.count == 1, "\(result.err)", sourceLocation: sourceLocation)
      #expect(
        lines.first?.hasPrefix("pdfbind: warning: ") == true
          && lines.first?.contains(warning) == true, "\(result.err)",
        sourceLocation: sourceLocation)
    } else {
      #expect(lines.isEmpty, "\(result.err)", sourceLocation: sourceLocation)
    }
  }

  static var isRoot: Bool { geteuid() == 0 }

  @Test("A damaged cache is one warning, and started again")
  func damaged() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: database))
    try expectRightOutput(warning: "was damaged (file is not a database); it was emptied")
    try expectRightOutput(warning: nil)
    #expect(try run(["cache"]).out.contains("answers remembered: \(Self.books.count),"))
  }

  @Test(
    "A cache from a newer pdfbind is one warning and left as it is",
    .enabled(if: sqlite3 != nil, "needs the sqlite3 command (Debian: sqlite3)"))
  func newer() throws {
    try expectRightOutput(warning: nil)
    _ = try query("PRAGMA user_version = 99")
    try expectRightOutput(warning: "was written by a newer pdfbind (schema 99, this one reads 3)")
    #expect(try query("PRAGMA user_version") == "99\n")
    #expect(try run(["cache", "--clear"]).out.contains(": removed (it could not be read"))
    try expectRightOutput(warning: nil)
  }

  @Test(
    "A keeper that crashes, or does not answer in time, is one warning and the right output",
    arguments: [
      ("crash", "the cache's keeper stopped (signal 11); this run goes on without the cache"),
      (
        "hang",
        "the cache's keeper did not answer within 10 s; this run goes on without the cache"
      ),
    ])
  func keeperStops(fault: String, warning: String) throws {
    let fresh = try run(["suggest", "--no-cache"] + paths)
    // No wait for a lock: the keeper's answers are then awaited 10 s.
    let result = try run(
      ["suggest"] + paths, ["PDFBIND_TEST_CACHE_FAULT": fault, "PDFBIND_CACHE_WAIT": "0"])
    #expect(result.status == 0)
    #expect(result.stdout == fresh.stdout)
    #expect(result.err == "pdfbind: warning: \(warning)\n")
    // No keeper is left behind: the next run, without the fault, finds the cache as it was.
    try expectRightOutput(warning: nil)
  }

  @Test(
    "A pdfbind copied without its keeper (pdfbind-cache) is one warning, and the right output")
  func keeperMissing() throws {
    let alone = try Fixture.temporaryDirectory().appendingPathComponent("pdfbind").path
    try FileManager.default.copyItem(atPath: PDFBindRunner.executable, toPath: alone)
    let fresh = try run(["suggest", "--no-cache"] + paths)
    let result = try runProcess(alone, ["suggest"] + paths, environment: cacheEnvironment)
    #expect(result.status == 0)
    #expect(result.stdout == fresh.stdout)
    let missing = (alone as NSString).deletingLastPathComponent + "/pdfbind-cache"
    #expect(
      result.err
        == "pdfbind: warning: the cache cannot be used: its keeper \(missing) is missing "
        + "(install pdfbind whole, or pass --no-cache); this run goes on without it\n")
    // Nothing was kept, and get, which never asks the cache, says nothing.
    #expect(!FileManager.default.fileExists(atPath: database))
    let get = try runProcess(alone, ["get", paths[0]], environment: cacheEnvironment)
    #expect(get.status == 0 && get.err.isEmpty, "\(get.err)")
  }

  @Test("A cache folder that cannot be written is one warning")
  func readOnly() throws {
    if Self.isRoot {
      // Root writes through permissions: a read-only mount is what stops it.
      try FileManager.default.createDirectory(atPath: cacheHome, withIntermediateDirectories: true)
      try withMount(["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", cacheHome]) {
        try expectRightOutput(warning: "cannot be opened (unable to open database file)")
      }
    } else {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      chmod(folder, 0o555)
      defer { chmod(folder, 0o755) }
      try expectRightOutput(warning: "cannot be opened (")
    }
  }

  @Test(
    "A full disk is one warning", .enabled(if: isRoot, "needs root to mount a small tmpfs"))
  func fullDisk() throws {
    try FileManager.default.createDirectory(atPath: cacheHome, withIntermediateDirectories: true)
    try withMount(["-t", "tmpfs", "-o", "size=64k", "tmpfs", cacheHome]) {
      // A file takes the space: what is left cannot hold the database.
      let filler = cacheHome + "/filler"
      _ = try? Data(count: 60 * 1024).write(to: URL(fileURLWithPath: filler))
      try expectRightOutput(warning: "disk is full")
      try FileManager.default.removeItem(atPath: filler)
    }
  }

  @Test(
    "A cache another run holds is waited for, then one warning",
    .enabled(if: sqlite3 != nil, "needs the sqlite3 command (Debian: sqlite3)"))
  func locked() throws {
    try expectRightOutput(warning: nil)
    // sqlite3 holds the write lock for longer than pdfbind waits (PDFBIND_CACHE_WAIT): it says
    // when it holds it (`held`), and lets go once the test is done with it (`done`), or after
    // a minute whatever happens.
    let held = cacheHome + "/held"
    let done = cacheHome + "/done"
    let wait = cacheHome + "/hold.sh"
    try Data(
      """
      touch '\(held)'; i=0
      while [ ! -e '\(done)' ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done

      """.utf8
    ).write(to: URL(fileURLWithPath: wait))
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: try #require(sqlite3))
    holder.arguments = [
      database, "PRAGMA busy_timeout = 5000; BEGIN EXCLUSIVE; SELECT 1;", ".shell /bin/sh \(wait)",
      "COMMIT;",
    ]
    holder.standardOutput = FileHandle.nullDevice
    try holder.run()
    defer {
      _ = FileManager.default.createFile(atPath: done, contents: nil)
      holder.waitUntilExit()
    }
    let fresh = try run(["suggest", "--no-cache", library + "/russian.pdf"])
    let start = Date()
    while !FileManager.default.fileExists(atPath: held) && Date().timeIntervalSince(start) < 60 {
      usleep(20_000)
    }
    try #require(FileManager.default.fileExists(atPath: held), "sqlite3 never took the lock")
    let result = try run(["suggest", library + "/russian.pdf"], ["PDFBIND_CACHE_WAIT": "1"])
    #expect(result.status == 0 && result.stdout == fresh.stdout)
    #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
    #expect(result.err.contains("database is locked"), "\(result.err)")
  }

  @Test("Two runs at once over one library both succeed, and what they found is kept")
  func twoRuns() async throws {
    let fresh = try run(["suggest", "--no-cache"] + paths)
    async let one = run(["suggest"] + paths)
    async let other = run(["suggest", "--json"] + paths)
    let results = try await [one, other]
    #expect(results[0].stdout == fresh.stdout)
    #expect(results[1].stdout == (try run(["suggest", "--json", "--no-cache"] + paths)).stdout)
    for result in results { #expect(result.status == 0 && result.stderr.isEmpty, "\(result.err)") }
    let before = try run(["cache"]).out
    #expect(try run(["suggest"] + paths).stdout == fresh.stdout)
    let shown = try run(["cache"]).out
    #expect(shown.contains(": \(paths.count) files, "), "\(shown)")
    // Both runs counted 4 answers each; the third remembered all 4.
    func total(_ line: String) -> Int {
      line.split(whereSeparator: { !$0.isNumber }).suffix(2).compactMap { Int($0) }.reduce(0, +)
    }
    #expect(total(before) == 2 * paths.count && total(shown) == 3 * paths.count, "\(shown)")
    #expect(shown.contains("remembered: "), "\(shown)")
  }

  /// Runs `body` with a file system mounted by `mount arguments`, unmounted on every path.
  func withMount(_ arguments: [String], _ body: () throws -> Void) throws {
    let mounted = try runProcess("/bin/mount", arguments)
    try #require(mounted.status == 0, "mount \(arguments): \(mounted.err)")
    defer { _ = try? runProcess("/bin/umount", [arguments.last!]) }
    try body()
  }
}
