import Dispatch
import PDFBindCore
import Synchronization

/// What happened to one input; decides the exit status.
enum FileStatus: Int, Comparable {
  case ok = 0
  case mismatch = 1
  case failed = 2
  static func < (lhs: FileStatus, rhs: FileStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The lines one input produced, printed together and in input order.
struct FileReport: Sendable {
  var status: FileStatus = .ok
  var standardOutput: [[UInt8]] = []
  var standardError: [[UInt8]] = []

  mutating func fail(_ input: Input, _ reason: any Error) {
    status = .failed
    standardError.append(Array("pdfbind: ".utf8) + input.display + ": \(reason)")
  }

  mutating func warn(_ input: Input, _ text: String) {
    standardError.append(Array("pdfbind: ".utf8) + input.display + ": \(text)")
  }

  /// A report line, on standard error when standard output carries PDF bytes.
  mutating func report(_ line: [UInt8], toError: Bool) {
    if toError {
      standardError.append(line)
    } else {
      standardOutput.append(line)
    }
  }
}

/// Runs one job per input on up to `jobs` threads and prints each input's lines in input
/// order as soon as every earlier input is done, so output is the same with any --jobs.
/// Each job opens its own qpdf handle (qpdf allows one per thread).
enum Batch {
  static func run(
    _ inputs: [Input], jobs: Int?, showProgress: Bool,
    _ work: @Sendable (Input) -> FileReport
  ) -> FileStatus {
    let state = Mutex(
      PrintState(
        count: inputs.count,
        progress: showProgress && inputs.count > 1 ? Progress(total: inputs.count) : nil))
    let workers = min(inputs.count, jobs ?? Environment.processorCount)
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < inputs.count else { return }
        let report = work(inputs[index])
        state.withLock { $0.finish(index, report) }
      }
    }
    return state.withLock {
      $0.progress?.clear()
      return $0.worst
    }
  }

  private struct PrintState: ~Copyable {
    var pending: [FileReport?]
    var nextToPrint = 0
    var worst = FileStatus.ok
    var done = 0
    var failures = 0
    var progress: Progress?

    init(count: Int, progress: Progress?) {
      pending = Array(repeating: nil, count: count)
      self.progress = progress
    }

    mutating func finish(_ index: Int, _ report: FileReport) {
      pending[index] = report
      done += 1
      if report.status == .failed { failures += 1 }
      worst = max(worst, report.status)
      // Lines for the terminal go out above the status line: take it down, print, put it back.
      var cleared = false
      while nextToPrint < pending.count, let ready = pending[nextToPrint] {
        if !ready.standardError.isEmpty
          || (!ready.standardOutput.isEmpty && Terminal.standardOutputIsTerminal)
        {
          cleared = progress?.clear() ?? false || cleared
        }
        ready.standardError.forEach(Terminal.err)
        ready.standardOutput.forEach(Terminal.out)
        pending[nextToPrint] = nil
        nextToPrint += 1
      }
      progress?.update(done: done, failures: failures, redraw: cleared)
    }
  }
}

/// One status line on a terminal's standard error, redrawn in place: done/total, files per
/// second, failures so far. It appears at once for a thousand files or more, otherwise once
/// the run has taken half a second, and changes at most ten times a second, so short runs
/// show nothing and long ones pay little for it.
struct Progress {
  let total: Int
  private let start = ContinuousClock.now
  private var lastDrawn: ContinuousClock.Instant?
  private var isShown = false

  init(total: Int) { self.total = total }

  /// Draws the line if it is due, or at once with `redraw` when it was just cleared.
  mutating func update(done: Int, failures: Int, redraw: Bool) {
    let now = ContinuousClock.now
    guard total >= 1000 || now - start >= .milliseconds(500) else { return }
    if !redraw, let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
    lastDrawn = now
    isShown = true
    let seconds = (now - start) / .seconds(1)
    let rate = Int(Double(done) / seconds)
    Terminal.writeRaw(
      Array("\r\u{1B}[K\(done)/\(total) files, \(rate)/s, \(failures) failed".utf8), toError: true)
  }

  /// Takes the line down; true when it was shown.
  @discardableResult mutating func clear() -> Bool {
    guard isShown else { return false }
    isShown = false
    Terminal.writeRaw(Array("\r\u{1B}[K".utf8), toError: true)
    return true
  }
}
