import Foundation
import GRDB
import PDFBindCore
import PDFBindPages

/// The SQLite file behind the cache, through GRDB: one row per file and `--pages` (its path's
/// bytes, what identified its bytes, the rules and page tools it was found with, the evidence
/// as JSON, when it was last seen), and the counts `pdfbind cache` shows. WAL and a busy timeout let runs share it.
struct CacheStore {
  /// `PRAGMA user_version` of the schema this pdfbind writes; a file with a higher one is a
  /// newer pdfbind's, left alone. 3: version 2 and an index of when each row was last seen.
  static let schemaVersion = 3
  let queue: DatabaseQueue

  /// The `rules` a row was found under (`SuggestRules.rememberedUnder`): worked out once per
  /// keeper, on first use (`CacheKeeper.serve` starts that beside its first question about a
  /// file).
  static let rules = SuggestRules.rememberedUnder()

  /// Why the cache cannot be used.
  enum Failure: Error {
    case newer(schema: Int)
    case database(DatabaseError)
    case other(any Error)

    var isDamage: Bool {
      guard case .database(let error) = self else { return false }
      return [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode)
    }
  }

  /// Opens (creating) the file at `path` and drops the rows not seen since `expiry`.
  init(path: String, expiry: Int64) throws(Failure) {
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.busyMode = .timeout(Settings.wait)
    configuration.label = "pdfbind cache"
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    do {
      queue = try DatabaseQueue(path: path, configuration: configuration)
      try queue.write { db in
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > Self.schemaVersion { throw Failure.newer(schema: version) }
        if version < Self.schemaVersion { try Self.create(db) }
        try db.execute(sql: "DELETE FROM files WHERE seen < ?", arguments: [expiry])
        try db.execute(sql: "DELETE FROM pictures WHERE seen < ?", arguments: [expiry])
      }
    } catch let failure as Failure {
      throw failure
    } catch let error as DatabaseError {
      throw .database(error)
    } catch {
      throw .other(error)
    }
  }

  /// A store already opened (read-only, for `pdfbind cache`), of this pdfbind's schema.
  init(opened queue: DatabaseQueue) throws {
    self.queue = queue
    let version = try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
    if version > Self.schemaVersion { throw Failure.newer(schema: version) }
  }

