import Glibc
import PDFBindCore
import PDFBindPages
import Synchronization
import SystemPackage

/// The cache of decisions as one run uses it (SPEC, "What pdfbind remembers"). The SQLite file
/// is held by the cache's keeper, `pdfbind-cache`, a program of its own started on the run's
/// first question (a run that decides nothing starts none) and asked over a socket, one
/// question at a time: so `pdfbind` links neither SQLite nor GRDB's Foundation, and `get`,
/// `set` and `check` start as fast as before. What a run found is sent without waiting for the
/// keeper to write it (`MemoryRequest.wantsAnswer`). Whatever goes wrong with the keeper or the
/// file is one `pdfbind: warning:` line and the run goes on without the cache: it never changes
/// what a command prints.
final class CacheClient: EvidenceMemory {
  /// The keeper's program: beside pdfbind (a build folder), or where the package installs it.
  static let keeperName = "pdfbind-cache"
  static let keeperFolders = ["", "/../libexec/pdfbind"]

  private enum Keeper {
    case notStarted
    case started(AnsweringProcess)
    /// It could not start: the run goes on without the cache.
    case notStartable
  }

  private let keeper = Mutex(Keeper.notStarted)
  private let warn: @Sendable (String) -> Void

  private init(warn: @escaping @Sendable (String) -> Void) {
    self.warn = warn
  }

  /// The cache for a run that decides from evidence: nil with --no-cache or
  /// PDFBIND_CACHE=off; its warnings are `pdfbind: warning:` lines, none with --quiet.
  static func forRun(noCache: Bool, quiet: Bool) -> CacheClient? {
    guard !noCache, Environment.value(of: "PDFBIND_CACHE") != "off" else { return nil }
    return CacheClient { message in
      if !quiet { Terminal.err(Array("pdfbind: warning: \(message)".utf8)) }
    }
  }

  /// For `pdfbind cache`: its warnings go to standard error whatever the options.
  static func forCommand() -> CacheClient {
    CacheClient { Terminal.err(Array("pdfbind: warning: \($0)".utf8)) }
  }

  // MARK: - EvidenceMemory

  func evidence(for file: FileIdentity, pages: Int) -> [Evidence]? {
    guard case .evidence(let evidence)? = ask(.evidence(file, pages: pages)) else { return nil }
    return evidence
  }

  func remember(_ evidence: [Evidence], for file: FileIdentity, pages: Int) {
    tell(.remember(evidence, file, pages: pages))
  }

  // MARK: - review's pictures, the counts, the cache command

  /// The pictures of `pages` of the file at `path`: remembered when its bytes are the ones
  /// they were drawn from, otherwise drawn by `draw` and kept when it warned of nothing.
  func thumbnails(
    _ path: FilePath, pages: [Int],
    draw: () throws(BindingError) -> ([Thumbnails.Thumbnail], [BindingWarning])
  ) throws(BindingError) -> ([Thumbnails.Thumbnail], [BindingWarning]) {
    let key = pages.map(String.init).joined(separator: " ")
    let file = FileIdentity(path: path)
    if let file, case .pictures(let kept?)? = ask(.pictures(file, key: key)),
      let thumbnails = Thumbnails.Thumbnail.decoded(kept)
    {
      return (thumbnails, [])
    }
    let (thumbnails, warnings) = try draw()
    if let file, warnings.isEmpty, FileIdentity(path: path) == file {
      tell(.rememberPictures(Thumbnails.Thumbnail.encoded(thumbnails), file, key: key))
    }
    return (thumbnails, warnings)
  }

  /// Adds this run's counts to the totals `pdfbind cache` shows and lets the keeper go; called
  /// once, when the run ends.
  func finish() {
    guard case .started(let process) = keeper.withLock({ $0 }), process.isRunning else { return }
    _ = ask(.finish)
    process.letGo()
  }

  /// `pdfbind cache`'s line, or `--clear`'s (`.failed`: it could not empty the cache).
  func command(_ request: MemoryRequest) -> MemoryReply.Answer? {
    defer { finish() }
    return ask(request)
  }

  // MARK: - The keeper

  /// Asks the keeper (started on the first request); nil when there is none to ask. Its
  /// warnings are given to `warn` as they come.
  private func ask(_ request: MemoryRequest) -> MemoryReply.Answer? {
    guard let process = startedKeeper() else { return nil }
    switch process.ask(request.encoded(), read: { bytes, _ in try? MemoryReply(decoding: bytes) }) {
    case .success(let reply):
      reply.warnings.forEach(warn)
      return reply.answer
    case .failure(let failure):
      stopped(failure)
      return nil
    }
  }

  /// Sends the keeper a request that wants no answer (`MemoryRequest.wantsAnswer`).
  private func tell(_ request: MemoryRequest) {
    guard let process = startedKeeper() else { return }
    if case .failure(let failure) = process.tell(request.encoded()) { stopped(failure) }
  }

  /// The keeper, started on the first request; nil when it cannot be (warned once).
  private func startedKeeper() -> AnsweringProcess? {
    let (process, trouble) = keeper.withLock { state -> (AnsweringProcess?, String?) in
      switch state {
      case .started(let process): return (process, nil)
      case .notStartable: return (nil, nil)
      case .notStarted:
        switch Self.start() {
        case .success(let process):
          state = .started(process)
          return (process, nil)
        case .failure(let why):
          state = .notStartable
          return (nil, why.warning)
        }
      }
    }
    if let trouble { warn(trouble) }
    return process
  }

  /// The warning for a keeper that broke an exchange (once: later requests find it `.gone`).
  private func stopped(_ failure: AnsweringProcess.NoAnswer) {
    guard case .stopped(let ending, let late) = failure else { return }
    let seconds = CacheWait.answerSeconds
    let shown = seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
    let how = late ? "did not answer within \(shown) s" : "stopped (\(ending))"
    warn("the cache's keeper \(how); this run goes on without the cache")
  }

  /// Why there is no keeper to ask, in the words of the run's warning.
  private struct NoKeeper: Error {
    var warning: String
  }

  private static func start() -> Result<AnsweringProcess, NoKeeper> {
    guard let folder = ChildProcess.ownFolder else {
      return .failure(
        NoKeeper(
          warning: "the cache cannot be used: /proc/self/exe does not say where pdfbind is, so its "
            + "keeper (\(keeperName)) cannot be found; this run goes on without it"))
    }
    let candidates = keeperFolders.map { folder + $0 + "/" + keeperName }
    guard let keeper = candidates.first(where: { access($0, X_OK) == 0 }) else {
      return .failure(
        NoKeeper(
          warning: "the cache cannot be used: its keeper \(candidates[0]) is missing (install "
            + "pdfbind whole, or pass --no-cache); this run goes on without it"))
    }
    switch ChildProcess.start(
      keeper, arguments: [keeperName], socket: 3, environment: [], output: .standardError)
    {
    case .success(let (pid, socket)):
      return .success(
        AnsweringProcess(pid: pid, socket: socket, answerWithin: CacheWait.answerSeconds))
    case .failure(let why):
      return .failure(
        NoKeeper(
          warning: "the cache cannot be used: its keeper \(keeper) cannot be started "
            + "(\(why.reason)); this run goes on without it"))
    }
  }
}
