import SystemPackage

/// An input opened for reading and checked before qpdf sees it: qpdf's own words for a
/// missing file, a directory, an empty file or a non-PDF are poor ("read 1024 bytes",
/// "unable to find trailer dictionary"), so these are classified here first.
struct SourceFile: ~Copyable {
  let path: FilePath
  let descriptor: FileDescriptor
  let version: FileVersion
  /// The first bytes, where `%PDF-` must be.
  let head: [UInt8]
  /// The last bytes, where `startxref` and `%%EOF` must be.
  let tail: [UInt8]

  init(path: FilePath) throws(BindingError) {
    let named: FileVersion
    do {
      named = try FileIO.version(atPath: path)
    } catch {
      throw SourceFile.readError(error)
    }
    if named.isDirectory { throw BindingError.isDirectory }
    guard named.isRegularFile else { throw BindingError.notRegularFile }
    if named.size == 0 { throw BindingError.empty }
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
    } catch let error as Errno {
      throw SourceFile.readError(error)
    } catch {
      throw BindingError.permissionDenied
    }
    let version: FileVersion
    let head: [UInt8]
    let tail: [UInt8]
    do {
      // The version of the file we actually opened, not of whatever the path named earlier.
      version = try FileIO.version(of: descriptor)
      head = try FileIO.read(descriptor, at: 0, count: FileScan.headWindow)
      let tailStart = max(0, version.size - Int64(FileScan.tailWindow))
      tail = try FileIO.read(descriptor, at: tailStart, count: FileScan.tailWindow)
    } catch {
      try? descriptor.close()
      throw BindingError.unreadable(detail: error.description)
    }
    guard FileScan.headerOffset(in: head) != nil else {
      try? descriptor.close()
      throw BindingError.notPDF
    }
    self.path = path
    self.descriptor = descriptor
    self.version = version
    self.head = head
    self.tail = tail
  }

  /// No `startxref` and no `%%EOF` where they belong: the end of the file is missing.
  var looksTruncated: Bool {
    FileScan.lastStartxref(in: tail) == nil && !FileScan.containsEOFMarker(tail)
  }

  deinit {
    try? descriptor.close()
  }

  /// Where the header is, where the newest cross-reference section starts, and how the file
  /// ends; nil parts make the layout unusable for an exact update.
  func layout() throws(BindingError) -> FileLayout {
    guard let headerOffset = FileScan.headerOffset(in: head) else { throw BindingError.notPDF }
    guard let startxref = FileScan.lastStartxref(in: tail) else {
      throw BindingError.layoutUnsupported("no startxref in the last \(FileScan.tailWindow) bytes")
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
    do {
      return FileScan.sectionKind(at: try FileIO.read(descriptor, at: offset, count: 64))
    } catch {
      throw BindingError.writeFailed(operation: "reading", reason: error.description)
    }
  }

  private static func readError(_ error: Errno) -> BindingError {
    switch error {
    case .noSuchFileOrDirectory, .notDirectory: .notFound
    case .permissionDenied, .notPermitted: .permissionDenied
    case .isDirectory: .isDirectory
    default: .unreadable(detail: error.description)
    }
  }
}
