import Glibc
import Synchronization
import SystemPackage

/// The one way pdfbind runs work in parallel inside a process (page work itself runs in page
/// worker processes, `PageWorkers`): a thread of its own for each piece of work, started when
/// the work is and joined by whoever started it, never later than when its last handle goes.
/// Not Dispatch's pool nor Swift's cooperative pool: both are as wide as the machine, and these
/// threads mostly wait on a page worker's socket (a batch's books, `suggest`'s drawing threads
/// and its script readings, all at once); a waiting pool thread would hold the others back.
/// When no thread can be had, the work runs at once, in `init`.
///
/// How many threads a book's work may keep busy is for the caller to say (PDFBindPages'
/// `SharedCores`), never a count kept by the process.
package final class OwnThread: Sendable {
  /// nil when the work ran in `init`.
  private let thread: pthread_t?
  private let joined = Mutex(false)

  init(_ work: @escaping @Sendable () -> Void) {
    // A C thread's entry point captures nothing: the work goes through its context pointer.
    final class Start: Sendable {
      let work: @Sendable () -> Void
      init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }
    let context = Unmanaged.passRetained(Start(work)).toOpaque()
    var thread: pthread_t = 0
    let started =
      pthread_create(
        &thread, nil,
        { context in
          Unmanaged<Start>.fromOpaque(context!).takeRetainedValue().work()
          return nil
        }, context) == 0
    if started {
      self.thread = thread
    } else {
      Unmanaged<Start>.fromOpaque(context).release()
      self.thread = nil
      work()
    }
  }

  /// Waits until the work is done; a second call returns at once.
  func join() {
    let first = joined.withLock { joined in
      defer { joined = true }
      return !joined
    }
    if first, let thread { pthread_join(thread, nil) }
  }

  deinit { join() }

  /// Runs `body(index)` for every index in `0..<count`, index 0 on this thread and each other
  /// on a thread of its own; returns when every one has returned. What the calls share they
  /// share through `body`'s captures, which live until then (hence a non-escaping `body`).
  package static func forEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
    guard count > 1 else {
      if count == 1 { body(0) }
      return
    }
    withoutActuallyEscaping(body) { body in
      let others = (1..<count).map { index in OwnThread { body(index) } }
      body(0)
      for thread in others { thread.join() }
    }
  }
}

/// Work started at once on a thread of its own (`OwnThread`), whose outcome the caller
/// collects with `wait()` once it has done its own share.
package final class BackgroundWork<Outcome: Sendable>: Sendable {
  private final class Slot: Sendable {
    let outcome = Mutex<Outcome?>(nil)
  }
  private let slot: Slot
  private let thread: OwnThread

  package init(_ work: @escaping @Sendable () -> Outcome) {
    let slot = Slot()
    self.slot = slot
    thread = OwnThread {
      let outcome = work()
      slot.outcome.withLock { $0 = outcome }
    }
  }

  /// Waits until the work is done and returns its outcome.
  package func wait() -> Outcome {
    thread.join()
    return slot.outcome.withLock { $0! }
  }
}

/// fsync(2) of a file started at once in the background: the caller verifies the result
/// (already in the page cache) while it reaches the disk, then waits for the outcome before
/// anything depends on it being durable.
struct BackgroundFlush {
  private let flush: BackgroundWork<Errno?>

  init(_ descriptor: FileDescriptor) {
    flush = BackgroundWork {
      do throws(Errno) {
        try FileIO.sync(descriptor)
        return nil
      } catch {
        return error
      }
    }
  }

  /// Waits until the file is flushed; throws what fsync reported. Call it exactly once.
  func wait() throws(Errno) {
    if let failure = flush.wait() { throw failure }
  }
}
