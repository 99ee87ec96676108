import PDFBindCore
import Synchronization

/// The page workers of this process: started when page work first needs one, kept idle
/// between requests (a worker keeps its file open and Tesseract loaded), one lent to each
/// thread that asks, and a worker that failed is dropped (the next request starts another).
/// `get`, `set` and `check` without `--auto` never ask, so they start none.
final class PageWorkers: Sendable {
  static let shared = PageWorkers(limits: .fromEnvironment)

  /// Idle workers kept at most: as many as a batch's books draw and read with at once.
  static let keptIdle = 8

  let limits: PageWorkLimits
  /// The program started as a worker: this one, unless a test names the built `pdfbind`.
  let executable: String
  private let idle = Mutex<[WorkerProcess]>([])
  private let template = Mutex(TemplateState.notStarted)

  /// The workers' template: started with the first worker.
  private enum TemplateState {
    case notStarted
    case started(WorkerTemplate)
    /// It could not be started: workers are started as processes of their own.
    case notStartable
  }

  init(limits: PageWorkLimits, executable: String = "/proc/self/exe") {
    self.limits = limits
    self.executable = executable
  }

  /// Runs `request` in a worker within `time` (a page's, or less when its book has less
  /// left): `lent`, when given (`lend(holding:)`), else an idle one (`take(for:from:)`) or a
  /// new one. The answer, and the time it cost (all of `time` when it ran out).
  func perform(_ request: PageRequest, within time: WorkTime, on lent: WorkerProcess? = nil)
    -> (result: Result<PageReply, PageWorkFailure>, cost: WorkTime)
  {
    let affinity = request.affinity
    let worker: WorkerProcess
    let (template, justStarted) = startedTemplate()
    if let ready = lent
      ?? idle.withLock({ Self.take(for: request, from: &$0, newOnesRead: template != nil) })
    {
      worker = ready
    } else {
      // The first worker is started directly while the template starts: a file of one page
      // or of text alone would otherwise wait for the template's own start.
      switch WorkerProcess.start(
        executable, megabytes: limits.workerMegabytes, template: justStarted ? nil : template,
        readsScript: request.readsScript)
      {
      case .success(let started): worker = started
      case .failure(let failure): return (.failure(failure), .zero)
      }
    }
    switch worker.exchange(request.encoded(), within: time) {
    case .success(let (bytes, used)):
      guard let answer = try? WorkerAnswer(decoding: bytes) else {
        worker.close()
        return (.failure(.stopped(who: request.worker, status: nil)), used)
      }
      let reply = answer.reply
      worker.affinity = affinity
      // The first book it drew with poppler is the one it serves from now on.
      if answer.drewWithPoppler, worker.drewPagesOf == nil { worker.drewPagesOf = affinity }
      if case .layout = request { worker.drawnPicture = request.drawnPicture }
      if case .drawnReading = reply { worker.readsScript = true }
      giveBack(worker)
      return (.success(reply), used)
    case .failure(.timedOut(let waiting)):
      return (.failure(limits.failure(within: time, waiting: waiting)), time)
    case .failure(.ended(let ending, let peakKilobytes)):
      guard let ending else {
        return (.failure(.stopped(who: request.worker, status: nil)), .zero)
      }
      guard let signal = ending.signal else {
        return (.failure(.stopped(who: request.worker, status: ending.exitStatus)), .zero)
      }
      // A worker at its memory limit ends on a signal (an allocation refused: abort, or a
      // null pointer used); one that had used most of its memory was stopped by the limit.
      if peakKilobytes >= limits.workerMegabytes * 1024 / 2 {
        return (.failure(.outOfMemory(megabytes: limits.workerMegabytes)), .zero)
      }
      return (.failure(.crashed(who: request.worker, signal: signal)), .zero)
    }
  }

  /// The workers' template, started on first need (`justStarted` then); nil when it cannot
  /// be, or is gone (workers are then started as processes of their own).
  private func startedTemplate() -> (template: WorkerTemplate?, justStarted: Bool) {
    let (started, justStarted) = template.withLock { state -> (WorkerTemplate?, Bool) in
      switch state {
      case .started(let template): return (template, false)
      case .notStartable: return (nil, false)
      case .notStarted:
        guard case .success = WorkerProcess.mayStart() else { return (nil, false) }
        let template = WorkerTemplate.start(
          executable, megabytes: limits.workerMegabytes, seconds: limits.pageSeconds)
        state = template.map(TemplateState.started) ?? .notStartable
        return (template, true)
      }
    }
    return (started?.isRunning == true ? started : nil, justStarted)
  }

  /// Takes the idle worker that keeps `picture` (`PageRequest.drawnPicture`) from the pool,
  /// so that no other request draws over it before its reading starts (on another thread);
  /// nil when no idle worker keeps it. The reading runs `on` it, or it is given back.
  func lend(holding picture: String) -> WorkerProcess? {
    idle.withLock { workers in
      workers.lastIndex { $0.drawnPicture == picture }.map { workers.remove(at: $0) }
    }
  }

  /// The idle worker `request` runs on, taken from `workers` (nil when none is idle, or a new
  /// one is better). Loading Tesseract costs a worker more than opening a file (12 to 14 ms
  /// and 75 to 99 ms measured here): a reading, or a layout a reading may follow
  /// (`PageRequest.readsScript`), goes first to a worker that has it loaded, other work to one
  /// that has not; then to one holding the file open; the last given back among equals. When
  /// `newOnesRead` (a new worker is forked with Tesseract loaded, `WorkerTemplate`), such
  /// work goes to a new worker rather than to one that would load Tesseract itself, and the
  /// worker holding the file open comes first for any work (opening a small book again cost
  /// `review` a third of the time of its double-page books). A worker that has drawn another
  /// book's pages is never taken (`WorkerProcess.drewPagesOf`).
  static func take(
    for request: PageRequest, from workers: inout [WorkerProcess], newOnesRead: Bool = false
  ) -> WorkerProcess? {
    let (readsScript, affinity) = (request.readsScript, request.affinity)
    let candidates = workers.indices.filter {
      (!(readsScript && newOnesRead) || workers[$0].readsScript)
        && (workers[$0].drewPagesOf ?? affinity) == affinity
    }
    let rank = { (worker: WorkerProcess) in
      guard newOnesRead else {
        return (worker.readsScript == readsScript ? 2 : 0) + (worker.affinity == affinity ? 1 : 0)
      }
      // Every new worker reads: the one holding the book open comes first, so that a book is
      // opened once; then, for a book's first requests, one that reads (its layouts will need
      // it), and for its other pictures one that does not (the readers kept for readings).
      let wantsReader = readsScript || request.beginsABook
      return (worker.affinity == affinity ? 2 : 0) + (worker.readsScript == wantsReader ? 1 : 0)
    }
    let best = candidates.reversed().max { rank(workers[$0]) < rank(workers[$1]) }
    return best.map { workers.remove(at: $0) }
  }

  /// Puts `worker` back among the idle ones; when enough are idle, ends the one given back
  /// longest ago, which has drawn another book's pages where any has (`drewPagesOf`): such a
  /// worker serves only its book, which may be done.
  func giveBack(_ worker: WorkerProcess) {
    let ended = idle.withLock { workers -> WorkerProcess? in
      workers.append(worker)
      guard workers.count > Self.keptIdle else { return nil }
      let drewOther = workers.firstIndex {
        $0.drewPagesOf != nil && $0.drewPagesOf != worker.drewPagesOf
      }
      return workers.remove(at: drewOther ?? 0)
    }
    ended?.close()
  }
}
