/// How much a reader accepts. `strict` declines (returns nil) on anything qpdf could read
/// differently or would warn about: comments, `#` escapes and non-ASCII bytes in names,
/// duplicate keys, keywords other than `true`, `false`, `null` and `R`. `tolerant` reads what a
/// damaged or unusual file holds, as the revision scan needs: comments and escapes are fine, a
/// bare word becomes a string (qpdf's reading), the last of two equal keys wins.
package enum Strictness: Sendable {
  case strict, tolerant
}

/// `N G obj`: where an indirect object's header is and what it says. The one parser of it.
package struct ObjectHeader: Equatable, Sendable {
  package var number: Int
  package var generation: Int
  /// Where the number starts (after any whitespace before it).
  package var start: Int
  /// Just after `obj`.
  package var end: Int

  /// The header at `offset` (whitespace before it skipped, no comment), or nil.
  package static func parse(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> ObjectHeader? {
    guard offset >= 0, offset < bytes.count else { return nil }
    var lexer = Lexer(bytes: bytes, position: offset)
    let number = lexer.next()
    let generation = lexer.next()
    let keyword = lexer.next()
    guard number.isUnsignedInteger(in: bytes), generation.isUnsignedInteger(in: bytes),
      case .integer(let n) = number.kind, case .integer(let g) = generation.kind,
      n <= Int64(Int32.max), g <= 65_535, lexer.isKeyword(keyword, "obj"),
      !number.followsComment, !generation.followsComment, !keyword.followsComment
    else { return nil }
    return ObjectHeader(
      number: Int(n), generation: Int(g), start: number.range.lowerBound, end: lexer.position)
  }

  package static func parse(_ bytes: [UInt8], at offset: Int = 0) -> ObjectHeader? {
    bytes.withUnsafeBytes { parse($0, at: offset) }
  }
}

/// Parses direct values (ISO 32000-1 §7.3) from the lexer's tokens into `PDFValue`.
package struct ObjectParser {
  package var lexer: Lexer
  let strictness: Strictness
  private var depth = 0

  package init(bytes: UnsafeRawBufferPointer, position: Int, strictness: Strictness) {
    lexer = Lexer(bytes: bytes, position: position)
    self.strictness = strictness
  }

  private var bytes: UnsafeRawBufferPointer { lexer.bytes }
  private var strict: Bool { strictness == .strict }

  /// The next value, or nil when the bytes there are not one (or, in strict mode, unusual).
  package mutating func value() -> PDFValue? {
    let token = lexer.next()
    if strict && token.followsComment { return nil }
    return value(startingWith: token)
  }

  private mutating func value(startingWith token: Token) -> PDFValue? {
    guard depth < 64 else { return nil }
    switch token.kind {
    case .integer(let number):
      guard token.isUnsignedInteger(in: bytes) else { return .integer(number) }
      // `N G R`: look ahead, and come back when it is not one.
      var lookahead = lexer
      let generation = lookahead.next()
      let keyword = lookahead.next()
      if generation.isUnsignedInteger(in: bytes), case .integer(let g) = generation.kind,
        lookahead.isKeyword(keyword, "R"), number <= Int64(Int32.max), g <= 65_535,
        !strict || (!generation.followsComment && !keyword.followsComment)
      {
        lexer = lookahead
        return .reference(objectNumber: Int(number), generation: Int(g))
      }
      return .integer(number)
    case .real:
      return .real(String(decoding: bytes[token.range], as: UTF8.self))
    case .name:
      if strict && token.nameIsEscaped { return nil }
      return .name(lexer.nameBytes(token))
    case .literalString: return .string(Self.literalStringBytes(bytes, token.range))
    case .hexString: return .string(Self.hexStringBytes(bytes, token.range))
    case .arrayStart:
      depth += 1
      defer { depth -= 1 }
      var items: [PDFValue] = []
      while true {
        let next = lexer.next()
        if strict && next.followsComment { return nil }
        if next.kind == .arrayEnd { return .array(items) }
        guard let item = value(startingWith: next) else { return nil }
        items.append(item)
      }
    case .dictionaryStart:
      depth += 1
      defer { depth -= 1 }
      return dictionary()
    case .keyword:
      if lexer.isKeyword(token, "null") { return .null }
      if lexer.isKeyword(token, "true") { return .boolean(true) }
      if lexer.isKeyword(token, "false") { return .boolean(false) }
      return strict ? nil : .string(Array(bytes[token.range]))
    case .dictionaryEnd, .arrayEnd, .invalid, .end:
      return nil
    }
  }

  private mutating func dictionary() -> PDFValue? {
    var entries: [(key: [UInt8], value: PDFValue)] = []
    while true {
      let key = lexer.next()
      if strict && (key.followsComment || key.nameIsEscaped) { return nil }
      if key.kind == .dictionaryEnd { return .dictionary(entries) }
      guard key.kind == .name, let value = value() else { return nil }
      let name = lexer.nameBytes(key)
      if let existing = entries.firstIndex(where: { $0.key == name }) {
        guard !strict else { return nil }
        entries[existing].value = value
      } else {
        entries.append((name, value))
      }
    }
  }

  /// The value at the lexer's position and `endobj` after it (the position ends after it).
  package mutating func valueThenEndobj() -> PDFValue? {
    guard let value = value() else { return nil }
    let keyword = lexer.next()
    guard lexer.isKeyword(keyword, "endobj"), !(strict && keyword.followsComment) else {
      return nil
    }
    return value
  }

  // MARK: - Strings

  /// A literal string's bytes (§7.3.4.2): escapes resolved, end-of-line markers read as LF.
  static func literalStringBytes(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> [UInt8] {
    var result: [UInt8] = []
    var index = range.lowerBound + 1
    let end = range.upperBound - 1
    while index < end {
      var byte = bytes[index]
      index += 1
      if byte == 0x0D {
        if index < end, bytes[index] == 0x0A { index += 1 }
        byte = 0x0A
      } else if byte == UInt8(ascii: "\\"), index < end {
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "n"): byte = 0x0A
        case UInt8(ascii: "r"): byte = 0x0D
        case UInt8(ascii: "t"): byte = 0x09
        case UInt8(ascii: "b"): byte = 0x08
        case UInt8(ascii: "f"): byte = 0x0C
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
          var code = Int(escaped - 0x30)
          for _ in 0..<2 {
            guard index < end, (0x30...0x37).contains(bytes[index]) else { break }
            code = code * 8 + Int(bytes[index] - 0x30)
            index += 1
          }
          byte = UInt8(truncatingIfNeeded: code)
        case 0x0D, 0x0A:
          // A backslash before an end-of-line continues the string on the next line.
          if escaped == 0x0D, index < end, bytes[index] == 0x0A { index += 1 }
          continue
        default: byte = escaped
        }
      }
      result.append(byte)
    }
    return result
  }

  /// A hexadecimal string's bytes (§7.3.4.3): whitespace ignored, a last odd digit padded.
  static func hexStringBytes(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> [UInt8] {
    var result: [UInt8] = []
    var high: UInt8?
    for index in (range.lowerBound + 1)..<(range.upperBound - 1) {
      guard let digit = PDFCharacter.hexDigit(bytes[index]) else { continue }
      if let first = high {
        result.append(first << 4 | digit)
        high = nil
      } else {
        high = digit
      }
    }
    if let high { result.append(high << 4) }
    return result
  }
}
