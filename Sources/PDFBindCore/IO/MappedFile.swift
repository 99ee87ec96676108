import Glibc
import SystemPackage

/// A regular file mapped read-only into memory, unmapped when its owner (a QPDFDocument, after
/// qpdf_cleanup) lets it go. Nil for anything that cannot be mapped: qpdf then reads the file
/// itself and reports what is wrong with it.
///
/// If another program shortens the file while it is mapped, reading the lost pages raises
/// SIGBUS; the command line reports that and stops (pdfbind's FaultHandler).
final class MappedFile {
  let address: UnsafeMutableRawPointer
  let length: Int

  convenience init?(_ path: FilePath) {
    guard let descriptor = try? FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
    else { return nil }
    defer { try? descriptor.close() }
    self.init(descriptor: descriptor)
  }

  /// Maps the file open as `descriptor`, which may be closed afterwards.
  init?(descriptor: FileDescriptor) {
    var status = stat()
    guard fstat(descriptor.rawValue, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_size > 0,
      let address = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, descriptor.rawValue, 0),
      address != UnsafeMutableRawPointer(bitPattern: -1)
    else { return nil }
    // qpdf jumps between the cross-reference data and the objects it needs: read only those
    // pages, not the neighbours readahead would bring in.
    madvise(address, Int(status.st_size), MADV_RANDOM)
    self.address = address
    self.length = Int(status.st_size)
  }

  deinit {
    munmap(address, length)
  }
}
