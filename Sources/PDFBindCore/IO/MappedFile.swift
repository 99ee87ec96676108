import Glibc
import SystemPackage

/// A regular file mapped read-only into memory, unmapped when its owner (a QPDFDocument, after
/// qpdf_cleanup) lets it go. Nil for anything that cannot be mapped: qpdf then reads the file
/// itself and reports what is wrong with it.
///
/// If another program shortens the file while it is mapped, reading the lost pages raises
/// SIGBUS; `ShrunkFileFault` is the public hook a program uses to report that and stop.
final class MappedFile {
  /// The first byte. Readers go through `withBytes`; only `QPDFDocument`, which keeps the
  /// mapping as long as qpdf reads from it, hands the address itself on.
  let address: UnsafeMutableRawPointer
  let length: Int

  /// Calls `body` with the mapped bytes, keeping the mapping alive until it returns. The
  /// buffer must not escape `body`.
  func withBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    defer { withExtendedLifetime(self) {} }
    return try body(UnsafeRawBufferPointer(start: address, count: length))
  }

  convenience init?(_ path: FilePath) {
    guard let descriptor = try? FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
    else { return nil }
    defer { try? descriptor.close() }
    self.init(descriptor: descriptor)
  }

  /// Maps the file open as `descriptor`, which may be closed afterwards.
  convenience init?(descriptor: FileDescriptor) {
    var status = stat()
    guard fstat(descriptor.rawValue, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return nil
    }
    self.init(descriptor: descriptor, length: Int(status.st_size))
  }

  /// Maps the first `length` bytes of the regular file open as `descriptor` (its size, from a
  /// stat the caller already made).
  init?(descriptor: FileDescriptor, length: Int) {
    guard length > 0,
      let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor.rawValue, 0),
      address != UnsafeMutableRawPointer(bitPattern: -1)
    else { return nil }
    // qpdf jumps between the cross-reference data and the objects it needs: read only those
    // pages, not the neighbours readahead would bring in.
    madvise(address, length, MADV_RANDOM)
    self.address = address
    self.length = length
  }

  /// Lets go of the pages read so far (they count in the process's memory while mapped);
  /// reading them again maps them again, from the page cache.
  func releaseReadPages() {
    madvise(address, length, MADV_DONTNEED)
  }

  deinit {
    munmap(address, length)
  }
}
