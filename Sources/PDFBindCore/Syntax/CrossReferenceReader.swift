/// The one reader of cross-reference sections: classic tables, cross-reference streams and
/// hybrid files, along `/Prev` (ISO 32000-1 §7.5.4-§7.5.8). Offsets in the file are relative
/// to the header at `header`; offsets this reader returns are absolute. It accepts any bytes
/// (it is fuzzed) and never reads outside them.
package struct CrossReferenceReader {
  package let bytes: UnsafeRawBufferPointer
  package let header: Int
  package let strictness: Strictness

  package init(bytes: UnsafeRawBufferPointer, header: Int, strictness: Strictness) {
    self.bytes = bytes
    self.header = header
    self.strictness = strictness
  }

  private var strict: Bool { strictness == .strict }

  /// How many sections the strict readers (the fast path, `set`'s plan) follow before they
  /// leave a file to qpdf. Every `set --in-place` adds one, so a file set back and forth a
  /// few dozen times must still be read here: past this, `set` would pay a second full qpdf
  /// open (of the original) besides the verifying one. The checks below stay linear in the
  /// sections' entries, so a thousand small updates cost less than one book's table.
  package static let strictChainLimit = 1024

  /// The sections newest first from `startxref` (relative to the header), with each hybrid
  /// table's stream right after the table; `complete` when the chain ended at a section without
  /// `/Prev`. Strict: every `/Prev` and `/XRefStm` must be an integer that leads to a section.
  package func chain(startxref: Int, limit: Int = 100_000) -> (
    sections: [CrossReferenceSection], complete: Bool
  ) {
    var sections: [CrossReferenceSection] = []
    var visited = Set<Int>()
    var next: Int? = header + startxref
    while let offset = next {
      guard offset >= 0, offset < bytes.count, sections.count < limit,
        visited.insert(offset).inserted, let section = section(at: offset)
      else { return (sections, false) }
      sections.append(section)
      if let stream = section.xrefStream {
        if var streamSection = self.section(at: header + stream), streamSection.rows != nil,
          streamSection.streamObject != nil
        {
          streamSection.isHybridStream = true
          sections.append(streamSection)
        } else if strict {
          return (sections, false)
        }
      }
      switch section.trailer["Prev"] {
      case nil: next = nil
      case .integer(let previous)?: next = header + Int(clamping: previous)
      default: return (sections, !strict)
      }
    }
    return (sections, !strict || streamNumbersAreTheirOwn(sections))
  }

  /// Strict: no section may give a cross-reference stream's own number to another object.
  /// qpdf keeps each stream it reads under its number, so a reference to that number finds the
  /// stream where this reader would find the other object (`make fuzz`: `/Pages 2 0 R` in a
  /// file whose stream was `2 0 obj` too). A free entry for it is fine.
  /// Each section is asked only about the stream numbers it lists: a short section's entries
  /// are looked for among the streams, a long one is asked about each stream (a file set a
  /// thousand times has a thousand streams and sections, but only a few entries in each).
  private func streamNumbersAreTheirOwn(_ sections: [CrossReferenceSection]) -> Bool {
    let streams = Dictionary(grouping: sections.compactMap(\.streamObject), by: \.number)
    for section in sections {
      let listed: Set<Int> =
        section.entryCount < streams.count
        ? Set(section.entries(in: bytes).map(\.number).filter { streams[$0] != nil })
        : Set(streams.keys)
      for number in listed {
        switch section.lookup(number, in: bytes) {
        case .absent: continue
        case .ambiguous: return false
        case .entry(let entry):
          guard entry.inUse else { continue }
          for stream in streams[number] ?? [] {
            guard entry.objectStream == nil,
              ObjectHeader.parse(bytes, at: header + entry.offset)?.start == stream.start
            else { return false }
          }
        }
      }
    }
    return true
  }

  /// The section at the absolute `offset`, or nil when the bytes there are not one.
  package func section(at offset: Int) -> CrossReferenceSection? {
    guard offset >= 0, offset < bytes.count else { return nil }
    var lexer = Lexer(bytes: bytes, position: offset)
    let first = lexer.next()
    if lexer.isKeyword(first, "xref") {
      guard !strict || (first.range.lowerBound == offset && !first.followsComment) else {
        return nil
      }
      return table(at: offset, after: lexer.position)
    }
    return stream(at: offset)
  }

  /// The bytes at `startxref` in which `SourceFile.newestSection` looks for a section's kind
  /// and stream number (for the update's kind): a cross-reference stream's `N G obj` must end
  /// within them to be read strictly (`make fuzz`: NUL bytes between `0` and `obj` pushed it
  /// out, and the two readers disagreed).
  static let sectionProbeLength = 64

  /// The kind of section that starts at `offset` (whitespace before it skipped, as qpdf does):
  /// `xref` opens a table, `N G obj` a cross-reference stream. Nothing else is read.
  package static func sectionKind(in bytes: UnsafeRawBufferPointer, at offset: Int = 0)
    -> CrossReferenceKind?
  {
    var lexer = Lexer(bytes: bytes, position: offset)
    let first = lexer.next()
    if lexer.isKeyword(first, "xref") { return first.followsComment ? nil : .table }
    return ObjectHeader.parse(bytes, at: offset) != nil ? .stream : nil
  }

  package static func sectionKind(in bytes: [UInt8]) -> CrossReferenceKind? {
    bytes.withUnsafeBytes { sectionKind(in: $0) }
  }

  // MARK: - Tables

  private func table(at offset: Int, after keyword: Int) -> CrossReferenceSection? {
    var lexer = Lexer(bytes: bytes, position: keyword)
    guard keyword < bytes.count, PDFCharacter.isWhitespace(bytes[keyword]) else { return nil }
    var subsections: [CrossReferenceSection.TableSubsection] = []
    while true {
      // qpdf reads a table's lines with only spaces and ends of line between them: a NUL
      // there, which the lexer takes for whitespace, makes it rebuild the table (`make fuzz`:
      // after `xref`, between subsections, before `trailer`).
      if strict, !Self.onlyLineSpace(bytes, from: lexer.position) { return nil }
      let lineStart = lexer.position
      let token = lexer.next()
      if lexer.isKeyword(token, "trailer") {
        guard !strict || !token.followsComment else { return nil }
        break
      }
      let countToken = lexer.next()
      guard subsections.count < 100_000, token.isUnsignedInteger(in: bytes),
        countToken.isUnsignedInteger(in: bytes), case .integer(let first) = token.kind,
        case .integer(let count) = countToken.kind, first + count <= Int64(Int32.max)
      else { return nil }
      if strict {
        guard !token.followsComment, !countToken.followsComment,
          Self.isStrictSubsectionHeader(bytes, token.range, countToken.range)
        else { return nil }
      }
      var entries = lexer.position
      while entries < bytes.count, PDFCharacter.isWhitespace(bytes[entries]) { entries += 1 }
      if strict, !Self.onlyLineSpace(bytes, from: lexer.position, to: entries) { return nil }
      // qpdf reads a subsection's `first count` line, and the space after it, from a window of
      // 50 bytes, and its first entry where that space ends (`make fuzz`: 81 carriage returns
      // after `8 3`, "invalid xref entry").
      if strict, entries - lineStart > Self.subsectionLineWindow { return nil }
      var subsection = CrossReferenceSection.TableSubsection(
        first: Int(first), count: Int(count), fixedEntries: nil)
      if Int(count) <= (bytes.count - entries) / 20,
        Self.entriesAreStrict(bytes, at: entries, count: Int(count))
      {
        subsection.fixedEntries = entries
        lexer.position = entries + Int(count) * 20
      } else {
        guard !strict, let parsed = parsedEntries(&lexer, first: Int(first), count: Int(count))
        else { return nil }
        subsection.parsedEntries = parsed
      }
      subsections.append(subsection)
    }
    var parser = ObjectParser(bytes: bytes, position: lexer.position, strictness: strictness)
    guard let trailer = parser.value(), case .dictionary = trailer else { return nil }
    // qpdf takes a trailer followed by `stream` for a stream's dictionary, and finds it
    // damaged (`make fuzz`: "stream dictionary lacks /Length key").
    if strict {
      var after = parser.lexer
      let next = after.next()
      if after.isKeyword(next, "stream") { return nil }
    }
    var section = CrossReferenceSection(
      start: offset, kind: .table, trailer: trailer, streamObject: nil,
      end: parser.lexer.position)
    section.subsections = subsections
    if section.xrefStream != nil { section.kind = .hybrid }
    return section
  }

  /// The bytes in which qpdf reads a subsection's header line and the space after it.
  private static let subsectionLineWindow = 50

  /// Entries written loosely (any whitespace, missing end-of-line bytes), token by token.
  private func parsedEntries(_ lexer: inout Lexer, first: Int, count: Int) -> [XRefEntry]? {
    guard count <= (bytes.count - lexer.position) / 6 else { return nil }
    var entries: [XRefEntry] = []
    entries.reserveCapacity(count)
    for index in 0..<count {
      let offset = lexer.next()
      let generation = lexer.next()
      let type = lexer.next()
      guard case .integer(let at) = offset.kind, case .integer(let g) = generation.kind,
        lexer.isKeyword(type, "n") || lexer.isKeyword(type, "f")
      else { return nil }
      entries.append(
        XRefEntry(
          number: first + index, generation: Int(clamping: g),
          inUse: lexer.isKeyword(type, "n"), offset: Int(clamping: at)))
    }
    return entries
  }

  /// True when the whitespace from `start` (up to `end`, or to the next token) is only spaces,
  /// tabs and ends of line.
  private static func onlyLineSpace(
    _ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int? = nil
  ) -> Bool {
    var index = start
    while index < (end ?? bytes.count), PDFCharacter.isWhitespace(bytes[index]) {
      guard [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) else { return false }
      index += 1
    }
    return true
  }

  /// `first count` then an end-of-line: one space after `first`, spaces after `count`.
  private static func isStrictSubsectionHeader(
    _ bytes: UnsafeRawBufferPointer, _ first: Range<Int>, _ count: Range<Int>
  ) -> Bool {
    guard first.count <= 15, count.count <= 15, first.upperBound < bytes.count,
      bytes[first.upperBound] == 0x20
    else { return false }
    for index in first.upperBound..<count.lowerBound where bytes[index] != 0x20 { return false }
    var cursor = count.upperBound
    while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
    return cursor < bytes.count && (bytes[cursor] == 0x0A || bytes[cursor] == 0x0D)
  }

  /// Every entry `nnnnnnnnnn ggggg n` or `… f`, ending in SP CR, SP LF or CR LF. Eight bytes
  /// at a time: a book has 70,000 entries.
  static func entriesAreStrict(_ bytes: UnsafeRawBufferPointer, at start: Int, count: Int) -> Bool {
    guard start >= 0, count >= 0, count <= (bytes.count - start) / 20 else { return false }
    let high: UInt64 = 0x8080_8080_8080_8080
    /// True when all eight bytes are ASCII digits.
    func digits(_ word: UInt64) -> Bool {
      word & high == 0 && (word &- 0x3030_3030_3030_3030) & high == 0
        && (word &+ 0x4646_4646_4646_4646) & high == 0
    }
    var entry = start
    for _ in 0..<count {
      // Bytes 8-15 hold `nn ggggg`: the space (byte 10) turned into a digit passes the test,
      // and anything else there fails it.
      let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: entry, as: UInt64.self))
      let second =
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: entry + 8, as: UInt64.self))
        ^ 0x10_0000
      // Bytes 16-19: a space, `n` or `f` (the only bytes that OR 0x08 makes `n`), then
      // SP LF, SP CR or CR LF.
      let last = UInt32(
        littleEndian: bytes.loadUnaligned(fromByteOffset: entry + 16, as: UInt32.self))
      let end = last >> 16
      // The XOR makes `!` to `)` digits too: byte 10 itself must be the space (`make fuzz`).
      guard digits(first), digits(second), bytes[entry + 10] == 0x20, last & 0xFF == 0x20,
        (last >> 8) & 0xFF | 0x08 == 0x6E,
        end == 0x0A20 || end == 0x0D20 || end == 0x0A0D
      else { return false }
      entry += 20
    }
    return true
  }

  // MARK: - Streams

  private func stream(at offset: Int) -> CrossReferenceSection? {
    // qpdf refuses an object numbered 0 (`make fuzz`: a cross-reference stream `0 0 obj`,
    // "xref not found"); a header that ends past `sectionProbeLength` goes to qpdf too.
    guard let header = ObjectHeader.parse(bytes, at: offset),
      !strict
        || (header.start == offset && header.number > 0
          && header.end - offset <= Self.sectionProbeLength)
    else { return nil }
    var parser = ObjectParser(bytes: bytes, position: header.end, strictness: strictness)
    guard let dictionary = parser.value(), case .dictionary = dictionary else { return nil }
    let afterDictionary = parser.lexer.position
    var section = CrossReferenceSection(
      start: offset, kind: .stream, trailer: dictionary, streamObject: header,
      end: afterDictionary)
    let reader = ObjectReader(bytes: bytes, header: self.header, strictness: strictness)
    guard let body = reader.streamBody(dictionary: dictionary, after: afterDictionary),
      let data = StreamFilters.decode(
        UnsafeRawBufferPointer(rebasing: bytes[body.data]), dictionary: dictionary),
      dictionary["Type"] == .name("XRef") || !strict
    else { return strict ? nil : section }
    section.end = body.end
    section.rows = CrossReferenceRows(dictionary: dictionary, data: data, strictness: strictness)
    return strict && section.rows == nil ? nil : section
  }
}
