import Glibc
import SystemPackage

/// Work started at once on a thread of its own, whose result the caller collects with `wait()`
/// once it has done its own share. A thread of its own, not Dispatch's pool: the pool is as wide
/// as the machine, and a batch keeps every one of its threads busy (`set` on several files,
/// `suggest`'s drawing threads). When no thread can be had, the work runs at once, in `init`.
///
/// What `work` touches must be used by it alone until `wait()` returns (hence
/// `@unchecked Sendable`: the work moves to the thread, nothing is shared).
package final class BackgroundWork<Outcome>: OwnThread, @unchecked Sendable {
  private var work: (() -> Outcome)?
  // Written by the working thread, read only after pthread_join (which orders the two).
  private var outcome: Outcome?

  package init(_ work: @escaping () -> Outcome) {
    self.work = work
    super.init()
    start()
  }

  override func run() {
    outcome = work?()
    work = nil
  }

  /// Waits until the work is done and returns its outcome. Call it exactly once.
  package func wait() -> Outcome {
    join()
    return outcome!
  }
}

/// The thread under `BackgroundWork`: a C thread's entry point cannot name a generic type.
package class OwnThread: @unchecked Sendable {
  private var thread: pthread_t = 0
  private var started = false

  func run() {}

  fileprivate func start() {
    let context = Unmanaged.passRetained(self).toOpaque()
    started =
      pthread_create(
        &thread, nil,
        { context in
          Unmanaged<OwnThread>.fromOpaque(context!).takeRetainedValue().run()
          return nil
        }, context) == 0
    if !started {
      Unmanaged<OwnThread>.fromOpaque(context).release()
      run()
    }
  }

  fileprivate func join() {
    if started { pthread_join(thread, nil) }
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
