/// Facts an exact update needs that the newest trailer alone does not give: the object numbers
/// every cross-reference section defines, and whether a token qpdf patched is the very
/// `/Direction` value the update replaces.
enum Exactness {
  /// `/Size` for the update: one more than the highest object number that any section of the
  /// file defines (tables, streams, a hybrid file's `/XRefStm`; in use or free), whatever the
  /// old `/Size` says.
  ///
  /// qpdf walks every section while it opens the file and compares exactly this number with the
  /// newest `/Size`; when they differ it warns "reported number of objects (N) is not one plus
  /// the highest object number (M)". So the answer is the old `/Size` unless qpdf said M, and
  /// qpdf, which judges the result, agrees with it by construction.
  static func definedSize(trailerSize: Int, qpdfWarnings: [QPDFWarning]) -> Int {
    for warning in qpdfWarnings {
      guard warning.detail.hasPrefix("reported number of objects ("),
        let range = warning.detail.firstRange(of: "highest object number ("),
        let highest = Int(warning.detail[range.upperBound...].prefix { $0.isNumber })
      else { continue }
      return highest + 1
    }
    return trailerSize
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
    guard !word.isEmpty, word.allSatisfy(isRegular) else { return false }
    let key = Array("/Direction".utf8)
    let lookBack = key.count + 64
    let start = max(0, offset - lookBack)
    guard let before = bytes(start, offset - start),
      let after = bytes(offset, word.count + 1), after.count >= word.count
    else { return false }
    // The token is the word, ended by a delimiter, whitespace or the end of the file.
    guard after.prefix(word.count).elementsEqual(word),
      after.count == word.count || !isRegular(after[word.count])
    else { return false }
    // The token before it is the /Direction key.
    var end = before.count
    while end > 0, PDFSyntax.isWhitespace(before[end - 1]) { end -= 1 }
    return end >= key.count && before[end - key.count..<end].elementsEqual(key)
  }

  /// A regular character: neither whitespace nor a delimiter (ISO 32000-1 §7.2.2).
  private static func isRegular(_ byte: UInt8) -> Bool {
    !PDFSyntax.isWhitespace(byte) && !Array("()<>[]{}/%".utf8).contains(byte)
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
