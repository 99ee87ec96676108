import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "What pdfbind remembers": an entry not seen for `PDFBIND_CACHE_DAYS` days is dropped,
/// when a run opens the cache, through an index of when each entry was last seen (not by
/// reading the whole file, which a cache of a large library made every run pay); a cache of
/// the schema before is taken up as it is.
@Suite(
  "cache expiry",
  .enabled(if: sqlite3 != nil, "needs the sqlite3 command (Debian: sqlite3)"))
struct CacheExpiryTests: CachedLibrary {
  let library: String
  let cacheHome: String
  static let books = CacheTroubleTests.books
  var paths: [String] { Self.books.map(path) }

  init() throws { (library, cacheHome) = try Self.makeLibrary() }

  /// The book names the cache holds an answer for, in order.
  func keptBooks() throws -> [String] {
    try query("SELECT CAST(path AS TEXT) FROM files ORDER BY 1").split(separator: "\n")
      .map { String($0.split(separator: "/").last ?? "") }
  }

  @Test("An entry not seen for PDFBIND_CACHE_DAYS days is dropped when a run opens the cache")
  func expiry() throws {
    let fresh = try run(["suggest", "--no-cache"] + paths)
    #expect(try run(["suggest"] + paths).stdout == fresh.stdout)
    #expect(try keptBooks() == Self.books)
    // english.pdf was last seen three days ago; a run that keeps entries two days, about
    // another book, drops it and keeps the rest.
    _ = try query(
      "UPDATE files SET seen = seen - 3 * 86400 WHERE CAST(path AS TEXT) LIKE '%/english.pdf'")
    let other = try run(["suggest", paths[0]], ["PDFBIND_CACHE_DAYS": "2"])
    #expect(other.status == 0 && other.err.isEmpty, "\(other.err)")
    #expect(try keptBooks() == ["arabic.pdf", "hebrew.pdf", "scan-lang-ar.pdf"])
    // The next run reads english.pdf again, prints the same, and keeps it once more.
    #expect(try run(["suggest"] + paths).stdout == fresh.stdout)
    #expect(try keptBooks() == Self.books)
    // The entries to drop are found through the index of when each was seen.
    for table in ["files", "pictures"] {
      let plan = try query("EXPLAIN QUERY PLAN DELETE FROM \(table) WHERE seen < 1")
      #expect(plan.contains("USING COVERING INDEX \(table)_seen (seen<?)"), "\(plan)")
    }
  }

  @Test("A cache of the schema before (2, no index of when entries were seen) is taken up")
  func upgraded() throws {
    let fresh = try run(["suggest", "--no-cache"] + paths)
    _ = try run(["suggest"] + paths)
    _ = try query("DROP INDEX files_seen; DROP INDEX pictures_seen; PRAGMA user_version = 2")
    let again = try run(["suggest"] + paths)
    #expect(again.stdout == fresh.stdout)
    #expect(again.err.isEmpty, "\(again.err)")
    // Every answer came from the cache: found by reading in the first run only.
    let counts = try run(["cache"]).out
    let count = Self.books.count
    #expect(counts.contains("answers remembered: \(count), found by reading: \(count)"))
    #expect(try query("PRAGMA user_version") == "3\n")
    #expect(
      try query("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%_seen'")
        == "files_seen\npictures_seen\n")
  }
}
