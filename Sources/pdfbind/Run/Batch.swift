import PDFBindCore
import PDFBindPages
import Synchronization

/// Runs one job per input on up to `jobs` threads (`OwnThread`, the library's one way to run
/// work in parallel) and prints each input's lines in input order as soon as every earlier
/// input is done, so output is the same with any --jobs. Each
/// job gets its input's position in the run (from 0), for results gathered in order.
/// Each job opens its own qpdf handle (qpdf allows one per thread). The inputs are consumed as
/// a stream: at most `window` of them are taken and not yet printed, so a walk over a huge
/// library never holds more than that (a slow file holds the others back, not memory).
enum Batch {
  static func run<Inputs: Sequence<Input>>(
    _ inputs: sending Inputs, jobs: Int?, showProgress: Bool,
    _ work: @Sendable (Int, Input) -> FileReport
  ) -> FileStatus where Inputs.Iterator: SendableMetatype {
    let known = (inputs as? InputStream)?.knownCount ?? (inputs as? [Input])?.count
    let workers = max(1, min(known ?? Int.max, jobs ?? Environment.processorCount))
    let window = max(64, 8 * workers)
    let state = Mutex(
      PrintState(
        inputs: inputs.makeIterator(),
        progress: showProgress && known != 1 ? Progress(total: known) : nil))
    let slots = Slots(window)
    OwnThread.forEach(workers) { _ in
      while true {
        slots.take()
        guard let (index, input) = state.withLock({ $0.take() }) else {
          slots.giveBack()
          return
        }
        let report = work(index, input)
        FreedMemory.giveBack()
        slots.giveBack(state.withLock { $0.finish(index, report) })
      }
    }
    return state.withLock {
      $0.progress?.clear()
      return $0.worst
    }
  }

  /// Only ever touched inside the Mutex, which takes it (`sending`) with the input sequence
  /// the caller gave up (`SendableMetatype`: its iterator's conformance is no actor's).
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
