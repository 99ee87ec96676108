import SystemPackage

/// An input opened for reading and classified before qpdf sees it: qpdf's own words for a
/// missing file, a directory, an empty file or a non-PDF are poor ("read 1024 bytes",
/// "unable to find trailer dictionary"), so these are told apart here, with one open and one
/// fstat, and the first and last bytes read once for everything that needs them.
struct SourceFile: ~Copyable {
  let path: FilePath
  let descriptor: FileDescriptor
  /// The version of the file actually opened, not of whatever the path named earlier.
  let version: FileVersion
  /// The first bytes, where `%PDF-` must be.
  let head: [UInt8]
  /// Bytes before `%PDF-`.
  let headerOffset: Int
  /// The last bytes, where `startxref` and `%%EOF` must be.
  let tail: [UInt8]

  init(path: FilePath) throws(BindingError) {
    let descriptor: FileDescriptor
    do {
      // Non-blocking, so that a FIFO named by mistake is classified instead of waited on.
      descriptor = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec, .nonBlocking])
    } catch let error as Errno {
      throw BindingError(reading: error)
    } catch {
      throw BindingError.input(.readFailed(reason: "\(error)"))
    }
    do throws(BindingError) {
      let version: FileVersion
      do { version = try FileVersion(of: descriptor) } catch { throw BindingError(reading: error) }
      if version.isDirectory { throw BindingError.input(.isDirectory) }
      guard version.isRegularFile else { throw BindingError.input(.notRegularFile) }
      if version.size == 0 { throw BindingError.input(.empty) }
      let head = try Self.read(descriptor, at: 0, count: FileScan.headWindow)
      guard let headerOffset = FileScan.headerOffset(in: head) else {
        throw BindingError.input(.notPDF)
      }
      let tailStart = max(0, version.size - Int64(FileScan.tailWindow))
      self.tail = try Self.read(descriptor, at: tailStart, count: FileScan.tailWindow)
      self.path = path
      self.descriptor = descriptor
      self.version = version
      self.head = head
      self.headerOffset = headerOffset
    } catch {
      try? descriptor.close()
      throw error
    }
  }

  deinit {
    try? descriptor.close()
  }

  /// The file mapped read-only into memory.
  func mapping() throws(BindingError) -> MappedFile {
    guard let mapping = MappedFile(descriptor: descriptor) else {
      throw BindingError.damaged(.unreadable(detail: "it cannot be mapped into memory"))
    }
    return mapping
  }

  /// No `startxref` and no `%%EOF` where they belong: the end of the file is missing.
  var looksTruncated: Bool {
    FileScan.lastStartxref(in: tail) == nil && !FileScan.containsEOFMarker(tail)
  }

  /// Where the header is, where the newest cross-reference section starts, and how the file
  /// ends.
  func layout() throws(BindingError) -> FileLayout {
    guard let startxref = FileScan.lastStartxref(in: tail) else {
      throw BindingError.unsupported(
        .exactUpdate("no startxref in the last \(FileScan.tailWindow) bytes"))
    }
    let last = tail.last ?? 0
    return FileLayout(
      headerOffset: headerOffset, startxref: startxref,
      endsWithNewline: last == 0x0A || last == 0x0D)
  }

  /// The kind of the section `startxref` points at, read from the file itself.
  func sectionKind(at layout: FileLayout) throws(BindingError) -> CrossReferenceKind? {
    let offset = Int64(layout.headerOffset + layout.startxref)
    guard offset < version.size else { return nil }
    return FileScan.sectionKind(at: try Self.read(descriptor, at: offset, count: 64))
  }

  /// The number and generation of the cross-reference stream `startxref` points at, or nil.
  func crossReferenceStream(at layout: FileLayout) -> (number: Int, generation: Int)? {
    let offset = Int64(layout.headerOffset + layout.startxref)
    guard offset < version.size, let bytes = try? Self.read(descriptor, at: offset, count: 64)
    else { return nil }
    return FileScan.objectHeader(in: bytes)
  }

  /// Up to `count` bytes from `offset`; fewer only at the end of the file.
  static func read(_ descriptor: FileDescriptor, at offset: Int64, count: Int)
    throws(BindingError) -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    do {
      while filled < count {
        let got = try bytes.withUnsafeMutableBytes { buffer in
          try descriptor.read(
            fromAbsoluteOffset: offset + Int64(filled),
            into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
        }
        if got == 0 { break }
        filled += got
      }
      return Array(bytes.prefix(filled))
    } catch let error as Errno {
      throw BindingError(reading: error)
    } catch {
      throw BindingError.input(.readFailed(reason: "\(error)"))
    }
  }
}
