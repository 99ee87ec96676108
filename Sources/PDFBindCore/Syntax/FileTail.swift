/// The one locator of a file's header and tail: `%PDF-`, the last `startxref`, `%%EOF`, and
/// what follows it. Every function accepts arbitrary bytes: they are fuzzed.
package enum FileTail {
  /// How far from the end qpdf looks for `startxref` (QPDF::parse in qpdf 11); we look in
  /// the same window so both agree on which section is the newest.
  package static let tailWindow = 1054
  /// How far from the start the `%PDF-` header may be (ISO 32000-2 §7.5.2 and qpdf).
  package static let headWindow = 1024

  package static func headerOffset(in head: some Collection<UInt8>) -> Int? {
    let bytes = Array(head.prefix(headWindow))
    return bytes.withUnsafeBytes { firstIndex(of: "%PDF-", in: $0, from: 0, before: $0.count) }
  }

  /// Whether `head` starts with `%PDF-` and a version (`1.7`), the header the strict readers
  /// accept: after `%PDF-1.%PDF-1.7` qpdf takes its offsets from the second header (found by
  /// `make fuzz`).
  package static func startsWithVersionedHeader(_ head: [UInt8]) -> Bool {
    guard head.starts(with: Array("%PDF-".utf8)) else { return false }
    let version = head.dropFirst(5)
    let major = version.prefix { $0 >= 0x30 && $0 <= 0x39 }
    let rest = version.dropFirst(major.count)
    return !major.isEmpty && rest.first == 0x2E
      && rest.dropFirst().first.map { $0 >= 0x30 && $0 <= 0x39 } == true
  }

  /// The number after the last `startxref` keyword in `tail`, or nil when there is none.
  package static func lastStartxref(in tail: [UInt8]) -> Int? {
    tail.withUnsafeBytes { bytes in
      var searchEnd = bytes.count
      while let start = lastIndex(of: "startxref", in: bytes, before: searchEnd) {
        searchEnd = start
        var index = start + 9
        while index < bytes.count, PDFCharacter.isWhitespace(bytes[index]) { index += 1 }
        if let (value, _) = digits(in: bytes, at: index, maximum: 18) { return value }
      }
      return nil
    }
  }

  package static func containsEOFMarker(_ tail: [UInt8]) -> Bool {
    tail.withUnsafeBytes { lastIndex(of: "%%EOF", in: $0, before: $0.count) != nil }
  }

  /// The offset after the last `startxref` when the file ends exactly `startxref N %%EOF` (with
  /// whitespace between and after): then it is the one qpdf finds too. The strict reading.
  package static func exactStartxref(inTail tail: [UInt8]) -> Int? {
    tail.withUnsafeBytes { bytes in
      var end = bytes.count
      while end > 0, PDFCharacter.isWhitespace(bytes[end - 1]) { end -= 1 }
      guard end >= 5, matches("%%EOF", in: bytes, at: end - 5) else { return nil }
      end -= 5
      while end > 0, PDFCharacter.isWhitespace(bytes[end - 1]) { end -= 1 }
      var start = end
      while start > 0, PDFCharacter.decimalDigit(bytes[start - 1]) != nil { start -= 1 }
      guard start < end, end - start <= 15, let (value, _) = digits(in: bytes, at: start)
      else { return nil }
      guard start > 0, PDFCharacter.isWhitespace(bytes[start - 1]) else { return nil }
      while start > 0, PDFCharacter.isWhitespace(bytes[start - 1]) { start -= 1 }
      guard start >= 9, matches("startxref", in: bytes, at: start - 9) else { return nil }
      return value
    }
  }

  /// The first `startxref N %%EOF` at or after `from`: the end of `%%EOF`, and that end plus
  /// its end-of-line (CR LF, LF or CR) when there is one. Comments may stand between
  /// `startxref` and its number; only whitespace before `%%EOF` (itself a comment).
  package static func endOfRevision(in bytes: UnsafeRawBufferPointer, from: Int) -> (
    eofEnd: Int, end: Int
  )? {
    var position = from
    while let found = firstIndex(of: "startxref", in: bytes, from: position, before: bytes.count) {
      position = found + 1
      var lexer = Lexer(bytes: bytes, position: found + 9)
      guard case .integer = lexer.next().kind else { continue }
      var at = lexer.position
      while at < bytes.count, PDFCharacter.isWhitespace(bytes[at]) { at += 1 }
      guard matches("%%EOF", in: bytes, at: at) else { continue }
      at += 5
      let eofEnd = at
      if at < bytes.count, bytes[at] == 0x0D { at += 1 }
      if at < bytes.count, bytes[at] == 0x0A { at += 1 }
      return (eofEnd, at)
    }
    return nil
  }

  // MARK: - Searching bytes

  /// The first `needle` in `bytes[from..<limit]`. Written out because the standard library's
  /// `firstRange(of:)` on a raw buffer's slice is far slower (52 s against 0.12 s for 300 MB
  /// without a match, Swift 6.3 -O).
  package static func firstIndex(
    of needle: StaticString, in bytes: UnsafeRawBufferPointer, from: Int, before limit: Int
  ) -> Int? {
    needle.withUTF8Buffer { firstIndex(of: $0, in: bytes, from: from, before: limit) }
  }

  package static func firstIndex(
    of needle: [UInt8], in bytes: UnsafeRawBufferPointer, from: Int, before limit: Int
  ) -> Int? {
    needle.withUnsafeBufferPointer { firstIndex(of: $0, in: bytes, from: from, before: limit) }
  }

  private static func firstIndex(
    of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeRawBufferPointer, from: Int,
    before limit: Int
  ) -> Int? {
    let count = needle.count
    guard count > 0, from >= 0, min(limit, bytes.count) - from >= count else { return nil }
    let first = needle[0]
    var index = from
    let last = min(limit, bytes.count) - count
    while index <= last {
      if bytes[index] == first, matches(needle, in: bytes, at: index) { return index }
      index += 1
    }
    return nil
  }

  /// The start of the last `needle` that ends at or before `end`.
  static func lastIndex(of needle: StaticString, in bytes: UnsafeRawBufferPointer, before end: Int)
    -> Int?
  {
    let count = needle.utf8CodeUnitCount
    guard count > 0, min(end, bytes.count) >= count else { return nil }
    return needle.withUTF8Buffer { needle in
      for start in stride(from: min(end, bytes.count) - count, through: 0, by: -1)
      where matches(needle, in: bytes, at: start) {
        return start
      }
      return nil
    }
  }

  package static func matches(_ word: StaticString, in bytes: UnsafeRawBufferPointer, at index: Int)
    -> Bool
  {
    word.withUTF8Buffer { matches($0, in: bytes, at: index) }
  }

  private static func matches(
    _ word: UnsafeBufferPointer<UInt8>, in bytes: UnsafeRawBufferPointer, at index: Int
  ) -> Bool {
    guard index >= 0, index + word.count <= bytes.count else { return false }
    for offset in 0..<word.count where bytes[index + offset] != word[offset] { return false }
    return true
  }

  /// An unsigned decimal number of 1 to `maximum` digits at `index` (more digits are not
  /// read), and the index after the digits read.
  package static func digits(in bytes: UnsafeRawBufferPointer, at index: Int, maximum: Int = 15)
    -> (Int, Int)?
  {
    var value = 0
    var cursor = index
    while cursor < bytes.count, cursor - index < maximum,
      let digit = PDFCharacter.decimalDigit(bytes[cursor])
    {
      value = value * 10 + digit
      cursor += 1
    }
    return cursor > index ? (value, cursor) : nil
  }
}
