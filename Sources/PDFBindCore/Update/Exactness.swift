/// Facts an exact update needs that the newest trailer alone does not give: the object numbers
/// every cross-reference section defines (from pdfbind's own reader), which object a qpdf
/// warning is about, and whether a token qpdf patched is the very `/Direction` value the update
/// replaces. Decided from qpdf's error fields and pdfbind's reader, never from qpdf's English.
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
    return mapping.withBytes { bytes in
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

  /// Which of the `rewritten` objects `warning` is about, from where qpdf was reading: in the
  /// file, the object whose bytes hold the offset; in an object stream's data, a rewritten
  /// object stored in an object stream whose data holds it there (qpdf's position does not
  /// say which stream, so this errs towards refusing). Read with the tolerant reader of
  /// `Syntax/`; nil when the warning is about none of them, or gives no position.
  static func rewrittenObject(
    _ warning: QPDFWarning, among rewritten: Set<Int>, in source: SourceFile, layout: FileLayout
  ) -> Int? {
    guard let position = warning.filePosition, let mapping = source.mapping else { return nil }
    return mapping.withBytes { bytes in
      let reader = CrossReferenceReader(
        bytes: bytes, header: layout.headerOffset, strictness: .tolerant)
      var objects = ObjectReader(
        bytes: bytes, header: layout.headerOffset, strictness: .tolerant,
        sections: reader.chain(startxref: layout.startxref).sections)
      if warning.inFile {
        return objects.objectNumber(atFileOffset: position).flatMap {
          rewritten.contains($0) ? $0 : nil
        }
      }
      return rewritten.sorted().first { number in
        guard let stream = objects.entry(for: number)?.objectStream else { return false }
        return objects.objectNumber(atOffset: position, inObjectStream: stream) == number
      }
    }
  }

  /// Whether `warning` is qpdf patching the `/Direction` value itself: damage met in the file
  /// where a bare word stands right after the `/Direction` key, which qpdf then read as the
  /// string `direction` holds (fpdf2 2.8.9 writes `/Direction RTL`; qpdf reads a word that is
  /// no keyword of PDF as a string). `bytes` reads the file at an offset relative to its
  /// header. Anything else qpdf patched stays a refusal.
  static func isPatchedDirectionValue(
    _ warning: QPDFWarning, direction: DirectionEntry,
    bytes: (_ offset: Int, _ count: Int) -> [UInt8]?
  ) -> Bool {
    guard warning.code == .damagedPDF, warning.inFile, let offset = warning.filePosition,
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
