import CSystemShims
import Glibc
import PDFBindCore

/// The page workers' template: a `pdfbind` process that loads what page work needs once
/// (poppler, TurboJPEG, and Tesseract with its script data) and starts each page worker as a
/// copy of itself (`fork`). A worker so started begins with all of it loaded: Tesseract's
/// script data alone costs 130 to 155 ms of a processor to load (measured here), which each
/// worker of a 24-page book paid before, and the copies share those pages until one writes
/// to them.
///
/// The workers are the template's children, not pdfbind's: pdfbind stops one by its pid, and
/// the template reaps it only when pdfbind asks (`ending(of:)`), so the pid cannot name
/// another process before then. pdfbind starts workers itself again when the template cannot
/// be started, or breaks an exchange: crashes, or does not answer within a page's deadline
/// (its loading is page work too, and no page can stop a library).
final class WorkerTemplate: Sendable {
  /// The hidden first argument that makes `pdfbind` the template.
  static let argument = "--pdfbind-worker-template"

  /// The template's process; it answers each question within a page's deadline.
  private let process: AnsweringProcess

  private init(_ process: AnsweringProcess) { self.process = process }

  /// Starts the template of `executable` (pdfbind) for workers limited to `megabytes`, each
  /// of its answers awaited at most `seconds`.
  static func start(_ executable: String, megabytes: Int, seconds: Double) -> WorkerTemplate? {
    let arguments = [CommandLine.arguments.first ?? "pdfbind", argument, "\(megabytes)"]
    guard
      case .success(let (pid, socket)) = ChildProcess.start(
        executable, arguments: arguments, socket: PageWorker.socket,
        environment: [WorkerProcess.workerVariable + "=1"], output: .discarded)
    else { return nil }
    return WorkerTemplate(AnsweringProcess(pid: pid, socket: socket, answerWithin: seconds))
  }

  /// Whether the template still answers (it has not broken an exchange).
  var isRunning: Bool { process.isRunning }

  /// What pdfbind asks of the template.
  private enum Question: Int {
    /// A new worker (`readsScript`: with Tesseract loaded): its pid and whether it has
    /// Tesseract loaded, then pdfbind's end of its socket (`CSystemShims_send_descriptor`);
    /// a pid of 0 when it could not start one.
    case startWorker = 1
    /// The ending of a worker that ended or was stopped: its wait status and peak memory.
    case ending = 2
  }

  /// A new worker's pid, pdfbind's end of its socket, and whether it has Tesseract loaded
  /// (always when `readsScript`); nil when the template could not start one or is gone.
  func startWorker(readsScript: Bool) -> (pid: pid_t, socket: Int32, readsScript: Bool)? {
    var question = WireWriter()
    question.int(Question.startWorker.rawValue)
    question.bool(readsScript)
    // nil: an answer that does not read back, which stops the template.
    let answer = process.ask(question.bytes) { bytes, socket -> NewWorker? in
      var answer = WireReader(bytes)
      guard let pid = try? answer.int(), let reads = try? answer.bool() else { return nil }
      guard pid > 0 else { return .notStarted }
      let descriptor = CSystemShims_receive_descriptor(socket)
      guard descriptor >= 0 else {
        // Half an answer: the template broke its side, and the worker cannot be reached.
        kill(pid_t(pid), SIGKILL)
        return nil
      }
      return .started(pid: pid_t(pid), socket: descriptor, readsScript: reads)
    }
    guard case .success(.started(let pid, let socket, let readsScript)) = answer else {
      return nil
    }
    return (pid, socket, readsScript)
  }

  /// The template's answer when asked for a worker.
  private enum NewWorker {
    case started(pid: pid_t, socket: Int32, readsScript: Bool)
    /// It could not fork one; it goes on answering.
    case notStarted
  }

  /// How worker `pid` ended (nil when not known) and its peak resident kilobytes beyond
  /// what it was forked with, waiting for it to end; nil when the template is gone.
  func ending(of pid: pid_t) -> (ending: ChildEnding?, peakKilobytes: Int)? {
    var question = WireWriter()
    question.int(Question.ending.rawValue)
    question.int(Int(pid))
    let answer = process.ask(question.bytes) { bytes, _ -> (ChildEnding?, Int)? in
      var answer = WireReader(bytes)
      guard let status = try? answer.int(), let peak = try? answer.int() else { return nil }
      return (status < 0 ? nil : ChildEnding(status: Int32(truncatingIfNeeded: status)), peak)
    }
    return try? answer.get()
  }

