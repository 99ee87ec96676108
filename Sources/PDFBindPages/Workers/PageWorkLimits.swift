import Glibc
import PDFBindCore

/// The deadlines and the memory limit of page work, from the environment or the defaults
/// (README, "Pages that cannot be drawn"). On the labelled sets of bench/suggest the slowest
/// page (a Fraktur newspaper page whose words are recognised) takes under 5 s of processor
/// time, half the page's deadline, and the most costly book 8 to 10 s in all, a sixth of the
/// book's (bench/suggest/README.md, "Lines read again inverted").
public struct PageWorkLimits: Sendable, Equatable {
  /// Processor seconds a page's drawing, decoding, text or reading may take
  /// (`PDFBIND_PAGE_TIMEOUT`), and seconds it may wait without computing.
  public var pageSeconds: Double
  /// Processor seconds all the page work of one book may take (`PDFBIND_BOOK_TIMEOUT`), and
  /// seconds its pages may wait without computing, in all.
  public var bookSeconds: Double
  /// MiB of memory a page worker may hold (`PDFBIND_WORKER_MEMORY`): poppler decodes an
  /// image whole, and the largest it is let decode (50 megapixels) takes 200 MB.
  public var workerMegabytes: Int

  /// The time a book has. Work waits without computing only when it is stuck (on a lock,
  /// asleep, on a file that does not come): a page that draws or reads computes, or waits for
  /// a processor on a busy machine, which is not counted.
  var bookTime: WorkTime { WorkTime(processorSeconds: bookSeconds, waitingSeconds: bookSeconds) }

  /// A page's time when its book has `left`.
  func pageTime(within left: WorkTime) -> WorkTime {
    WorkTime(
      processorSeconds: min(pageSeconds, left.processorSeconds),
      waitingSeconds: min(pageSeconds, left.waitingSeconds))
  }

  /// Why work given `time` was stopped, by its processor time or, with `waiting`, by its time
  /// waiting: the book's deadline when `time` was cut to what the book had left, else the
  /// page's.
  func failure(within time: WorkTime, waiting: Bool) -> PageWorkFailure {
    if waiting {
      let book = time.waitingSeconds < pageSeconds
      return .waited(seconds: book ? bookSeconds : pageSeconds, book: book)
    }
    return time.processorSeconds < pageSeconds
      ? .bookTooLong(seconds: bookSeconds) : .pageTooLong(seconds: pageSeconds)
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
