import Glibc
import SystemPackage

/// Puts a result where `SaveDestination` says, so that a failure at any point leaves the
/// original file as it was and the destination holding either its old content or the result.
enum ResultWriter {
  typealias Verify = (FilePath) throws(BindingError) -> Void

  /// Writes the original followed by `update` to `destination`; `verify` must accept the
  /// result before it replaces anything. With `keeping`, only the original's first `keeping`
  /// bytes come before the update (`revert` cuts a revision off this way; `set --repair`
  /// keeps none, so `update` is a whole new file).
  static func write(
    _ update: [UInt8], after source: borrowing SourceFile, keeping: Int64? = nil,
    to destination: SaveDestination, verify: Verify
  ) throws(BindingError) {
    let kept = min(keeping ?? source.version.size, source.version.size)
    switch destination {
    case .replacing:
      let target: FilePath
      do { target = try FileIO.resolvingSymlinks(source.path) } catch {
        throw BindingError(writing: error, operation: .resolvingPath)
      }
      try replaceAtomically(
        target, with: source, keeping: kept, plus: update, permissionsFrom: source.version,
        verify: verify)
    case .inPlace where kept < source.version.size:
      precondition(update.isEmpty, "in place, a file is either cut back or appended to")
      try truncateInPlace(source, to: kept, verify: verify)
    case .inPlace:
      try appendInPlace(update, to: source, verify: verify)
    case .file(let path):
      let existing = try? FileVersion(atPath: path)
      if let existing, !existing.isRegularFile {
        try stream(source, keeping: kept, plus: update, to: .file(path), verify: verify)
      } else {
        // An existing OUT keeps its permissions; a new one gets the default (0666 less the
        // umask), as a shell redirection would create it.
        try replaceAtomically(
          path, with: source, keeping: kept, plus: update, permissionsFrom: existing,
          verify: verify)
      }
    case .descriptor(let output):
      try stream(source, keeping: kept, plus: update, to: .descriptor(output), verify: verify)
    }
  }

  /// For an unchanged file: `-o` and standard output still get the (original) bytes.
  static func passThrough(_ source: borrowing SourceFile, to destination: SaveDestination)
    throws(BindingError)
  {
    switch destination {
    case .replacing, .inPlace: return
    case .file, .descriptor: try write([], after: source, to: destination) { _ in }
    }
  }

  // MARK: - The three ways to write

  /// New bytes beside the target, flushed, then renamed over it: the path holds the old file
  /// or the new one, never a mix.
  private static func replaceAtomically(
    _ target: FilePath, with source: borrowing SourceFile, keeping kept: Int64,
    plus update: [UInt8],
    permissionsFrom model: FileVersion?, verify: Verify
  ) throws(BindingError) {
    // Replacing the source itself (or another name of it): the rename frees the old file.
    let replacesSource =
      target == source.path || (try? FileVersion(atPath: target))?.inode == source.version.inode
    if replacesSource { try requireWritable(source.version, path: target) }
    var directory = target.removingLastComponent()
    if directory.isEmpty { directory = "." }
    let temporary: (descriptor: FileDescriptor, path: FilePath)
    do {
      temporary = try FileIO.makeTemporaryFile(
        in: directory, hint: target.lastComponent?.string ?? "pdf")
    } catch let error where [.permissionDenied, .readOnlyFileSystem, .notPermitted].contains(error)
    {
      throw BindingError.writing(.directoryNotWritable(directory: directory.string))
    } catch {
      throw BindingError(writing: error, operation: .creatingFile(directory: directory.string))
    }
    var renamed = false
    defer {
      try? temporary.descriptor.close()
      if !renamed { FileIO.remove(temporary.path) }
    }
    do {
      // The copy's writeback starts as it goes, so the flush below waits for little more
      // than the last chunk.
      try FileIO.copy(
        from: source.descriptor, to: temporary.descriptor, count: kept,
        writebackEvery: FileIO.writebackChunk)
      try temporary.descriptor.writeAll(toAbsoluteOffset: kept, update)
      if let model {
        try FileIO.copyOwnership(model, to: temporary.descriptor)
      } else {
        try FileIO.applyDefaultPermissions(to: temporary.descriptor)
      }
    } catch {
      throw BindingError(writing: error, operation: .writing)
    }
    // The result is complete in the page cache: verify it there while it is flushed. Nothing
    // is renamed before both are done, so a crash still leaves the old file or the new one.
    let flush = BackgroundFlush(temporary.descriptor)
    let verified = Result { () throws(BindingError) in try verify(temporary.path) }
    if case .success = verified, replacesSource, FileIO.linkCount(source.descriptor) == 1 {
      // The old file goes with the rename: dropping its pages now, while the flush runs,
      // spares the final unmap that work.
      FileIO.dropCachedPages(source.descriptor)
    }
    do { try flush.wait() } catch { throw BindingError(writing: error, operation: .writing) }
    try verified.get()
    try requireUnchanged(source)
    do {
      try FileIO.rename(temporary.path, to: target)
    } catch {
      throw BindingError(writing: error, operation: .renaming)
    }
    renamed = true
    FileIO.syncDirectory(directory)
  }

