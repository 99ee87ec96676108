import Glibc
import PDFBindCore

/// One page worker: a `pdfbind` process started in worker mode and the socket to it. The pool
/// lends it to one thread at a time, which is what makes it safe to move between threads
/// (hence `@unchecked Sendable`: its descriptor and pid are used by the borrower alone).
final class WorkerProcess: @unchecked Sendable {
  let pid: pid_t
  private let socket: Int32
  /// What the worker holds ready: the file it has open (`PageRequest.affinity`).
  var affinity: String?
  /// The page picture the worker keeps from its last `layout` request (`drawnPicture`).
  var drawnPicture: String?

  private init(pid: pid_t, socket: Int32) {
    self.pid = pid
    self.socket = socket
  }

  /// Set in every worker's environment.
  static let workerVariable = "PDFBIND_PAGE_WORKER"

  /// Set by tests that check a command starts no worker: starting one then ends pdfbind.
  static let refusedVariable = "PDFBIND_TEST_NO_WORKERS"

  /// Starts `executable` (pdfbind) as a page worker limited to `megabytes` of memory.
  static func start(_ executable: String, megabytes: Int) -> Result<WorkerProcess, PageWorkFailure>
  {
    if getenv(refusedVariable) != nil {
      let message = "pdfbind: a page worker was started although \(refusedVariable) is set\n"
      _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      exit(70)
    }
    // A program that does not call PageWorker.runIfAsked() would run itself again in each
    // worker, and that one again: a worker never starts another.
    if getenv(workerVariable) != nil {
      return .failure(
        .cannotStart(
          reason: "this program does not call PageWorker.runIfAsked() first thing in main"))
    }
    let arguments = [CommandLine.arguments.first ?? "pdfbind", PageWorker.argument, "\(megabytes)"]
    switch ChildProcess.start(
      executable, arguments: arguments, socket: PageWorker.socket,
      environment: [workerVariable + "=1"])
    {
    case .success(let (pid, socket)): return .success(WorkerProcess(pid: pid, socket: socket))
    case .failure(let why): return .failure(.cannotStart(reason: why.reason))
    }
  }

  /// How an exchange ended without an answer.
  enum Ending: Error {
    /// The worker ran past its time, of the processor or, with `byTheClock`, by the clock;
    /// it was killed.
    case timedOut(byTheClock: Bool)
    /// The worker ended (or broke the exchange) on its own; it is reaped.
    case ended(signal: Int32?, status: Int32, peakKilobytes: Int)
  }

  /// Sends `request` and waits for the answer while the worker has used less than `time`'s
  /// processor seconds and less than its wall-clock seconds; the answer and the processor
  /// seconds it took. Any ending but an answer leaves the worker killed and reaped: it must
  /// not be used again.
  func exchange(_ request: [UInt8], within time: WorkTime) -> Result<
    (reply: [UInt8], processorSeconds: Double), Ending
  > {
    let clock = WorkClock(worker: pid, time: time)
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
    return .success((reply, clock.used))
  }

  /// Closes the socket, which ends the worker's loop, and reaps it.
  func close() {
    Glibc.close(socket)
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
  }

  private func end(_ clock: WorkClock) -> Ending {
    guard clock.isOver else { return reap() }
    kill(pid, SIGKILL)
    _ = reap()
    return .timedOut(byTheClock: !clock.usedItsProcessorTime)
  }

  /// Waits for the worker to end and says how it did; closes the socket.
  private func reap() -> Ending {
    Glibc.close(socket)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
    // WIFSIGNALED / WTERMSIG / WEXITSTATUS are macros Swift does not import.
    let signal = status & 0x7F
    return .ended(
      signal: signal != 0 && signal != 0x7F ? signal : nil, status: (status >> 8) & 0xFF,
      peakKilobytes: usage.ru_maxrss)
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

/// How long a piece of page work may run: `processorSeconds` of the worker's processor time
/// (what a page costs, the same on a busy machine as on an idle one, so a loaded machine
/// decides as an idle one does), and `wallSeconds` by the clock, for work that waits without
/// computing (a worker stuck on a lock, or asleep).
struct WorkTime: Equatable, Sendable {
  var processorSeconds: Double
  var wallSeconds: Double
}

/// One exchange's time: the worker's processor time read from /proc while it runs, and the
/// wall clock.
private final class WorkClock {
  let worker: pid_t
  let time: WorkTime
  let startedAt = Monotonic.now
  let startProcessor: Double
  private(set) var used = 0.0

  /// How often the worker's processor time is read while the answer is awaited.
  static let checkEvery = 0.1

  init(worker: pid_t, time: WorkTime) {
    self.worker = worker
    self.time = time
    startProcessor = Self.processorSeconds(of: worker) ?? 0
  }

  /// Whether the work has run past its time.
  var isOver: Bool {
    used = max(used, (Self.processorSeconds(of: worker) ?? startProcessor) - startProcessor)
    return usedItsProcessorTime || Monotonic.now - startedAt >= time.wallSeconds
  }

  /// Whether the worker used all its processor time (read last by `isOver`); when the work
  /// is over without it, the clock stopped it.
  var usedItsProcessorTime: Bool { used >= time.processorSeconds }

  /// Seconds to wait for the answer before looking at the time again; nil when it is over.
  func nextWait() -> Double? {
    if isOver { return nil }
    let wallLeft = time.wallSeconds - (Monotonic.now - startedAt)
    return max(0.001, min(Self.checkEvery, wallLeft, time.processorSeconds - used))
  }

  /// User and system seconds `pid` has used, all its threads (/proc/PID/stat, fields 14-15).
  static func processorSeconds(of pid: pid_t) -> Double? {
    let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { Glibc.close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 1024)
    let count = read(descriptor, &bytes, bytes.count)
    guard count > 0, let close = bytes[..<count].lastIndex(of: UInt8(ascii: ")")) else {
      return nil
    }
    // After the command's closing parenthesis: state (field 3), ..., utime (14), stime (15).
    let fields = bytes[(close + 1)..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 12, let user = Double(String(decoding: fields[11], as: UTF8.self)),
      let system = Double(String(decoding: fields[12], as: UTF8.self))
    else { return nil }
    return (user + system) / ticksPerSecond
  }

  static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// Seconds on the monotonic clock, which no change of the date moves.
enum Monotonic {
  static var now: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
