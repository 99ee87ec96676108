import CSystemShims
import Glibc
import SystemPackage

/// A file's identity and version as stat(2) reports it: enough to notice that someone else
/// changed the file while pdfbind worked on it.
struct FileVersion: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modificationSeconds: Int
  var modificationNanoseconds: Int
  var mode: UInt32
  var owner: UInt32
  var group: UInt32

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modificationSeconds = Int(info.st_mtim.tv_sec)
    modificationNanoseconds = Int(info.st_mtim.tv_nsec)
    mode = UInt32(info.st_mode)
    owner = UInt32(info.st_uid)
    group = UInt32(info.st_gid)
  }

  var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
  var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
  var permissions: UInt32 { mode & 0o7777 }
}

/// The syscalls pdfbind's writers need, in swift-system's shape: typed `Errno` errors and a
/// retry when a signal interrupts the call. swift-system 1.8.1 wraps none of these.
enum FileIO {
  static func version(of descriptor: FileDescriptor) throws(Errno) -> FileVersion {
    var info = stat()
    try retrying { fstat(descriptor.rawValue, &info) }
    return FileVersion(info)
  }

  /// stat(2) of a path, following symbolic links.
  static func version(atPath path: FilePath) throws(Errno) -> FileVersion {
    var info = stat()
    try retrying { path.withPlatformString { stat($0, &info) } }
    return FileVersion(info)
  }

  /// Up to `count` bytes from `offset`; fewer only at the end of the file.
  static func read(_ descriptor: FileDescriptor, at offset: Int64, count: Int) throws(Errno)
    -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = try ioRetrying {
        bytes.withUnsafeMutableBytes { buffer in
          pread(
            descriptor.rawValue, buffer.baseAddress! + filled, count - filled,
            off_t(offset) + off_t(filled))
        }
      }
      if got == 0 { break }
      filled += got
    }
    return Array(bytes.prefix(filled))
  }

  /// Writes all of `bytes` at `offset`.
  static func write(_ descriptor: FileDescriptor, _ bytes: [UInt8], at offset: Int64) throws(Errno)
  {
    var written = 0
    while written < bytes.count {
      written += try ioRetrying {
        bytes.withUnsafeBytes { buffer in
          pwrite(
            descriptor.rawValue, buffer.baseAddress! + written, bytes.count - written,
            off_t(offset) + off_t(written))
        }
      }
    }
  }

  /// Writes all of `bytes` at the descriptor's current position (for pipes and devices).
  static func write(_ descriptor: FileDescriptor, _ bytes: [UInt8]) throws(Errno) {
    var written = 0
    while written < bytes.count {
      written += try ioRetrying {
        bytes.withUnsafeBytes { buffer in
          Glibc.write(descriptor.rawValue, buffer.baseAddress! + written, bytes.count - written)
        }
      }
    }
  }

  /// Copies the first `count` bytes of `source` to `destination` at their current positions.
  /// copy_file_range lets the kernel copy (or share extents, on file systems that can), so
  /// the bytes never pass through our memory; plain read/write is the fallback where it is
  /// not available (another file system, a pipe).
  static func copy(from source: FileDescriptor, to destination: FileDescriptor, count: Int64)
    throws(Errno)
  {
    var sourceOffset: off_t = 0
    var remaining = count
    var kernelCopy = true
    while remaining > 0 {
      if kernelCopy {
        let copied = CSystemShims_copy_file_range(
          source.rawValue, &sourceOffset, destination.rawValue, nil,
          Int(min(remaining, 1 << 30)), 0)
        if copied > 0 {
          remaining -= Int64(copied)
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
      let chunk = try read(source, at: Int64(sourceOffset), count: Int(min(remaining, 1 << 20)))
      if chunk.isEmpty { throw Errno.ioError }
      try write(destination, chunk)
      sourceOffset += off_t(chunk.count)
      remaining -= Int64(chunk.count)
    }
  }

  /// fsync(2): data and metadata reach the device before we rename or report success.
  static func sync(_ descriptor: FileDescriptor) throws(Errno) {
    try retrying { fsync(descriptor.rawValue) }
  }

  static func truncate(_ descriptor: FileDescriptor, to size: Int64) throws(Errno) {
    try retrying { ftruncate(descriptor.rawValue, off_t(size)) }
  }

  /// Creates a new, empty file with a unique name in `directory`, readable and writable only
  /// by us until the caller gives it its final permissions.
  static func makeTemporaryFile(in directory: FilePath, hint: String) throws(Errno)
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

  static func rename(_ source: FilePath, to destination: FilePath) throws(Errno) {
    try retrying {
      source.withPlatformString { from in
        destination.withPlatformString { to in Glibc.rename(from, to) }
      }
    }
  }

  static func remove(_ path: FilePath) {
    _ = path.withPlatformString { unlink($0) }
  }

  /// Gives a replacement file the original's permissions and, where we may, its owner.
  static func copyOwnership(_ version: FileVersion, to descriptor: FileDescriptor) throws(Errno) {
    // Only root may give a file away; an ordinary user keeps their own ownership (as cp does).
    _ = fchown(descriptor.rawValue, uid_t(version.owner), gid_t(version.group))
    // After chown, which clears set-user-ID bits.
    try retrying { fchmod(descriptor.rawValue, mode_t(version.permissions)) }
  }

  /// The permissions a new file gets by default: 0666 less the process's umask.
  static func applyDefaultPermissions(to descriptor: FileDescriptor) throws(Errno) {
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

  private static func ioRetrying(_ call: () -> Int) throws(Errno) -> Int {
    while true {
      let result = call()
      if result >= 0 { return result }
      let error = Errno(rawValue: errno)
      guard error == .interrupted else { throw error }
    }
  }
}
