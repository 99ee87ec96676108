/// A validated shortcut for `get` on plain files, so reading three catalog entries does not cost
/// qpdf's parse of every cross-reference entry (70,000 in a text-heavy book: qpdf spends about
/// 3,000 instructions on each).
///
/// It answers only for a file that is plain in every respect qpdf could read differently: the
/// header at byte 0; a tail that ends `startxref N %%EOF`; a chain of classic cross-reference
/// tables (no stream, no `/XRefStm`, no `/Encrypt`), every entry of every table in the strict
/// 20-byte form; the catalog, its `/ViewerPreferences` and the page tree's root found through
/// those tables with their `N G obj` headers where the entries say; their dictionaries in plain
/// syntax (no comments, no `#` escapes in names, no duplicate keys); `/Direction` absent, `null`,
/// `/L2R` or `/R2L`; `/PageLayout` absent, `null` or a name; `/Count` a non-negative integer.
/// Anything else (including everything qpdf would warn about for `get`) returns nil, and qpdf
/// reads the file as before. qpdf stays the judge of what `set` writes: its verifying re-read
/// is a full qpdf open. `CatalogFastPathTests` checks that both agree on every fixture, corpus
/// file and damaged mutant, or that this path declined.
enum CatalogFastPath {
  /// What `get` reports, read without qpdf, or nil when the file is not plain.
  static func report(for source: SourceFile) -> BindingReport? {
    guard let facts = facts(of: source) else { return nil }
    return BindingReport(
      direction: facts.direction, pageLayout: facts.pageLayout, pageCount: facts.pageCount,
      warnings: [])
  }

  struct Facts: Equatable {
    var direction: DirectionEntry
    var pageLayout: PageLayoutEntry
    var pageCount: Int
  }

  static func facts(of source: SourceFile) -> Facts? {
    guard hasVersionedHeader(source.head),
      let startxref = startxref(inTail: source.tail), startxref > 0,
      let mapping = source.mapping,
      Int64(mapping.length) == source.version.size
    else { return nil }
    let bytes = UnsafeRawBufferPointer(start: mapping.address, count: mapping.length)
    return withExtendedLifetime(mapping) {
      guard var reader = CatalogReader(bytes: bytes) else { return nil }
      return reader.facts(startxref: startxref)
    }
  }

  /// `%PDF-` and a version (`1.7`) at byte 0: without the version qpdf looks for a later header
  /// and reads every offset from there (found by `make fuzz`).
  static func hasVersionedHeader(_ head: [UInt8]) -> Bool {
    guard head.starts(with: Array("%PDF-".utf8)) else { return false }
    var index = 5
    for part in 0..<2 {
      let start = index
      while index < head.count, FileScan.decimalDigit(head[index]) != nil { index += 1 }
      guard index > start else { return false }
      if part == 0 {
        guard index < head.count, head[index] == UInt8(ascii: ".") else { return false }
        index += 1
      }
    }
    return true
  }

  /// The offset after the last `startxref` when the file ends exactly `startxref N %%EOF` (with
  /// whitespace between and after): then it is the one qpdf finds too.
  static func startxref(inTail tail: [UInt8]) -> Int? {
    var end = tail.count
    while end > 0, PDFSyntax.isWhitespace(tail[end - 1]) { end -= 1 }
    let eof = Array("%%EOF".utf8)
    guard end >= eof.count, tail[(end - eof.count)..<end].elementsEqual(eof) else { return nil }
    end -= eof.count
    while end > 0, PDFSyntax.isWhitespace(tail[end - 1]) { end -= 1 }
    var start = end
    while start > 0, FileScan.decimalDigit(tail[start - 1]) != nil { start -= 1 }
    guard start < end, end - start <= 15 else { return nil }
    let digitsStart = start
    guard start > 0, PDFSyntax.isWhitespace(tail[start - 1]) else { return nil }
    while start > 0, PDFSyntax.isWhitespace(tail[start - 1]) { start -= 1 }
    let keyword = Array("startxref".utf8)
    guard start >= keyword.count, tail[(start - keyword.count)..<start].elementsEqual(keyword)
    else { return nil }
    return tail[digitsStart..<end].reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }
}

/// The strict reader behind `CatalogFastPath`. Every method returns nil (declines) on anything
/// it does not fully understand.
private struct CatalogReader {
  let bytes: UnsafeRawBufferPointer

  /// A parsed value; only what the fast path looks at keeps its contents.
  indirect enum Value {
    case null
    case integer(Int64)
    case name([UInt8])
    case reference(number: Int, generation: Int)
    case dictionary([(key: [UInt8], value: Value)])
    /// A boolean, real, string or array: checked for syntax, contents dropped.
    case other

    subscript(key: String) -> Value? {
      guard case .dictionary(let entries) = self else { return nil }
      let wanted = Array(key.utf8)
      return entries.first { $0.key == wanted }?.value
    }
  }

