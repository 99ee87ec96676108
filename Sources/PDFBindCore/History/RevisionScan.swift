/// One cross-reference section of the /Prev chain, as the file's bytes show it.
struct SectionScan: Equatable, Sendable {
  /// Where the section starts in the file (absolute, not relative to the header).
  var start: Int
  var kind: CrossReferenceKind
  /// `N G` of a cross-reference stream.
  var streamObject: (number: Int, generation: Int)?
  /// Absolute offset of a hybrid table's `/XRefStm` stream.
  var xrefStreamOffset: Int?
  /// The entries of a classic table: object number, generation, in use.
  var tableEntries: [XRefEntry]
  /// Just after the `%%EOF` that follows the section's `startxref`.
  var eofEnd: Int
  /// `eofEnd` plus the end-of-line after `%%EOF`, when there is one.
  var end: Int

  static func == (lhs: SectionScan, rhs: SectionScan) -> Bool {
    lhs.start == rhs.start && lhs.end == rhs.end
  }
}

/// An entry of a cross-reference section: which object (and generation) it defines.
struct XRefEntry: Equatable, Sendable {
  var number: Int
  var generation: Int
  var inUse: Bool
  /// For an object stored in an object stream (type 2 in a cross-reference stream): that
  /// stream's object number.
  var objectStream: Int? = nil
}

/// A revision as the bytes show it: everything from the end of the previous revision to the
/// `%%EOF` (and its end-of-line) that ends this one. The prefix of the file up to `end` is the
/// document as it was after this revision.
struct RevisionScan: Equatable, Sendable {
  var start: Int
  var end: Int
  /// Just after this revision's `%%EOF`, before its end-of-line.
  var eofEnd: Int
  /// The revision's cross-reference sections, newest first.
  var sections: [SectionScan]
  /// pdfbind's marker at the revision's start, when pdfbind wrote it.
  var marker: UpdateMarker?
  /// The position of that marker.
  var markerOffset: Int?

  var kind: CrossReferenceKind { sections.first?.kind ?? .table }
}

/// Finds a file's revisions with byte scans: the /Prev chain from the last `startxref`, each
/// section's `startxref … %%EOF`, and the cut points where the prefix holds exactly the oldest
/// sections. A linearized file's first-page section (at the start of the file, ending in its
/// own `%%EOF`, yet newer in the chain than the main section at the end) is therefore part of
/// the same revision as the main section: the prefix up to its `%%EOF` is no document.
/// Every function accepts arbitrary bytes.
enum RevisionScanner {
  /// The longest /Prev chain followed (a loop or a huge chain ends the walk).
  static let chainLimit = 100_000

  /// The file's revisions, oldest first; nil when the tail has no `startxref` to start from.
  static func revisions(in bytes: UnsafeRawBufferPointer) -> [RevisionScan]? {
    guard let header = FileScan.headerOffset(in: bytes.prefix(FileScan.headWindow)) else {
      return nil
    }
    let tailStart = max(0, bytes.count - FileScan.tailWindow)
    guard let last = FileScan.lastStartxref(in: Array(bytes[tailStart...])) else { return nil }
    // The chain, newest first.
    var chain: [SectionScan] = []
    var visited = Set<Int>()
    var next: Int? = header + last
    while let offset = next, offset >= 0, offset < bytes.count, chain.count < chainLimit,
      visited.insert(offset).inserted
    {
      guard let (section, prev) = section(in: bytes, at: offset, header: header) else { break }
      chain.append(section)
      next = prev.map { header + $0 }
    }
    guard !chain.isEmpty else { return nil }
    // A cut at E is valid when the sections starting before E are exactly the oldest ones of
    // the chain and all of them end by E.
    var revisions: [RevisionScan] = []
    var previousCut = 0
    var previousEOFEnd = 0
    var taken = 0
    for cut in Set(chain.map(\.end)).sorted() {
      let before = chain.indices.filter { chain[$0].start < cut }
      guard before.count > taken, before == Array((chain.count - before.count)..<chain.count),
        before.allSatisfy({ chain[$0].end <= cut })
      else { continue }
      let sections = Array(chain[(chain.count - before.count)..<(chain.count - taken)])
      let eofEnd = sections.map(\.eofEnd).max() ?? cut
      var revision = RevisionScan(
        start: previousCut, end: cut, eofEnd: eofEnd, sections: sections, marker: nil,
        markerOffset: nil)
      if !revisions.isEmpty,
        let (marker, at) = marker(
          in: bytes, from: previousEOFEnd, revisionStart: previousCut,
          before: sections.map(\.start).min() ?? cut)
      {
        revision.marker = marker
        revision.markerOffset = at
      }
      revisions.append(revision)
      taken = before.count
      previousCut = cut
      previousEOFEnd = eofEnd
    }
    return revisions.isEmpty ? nil : revisions
  }

