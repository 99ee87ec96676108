/// Byte-level scans. Every function accepts arbitrary bytes: they are fuzzed.
enum FileScan {
  /// How far from the end qpdf looks for `startxref` (QPDF::parse in qpdf 11); we look in
  /// the same window so both agree on which section is the newest.
  static let tailWindow = 1054
  /// How far from the start the `%PDF-` header may be (ISO 32000-2 §7.5.2 and qpdf).
  static let headWindow = 1024

  static func headerOffset(in head: some Collection<UInt8>) -> Int? {
    let bytes = Array(head.prefix(headWindow))
    return bytes.firstRange(of: Array("%PDF-".utf8))?.lowerBound
  }

  /// The number after the last `startxref` keyword in `tail`, or nil when there is none.
  static func lastStartxref(in tail: [UInt8]) -> Int? {
    let keyword = Array("startxref".utf8)
    var searchEnd = tail.count
    while let start = lastIndex(of: keyword, in: tail, before: searchEnd) {
      searchEnd = start
      var index = start + keyword.count
      while index < tail.count, PDFSyntax.isWhitespace(tail[index]) { index += 1 }
      var value = 0
      var digits = 0
      while index < tail.count, let digit = decimalDigit(tail[index]), digits < 18 {
        value = value * 10 + digit
        digits += 1
        index += 1
      }
      if digits > 0 { return value }
    }
    return nil
  }

  static func containsEOFMarker(_ tail: [UInt8]) -> Bool {
    lastIndex(of: Array("%%EOF".utf8), in: tail, before: tail.count) != nil
  }

  /// The kind of section that starts at `bytes` (the file read from the `startxref` offset):
  /// `xref` opens a table, `N G obj` a cross-reference stream. Leading whitespace is skipped,
  /// as qpdf does.
  static func sectionKind(at bytes: [UInt8]) -> CrossReferenceKind? {
    var index = 0
    while index < bytes.count, PDFSyntax.isWhitespace(bytes[index]) { index += 1 }
    if bytes[index...].starts(with: Array("xref".utf8)) { return .table }
    return objectHeader(in: bytes) != nil ? .stream : nil
  }

  /// The number and generation of an object whose header (`N G obj`, after whitespace) starts
  /// `bytes`.
  static func objectHeader(in bytes: [UInt8]) -> (number: Int, generation: Int)? {
    var index = 0
    while index < bytes.count, PDFSyntax.isWhitespace(bytes[index]) { index += 1 }
    var fields: [Int] = []
    for field in 0..<2 {
      let digitsStart = index
      var value = 0
      while index < bytes.count, let digit = decimalDigit(bytes[index]), value < Int(Int32.max) {
        value = value * 10 + digit
        index += 1
      }
      guard index > digitsStart else { return nil }
      let spaceStart = index
      while index < bytes.count, PDFSyntax.isWhitespace(bytes[index]) { index += 1 }
      guard index > spaceStart || field == 1 else { return nil }
      fields.append(value)
    }
    return bytes[index...].starts(with: Array("obj".utf8)) ? (fields[0], fields[1]) : nil
  }

  static func decimalDigit(_ byte: UInt8) -> Int? {
    byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
  }

  /// The start of the last `needle` that ends at or before `end` (the standard library
  /// searches forwards only).
  private static func lastIndex(of needle: [UInt8], in haystack: [UInt8], before end: Int) -> Int? {
    guard !needle.isEmpty, end >= needle.count else { return nil }
    for start in stride(from: end - needle.count, through: 0, by: -1)
    where haystack[start..<start + needle.count].elementsEqual(needle) {
      return start
    }
    return nil
  }
}
