import Glibc
import Synchronization

/// The processor cores the books suggested at the same time share. A program that suggests
/// several books at once (a batch) gives every ``BindingAdvisor`` it uses the same
/// `SharedCores`: each book holds one core while it is suggested, and runs a second reading or
/// drawing thread beside its own only while another core is free (a book alone on a machine of
/// several cores, or the last of a batch). An advisor made without one has the machine to
/// itself.
public final class SharedCores: Sendable {
  /// Cores not held by a book.
  private let free: Mutex<Int>

  /// `count` cores; by default as many as the machine has online.
  public init(count: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) {
    free = Mutex(count)
  }

  /// Runs `body`, one book's work, holding one core.
  func holding<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure)
    -> Value
  {
    free.withLock { $0 -= 1 }
    defer { free.withLock { $0 += 1 } }
    return try body()
  }

  /// Whether a core is free now: a book's work may then run a second thread beside its own.
  var oneFree: Bool { free.withLock { $0 > 0 } }
}
