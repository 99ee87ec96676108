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
}

/// Runs one job per input on up to `jobs` threads and prints each input's lines in input
/// order as soon as every earlier input is done, so output is the same with any --jobs.
/// Each job opens its own qpdf handle (qpdf allows one per thread).
enum Batch {
  static func run(
    _ inputs: [Input], jobs: Int?, showProgress: Bool,
    _ work: @Sendable (Input) -> FileReport
  ) -> FileStatus {
    let state = Mutex(PrintState(count: inputs.count))
    let progress = showProgress && inputs.count > 1 ? Progress(total: inputs.count) : nil
    let workers = min(inputs.count, jobs ?? Environment.processorCount)
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < inputs.count else { return }
        let report = work(inputs[index])
        state.withLock { $0.finish(index, report, progress: progress) }
      }
    }
    progress?.clear()
    return state.withLock { $0.worst }
  }

  private struct PrintState: ~Copyable {
    var pending: [FileReport?]
    var nextToPrint = 0
    var worst = FileStatus.ok
    var done = 0
    var failures = 0

    init(count: Int) { pending = Array(repeating: nil, count: count) }

    mutating func finish(_ index: Int, _ report: FileReport, progress: Progress?) {
      pending[index] = report
      done += 1
      if report.status == .failed { failures += 1 }
      worst = max(worst, report.status)
      progress?.clear()
      while nextToPrint < pending.count, let ready = pending[nextToPrint] {
        ready.standardError.forEach(Terminal.err)
        ready.standardOutput.forEach(Terminal.out)
        pending[nextToPrint] = nil
        nextToPrint += 1
      }
      progress?.show(done: done, failures: failures)
    }
  }
}

/// One status line on a terminal's standard error, redrawn in place:
/// done/total, files per second, failures so far.
final class Progress: Sendable {
  let total: Int
  let start = ContinuousClock.now

  init(total: Int) { self.total = total }

  func show(done: Int, failures: Int) {
    let seconds = (ContinuousClock.now - start) / .seconds(1)
    let rate = seconds > 0 ? Int(Double(done) / seconds) : 0
    Terminal.writeRaw(
      Array("\r\u{1B}[K\(done)/\(total) files, \(rate)/s, \(failures) failed".utf8), toError: true)
  }

  func clear() {
    Terminal.writeRaw(Array("\r\u{1B}[K".utf8), toError: true)
  }
}
