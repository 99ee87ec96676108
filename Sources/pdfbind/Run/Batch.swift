import Dispatch
import PDFBindCore
import Synchronization

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
