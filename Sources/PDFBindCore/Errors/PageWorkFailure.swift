/// Why a page's work has no answer: its worker was stopped or stopped by itself. The page
/// gets one evidence line (`page 1 not drawn: it took longer than 10 s`); the rest of the book
/// and the batch go on.
public enum PageWorkFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The page used more than the processor time a page has.
  case pageTooLong(seconds: Double)
  /// The book used more than the processor time a book has, before or during this page.
  case bookTooLong(seconds: Double)
  /// The page's work (with `book`, the book's pages in all) waited `seconds` without computing
  /// (asleep, stuck on a lock), while under its processor time. Time waiting for a processor
  /// on a busy machine does not count.
  case waited(seconds: Double, book: Bool)
  /// The worker ended on a signal (`who`: "the drawing", "the reader", "poppler").
  case crashed(who: String, signal: Int32)
  /// The worker ended on a signal after using most of its memory: its limit stopped it.
  case outOfMemory(megabytes: Int)
  /// The worker ended with a status; nil when it answered what cannot be read, or how it
  /// ended is not known (the process that reaps it is gone).
  case stopped(who: String, status: Int32?)
  /// No worker could be started.
  case cannotStart(reason: String)

  /// What happened, as an evidence line says it after the page: "it took longer than 10 s".
  public var description: String {
    switch self {
    case .pageTooLong(let seconds): "it took longer than \(Self.seconds(seconds))"
    case .bookTooLong(let seconds): "the book took longer than \(Self.seconds(seconds))"
    case .waited(let seconds, let book):
      "\(book ? "the book" : "it") waited \(Self.seconds(seconds)) without computing"
    case .crashed(let who, let signal): "\(who) crashed (signal \(signal))"
    case .outOfMemory(let megabytes):
      "it needed more than the \(megabytes) MiB of memory a page may use"
    case .stopped(let who, let status?): "\(who) stopped (status \(status))"
    case .stopped(let who, nil): "\(who) stopped answering"
    case .cannotStart(let reason): "no page worker could be started: \(reason)"
    }
  }

  /// Whether the failure may belong to this run rather than to the page: work that waited
  /// (on something another run may not wait for), a worker that could not start. Another run
  /// may get an answer, so what was found beside it is not remembered (the cache of `suggest`).
  public var isTransient: Bool {
    switch self {
    case .waited, .cannotStart: true
    case .pageTooLong, .bookTooLong, .crashed, .outOfMemory, .stopped: false
    }
  }

  /// `10 s`, `0.5 s`.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
