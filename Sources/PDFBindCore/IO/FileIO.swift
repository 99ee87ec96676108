import CSystemShims
import Glibc
import SystemPackage

/// The syscalls pdfbind's writers need that swift-system 1.8.1 does not wrap (copy_file_range,
/// fsync, rename, realpath, fchown, fchmod), in its shape: typed `Errno` errors and a retry
/// when a signal interrupts the call.
package enum FileIO {
  /// Copies the first `count` bytes of `source` to `destination` at their current positions.
  /// copy_file_range lets the kernel copy (or share extents, on file systems that can), so
  /// the bytes never pass through our memory; plain read/write is the fallback where it is
  /// not available (another file system, a pipe). With `writebackEvery`, each time that many
  /// bytes are copied they are handed to the disk (sync_file_range), so a flush that follows
  /// waits for the last chunk, not for the whole file.
  static func copy(
    from source: FileDescriptor, to destination: FileDescriptor, count: Int64,
    writebackEvery chunk: Int64? = nil
  ) throws(Errno) {
    var sourceOffset: off_t = 0
    var remaining = count
    var kernelCopy = true
    var writeback = Writeback(descriptor: destination, chunk: chunk)
    let chunkLimit = chunk ?? 1 << 30
    while remaining > 0 {
      if kernelCopy {
        let copied = CSystemShims_copy_file_range(
          source.rawValue, &sourceOffset, destination.rawValue, nil,
          Int(min(remaining, chunkLimit)), 0)
        if copied > 0 {
          remaining -= Int64(copied)
          writeback.copied(Int64(copied))
          continue
        }
        let error = Errno(rawValue: errno)
        if copied == 0 { throw Errno.ioError }  // the source is shorter than it said
        if error == .interrupted { continue }
        let unsupported: [Errno] = [
          .improperLink, .noFunction, .invalidArgument, .notSupported, .badFileDescriptor,
        ]
        guard unsupported.contains(error)
        else { throw error }
        kernelCopy = false
      }
      var chunk = [UInt8](repeating: 0, count: Int(min(remaining, 1 << 20)))
      let got: Int
      do {
        got = try chunk.withUnsafeMutableBytes {
          try source.read(fromAbsoluteOffset: Int64(sourceOffset), into: $0)
        }
        if got == 0 { throw Errno.ioError }
        try destination.writeAll(chunk[..<got])
      } catch {
        throw error as? Errno ?? .ioError
      }
      sourceOffset += off_t(got)
      remaining -= Int64(got)
      writeback.copied(Int64(got))
    }
  }

  /// How much is copied before its writeback starts: large enough for few calls, small enough
  /// that the disk starts early.
  static let writebackChunk: Int64 = 32 << 20

  /// The bytes copied to a new file (from its start) and not yet handed to the disk.
  private struct Writeback {
    let descriptor: FileDescriptor
    let chunk: Int64?
    var started: Int64 = 0
    var copiedTotal: Int64 = 0

    mutating func copied(_ count: Int64) {
      copiedTotal += count
      guard let chunk, copiedTotal - started >= chunk else { return }
      // Advice only: the fsync that follows reports any error.
      _ = CSystemShims_start_writeback(
        descriptor.rawValue, off_t(started), off_t(copiedTotal - started))
      started = copiedTotal
    }
  }

  /// fsync(2): data and metadata reach the device before we rename or report success.
  static func sync(_ descriptor: FileDescriptor) throws(Errno) {
    try retrying { fsync(descriptor.rawValue) }
  }

  /// Lets the kernel drop the file's cached pages (posix_fadvise DONTNEED): for a file about to
  /// be replaced, whose pages no one will read again. Advice only; errors are ignored.
  static func dropCachedPages(_ descriptor: FileDescriptor) {
    _ = posix_fadvise(descriptor.rawValue, 0, 0, POSIX_FADV_DONTNEED)
  }

  /// The number of names (hard links) the open file has.
  static func linkCount(_ descriptor: FileDescriptor) -> Int {
    var status = stat()
    guard fstat(descriptor.rawValue, &status) == 0 else { return 0 }
    return Int(status.st_nlink)
  }

  /// Creates a new, empty file with a unique name in `directory`, readable and writable only
  /// by us until the caller gives it its final permissions.
  package static func makeTemporaryFile(in directory: FilePath, hint: String) throws(Errno)
    -> (descriptor: FileDescriptor, path: FilePath)
  {
    var generator = SystemRandomNumberGenerator()
    while true {
      let suffix = String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 36)
      let path = directory.appending(".\(hint).pdfbind-\(suffix).tmp")
      do {
        let descriptor = try FileDescriptor.open(
          path, .readWrite, options: [.create, .exclusiveCreate, .closeOnExec],
          permissions: [.ownerReadWrite])
        return (descriptor, path)
      } catch let error as Errno where error == .fileExists {
        continue
      } catch let error as Errno {
        throw error
      } catch {
        throw Errno.ioError
      }
    }
  }

  /// The path with every symbolic link resolved (realpath(3)), so that replacing "the file"
  /// replaces the link's target and keeps the link.
  static func resolvingSymlinks(_ path: FilePath) throws(Errno) -> FilePath {
    let resolved: UnsafeMutablePointer<CChar>? = path.withPlatformString { realpath($0, nil) }
    guard let resolved else { throw Errno(rawValue: errno) }
    defer { free(resolved) }
    return FilePath(platformString: resolved)
  }

  package static func rename(_ source: FilePath, to destination: FilePath) throws(Errno) {
    try retrying {
      source.withPlatformString { from in
        destination.withPlatformString { to in Glibc.rename(from, to) }
      }
    }
  }

  /// `$TMPDIR`, or `/tmp`.
  static var temporaryDirectory: FilePath {
    if let value = getenv("TMPDIR"), value.pointee != 0 { return FilePath(String(cString: value)) }
    return "/tmp"
  }

  package static func remove(_ path: FilePath) {
    _ = path.withPlatformString { unlink($0) }
  }

  /// Gives a replacement file the original's permissions and, where we may, its owner.
  static func copyOwnership(_ version: FileVersion, to descriptor: FileDescriptor) throws(Errno) {
    // Only root may give a file away; an ordinary user keeps their own ownership (as cp does).
    _ = fchown(descriptor.rawValue, uid_t(version.owner), gid_t(version.group))
    // After chown, which clears set-user-ID bits.
    try retrying { fchmod(descriptor.rawValue, version.permissions.rawValue) }
  }

  /// The permissions a new file gets by default: 0666 less the process's umask.
  package static func applyDefaultPermissions(to descriptor: FileDescriptor) throws(Errno) {
    try retrying { fchmod(descriptor.rawValue, 0o666 & ~processUmask) }
  }

  /// Read once: umask can only be read by setting it.
  private static let processUmask: mode_t = {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }()

  /// Flushes a directory entry change (a rename) to the device.
  static func syncDirectory(_ directory: FilePath) {
    guard let descriptor = try? FileDescriptor.open(directory, .readOnly) else { return }
    _ = fsync(descriptor.rawValue)
    try? descriptor.close()
  }

  private static func retrying(_ call: () -> Int32) throws(Errno) {
    while call() == -1 {
      let error = Errno(rawValue: errno)
      guard error == .interrupted else { throw error }
    }
  }
}
