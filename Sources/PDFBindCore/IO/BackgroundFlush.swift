import Dispatch
import Glibc
import SystemPackage

/// fsync(2) of a file on another thread, started at once: the caller verifies the result
/// (already in the page cache) while it reaches the disk, then waits for the outcome before
/// anything depends on it being durable.
final class BackgroundFlush: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  // Written once by the flushing thread before it signals `done`, read after `wait`.
  private var failure: Errno?

  init(_ descriptor: FileDescriptor) {
    DispatchQueue.global().async { [self] in
      do throws(Errno) { try FileIO.sync(descriptor) } catch { failure = error }
      done.signal()
    }
  }

  /// Waits until the file is flushed; throws what fsync reported.
  func wait() throws(Errno) {
    done.wait()
    if let failure { throw failure }
  }
}
