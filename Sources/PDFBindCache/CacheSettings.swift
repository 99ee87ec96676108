import Foundation
import GRDB
import Glibc
import PDFBindCore
import PDFBindPages

/// Where the cache is and how long it keeps an entry, from the environment.
enum Settings {
  static func value(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// `$XDG_CACHE_HOME/pdfbind`, or `~/.cache/pdfbind` (an XDG_CACHE_HOME that is not an
  /// absolute path is ignored, as the XDG Base Directory specification says).
  static var folder: String {
    if let home = value("XDG_CACHE_HOME"), home.hasPrefix("/") { return home + "/pdfbind" }
    let home = value("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    return home + "/.cache/pdfbind"
  }

  /// `PDFBIND_CACHE_WAIT` (`CacheWait`, which pdfbind reads too).
  static var wait: Double { CacheWait.seconds }

  /// `PDFBIND_CACHE_DAYS`, a whole number of days, or `DecisionCache.defaultDays`.
  static var days: Int {
    value("PDFBIND_CACHE_DAYS").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
      ?? DecisionCache.defaultDays
  }
}

/// `pdfbind cache`: where the cache is and what it holds, or `--clear` to empty it.
public enum CacheCommand {
  /// The line `pdfbind cache` prints.
  public static func describe() -> String {
    let path = Settings.folder + "/" + DecisionCache.fileName
    let bytes = ["", "-wal", "-shm"].reduce(0) { total, suffix in
      var status = stat()
      return total + (stat(path + suffix, &status) == 0 ? Int(status.st_size) : 0)
    }
    guard bytes > 0 else { return "\(path): empty (0 files, 0 bytes)" }
    do {
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyMode = .timeout(Settings.wait)
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      let store = try CacheStore(opened: queue)
      let (files, counts) = try store.summary()
      return "\(path): \(files) file\(files == 1 ? "" : "s"), \(bytes) bytes "
        + "(answers remembered: \(counts["remembered"] ?? 0), found by reading: "
        + "\(counts["found"] ?? 0))"
    } catch {
      return "\(path): \(bytes) bytes, unreadable (\(DecisionCache.reason(error)))"
    }
  }

  /// Empties the cache; a file that cannot be opened as one (damaged, a newer pdfbind's) is
  /// removed. The line says what was done.
  public static func clear() throws -> String {
    let path = Settings.folder + "/" + DecisionCache.fileName
    guard access(path, F_OK) == 0 else { return "\(path): empty" }
    do {
      let store = try CacheStore(path: path, expiry: 0)
      let files = try store.summary().files
      try store.clear()
      return "\(path): emptied (\(files) file\(files == 1 ? "" : "s") forgotten)"
    } catch {
      DecisionCache.remove(path)
      guard access(path, F_OK) != 0 else {
        throw CacheClearError(path: path, reason: String(cString: strerror(errno)))
      }
      return "\(path): removed (it could not be read: \(DecisionCache.reason(error)))"
    }
  }
}

/// The cache could be neither emptied nor removed.
public struct CacheClearError: Error, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String {
    "\(path): cannot be emptied or removed (\(reason)); check its folder's permissions"
  }
}
