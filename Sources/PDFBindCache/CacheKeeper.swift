import Glibc
import PDFBindCore
import PDFBindPages
import Synchronization

/// The cache's keeper: the `pdfbind-cache` program, which `pdfbind` starts when a run first
/// asks what it remembers, and which alone opens the SQLite file (so `pdfbind` itself links
/// neither SQLite nor GRDB, and `get`, `set` and `check` start as fast as before). It takes
/// one request at a time on descriptor 3, answering those that want an answer, until pdfbind
/// closes its end.
public enum CacheKeeper {
  /// The descriptor pdfbind gives the keeper its socket as.
  public static let socket: Int32 = 3

  /// Set by tests to `crash` or `hang` the keeper when it is asked a question, to check that
  /// a run goes on without it. Never set outside tests.
  static let faultVariable = "PDFBIND_TEST_CACHE_FAULT"

  /// Serves pdfbind's requests; returns when pdfbind is done, or broke its side.
  public static func serve() {
    let pending = Mutex<[String]>([])
    let cache = DecisionCache(path: Settings.folder + "/" + DecisionCache.fileName) { message in
      pending.withLock { $0.append(message) }
    }
    let fault = Settings.value(faultVariable)
    // The rules' fingerprint loads the page libraries (tens of milliseconds): worked out
    // beside the first question about a file, which needs it only when the file was seen
    // before, so as to be ready when a first reading's evidence is remembered.
    var rules: BackgroundWork<Void>?
    defer { rules?.wait() }
    while let bytes = Frames.read(from: socket) {
      guard let request = try? MemoryRequest(decoding: bytes) else { return }
      if fault == "crash" { raise(SIGSEGV) }
      if fault == "hang" { while true { sleep(60) } }
      switch request {
      case .evidence, .remember, .pictures, .rememberPictures:
        if rules == nil { rules = BackgroundWork { _ = CacheStore.rules } }
      case .finish, .describe, .clear: break
      }
      let answer: MemoryReply.Answer
      switch request {
      case .evidence(let file, let pages):
        answer = .evidence(cache.evidence(for: file, pages: pages))
      case .remember(let evidence, let file, let pages):
        cache.remember(evidence, for: file, pages: pages)
        answer = .done
      case .pictures(let file, let key):
        answer = .pictures(cache.pictures(for: file, key: key))
      case .rememberPictures(let pictures, let file, let key):
        cache.remember(pictures: pictures, key: key, for: file)
        answer = .done
      case .finish:
        cache.finish()
        answer = .done
      case .describe:
        answer = .line(CacheCommand.describe())
      case .clear:
        do { answer = .line(try CacheCommand.clear()) } catch { answer = .failed("\(error)") }
      }
      guard request.wantsAnswer else { continue }
      let warnings = pending.withLock { warnings in
        defer { warnings = [] }
        return warnings
      }
      let reply = MemoryReply(warnings: warnings, answer: answer)
      guard Frames.write(reply.encoded(), to: socket) else { return }
    }
  }
}