  /// One subsection of a classic table: `count` entries for objects `first...`, at `entries`.
  struct Subsection {
    var first: Int
    var count: Int
    var entries: Int
  }

  /// The sections of the chain, newest first.
  private var sections: [[Subsection]] = []

  init?(bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0 else { return nil }
    self.bytes = bytes
  }

  mutating func facts(startxref: Int) -> CatalogFastPath.Facts? {
    guard let trailer = readChain(from: startxref),
      case .integer? = trailer["Size"],
      case .reference(let rootNumber, let rootGeneration)? = trailer["Root"],
      let catalog = object(rootNumber, rootGeneration), case .dictionary = catalog
    else { return nil }

    let direction: DirectionEntry
    switch catalog["ViewerPreferences"] {
    case nil, .null?: direction = .absent
    case let preferences?:
      var dictionary = preferences
      if case .reference(let number, let generation) = preferences {
        guard let resolved = object(number, generation) else { return nil }
        dictionary = resolved
      }
      guard case .dictionary = dictionary else { return nil }
      switch dictionary["Direction"] {
      case nil, .null?: direction = .absent
      case .name(let name)? where name == Array("L2R".utf8) || name == Array("R2L".utf8):
        direction = .name(String(decoding: name, as: UTF8.self))
      // Other names earn a warning from the qpdf path; other values are unparsed by qpdf.
      default: return nil
      }
    }

    let pageLayout: PageLayoutEntry
    switch catalog["PageLayout"] {
    case nil, .null?: pageLayout = .absent
    case .name(let name)?: pageLayout = .name(String(decoding: name, as: UTF8.self))
    default: return nil
    }

    var pages = catalog["Pages"]
    if case .reference(let number, let generation)? = pages { pages = object(number, generation) }
    guard case .integer(let count)? = pages?["Count"], (0...Int64(Int32.max)).contains(count)
    else { return nil }
    return CatalogFastPath.Facts(
      direction: direction, pageLayout: pageLayout, pageCount: Int(count))
  }

  // MARK: - Cross-reference tables

  /// Reads every section from `offset` along `/Prev`, as qpdf does on open, and returns the
  /// newest trailer.
  private mutating func readChain(from offset: Int) -> Value? {
    var newest: Value?
    var offset = offset
    var visited: Set<Int> = []
    while offset != 0 {
      guard visited.insert(offset).inserted, visited.count <= 64,
        let (subsections, trailer) = section(at: offset),
        trailer["Encrypt"] == nil, trailer["XRefStm"] == nil
      else { return nil }
      sections.append(subsections)
      if newest == nil { newest = trailer }
      switch trailer["Prev"] {
      case nil: offset = 0
      case .integer(let previous)? where previous >= 0 && previous < bytes.count:
        offset = Int(previous)
      default: return nil
      }
    }
    return newest
  }

  /// One classic section: `xref`, subsections of strict 20-byte entries, `trailer << … >>`.
  private func section(at offset: Int) -> (subsections: [Subsection], trailer: Value)? {
    guard matches("xref", at: offset), offset + 4 < bytes.count,
      PDFSyntax.isWhitespace(bytes[offset + 4])
    else { return nil }
    var index = skipWhitespace(from: offset + 4)
    var subsections: [Subsection] = []
    while !matches("trailer", at: index) {
      guard subsections.count < 10_000, let (first, afterFirst) = digits(at: index),
        afterFirst < bytes.count, bytes[afterFirst] == 0x20
      else { return nil }
      var cursor = afterFirst
      while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
      guard let (count, afterCount) = digits(at: cursor), first + count <= Int(Int32.max) else {
        return nil
      }
      cursor = afterCount
      while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
      guard cursor < bytes.count, bytes[cursor] == 0x0A || bytes[cursor] == 0x0D else {
        return nil
      }
      cursor = skipWhitespace(from: cursor)
      guard count <= (bytes.count - cursor) / 20, entriesAreStrict(at: cursor, count: count)
      else { return nil }
      subsections.append(Subsection(first: first, count: count, entries: cursor))
      index = skipWhitespace(from: cursor + count * 20)
    }
    index = skipWhitespace(from: index + 7)
    var parser = Parser(bytes: bytes, index: index)
    guard let trailer = parser.value(), case .dictionary = trailer else { return nil }
    return (subsections, trailer)
  }

