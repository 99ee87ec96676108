import Glibc
import PDFBindCore

/// One page worker: a `pdfbind` process serving pages (forked by `WorkerTemplate`, or started
/// by pdfbind in worker mode when there is no template) and the socket to it. The pool
/// lends it to one thread at a time, which is what makes it safe to move between threads
/// (hence `@unchecked Sendable`: its descriptor and pid are used by the borrower alone).
final class WorkerProcess: @unchecked Sendable {
  let pid: pid_t
  private let socket: Int32
  /// The template that forked it, which reaps it; nil for pdfbind's own child.
  private let template: WorkerTemplate?
  /// What the worker holds ready: the file it has open (`PageRequest.affinity`).
  var affinity: String?
  /// The page picture the worker keeps from its last `layout` request (`drawnPicture`).
  var drawnPicture: String?
  /// Tesseract is loaded in it: forked so, or it has read a page (`PageRequest.readsScript`).
  var readsScript = false
  /// The book whose pages it drew with poppler (`WorkerAnswer.drewWithPoppler`, the
  /// request's `affinity`): it serves no other. poppler's fonts and cairo's outlive a document
  /// in the process: a page that set its text at 37 million points (a test file of a PDF
  /// validator's suite) left the font unable to draw in every later document, and a page of
  /// "Hello" drawn after it came out blank ("no writing-like marks"; alone, "too few marks").
  var drewPagesOf: String?
  /// What it had used when its last answer came: the start of its next exchange's time.
  private var activity: WorkClock.Activity?

  private init(pid: pid_t, socket: Int32, template: WorkerTemplate?) {
    self.pid = pid
    self.socket = socket
    self.template = template
  }

  /// Set in every worker's environment.
  static let workerVariable = "PDFBIND_PAGE_WORKER"

  /// Set by tests that check a command starts no worker: starting one then ends pdfbind.
  static let refusedVariable = "PDFBIND_TEST_NO_WORKERS"

  /// Whether this process may start page workers, or their template: it is not one itself,
  /// and no test forbids it (`refusedVariable`, which ends pdfbind here).
  static func mayStart() -> Result<Void, PageWorkFailure> {
    if getenv(refusedVariable) != nil {
      let message = "pdfbind: a page worker was started although \(refusedVariable) is set\n"
      _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      exit(70)
    }
    // A program that does not call PageWorker.runIfAsked() would run itself again in each
    // worker, and that one again: a worker never starts another.
    guard getenv(workerVariable) == nil else {
      return .failure(
        .cannotStart(
          reason: "this program does not call PageWorker.runIfAsked() first thing in main"))
    }
    return .success(())
  }

  /// A page worker limited to `megabytes` of memory, with Tesseract loaded when `readsScript`:
  /// forked by `template` when it can, else `executable` (pdfbind) started in worker mode.
  static func start(
    _ executable: String, megabytes: Int, template: WorkerTemplate?, readsScript: Bool
  ) -> Result<WorkerProcess, PageWorkFailure> {
    if case .failure(let refused) = mayStart() { return .failure(refused) }
    if let (pid, socket, withTesseract) = template?.startWorker(readsScript: readsScript) {
      let worker = WorkerProcess(pid: pid, socket: socket, template: template)
      worker.readsScript = withTesseract
      return .success(worker)
    }
    let arguments = [CommandLine.arguments.first ?? "pdfbind", PageWorker.argument, "\(megabytes)"]
    switch ChildProcess.start(
      executable, arguments: arguments, socket: PageWorker.socket,
      environment: [workerVariable + "=1"], output: .discarded)
    {
    case .success(let (pid, socket)):
      return .success(WorkerProcess(pid: pid, socket: socket, template: nil))
    case .failure(let why): return .failure(.cannotStart(reason: why.reason))
    }
  }

  /// How an exchange ended without an answer.
  enum Ending: Error {
    /// The worker ran past its time, of the processor or, with `waiting`, of waiting without
    /// computing; it was killed.
    case timedOut(waiting: Bool)
    /// The worker ended (or broke the exchange) on its own; it is reaped. How it ended is
    /// nil when its template, which reaps it, is gone; its peak resident memory counts what
    /// it grew beyond what it was forked with.
    case ended(ChildEnding?, peakKilobytes: Int)
  }

  /// Sends `request` and waits for the answer while the worker has used less than `time`'s
  /// processor seconds and waited less than its waiting seconds; the answer and the time it
  /// took. Any ending but an answer leaves the worker killed and reaped: it must not be used
  /// again.
  func exchange(_ request: [UInt8], within time: WorkTime) -> Result<
    (reply: [UInt8], used: WorkTime), Ending
  > {
    let clock = WorkClock(worker: pid, time: time, since: activity)
    guard Frames.write(request, to: socket) else { return .failure(reap()) }
    var header = [UInt8](repeating: 0, count: 8)
    guard receive(into: &header, clock) else { return .failure(end(clock)) }
    var reader = WireReader(header)
    guard let length = try? reader.int(), (0...Frames.longest).contains(length) else {
      kill(pid, SIGKILL)
      return .failure(reap())
    }
    var reply = [UInt8](repeating: 0, count: length)
    guard receive(into: &reply, clock) else { return .failure(end(clock)) }
    let (used, end) = clock.finish()
    activity = end
    return .success((reply, used))
  }

  /// Closes the socket, which ends the worker's loop, and reaps it.
  func close() {
    Glibc.close(socket)
    _ = waitForEnd()
  }

  private func end(_ clock: WorkClock) -> Ending {
    clock.readUsed()
    guard clock.isOver else { return reap() }
    kill(pid, SIGKILL)
    _ = reap()
    return .timedOut(waiting: !clock.usedItsProcessorTime)
  }

  /// Waits for the worker to end and says how it did; closes the socket.
  private func reap() -> Ending {
    Glibc.close(socket)
    let (ending, peakKilobytes) = waitForEnd()
    return .ended(ending, peakKilobytes: peakKilobytes)
  }

  /// Waits for the worker to end: how it did and its peak resident kilobytes, from its
  /// template when it has one (nil and 0 when that is gone: the worker is no child of ours).
  private func waitForEnd() -> (ending: ChildEnding?, peakKilobytes: Int) {
    if let template { return template.ending(of: pid) ?? (nil, 0) }
    return ChildProcess.waitForEnd(of: pid).map { ($0.ending, $0.peakKilobytes) } ?? (nil, 0)
  }

  /// Fills `buffer` from the socket; false when `clock` runs out, or the worker is gone.
  private func receive(into buffer: inout [UInt8], _ clock: WorkClock) -> Bool {
    var done = 0
    let total = buffer.count
    return buffer.withUnsafeMutableBytes { bytes in
      while done < total {
        guard let wait = clock.nextWait() else { return false }
        var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let polled = poll(&ready, 1, Int32((wait * 1000).rounded(.up)))
        if polled < 0, errno == EINTR { continue }
        guard polled > 0 else { continue }
        let count = recv(socket, bytes.baseAddress! + done, total - done, 0)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
      }
      return true
    }
  }
}
