import SystemPackage

/// An input opened for reading and classified before qpdf sees it: qpdf's own words for a
/// missing file, a directory, an empty file or a non-PDF are poor ("read 1024 bytes",
/// "unable to find trailer dictionary"), so these are told apart here. One open, one fstat and
/// one read-only mapping serve everything that reads the file afterwards (the fast path, qpdf,
/// history); the descriptor is closed exactly once, when the last reader lets it go.
final class SourceFile {
  let path: FilePath
  let descriptor: FileDescriptor
  /// The version of the file actually opened, not of whatever the path named earlier.
  let version: FileVersion
  /// The whole file, mapped read-only; nil when it cannot be mapped (qpdf then reads `path`).
  let mapping: MappedFile?
  /// The first bytes, where `%PDF-` must be.
  let head: [UInt8]
  /// Bytes before `%PDF-`.
  let headerOffset: Int
  /// The last bytes, where `startxref` and `%%EOF` must be.
  let tail: [UInt8]
  private var strictChainRead:
    (startxref: Int, chain: (sections: [CrossReferenceSection], complete: Bool))?

  init(path: FilePath) throws(BindingError) {
    let descriptor: FileDescriptor
    do {
      // Non-blocking, so that a FIFO named by mistake is classified instead of waited on.
      descriptor = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec, .nonBlocking])
    } catch let error as Errno {
      throw BindingError(reading: error)
    } catch {
      throw BindingError.input(.readFailed(error as? Errno ?? .ioError))
    }
    do throws(BindingError) {
      let version: FileVersion
      do { version = try FileVersion(of: descriptor) } catch { throw BindingError(reading: error) }
      if version.isDirectory { throw BindingError.input(.isDirectory) }
      guard version.isRegularFile else { throw BindingError.input(.notRegularFile) }
      if version.size == 0 { throw BindingError.input(.empty) }
      let mapping = MappedFile(descriptor: descriptor, length: Int(version.size))
      let head = try Self.read(descriptor, mapping, at: 0, count: FileTail.headWindow)
      guard let headerOffset = FileTail.headerOffset(in: head) else {
        throw BindingError.input(.notPDF)
      }
      let tailStart = max(0, version.size - Int64(FileTail.tailWindow))
      self.tail = try Self.read(descriptor, mapping, at: tailStart, count: FileTail.tailWindow)
      self.path = path
      self.descriptor = descriptor
      self.version = version
      self.mapping = mapping
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

  /// The chain of sections from `startxref` as the strict reader reads it over the mapping
  /// (header at 0), read once: `get`'s fast path and `set`'s plan both follow it, and a
  /// book's cross-reference stream is worth inflating only once.
  func strictChain(startxref: Int) -> (sections: [CrossReferenceSection], complete: Bool)? {
    if let strictChainRead, strictChainRead.startxref == startxref { return strictChainRead.chain }
    guard let mapping else { return nil }
    let chain = mapping.withBytes {
      CrossReferenceReader(bytes: $0, header: 0, strictness: .strict)
        .chain(startxref: startxref, limit: CrossReferenceReader.strictChainLimit)
    }
    strictChainRead = (startxref, chain)
    return chain
  }

  /// The mapping, for readers that cannot do without one (history).
  func mapped() throws(BindingError) -> MappedFile {
    guard let mapping else {
      throw BindingError.damaged(.unreadable(detail: "it cannot be mapped into memory"))
    }
    return mapping
  }

  /// No `startxref` and no `%%EOF` where they belong: the end of the file is missing.
  var looksTruncated: Bool {
    FileTail.lastStartxref(in: tail) == nil && !FileTail.containsEOFMarker(tail)
  }

  /// Where the header is, where the newest cross-reference section starts, and how the file
  /// ends.
  func layout() throws(BindingError) -> FileLayout {
    guard let startxref = FileTail.lastStartxref(in: tail) else {
      throw BindingError.unsupported(
        .exactUpdate("no startxref in the last \(FileTail.tailWindow) bytes"))
    }
    let last = tail.last ?? 0
    return FileLayout(
      headerOffset: headerOffset, startxref: startxref,
      endsWithNewline: last == 0x0A || last == 0x0D)
  }

  /// The newest section as the file's own bytes show it where `startxref` points: its kind,
  /// and for a cross-reference stream its object number and generation.
  func newestSection(at layout: FileLayout) throws(BindingError) -> NewestSection {
    let offset = Int64(layout.headerOffset + layout.startxref)
    guard offset < version.size else { return NewestSection(kind: nil, streamObject: nil) }
    let bytes = try Self.read(
      descriptor, mapping, at: offset, count: CrossReferenceReader.sectionProbeLength)
    return NewestSection(
      kind: CrossReferenceReader.sectionKind(in: bytes),
      streamObject: ObjectHeader.parse(bytes).map { ($0.number, $0.generation) })
  }

  struct NewestSection {
    var kind: CrossReferenceKind?
    var streamObject: (number: Int, generation: Int)?
  }

  /// Up to `count` bytes from `offset`, from the mapping when there is one; fewer only at the
  /// end of the file.
  private static func read(
    _ descriptor: FileDescriptor, _ mapping: MappedFile?, at offset: Int64, count: Int
  ) throws(BindingError) -> [UInt8] {
    guard let mapping else { return try read(descriptor, at: offset, count: count) }
    let start = Int(min(offset, Int64(mapping.length)))
    return mapping.withBytes { Array($0[start..<min(start + max(0, count), $0.count)]) }
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
      throw BindingError.input(.readFailed(error as? Errno ?? .ioError))
    }
  }
}