  /// Every entry `nnnnnnnnnn ggggg n` or `… f`, ending in SP CR, SP LF or CR LF. Eight bytes
  /// at a time: a book has 70,000 entries.
  private func entriesAreStrict(at start: Int, count: Int) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    /// True when all eight bytes are ASCII digits.
    func digits(_ word: UInt64) -> Bool {
      word & high == 0 && (word &- 0x3030_3030_3030_3030) & high == 0
        && (word &+ 0x4646_4646_4646_4646) & high == 0
    }
    var entry = start
    for _ in 0..<count {
      // Bytes 8-15 hold `nn ggggg`: the space (byte 10) turned into a digit passes the test;
      // so do `!"#$%&'()`, hence the second look at byte 10 (found by `make fuzz`).
      let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: entry, as: UInt64.self))
      let second =
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: entry + 8, as: UInt64.self))
        ^ 0x10_0000
      guard digits(first), digits(second), bytes[entry + 10] == 0x20,
        bytes[entry + 16] == 0x20,
        bytes[entry + 17] == UInt8(ascii: "n") || bytes[entry + 17] == UInt8(ascii: "f")
      else { return false }
      let end = (bytes[entry + 18], bytes[entry + 19])
      guard end == (0x20, 0x0A) || end == (0x20, 0x0D) || end == (0x0D, 0x0A) else { return false }
      entry += 20
    }
    return true
  }

  /// The offset of object (`number`, `generation`): in the newest section that lists the
  /// number, exactly one in-use entry with that generation.
  private func offset(of number: Int, _ generation: Int) -> Int? {
    for subsections in sections {
      let listing = subsections.filter { number >= $0.first && number < $0.first + $0.count }
      guard let subsection = listing.first else { continue }
      guard listing.count == 1 else { return nil }
      let entry = subsection.entries + (number - subsection.first) * 20
      guard bytes[entry + 17] == UInt8(ascii: "n"),
        let (offset, _) = digits(at: entry), let (entryGeneration, _) = digits(at: entry + 11),
        entryGeneration == generation, offset > 0, offset < bytes.count
      else { return nil }
      return offset
    }
    return nil
  }

  /// The direct contents of object (`number`, `generation`): `N G obj`, a value, `endobj`.
  func object(_ number: Int, _ generation: Int) -> Value? {
    guard let offset = offset(of: number, generation),
      let (foundNumber, afterNumber) = digits(at: offset), foundNumber == number,
      afterNumber < bytes.count, PDFSyntax.isWhitespace(bytes[afterNumber]),
      let (foundGeneration, afterGeneration) = digits(at: skipWhitespace(from: afterNumber)),
      foundGeneration == generation, afterGeneration < bytes.count,
      PDFSyntax.isWhitespace(bytes[afterGeneration])
    else { return nil }
    let keyword = skipWhitespace(from: afterGeneration)
    guard matches("obj", at: keyword) else { return nil }
    var parser = Parser(bytes: bytes, index: keyword + 3)
    guard parser.atBoundary(), let value = parser.value() else { return nil }
    let end = skipWhitespace(from: parser.index)
    guard matches("endobj", at: end) else { return nil }
    parser.index = end + 6
    return parser.atBoundary() ? value : nil
  }

  // MARK: - Bytes

  private func matches(_ keyword: StaticString, at index: Int) -> Bool {
    let count = keyword.utf8CodeUnitCount
    guard index >= 0, index + count <= bytes.count else { return false }
    return keyword.withUTF8Buffer { keyword in
      (0..<count).allSatisfy { bytes[index + $0] == keyword[$0] }
    }
  }

  private func skipWhitespace(from index: Int) -> Int {
    var index = index
    while index < bytes.count, PDFSyntax.isWhitespace(bytes[index]) { index += 1 }
    return index
  }

  /// An unsigned decimal number of 1 to 15 digits at `index`, and the index after it.
  private func digits(at index: Int) -> (Int, Int)? {
    var value = 0
    var cursor = index
    while cursor < bytes.count, cursor - index < 16,
      let digit = FileScan.decimalDigit(bytes[cursor])
    {
      value = value * 10 + digit
      cursor += 1
    }
    guard cursor > index, cursor - index <= 15 else { return nil }
    return (value, cursor)
  }
}

/// A strict parser of one direct PDF value (ISO 32000-1 §7.3): no comments, no `#` escapes, no
/// non-ASCII names, no duplicate keys, no keywords but `true`, `false`, `null` and `R`.
private struct Parser {
  let bytes: UnsafeRawBufferPointer
  var index: Int
  private var depth = 0

