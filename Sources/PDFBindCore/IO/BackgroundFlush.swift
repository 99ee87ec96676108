import Glibc
import SystemPackage

/// fsync(2) of a file on a thread of its own, started at once: the caller verifies the result
/// (already in the page cache) while it reaches the disk, then waits for the outcome before
/// anything depends on it being durable. A thread of its own, not Dispatch's pool: the pool is
/// as wide as the machine, and `set` on several files keeps every one of those threads busy.
final class BackgroundFlush: @unchecked Sendable {
  private let descriptor: FileDescriptor
  private var thread: pthread_t = 0
  private var started = false
  // Written by the flushing thread, read only after pthread_join (which orders the two).
  private var failure: Errno?

  init(_ descriptor: FileDescriptor) {
    self.descriptor = descriptor
    let context = Unmanaged.passRetained(self).toOpaque()
    started =
      pthread_create(
        &thread, nil,
        { context in
          let flush = Unmanaged<BackgroundFlush>.fromOpaque(context!).takeRetainedValue()
          flush.run()
          return nil
        }, context) == 0
    if !started {
      // No thread to be had: flush here, as before.
      Unmanaged<BackgroundFlush>.fromOpaque(context).release()
      run()
    }
  }

  private func run() {
    do throws(Errno) { try FileIO.sync(descriptor) } catch { failure = error }
  }

  /// Waits until the file is flushed; throws what fsync reported. Call it exactly once.
  func wait() throws(Errno) {
    if started { pthread_join(thread, nil) }
    if let failure { throw failure }
  }
}
