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
/// Each job opens its own qpdf handle (qpdf allows one per thread). The inputs are consumed as
/// a stream: at most `window` of them are taken and not yet printed, so a walk over a huge
/// library never holds more than that (a slow file holds the others back, not memory).
enum Batch {
  static func run(
    _ inputs: some Sequence<Input>, jobs: Int?, showProgress: Bool,
    _ work: @Sendable (Input) -> FileReport
  ) -> FileStatus {
    let known = (inputs as? InputStream)?.knownCount ?? (inputs as? [Input])?.count
    let workers = max(1, min(known ?? Int.max, jobs ?? Environment.processorCount))
    let window = max(64, 8 * workers)
    let state = Mutex(
      PrintState(
        inputs: inputs.makeIterator(),
        progress: showProgress && known != 1 ? Progress(total: known) : nil))
    let slots = DispatchSemaphore(value: window)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        slots.wait()
        guard let (index, input) = state.withLock({ $0.take() }) else {
          slots.signal()
          return
        }
        let report = work(input)
        let printed = state.withLock { $0.finish(index, report) }
        for _ in 0..<printed { slots.signal() }
      }
    }
    return state.withLock {
      $0.progress?.clear()
      return $0.worst
    }
  }

  private struct PrintState: ~Copyable {
    var inputs: any IteratorProtocol<Input>
    var taken = 0
    var pending: [Int: FileReport] = [:]
    var nextToPrint = 0
    var worst = FileStatus.ok
    var done = 0
    var failures = 0
    var progress: Progress?

    init(inputs: any IteratorProtocol<Input>, progress: Progress?) {
      self.inputs = inputs
      self.progress = progress
    }

    /// The next input and its position, or nil when the stream is over.
    mutating func take() -> (Int, Input)? {
      guard let input = inputs.next() else { return nil }
      defer { taken += 1 }
      return (taken, input)
    }

    /// Stores a report and prints every report now in order; returns how many were printed.
    mutating func finish(_ index: Int, _ report: FileReport) -> Int {
      pending[index] = report
      done += 1
      if report.status == .failed { failures += 1 }
      worst = max(worst, report.status)
      // Lines for the terminal go out above the status line: take it down, print, put it back.
      var cleared = false
      var printed = 0
      while let ready = pending.removeValue(forKey: nextToPrint) {
        if !ready.standardError.isEmpty
          || (!ready.standardOutput.isEmpty && Terminal.standardOutputIsTerminal)
        {
          cleared = progress?.clear() ?? false || cleared
        }
        ready.standardError.forEach(Terminal.err)
        ready.standardOutput.forEach(Terminal.out)
        nextToPrint += 1
        printed += 1
      }
      progress?.update(done: done, failures: failures, redraw: cleared)
      return printed
    }
  }
}

/// One status line on a terminal's standard error, redrawn in place: done/total, files per
/// second, failures so far. It appears at once for a thousand files or more, otherwise once
/// the run has taken half a second, and changes at most ten times a second, so short runs
/// show nothing and long ones pay little for it.
struct Progress {
  /// The number of files, when known before the run (not for a -r walk).
  let total: Int?
  private let start = ContinuousClock.now
  private var lastDrawn: ContinuousClock.Instant?
  private var isShown = false

  init(total: Int?) { self.total = total }

  /// Draws the line if it is due, or at once with `redraw` when it was just cleared.
  mutating func update(done: Int, failures: Int, redraw: Bool) {
    let now = ContinuousClock.now
    guard total ?? 0 >= 1000 || now - start >= .milliseconds(500) else { return }
    if !redraw, let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
    lastDrawn = now
    isShown = true
    let seconds = (now - start) / .seconds(1)
    let rate = Int(Double(done) / seconds)
    Terminal.writeRaw(
      Array(
        "\r\u{1B}[K\(done)\(total.map { "/\($0)" } ?? "") files, \(rate)/s, \(failures) failed"
          .utf8), toError: true)
  }

  /// Takes the line down; true when it was shown.
  @discardableResult mutating func clear() -> Bool {
    guard isShown else { return false }
    isShown = false
    Terminal.writeRaw(Array("\r\u{1B}[K".utf8), toError: true)
    return true
  }
}