  /// pdfbind's marker in `[revisionStart, limit)`: the first `%pdfbind` line whose recorded
  /// length puts it where pdfbind writes it, at that length or one line feed after it, and not
  /// before the previous revision's `%%EOF`.
  static func marker(
    in bytes: UnsafeRawBufferPointer, from previousEOFEnd: Int, revisionStart: Int,
    before limit: Int
  ) -> (UpdateMarker, Int)? {
    var position = revisionStart
    while let found = firstIndex(of: UpdateMarker.prefix, in: bytes, from: position, before: limit)
    {
      position = found + 1
      guard found == revisionStart || bytes[found - 1] == 0x0A || bytes[found - 1] == 0x0D,
        let marker = UpdateMarker.parse(bytes, at: found)
      else { continue }
      let length = marker.previousLength
      let placed = length == found || (length + 1 == found && bytes[length] == 0x0A)
      if placed && length >= previousEOFEnd { return (marker, found) }
    }
    return nil
  }

  // MARK: - One section

  /// The section at `offset` and its `/Prev` (relative to the header, which is at `header`),
  /// or nil when the bytes there are not a cross-reference section followed by `startxref`
  /// and `%%EOF`.
  static func section(in bytes: UnsafeRawBufferPointer, at offset: Int, header: Int)
    -> (SectionScan, Int?)?
  {
    let window = Array(bytes[offset..<min(bytes.count, offset + 64)])
    guard let kind = FileScan.sectionKind(at: window) else { return nil }
    var lexer = Lexer(bytes: bytes, position: offset)
    var entries: [XRefEntry] = []
    var streamObject: (Int, Int)?
    let dictionary: [String: Lexer.Token]
    if kind == .table {
      guard lexer.next() == .word("xref") else { return nil }
      while true {
        let token = lexer.next()
        if token == .word("trailer") { break }
        guard case .word(let firstText) = token, let first = Int(firstText),
          case .word(let countText) = lexer.next(), let count = Int(countText), count >= 0,
          first >= 0
        else { return nil }
        for index in 0..<count {
          guard case .word(let offsetText) = lexer.next(), Int(offsetText) != nil,
            case .word(let generationText) = lexer.next(), let generation = Int(generationText),
            case .word(let type) = lexer.next(), type == "n" || type == "f"
          else { return nil }
          entries.append(
            XRefEntry(number: first + index, generation: generation, inUse: type == "n"))
        }
      }
      guard let trailer = lexer.dictionary() else { return nil }
      dictionary = trailer
    } else {
      guard case .word(let numberText) = lexer.next(), let number = Int(numberText),
        case .word(let generationText) = lexer.next(), let generation = Int(generationText),
        lexer.next() == .word("obj"), let streamDictionary = lexer.dictionary()
      else { return nil }
      streamObject = (number, generation)
      dictionary = streamDictionary
    }
    guard let (eofEnd, end) = endOfRevision(in: bytes, from: lexer.position) else { return nil }
    let xrefStream = dictionary["XRefStm"]?.integer.map { header + $0 }
    let section = SectionScan(
      start: offset, kind: kind == .table && xrefStream != nil ? .hybrid : kind,
      streamObject: streamObject, xrefStreamOffset: xrefStream, tableEntries: entries,
      eofEnd: eofEnd, end: end)
    return (section, dictionary["Prev"]?.integer)
  }

  /// The first `startxref N %%EOF` at or after `from`: the end of `%%EOF`, and that end plus
  /// its end-of-line (CR LF, LF or CR) when there is one.
  static func endOfRevision(in bytes: UnsafeRawBufferPointer, from: Int) -> (Int, Int)? {
    var position = from
    while let found = firstIndex(
      of: Array("startxref".utf8), in: bytes, from: position, before: bytes.count)
    {
      position = found + 1
      var lexer = Lexer(bytes: bytes, position: found + 9)
      guard case .word(let digits) = lexer.next(), Int(digits) != nil else { continue }
      // Whitespace only: `%%EOF` is itself a comment.
      var at = lexer.position
      while at < bytes.count, PDFSyntax.isWhitespace(bytes[at]) { at += 1 }
      let eof = Array("%%EOF".utf8)
      guard at + eof.count <= bytes.count, bytes[at..<at + eof.count].elementsEqual(eof)
      else { continue }
      at += eof.count
      let eofEnd = at
      if at < bytes.count, bytes[at] == 0x0D { at += 1 }
      if at < bytes.count, bytes[at] == 0x0A { at += 1 }
      return (eofEnd, at)
    }
    return nil
  }