  init(bytes: UnsafeRawBufferPointer, index: Int) {
    self.bytes = bytes
    self.index = index
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// True at the end, at whitespace or at a delimiter: a token ended here.
  func atBoundary() -> Bool {
    guard index < bytes.count else { return true }
    return PDFSyntax.isWhitespace(bytes[index]) || PDFSyntax.isDelimiter(bytes[index])
  }

  private mutating func skipWhitespace() {
    while let byte = current, PDFSyntax.isWhitespace(byte) { index += 1 }
  }

  mutating func value() -> CatalogReader.Value? {
    skipWhitespace()
    guard let byte = current, depth < 64 else { return nil }
    switch byte {
    case UInt8(ascii: "/"):
      guard let name = name() else { return nil }
      return .name(name)
    case UInt8(ascii: "<"):
      if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") { return dictionary() }
      return hexString() ? .other : nil
    case UInt8(ascii: "("):
      return literalString() ? .other : nil
    case UInt8(ascii: "["):
      index += 1
      depth += 1
      defer { depth -= 1 }
      while true {
        skipWhitespace()
        guard let next = current else { return nil }
        if next == UInt8(ascii: "]") {
          index += 1
          return .other
        }
        guard value() != nil else { return nil }
      }
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      if keyword("null") { return .null }
      return keyword("true") || keyword("false") ? .other : nil
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
      UInt8(ascii: "."):
      return number()
    default:
      return nil
    }
  }

  private mutating func keyword(_ word: String) -> Bool {
    let start = index
    for byte in word.utf8 {
      guard current == byte else {
        index = start
        return false
      }
      index += 1
    }
    if atBoundary() { return true }
    index = start
    return false
  }

  private mutating func name() -> [UInt8]? {
    index += 1
    let start = index
    while let byte = current, byte > 0x20, byte < 0x7F, !PDFSyntax.isDelimiter(byte) {
      if byte == UInt8(ascii: "#") { return nil }
      index += 1
    }
    guard index > start else { return nil }
    return Array(bytes[start..<index])
  }

  private mutating func dictionary() -> CatalogReader.Value? {
    index += 2
    depth += 1
    defer { depth -= 1 }
    var entries: [(key: [UInt8], value: CatalogReader.Value)] = []
    while true {
      skipWhitespace()
      guard let byte = current else { return nil }
      if byte == UInt8(ascii: ">") {
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { return nil }
        index += 2
        return .dictionary(entries)
      }
      guard byte == UInt8(ascii: "/"), let key = name(),
        !entries.contains(where: { $0.key == key }),
        let value = value()
      else { return nil }
      entries.append((key, value))
    }
  }

  private mutating func hexString() -> Bool {
    index += 1
    while let byte = current {
      index += 1
      if byte == UInt8(ascii: ">") { return true }
      let isHex =
        FileScan.decimalDigit(byte) != nil
        || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
      guard isHex || PDFSyntax.isWhitespace(byte) else { return false }
    }
    return false
  }

  private mutating func literalString() -> Bool {
    index += 1
    var open = 1
    while let byte = current {
      index += 1
      switch byte {
      case UInt8(ascii: "\\"): index += 1
      case UInt8(ascii: "("): open += 1
      case UInt8(ascii: ")"):
        open -= 1
        if open == 0 { return true }
      default: break
      }
    }
    return false
  }

  /// An integer, a real, or a reference `N G R`.
  private mutating func number() -> CatalogReader.Value? {
    let start = index
    var signed = false
    if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
      signed = true
      index += 1
    }
    var digits = 0
    var dots = 0
    var value: Int64 = 0
    while let byte = current {
      if let digit = FileScan.decimalDigit(byte) {
        digits += 1
        if dots == 0 { value = value &* 10 &+ Int64(digit) }
      } else if byte == UInt8(ascii: ".") {
        dots += 1
      } else {
        break
      }
      index += 1
    }
    guard digits > 0, digits <= 18, dots <= 1, atBoundary() else { return nil }
    if dots == 1 { return .other }
    if bytes[start] == UInt8(ascii: "-") { value = -value }
    guard !signed else { return .integer(value) }
    // `N G R`: look ahead, and come back when it is not one.
    let afterNumber = index
    var lookahead = self
    lookahead.skipWhitespace()
    if lookahead.index > afterNumber, let generation = lookahead.unsignedInteger(),
      lookahead.index < bytes.count, PDFSyntax.isWhitespace(bytes[lookahead.index])
    {
      lookahead.skipWhitespace()
      if lookahead.keyword("R") {
        self = lookahead
        return .reference(number: Int(value), generation: generation)
      }
    }
    return .integer(value)
  }

  private mutating func unsignedInteger() -> Int? {
    let start = index
    var value = 0
    while let byte = current, let digit = FileScan.decimalDigit(byte), index - start < 10 {
      value = value * 10 + digit
      index += 1
    }
    guard index > start, atBoundary(), current != UInt8(ascii: ".") else { return nil }
    return value
  }
}
