import Foundation
import GRDB
import Glibc
import PDFBindCore
import PDFBindPages
import Synchronization

/// What `suggest`, `set --auto`, `check --auto` and `review` remember between runs (SPEC,
/// "What pdfbind remembers"): the evidence each file's bytes showed, kept in an SQLite file
/// under `${XDG_CACHE_HOME:-~/.cache}/pdfbind/`. Opened on first use, so a run that decides
/// nothing never touches it. A cache that cannot be opened, read or written is one warning
/// (`warn`) and the run goes on without it: it never changes what a command prints.
final class DecisionCache: Sendable {
  /// The file's name in the cache folder.
  static let fileName = "decisions.sqlite"
  /// Days a file's entry is kept after the last run that saw it (`PDFBIND_CACHE_DAYS`).
  static let defaultDays = 90

  let path: String
  let warn: @Sendable (String) -> Void
  private let state = Mutex(State())

  private struct State {
    var store: CacheStore?
    var opened = false
    /// Nothing more is written after a write failed (a full disk): one warning is enough.
    var writable = true
    var remembered = 0
    var found = 0
  }

  init(path: String, warn: @escaping @Sendable (String) -> Void) {
    self.path = path
    self.warn = warn
  }

  // MARK: - What the keeper is asked

  func evidence(for file: FileIdentity, pages: Int) -> [Evidence]? {
    guard let store = open() else { return nil }
    do {
      guard let (data, seen) = try store.evidence(for: file, pages: pages),
        let evidence = StoredEvidence.decode(data)
      else {
        state.withLock { $0.found += 1 }
        return nil
      }
      state.withLock { $0.remembered += 1 }
      // An entry is dated again at most once a day: a run that only reads writes little.
      let now = Self.now
      if seen < now - 86_400 { write(.touch(file, pages: pages, now: now)) }
      return evidence
    } catch {
      disable("cannot be read", error)
      return nil
    }
  }

  func remember(_ evidence: [Evidence], for file: FileIdentity, pages: Int) {
    guard open() != nil, let data = StoredEvidence.encode(evidence) else { return }
    write(.evidence(data, file, pages: pages, now: Self.now))
  }

  /// Adds this run's counts (answers remembered, answers found by reading) to the totals
  /// `pdfbind cache` shows; called once, when the run ends.
  func finish() {
    let (store, counts) = state.withLock {
      ($0.store, ["remembered": $0.remembered, "found": $0.found])
    }
    guard store != nil, counts.values.contains(where: { $0 > 0 }) else { return }
    write(.counts(counts))
  }

  // MARK: - Opening and failing

  /// The store, opened on first use; nil once it failed.
  func open() -> CacheStore? {
    state.withLock { state in
      if state.opened { return state.store }
      state.opened = true
      state.store = openStore()
      return state.store
    }
  }

  private func openStore() -> CacheStore? {
    let folder = (path as NSString).deletingLastPathComponent
    if mkdir(folder, 0o700) != 0 && errno == ENOENT {
      try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    }
    let expiry = Self.now - Int64(Settings.days) * 86_400
    do {
      return try CacheStore(path: path, expiry: expiry)
    } catch let failure where failure.isDamage {
      // A damaged cache holds nothing worth keeping: it is started again.
      Self.remove(path)
      let store = try? CacheStore(path: path, expiry: expiry)
      warn(
        "the cache \(path) was damaged (\(Self.reason(failure))); "
          + (store == nil ? "this run goes on without it" : "it was emptied and started again"))
      return store
    } catch {
      warn(message(error))
      return nil
    }
  }

  private func message(_ failure: CacheStore.Failure) -> String {
    switch failure {
    case .newer(let schema):
      return "the cache \(path) was written by a newer pdfbind (schema \(schema), this one "
        + "reads \(CacheStore.schemaVersion)); this run goes on without it (run the newer "
        + "pdfbind, or empty it with 'pdfbind cache --clear')"
    default:
      return "the cache \(path) cannot be opened (\(Self.reason(failure))); this run goes "
        + "on without it (\(Self.advice(failure)))"
    }
  }

  /// What the user can do about `error`.
  static func advice(_ error: any Error) -> String {
    var code: ResultCode?
    if case .database(let error) = error as? CacheStore.Failure { code = error.resultCode }
    if let error = error as? DatabaseError { code = error.resultCode }
    switch code?.primaryResultCode {
    case .SQLITE_FULL?, .SQLITE_IOERR?:
      return "free some space on its disk, set XDG_CACHE_HOME to another folder, or pass "
        + "--no-cache"
    case .SQLITE_BUSY?, .SQLITE_LOCKED?:
      return "another pdfbind held it longer than PDFBIND_CACHE_WAIT (\(Settings.wait) s); run "
        + "again later, or pass --no-cache"
    default:
      return "make its folder writable, set XDG_CACHE_HOME to another folder, or pass "
        + "--no-cache"
    }
  }

  /// Writes `change`; the first write that fails (a full disk, a lock held too long) is one
  /// warning, and the run writes nothing more.
  func write(_ change: CacheStore.Change) {
    let store = state.withLock { $0.writable ? $0.store : nil }
    guard let store else { return }
    do { try store.write(change) } catch {
      let first = state.withLock { state in
        defer { state.writable = false }
        return state.writable
      }
      if first {
        warn(
          "cannot write to the cache \(path) (\(Self.reason(error))); this run goes on "
            + "without remembering (\(Self.advice(error)))")
      }
    }
  }

  private func disable(_ what: String, _ error: any Error) {
    let first = state.withLock { state in
      defer { (state.store, state.writable) = (nil, false) }
      return state.store != nil
    }
    if first {
      warn("the cache \(path) \(what) (\(Self.reason(error))); this run goes on without it")
    }
  }

  static func reason(_ error: any Error) -> String {
    switch error {
    case let failure as CacheStore.Failure:
      switch failure {
      case .database(let error): return reason(error)
      case .newer(let schema): return "schema \(schema)"
      case .other(let error): return "\(error)"
      }
    case let error as DatabaseError: return error.message ?? "\(error.resultCode)"
    default: return "\(error)"
    }
  }

  static var now: Int64 { Int64(time(nil)) }

  /// Removes the database and its WAL and shared-memory files.
  static func remove(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
  }
}