  /// The update appended to the file itself with one write, flushed; on any failure the file
  /// is cut back to its original length.
  private static func appendInPlace(
    _ update: [UInt8], to source: borrowing SourceFile, verify: Verify
  ) throws(BindingError) {
    let descriptor = try openUnchanged(source)
    defer { try? descriptor.close() }
    let originalSize = source.version.size
    do {
      try descriptor.writeAll(toAbsoluteOffset: originalSize, update)
      try verifyWhileFlushing(descriptor, path: source.path, verify: verify)
    } catch {
      // Cut the torn or rejected update off again, so the file is byte-identical.
      try? descriptor.resize(to: originalSize)
      try? FileIO.sync(descriptor)
      if let error = error as? BindingError { throw error }
      throw BindingError(writing: error, operation: .appending)
    }
  }

  /// Cuts the file itself back to its first `length` bytes (same inode), flushed. The bytes cut
  /// off are kept in memory first: if the result does not verify, or anything fails, they are
  /// written back, so the file is byte-identical again.
  private static func truncateInPlace(
    _ source: borrowing SourceFile, to length: Int64, verify: Verify
  ) throws(BindingError) {
    let descriptor = try openUnchanged(source)
    defer { try? descriptor.close() }
    // The bytes cut off, kept to put back.
    let removed = try SourceFile.read(
      source.descriptor, at: length, count: Int(source.version.size - length))
    // Shorter than it was when read: another program changed it.
    guard removed.count == Int(source.version.size - length) else {
      throw BindingError.writing(.changedWhileWorking)
    }
    do {
      try descriptor.resize(to: length)
      try verifyWhileFlushing(descriptor, path: source.path, verify: verify)
    } catch {
      // Put the cut bytes back, so the file is byte-identical.
      _ = try? descriptor.writeAll(toAbsoluteOffset: length, removed)
      try? FileIO.sync(descriptor)
      if let error = error as? BindingError { throw error }
      throw BindingError(writing: error, operation: .truncating)
    }
  }

  /// Verifies the file at `path` from the page cache while `descriptor` (the same file) is
  /// flushed on another thread; returns once both are done, the flush's error first.
  private static func verifyWhileFlushing(
    _ descriptor: FileDescriptor, path: FilePath, verify: Verify
  ) throws {
    let flush = BackgroundFlush(descriptor)
    let verified = Result { () throws(BindingError) in try verify(path) }
    try flush.wait()
    try verified.get()
  }

  /// The file itself opened for writing, after checking it is still the version that was
  /// read (same inode, size and modification time).
  private static func openUnchanged(_ source: borrowing SourceFile) throws(BindingError)
    -> FileDescriptor
  {
    try requireWritable(source.version, path: source.path)
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(source.path, .writeOnly, options: [.closeOnExec])
    } catch let error as Errno where [.permissionDenied, .readOnlyFileSystem].contains(error) {
      throw BindingError.writing(.readOnlyFile)
    } catch {
      throw BindingError(writing: error, operation: .openingForWriting)
    }
    do {
      guard try FileVersion(of: descriptor) == source.version else {
        throw BindingError.writing(.changedWhileWorking)
      }
    } catch {
      try? descriptor.close()
      if let error = error as? BindingError { throw error }
      throw BindingError(writing: error, operation: .checkingFile)
    }
    return descriptor
  }

  /// Builds the result in a temporary file, verifies it, then copies it to a device, pipe or
  /// open descriptor (`.file` or `.descriptor`), which cannot be replaced by a rename.
  private static func stream(
    _ source: borrowing SourceFile, keeping kept: Int64, plus update: [UInt8],
    to destination: SaveDestination, verify: Verify
  ) throws(BindingError) {
    let directory = FileIO.temporaryDirectory
    let temporary: (descriptor: FileDescriptor, path: FilePath)
    do {
      temporary = try FileIO.makeTemporaryFile(in: directory, hint: "stdout")
    } catch {
      throw BindingError(
        writing: error, operation: .creatingTemporaryFile(directory: directory.string))
    }
    defer {
      try? temporary.descriptor.close()
      FileIO.remove(temporary.path)
    }
    do {
      try FileIO.copy(from: source.descriptor, to: temporary.descriptor, count: kept)
      try temporary.descriptor.writeAll(toAbsoluteOffset: kept, update)
    } catch {
      throw BindingError(writing: error, operation: .writingTemporaryCopy)
    }
    if !update.isEmpty || kept < source.version.size { try verify(temporary.path) }
    let total = kept + Int64(update.count)
    do {
      _ = try temporary.descriptor.seek(offset: 0, from: .start)
      if case .file(let path) = destination {
        let output = try FileDescriptor.open(path, .writeOnly, options: [.closeOnExec])
        defer { try? output.close() }
        try FileIO.copy(from: temporary.descriptor, to: output, count: total)
      } else if case .descriptor(let output) = destination {
        try FileIO.copy(from: temporary.descriptor, to: output, count: total)
      }
    } catch let error as Errno {
      throw BindingError(writing: error, operation: .writingOutput)
    } catch {
      throw BindingError(writing: error, operation: .writingOutput)
    }
  }

  // MARK: - Checks and errors

  /// A file without write permission is not replaced behind its owner's back (root could).
  private static func requireWritable(_ version: FileVersion, path: FilePath) throws(BindingError) {
    let writable = path.withPlatformString { access($0, W_OK) } == 0
    if !writable || version.permissions.rawValue & 0o222 == 0 {
      throw BindingError.writing(.readOnlyFile)
    }
  }

  private static func requireUnchanged(_ source: borrowing SourceFile) throws(BindingError) {
    guard let now = try? FileVersion(atPath: source.path), now == source.version else {
      throw BindingError.writing(.changedWhileWorking)
    }
  }
}