  /// Answers pdfbind's questions on `PageWorker.socket` until it closes its end; the
  /// workers it starts serve pages within `megabytes` (`PageWorker.serve`). What workers load
  /// is loaded here once no question waits, on a thread of its own (`loading`), so that the
  /// template ends as soon as pdfbind does, loaded or not (a file with text alone is done
  /// before Tesseract is, and `pdfbind suggest file.pdf | less` would wait for it). A book's
  /// first workers, asked for together, start at once and load what they need themselves;
  /// those that read pages are asked for while the first draw (for a 24-page manga 90 ms
  /// after), by when Tesseract has mostly loaded. A fork waits for that thread: a process
  /// with a second thread running is not one to copy.
  static func serve(megabytes: Int) -> Never {
    PageWorker.name("pdfbind-forker")
    let fault = TestFault.current
    var loaded = false
    var loading: BackgroundWork<Void>?
    // The template's resident kilobytes when each worker was forked: the worker's peak
    // starts there (its pages are the template's until written), and what pdfbind is told
    // is what the worker grew beyond it, which is what its page needed.
    var residentAtFork: [pid_t: Int] = [:]
    while true {
      if !loaded, loading == nil, !questionWaiting() { loading = BackgroundWork(loadForWorkers) }
      guard let bytes = Frames.read(from: PageWorker.socket) else { _exit(0) }
      var question = WireReader(bytes)
      var answer = WireWriter()
      switch (try? question.int()).flatMap(Question.init(rawValue:)) {
      case .startWorker:
        fault?.strikeTemplate()
        if let thread = loading {
          thread.wait()
          (loading, loaded) = (nil, true)
        } else if (try? question.bool()) == true, !loaded {
          loadForWorkers()
          loaded = true
        }
        let started = forkWorker(megabytes: megabytes)
        if let started { residentAtFork[started.pid] = residentKilobytes() }
        answer.int(Int(started?.pid ?? 0))
        answer.bool(loaded)
        guard Frames.write(answer.bytes, to: PageWorker.socket) else { _exit(0) }
        if let started {
          _ = CSystemShims_send_descriptor(PageWorker.socket, started.socket)
          Glibc.close(started.socket)
        }
      case .ending:
        let pid = pid_t(truncatingIfNeeded: (try? question.int()) ?? 0)
        let ended = ChildProcess.waitForEnd(of: pid)
        let inherited = residentAtFork.removeValue(forKey: pid) ?? 0
        answer.int(Int(ended?.ending.status ?? -1))
        answer.int(max(0, (ended?.peakKilobytes ?? 0) - inherited))
        guard Frames.write(answer.bytes, to: PageWorker.socket) else { _exit(0) }
      case nil:
        _exit(3)
      }
    }
  }

  /// Loads what every worker forked afterwards holds: poppler, TurboJPEG, and Tesseract with
  /// its script data (one detector made and kept idle).
  @Sendable private static func loadForWorkers() {
    _ = PopplerLibrary.shared
    _ = TurboJPEGLibrary.shared
    _ = try? ScriptDetectorPool.shared.withDetector { _ in }
  }

  /// This process's resident kilobytes: its peak, which for the template, which only loads
  /// and never frees, is what it holds.
  private static func residentKilobytes() -> Int {
    var usage = rusage()
    return getrusage(RUSAGE_SELF.rawValue, &usage) == 0 ? usage.ru_maxrss : 0
  }

  /// Whether pdfbind's next question (or its end) is there to be read.
  private static func questionWaiting() -> Bool {
    var ready = pollfd(fd: PageWorker.socket, events: Int16(POLLIN), revents: 0)
    return poll(&ready, 1, 0) > 0
  }

  /// Forks a worker serving on a new socket pair: in the template, the worker's pid and
  /// pdfbind's end of its socket; nil when no socket pair or process can be had. The worker
  /// itself never returns.
  private static func forkWorker(megabytes: Int) -> (pid: pid_t, socket: Int32)? {
    guard let (ours, theirs) = ChildProcess.socketPair() else { return nil }
    let pid = fork()
    if pid == 0 {
      // The worker: its end of the new pair becomes its socket, in place of the template's.
      Glibc.close(ours)
      dup2(theirs, PageWorker.socket)
      Glibc.close(theirs)
      PageWorker.serve(megabytes: megabytes)
    }
    Glibc.close(theirs)
    guard pid > 0 else {
      Glibc.close(ours)
      return nil
    }
    return (pid, ours)
  }
}