  private static func create(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE IF NOT EXISTS files (
          path BLOB NOT NULL, pages INTEGER NOT NULL,
          device INTEGER NOT NULL, inode INTEGER NOT NULL, size INTEGER NOT NULL,
          modified INTEGER NOT NULL, changed INTEGER NOT NULL, tail BLOB NOT NULL,
          rules INTEGER NOT NULL, evidence BLOB NOT NULL, seen INTEGER NOT NULL,
          PRIMARY KEY (path, pages)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS counts (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS pictures (
          path BLOB NOT NULL PRIMARY KEY,
          device INTEGER NOT NULL, inode INTEGER NOT NULL, size INTEGER NOT NULL,
          modified INTEGER NOT NULL, changed INTEGER NOT NULL, tail BLOB NOT NULL,
          rules INTEGER NOT NULL, pages TEXT NOT NULL, pictures BLOB NOT NULL,
          seen INTEGER NOT NULL) WITHOUT ROWID;
        -- Every run drops the rows not seen since its expiry when it opens the file: without
        -- these, that read the whole file first (30 ms for 10,000 books, 73 MB, each run).
        CREATE INDEX IF NOT EXISTS files_seen ON files (seen);
        CREATE INDEX IF NOT EXISTS pictures_seen ON pictures (seen);
        PRAGMA user_version = \(schemaVersion);
        """)
  }

  /// The evidence kept for `file` under these rules, and when it was last seen.
  func evidence(for file: FileIdentity, pages: Int) throws -> (Data, seen: Int64)? {
    try keptRow("evidence, seen", from: "files", for: file, pages: pages).map {
      ($0["evidence"], $0["seen"])
    }
  }

  /// What a run asks the store to keep (`write(_:)`).
  enum Change: Sendable {
    /// `file`'s row for `pages` was seen again `now`.
    case touch(FileIdentity, pages: Int, now: Int64)
    case evidence(Data, FileIdentity, pages: Int, now: Int64)
    /// review's pictures of the pages `pages` (`"1 2 3"`) of `file`.
    case pictures(Data, FileIdentity, pages: String, now: Int64)
    /// This run's counts, added to the totals.
    case counts([String: Int])
  }

  /// Applies `change` in a transaction of its own, each statement prepared once for the
  /// keeper's life. (Gathering a run's changes in fewer transactions was measured: the keeper
  /// cost the same.)
  func write(_ change: Change) throws {
    try queue.write { db in
      switch change {
      case .touch(let file, let pages, let now):
        try db.cachedStatement(sql: "UPDATE files SET seen = ? WHERE path = ? AND pages = ?")
          .execute(arguments: [now, Data(file.path), pages])
      case .evidence(let evidence, let file, let pages, let now):
        try Self.keep(evidence, as: "evidence", in: "files", file, pages: pages, now: now, db)
      case .pictures(let pictures, let file, let pages, let now):
        try Self.keep(pictures, as: "pictures", in: "pictures", file, pages: pages, now: now, db)
      case .counts(let counts):
        for (name, value) in counts where value > 0 {
          try db.cachedStatement(
            sql: """
              INSERT INTO counts (name, value) VALUES (?, ?)
              ON CONFLICT (name) DO UPDATE SET value = value + excluded.value
              """
          ).execute(arguments: [name, value])
        }
      }
    }
  }

  /// Writes `file`'s row of `table` for `pages`, its `column` holding `value`.
  private static func keep(
    _ value: Data, as column: String, in table: String, _ file: FileIdentity,
    pages: some DatabaseValueConvertible, now: Int64, _ db: Database
  ) throws {
    try db.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO \(table) (path, device, inode, size, modified, changed, tail,
        rules, pages, \(column), seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    ).execute(arguments: identity(file) + [rules, pages, value, now])
  }

  /// review's small pictures of `pages` of `file`, kept under these rules.
  func pictures(for file: FileIdentity, pages: String) throws -> Data? {
    try keptRow("pictures", from: "pictures", for: file, pages: pages).map { $0["pictures"] }
  }

  /// `columns` of the row of `table` that holds `file`'s bytes for `pages`, when it was kept
  /// under these rules. The rules are compared only when a row holds the file: a file never
  /// seen (every file of a first run) is answered without them, and working them out costs
  /// tens of milliseconds.
  private func keptRow(
    _ columns: String, from table: String, for file: FileIdentity,
    pages: some DatabaseValueConvertible
  ) throws -> Row? {
    // One statement, prepared once, outside a transaction of its own: SQLite reads it from one
    // snapshot, and the BEGIN, COMMIT and read-only pragmas GRDB's `read` adds were most of a
    // question's cost.
    let row = try queue.inDatabase { db in
      try Row.fetchOne(
        db.cachedStatement(
          sql: """
            SELECT \(columns), rules FROM \(table) WHERE path = ? AND device = ? AND inode = ?
            AND size = ? AND modified = ? AND changed = ? AND tail = ? AND pages = ?
            """), arguments: Self.identity(file) + [pages])
    }
    guard let row, row["rules"] == Self.rules else { return nil }
    return row
  }

  /// How many files are kept, and the totals counted since the cache was last emptied.
  func summary() throws -> (files: Int, counts: [String: Int]) {
    try queue.read { db in
      let files = try Int.fetchOne(db, sql: "SELECT count(*) FROM files") ?? 0
      let rows = try Row.fetchAll(db, sql: "SELECT name, value FROM counts")
      return (files, Dictionary(uniqueKeysWithValues: rows.map { ($0["name"], $0["value"]) }))
    }
  }

  func clear() throws {
    try queue.write { db in
      try db.execute(sql: "DELETE FROM files; DELETE FROM counts; DELETE FROM pictures")
    }
    try queue.vacuum()
  }

  /// The path's bytes and what identified the bytes, in the tables' column order.
  private static func identity(_ file: FileIdentity) -> StatementArguments {
    [
      Data(file.path), Int64(bitPattern: file.device), Int64(bitPattern: file.inode),
      file.size, file.modified, file.changed, Data(file.tailDigest),
    ]
  }
}
