/// Reads indirect objects through a chain of cross-reference sections: `N G obj … endobj` at
/// the offset an entry gives, or an object inside an object stream (ISO 32000-1 §7.5.7). In
/// strict mode it declines anything qpdf could read differently.
package struct ObjectReader {
  package let bytes: UnsafeRawBufferPointer
  package let header: Int
  package let strictness: Strictness
  /// The sections to look objects up in, newest first.
  package var sections: [CrossReferenceSection] = []
  /// Object streams decoded so far, by object number.
  private var objectStreams: [Int: DecodedObjectStream] = [:]

  package init(
    bytes: UnsafeRawBufferPointer, header: Int, strictness: Strictness,
    sections: [CrossReferenceSection] = []
  ) {
    self.bytes = bytes
    self.header = header
    self.strictness = strictness
    self.sections = sections
  }

  private var strict: Bool { strictness == .strict }

  /// The entry the newest section listing `number` gives; nil when none does, or when that
  /// section lists it twice. A hybrid table's free entry yields to its stream's entry, as
  /// qpdf reads them (a hybrid table frees what only its stream holds).
  package func entry(for number: Int) -> XRefEntry? {
    for (index, section) in sections.enumerated() {
      switch section.lookup(number, in: bytes) {
      case .absent: continue
      case .ambiguous: return nil
      case .entry(let entry):
        guard section.kind == .hybrid, !entry.inUse, index + 1 < sections.count,
          sections[index + 1].isHybridStream,
          case .entry(let streamEntry) = sections[index + 1].lookup(number, in: bytes)
        else { return entry }
        return streamEntry
      }
    }
    return nil
  }

  /// `entry(for:)` for many numbers (a damage sample's scan): the newest sections, while they
  /// list at most `limit` entries in all, are listed once, and a number none of them lists is
  /// looked up only in the older ones. A file set many times has many small sections before
  /// its big one, and each lookup would otherwise walk them all.
  package func entryLookup(listingAtMost limit: Int = 4096) -> (Int) -> XRefEntry? {
    var listed = Set<Int>()
    var newer = 0
    var total = 0
    for section in sections {
      total += section.entryCount
      guard total <= limit else { break }
      listed.formUnion(section.entries(in: bytes).map(\.number))
      newer += 1
    }
    let older = ObjectReader(
      bytes: bytes, header: header, strictness: strictness, sections: Array(sections[newer...]))
    return { [self] number in
      listed.contains(number) ? entry(for: number) : older.entry(for: number)
    }
  }

  /// The direct contents of object (`number`, `generation`), or nil.
  package mutating func object(_ number: Int, _ generation: Int) -> PDFValue? {
    guard let entry = entry(for: number), entry.inUse, entry.generation == generation else {
      return nil
    }
    if let stream = entry.objectStream {
      return objectInStream(number, stream: stream, index: entry.offset)
    }
    let offset = header + entry.offset
    guard entry.offset > 0, offset < bytes.count, let found = ObjectHeader.parse(bytes, at: offset),
      found.number == number, found.generation == generation, !strict || found.start == offset
    else { return nil }
    var parser = ObjectParser(bytes: bytes, position: found.end, strictness: strictness)
    return parser.valueThenEndobj()
  }

  // MARK: - Where an offset falls

  /// The object stored in the file (not in an object stream) whose bytes hold `position`, an
  /// offset relative to the header: the in-use object that starts last at or before it, by the
  /// offsets the sections give (a cross-reference section ends the object before it), its
  /// `N G obj` checked. qpdf says where it was reading, not what; this names the object.
  package func objectNumber(atFileOffset position: Int) -> Int? {
    var seen = Set<Int>()
    var nearest: (offset: Int, number: Int?) = (-1, nil)
    for section in sections {
      for entry in section.entries(in: bytes) where seen.insert(entry.number).inserted {
        guard entry.inUse, entry.objectStream == nil, entry.offset > 0, entry.offset <= position,
          entry.offset > nearest.offset
        else { continue }
        nearest = (entry.offset, entry.number)
      }
    }
    // A section that is no listed object (a table) ends the one before it; a stream listed as
    // its own object stays that object.
    for start in sections.map({ $0.start - header }) where start <= position {
      if start > nearest.offset { nearest = (start, nil) }
    }
    guard let number = nearest.number,
      ObjectHeader.parse(bytes, at: header + nearest.offset)?.number == number
    else { return nil }
    return number
  }

  /// The object of object stream `stream` whose bytes hold `position`, an offset in the
  /// stream's decoded data (where qpdf reads a compressed object).
  package mutating func objectNumber(atOffset position: Int, inObjectStream stream: Int) -> Int? {
    if objectStreams[stream] == nil { objectStreams[stream] = decodeObjectStream(stream) }
    return objectStreams[stream]?.objects.last { $0.offset <= position }?.number
  }

  // MARK: - Object streams

  private struct DecodedObjectStream {
    var data: [UInt8]
    /// Object number and offset (from the start of `data`) of each object, in order.
    var objects: [(number: Int, offset: Int)]
  }

  private mutating func objectInStream(_ number: Int, stream: Int, index: Int) -> PDFValue? {
    if objectStreams[stream] == nil {
      guard let decoded = decodeObjectStream(stream) else { return nil }
      objectStreams[stream] = decoded
    }
    guard let decoded = objectStreams[stream], index >= 0, index < decoded.objects.count,
      decoded.objects[index].number == number,
      !strict || decoded.objects.filter({ $0.number == number }).count == 1
    else { return nil }
    let end = index + 1 < decoded.objects.count ? decoded.objects[index + 1].offset : .max
    return decoded.data.withUnsafeBytes { data in
      var parser = ObjectParser(
        bytes: data, position: decoded.objects[index].offset, strictness: strictness)
      guard let value = parser.value(), parser.lexer.position <= min(end, data.count) else {
        return nil
      }
      return value
    }
  }

  /// `/Type /ObjStm`, its `/N` pairs of object numbers and offsets, offsets increasing.
  private func decodeObjectStream(_ number: Int) -> DecodedObjectStream? {
    guard let entry = entry(for: number), entry.inUse, entry.objectStream == nil,
      entry.generation == 0, entry.offset > 0
    else { return nil }
    let offset = header + entry.offset
    guard let found = ObjectHeader.parse(bytes, at: offset), found.number == number,
      found.generation == 0, !strict || found.start == offset
    else { return nil }
    var parser = ObjectParser(bytes: bytes, position: found.end, strictness: strictness)
    guard let dictionary = parser.value(), dictionary["Type"] == .name("ObjStm"),
      case .integer(let count)? = dictionary["N"], case .integer(let first)? = dictionary["First"],
      count > 0, count <= 1_000_000, first >= 0,
      let body = streamBody(dictionary: dictionary, after: parser.lexer.position),
      let data = StreamFilters.decode(
        UnsafeRawBufferPointer(rebasing: bytes[body.data]), dictionary: dictionary),
      first <= data.count
    else { return nil }
    let objects = data.withUnsafeBytes { data -> [(number: Int, offset: Int)]? in
      var lexer = Lexer(bytes: data, position: 0)
      var objects: [(number: Int, offset: Int)] = []
      for _ in 0..<count {
        let objectNumber = lexer.next()
        let objectOffset = lexer.next()
        guard case .integer(let n) = objectNumber.kind, case .integer(let o) = objectOffset.kind,
          objectNumber.isUnsignedInteger(in: data), objectOffset.isUnsignedInteger(in: data),
          !objectNumber.followsComment, !objectOffset.followsComment,
          lexer.position <= Int(first), Int(first) + Int(o) < data.count,
          objects.last.map({ $0.offset < Int(first) + Int(o) }) ?? true
        else { return nil }
        objects.append((Int(n), Int(first) + Int(o)))
      }
      return objects
    }
    guard let objects else { return nil }
    return DecodedObjectStream(data: data, objects: objects)
  }

  // MARK: - Stream data

  /// The data of the stream whose dictionary ends at `after`: `stream`, an end-of-line,
  /// `/Length` bytes, an optional end-of-line, `endstream`, `endobj`. `end` is after `endobj`.
  /// Strict: `/Length` is a direct integer and exact.
  package func streamBody(dictionary: PDFValue, after: Int) -> (data: Range<Int>, end: Int)? {
    var lexer = Lexer(bytes: bytes, position: after)
    let keyword = lexer.next()
    guard lexer.isKeyword(keyword, "stream"), !(strict && keyword.followsComment) else {
      return nil
    }
    var start = lexer.position
    if start + 1 < bytes.count, bytes[start] == 0x0D, bytes[start + 1] == 0x0A {
      start += 2
    } else if start < bytes.count, bytes[start] == 0x0A {
      start += 1
    } else if strict {
      return nil
    } else if start < bytes.count, bytes[start] == 0x0D {
      start += 1
    }
    if case .integer(let length)? = dictionary["Length"], length >= 0,
      length <= Int64(bytes.count - start),
      let end = endOfStream(from: start + Int(length))
    {
      return (start..<(start + Int(length)), end)
    }
    // Tolerant: the data ends before the first `endstream` (and the end-of-line before it).
    guard !strict,
      let found = FileTail.firstIndex(
        of: "endstream", in: bytes, from: start, before: bytes.count),
      let end = endOfStream(from: found)
    else { return nil }
    var dataEnd = found
    if dataEnd > start, bytes[dataEnd - 1] == 0x0A { dataEnd -= 1 }
    if dataEnd > start, bytes[dataEnd - 1] == 0x0D { dataEnd -= 1 }
    return (start..<dataEnd, end)
  }

  /// After the data: an optional end-of-line, `endstream` and `endobj`; the end of `endobj`.
  private func endOfStream(from dataEnd: Int) -> Int? {
    var position = dataEnd
    if position < bytes.count, bytes[position] == 0x0D { position += 1 }
    if position < bytes.count, bytes[position] == 0x0A { position += 1 }
    var lexer = Lexer(bytes: bytes, position: position)
    let endstream = lexer.next()
    guard lexer.isKeyword(endstream, "endstream"),
      !strict || (endstream.range.lowerBound == position && !endstream.followsComment)
    else { return nil }
    let endobj = lexer.next()
    guard lexer.isKeyword(endobj, "endobj"), !(strict && endobj.followsComment) else {
      return nil
    }
    return lexer.position
  }
}
