/// Facts an exact update needs that the newest trailer alone does not give: the object numbers
/// every cross-reference section defines (from pdfbind's own reader), and whether a token qpdf
/// patched is the very `/Direction` value the update replaces.
enum Exactness {
  /// `/Size` for the update: one more than the highest object number that any section of the
  /// file defines (tables, streams, a hybrid file's `/XRefStm`; in use or free) and than every
  /// cross-reference stream's own number, whatever the old `/Size` says. A stream's own number
  /// is often in no section's index; were it left out, the update's new stream could take it
  /// (pypdf then warns "Overwriting cache"). Read with the tolerant reader of `Syntax/`; where
  /// it cannot decode a section (a filter it does not know), the old `/Size`, raised past every
  /// stream it saw.
  static func definedSize(trailerSize: Int, in source: SourceFile, layout: FileLayout) -> Int {
    guard let mapping = source.mapping else { return trailerSize }
    let bytes = UnsafeRawBufferPointer(start: mapping.address, count: mapping.length)
    return withExtendedLifetime(mapping) {
      let reader = CrossReferenceReader(
        bytes: bytes, header: layout.headerOffset, strictness: .tolerant)
      let (sections, complete) = reader.chain(startxref: layout.startxref)
      let streams = sections.compactMap { $0.streamObject?.number }
      let everyStreamRead =
        sections.allSatisfy { $0.streamObject == nil || $0.rows != nil }
        && sections.filter { $0.kind == .hybrid }.count
          == sections.filter(\.isHybridStream).count
      guard complete, everyStreamRead, let highest = sections.compactMap(\.highestNumber).max()
      else { return max(trailerSize, (streams.max() ?? -1) + 1) }
      return highest + 1
    }
  }

  /// The warning qpdf gives when it reads a bare word as a string (fpdf2 2.8.9 writes
  /// `/Direction RTL`).
  static let bareWordWarning = "unknown token while reading object; treating as string"

  /// Whether `warning` is qpdf patching the `/Direction` value itself: a bare word right after
  /// the `/Direction` key, which qpdf then read as the string `direction` holds. `bytes` reads
  /// the file at an offset relative to its header. Anything else qpdf patched stays a refusal.
  static func isPatchedDirectionValue(
    _ warning: QPDFWarning, direction: DirectionEntry,
    bytes: (_ offset: Int, _ count: Int) -> [UInt8]?
  ) -> Bool {
    guard warning.detail == bareWordWarning, let offset = warning.filePosition,
      case .other(let syntax) = direction, syntax.hasPrefix("("), syntax.hasSuffix(")")
    else { return false }
    let word = Array(syntax.utf8.dropFirst().dropLast())
    guard !word.isEmpty, word.allSatisfy(PDFCharacter.isRegular) else { return false }
    let key = Array("/Direction".utf8)
    let lookBack = key.count + 64
    let start = max(0, offset - lookBack)
    guard let before = bytes(start, offset - start),
      let after = bytes(offset, word.count + 1), after.count >= word.count
    else { return false }
    // The token there is the word, ended by a delimiter, whitespace or the end of the file.
    let token = after.withUnsafeBytes { bytes in
      var lexer = Lexer(bytes: bytes)
      return lexer.next()
    }
    guard token.kind == .keyword, token.range == 0..<word.count,
      after.prefix(word.count).elementsEqual(word)
    else { return false }
    // The token before it is the /Direction key.
    var end = before.count
    while end > 0, PDFCharacter.isWhitespace(before[end - 1]) { end -= 1 }
    return end >= key.count && before[end - key.count..<end].elementsEqual(key)
  }
}

extension SourceFile {
  /// Up to `count` bytes at `offset` from the header (qpdf's offsets), or nil when they cannot
  /// be read.
  func bytes(atHeaderRelative offset: Int, count: Int) -> [UInt8]? {
    let absolute = Int64(headerOffset + offset)
    guard offset >= 0, count >= 0, absolute < version.size else { return nil }
    let available = Int(version.size - absolute)
    return try? Self.read(descriptor, at: absolute, count: min(count, available))
  }
}
