import Foundation
import PDFBindTestSupport
import Testing

/// The sqlite3 command, for the tests that look into the cache's file (Debian: sqlite3).
let sqlite3 = which("sqlite3")

/// A suite whose tests each have a copy of Fixtures/suggest (`library`) and a cache folder
/// (`XDG_CACHE_HOME`) of their own, and run pdfbind with the cache on.
protocol CachedLibrary: SuggestLibrary {
  var cacheHome: String { get }
}

extension CachedLibrary {
  /// A new copy of Fixtures/suggest and a cache folder not made yet, in a temporary folder.
  static func makeLibrary() throws -> (library: String, cacheHome: String) {
    let library = try copyOfLibrary()
    let directory = URL(fileURLWithPath: library).deletingLastPathComponent()
    return (library, directory.appendingPathComponent("cache").path)
  }

  /// The cache's folder and its SQLite file.
  var folder: String { cacheHome + "/pdfbind" }
  var database: String { folder + "/decisions.sqlite" }

  /// The environment that gives pdfbind this cache, on.
  var cacheEnvironment: [String: String] { ["XDG_CACHE_HOME": cacheHome, "PDFBIND_CACHE": "on"] }

  /// What sqlite3 prints for `sql` on the cache's file; the test stops when it fails.
  func query(_ sql: String) throws -> String {
    let result = try runProcess(try #require(sqlite3), [database, sql])
    try #require(result.status == 0, "\(sql): \(result.err)")
    return result.out
  }

  func run(_ arguments: [String], _ environment: [String: String] = [:]) throws
    -> ProcessResult
  {
    try PDFBindRunner.run(arguments, environment: cacheEnvironment.merging(environment) { $1 })
  }
}