  /// The first `needle` in `bytes[from..<limit]`. Written out because the standard library's
  /// `firstRange(of:)` on a raw buffer's slice is far slower (52 s against 0.12 s for 300 MB
  /// without a match, Swift 6.3 -O).
  static func firstIndex(
    of needle: [UInt8], in bytes: UnsafeRawBufferPointer, from: Int, before limit: Int
  ) -> Int? {
    guard let first = needle.first, limit - from >= needle.count, from >= 0 else { return nil }
    var index = from
    let last = min(limit, bytes.count) - needle.count
    while index <= last {
      if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }
}

/// Just enough of PDF's lexical rules (ISO 32000-1 §7.2) to read a trailer or stream
/// dictionary's top-level entries and a table's entries: strings, comments and nested
/// structures are skipped correctly.
struct Lexer {
  enum Token: Equatable {
    case word(String)
    case name(String)
    case open(String)  // "<<", "["
    case close(String)  // ">>", "]"
    case string
    case end

    var integer: Int? { if case .word(let text) = self { Int(text) } else { nil } }
  }

  let bytes: UnsafeRawBufferPointer
  var position: Int

  mutating func skipWhitespace() {
    while position < bytes.count {
      if PDFSyntax.isWhitespace(bytes[position]) {
        position += 1
      } else if bytes[position] == UInt8(ascii: "%") {
        while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D {
          position += 1
        }
      } else {
        return
      }
    }
  }

  mutating func next() -> Token {
    skipWhitespace()
    guard position < bytes.count else { return .end }
    let byte = bytes[position]
    switch byte {
    case UInt8(ascii: "<") where position + 1 < bytes.count && bytes[position + 1] == byte:
      position += 2
      return .open("<<")
    case UInt8(ascii: ">") where position + 1 < bytes.count && bytes[position + 1] == byte:
      position += 2
      return .close(">>")
    case UInt8(ascii: "["):
      position += 1
      return .open("[")
    case UInt8(ascii: "]"):
      position += 1
      return .close("]")
    case UInt8(ascii: "<"):
      while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
      position += 1
      return .string
    case UInt8(ascii: "("):
      var depth = 0
      while position < bytes.count {
        let current = bytes[position]
        position += 1
        if current == UInt8(ascii: "\\") {
          position += 1
        } else if current == UInt8(ascii: "(") {
          depth += 1
        } else if current == UInt8(ascii: ")") {
          depth -= 1
          if depth == 0 { break }
        }
      }
      return .string
    case UInt8(ascii: "/"):
      position += 1
      return .name(word())
    default:
      if PDFSyntax.isDelimiter(byte) {
        position += 1
        return .word(String(UnicodeScalar(byte)))
      }
      return .word(word())
    }
  }

  private mutating func word() -> String {
    let start = position
    while position < bytes.count, !PDFSyntax.isWhitespace(bytes[position]),
      !PDFSyntax.isDelimiter(bytes[position])
    {
      position += 1
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// The top-level entries of the dictionary that starts here whose values are single words
  /// or names (a reference keeps its object number); nested values are skipped.
  mutating func dictionary() -> [String: Token]? {
    guard next() == .open("<<") else { return nil }
    var entries: [String: Token] = [:]
    while true {
      let key = next()
      switch key {
      case .close(">>"): return entries
      case .end: return nil
      case .name(let name):
        let value = next()
        switch value {
        case .open: guard skipNested() else { return nil }
        case .end: return nil
        case .word:
          // `N G R`: keep N.
          var lookahead = self
          if case .word(let generation) = lookahead.next(), Int(generation) != nil,
            lookahead.next() == .word("R")
          {
            self = lookahead
          }
          entries[name] = value
        default: entries[name] = value
        }
      default: continue
      }
    }
  }

  private mutating func skipNested() -> Bool {
    var depth = 1
    while depth > 0 {
      switch next() {
      case .open: depth += 1
      case .close: depth -= 1
      case .end: return false
      default: break
      }
    }
    return true
  }
}
