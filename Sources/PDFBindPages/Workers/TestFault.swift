import Glibc
import PDFBindCore

/// Faults a test asks a page worker for, to check that pdfbind survives them:
/// `PDFBIND_TEST_WORKER_FAULT=WHAT-WORK[:PAGE]`, WHAT one of `crash`, `hang` (asleep: only the
/// clock stops it), `spin` (computing: its processor time stops it) and `grow` (allocate
/// without bound), WORK one of `drawing`, `reading`, `text`, `open`; PAGE (from 1) limits it to
/// that page. `crash-forking` and `hang-forking` crash or hang the workers' template when it
/// is asked for a worker. Never set outside tests.
struct TestFault {
  static let variable = "PDFBIND_TEST_WORKER_FAULT"

  enum Kind: String {
    case crash, hang, spin, grow
  }

  var kind: Kind
  var work: String
  var page: Int?

  static var current: TestFault? {
    guard let value = getenv(variable).map({ String(cString: $0) }) else { return nil }
    let parts = value.split(separator: ":")
    let what = parts.first?.split(separator: "-", maxSplits: 1) ?? []
    guard what.count == 2, let kind = Kind(rawValue: String(what[0])) else { return nil }
    return TestFault(
      kind: kind, work: String(what[1]), page: parts.count > 1 ? Int(parts[1]) : nil)
  }

  /// Crashes or hangs the template (`WorkerTemplate`) when the fault is `crash-forking` or
  /// `hang-forking`.
  func strikeTemplate() {
    guard work == "forking" else { return }
    if kind == .crash { raise(SIGSEGV) }
    if kind == .hang { while true { sleep(60) } }
  }

  /// Crashes, hangs, spins or grows when `request` is the work (and page) named.
  func strike(_ request: PageRequest) {
    let (work, page): (String, Int?) =
      switch request {
      case .open, .sizes: ("open", nil)
      case .text(_, let page): ("text", page + 1)
      case .picture(_, let page, _, _), .layout(_, let page, _, _, _),
        .spine(_, let page, _, _, _, _), .drawing(_, let page, _, _):
        ("drawing", page + 1)
      case .readDrawn: ("reading", nil)
      }
    guard work == self.work, self.page == nil || self.page == page else { return }
    switch kind {
    case .crash: raise(SIGSEGV)
    case .hang: while true { sleep(60) }
    case .spin:
      // A call the optimizer cannot drop (arithmetic alone it removes), for ever: a page that
      // computes and never ends.
      var now = timespec()
      while true { clock_gettime(CLOCK_MONOTONIC, &now) }
    case .grow:
      // As a runaway drawing does: ask for memory and use it, until none is given.
      var blocks: [UnsafeMutableRawPointer] = []
      while let block = malloc(16 << 20) {
        memset(block, 1, 16 << 20)
        blocks.append(block)
      }
      abort()
    }
  }
}
