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
