import Glibc
import PDFBindCore

/// The deadlines and the memory limit of page work, from the environment or the defaults
/// (README, "Pages that cannot be drawn"). The defaults are far above any real page: on the
/// labelled sets of bench/suggest a page takes at most about half a second to draw or read,
/// and a book at most a few seconds (a 200-page scan, 3 s).
public struct PageWorkLimits: Sendable, Equatable {
  /// Processor seconds a page's drawing, decoding, text or reading may take
  /// (`PDFBIND_PAGE_TIMEOUT`); `wallClockFactor` times as many by the clock.
  public var pageSeconds: Double
  /// Processor seconds all the page work of one book may take (`PDFBIND_BOOK_TIMEOUT`);
  /// `wallClockFactor` times as many by the clock.
  public var bookSeconds: Double
  /// MiB of memory a page worker may hold (`PDFBIND_WORKER_MEMORY`): poppler decodes an
  /// image whole, and the largest it is let decode (50 megapixels) takes 200 MB.
  public var workerMegabytes: Int

  /// How many times its processor seconds a page or a book may take by the clock: work that
  /// waits without computing (stuck on a lock, asleep) is stopped there. A page that computes
  /// takes about its processor time on an idle machine, and 3 times it at a load of 6 on 2
  /// cores, where the clock would stop it first only beyond that.
  public static let wallClockFactor = 3.0

  /// The clock seconds a book may take.
  var bookWallSeconds: Double { bookSeconds * Self.wallClockFactor }

  /// The clock seconds a page may take.
  var pageWallSeconds: Double { pageSeconds * Self.wallClockFactor }

  /// Why work given `time` was stopped, by the clock or by its processor time: the book's
  /// deadline when `time` was cut to what the book had left, else the page's.
  func failure(within time: WorkTime, byTheClock: Bool) -> PageWorkFailure {
    if byTheClock {
      let book = time.wallSeconds < pageWallSeconds
      return .stillRunning(seconds: book ? bookWallSeconds : pageWallSeconds, book: book)
    }
    return time.processorSeconds < pageSeconds
      ? .bookTooLong(seconds: bookSeconds) : .pageTooLong(seconds: pageSeconds)
  }

  /// A page's time when its book has `processorLeft` and `wallLeft` seconds left.
  func time(processorLeft: Double, wallLeft: Double) -> WorkTime {
    WorkTime(
      processorSeconds: min(pageSeconds, processorLeft),
      wallSeconds: min(pageWallSeconds, wallLeft))
  }

  public static let defaults = PageWorkLimits(
    pageSeconds: 10, bookSeconds: 60, workerMegabytes: 768)

  public init(pageSeconds: Double, bookSeconds: Double, workerMegabytes: Int) {
    self.pageSeconds = pageSeconds
    self.bookSeconds = bookSeconds
    self.workerMegabytes = workerMegabytes
  }

  /// The limits the environment sets, the defaults for what it does not; a value that is not
  /// a positive number is the default.
  public static var fromEnvironment: PageWorkLimits {
    func number(_ name: String) -> Double? {
      guard let text = getenv(name).map({ String(cString: $0) }), let value = Double(text),
        value > 0, value.isFinite
      else { return nil }
      return value
    }
    var limits = defaults
    if let value = number("PDFBIND_PAGE_TIMEOUT") { limits.pageSeconds = value }
    if let value = number("PDFBIND_BOOK_TIMEOUT") { limits.bookSeconds = value }
    if let value = number("PDFBIND_WORKER_MEMORY") { limits.workerMegabytes = Int(value) }
    return limits
  }
}
