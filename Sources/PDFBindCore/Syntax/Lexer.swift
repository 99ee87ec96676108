/// PDF's character classes (ISO 32000-1 §7.2.2): the one definition every reader and the
/// writer use.
package enum PDFCharacter {
  package static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
  }

  package static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
      UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
      UInt8(ascii: "/"), UInt8(ascii: "%"):
      true
    default: false
    }
  }

  /// Neither whitespace nor a delimiter: a byte of a name, number or keyword.
  package static func isRegular(_ byte: UInt8) -> Bool {
    !isWhitespace(byte) && !isDelimiter(byte)
  }

  package static func decimalDigit(_ byte: UInt8) -> Int? {
    byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
  }

  package static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

/// One token of PDF syntax: where it is in the bytes, what kind it is, and what a strict
/// reader may want to decline. No token copies its bytes.
package struct Token: Equatable {
  package enum Kind: Equatable {
    /// An integer of at most 18 digits, with its value.
    case integer(Int64)
    case real
    /// A name; the range includes the slash.
    case name
    case literalString
    case hexString
    case dictionaryStart, dictionaryEnd, arrayStart, arrayEnd
    /// A run of regular characters that is not a number (`obj`, `R`, `true`, `startxref`…).
    case keyword
    /// A string or hexadecimal string left open, or a stray `)`, `>`, `{` or `}`.
    case invalid
    case end
  }

  package var kind: Kind
  package var range: Range<Int>
  /// A comment was skipped just before this token.
  package var followsComment = false
  /// A name with a `#` escape or a byte outside printable ASCII.
  package var nameIsEscaped = false

  /// True for an integer written without a sign (an object number or generation).
  package func isUnsignedInteger(in bytes: UnsafeRawBufferPointer) -> Bool {
    guard case .integer = kind else { return false }
    return PDFCharacter.decimalDigit(bytes[range.lowerBound]) != nil
  }
}

/// Tokens over bytes in memory (ISO 32000-1 §7.2, §7.3): the one lexer behind the fast path,
/// the cross-reference reader, the revision scan and the exactness checks. It accepts any
/// bytes (it is fuzzed) and never reads outside `bytes`.
package struct Lexer {
  package let bytes: UnsafeRawBufferPointer
  package var position: Int

  package init(bytes: UnsafeRawBufferPointer, position: Int = 0) {
    self.bytes = bytes
    self.position = max(0, position)
  }

  /// Skips whitespace and comments; true when a comment was skipped.
  @discardableResult
  package mutating func skipWhitespaceAndComments() -> Bool {
    var sawComment = false
    while position < bytes.count {
      let byte = bytes[position]
      if PDFCharacter.isWhitespace(byte) {
        position += 1
      } else if byte == UInt8(ascii: "%") {
        sawComment = true
        while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D {
          position += 1
        }
      } else {
        break
      }
    }
    return sawComment
  }

  package mutating func next() -> Token {
    let sawComment = skipWhitespaceAndComments()
    var token = scan()
    token.followsComment = sawComment
    return token
  }

  /// The next token, without moving.
  package func peek() -> Token {
    var copy = self
    return copy.next()
  }

  private mutating func scan() -> Token {
    let start = position
    guard position < bytes.count else { return Token(kind: .end, range: start..<start) }
    let byte = bytes[position]
    position += 1
    func token(_ kind: Token.Kind) -> Token { Token(kind: kind, range: start..<position) }
    switch byte {
    case UInt8(ascii: "<"):
      if position < bytes.count, bytes[position] == UInt8(ascii: "<") {
        position += 1
        return token(.dictionaryStart)
      }
      while position < bytes.count {
        let current = bytes[position]
        position += 1
        if current == UInt8(ascii: ">") { return token(.hexString) }
        guard PDFCharacter.hexDigit(current) != nil || PDFCharacter.isWhitespace(current) else {
          return token(.invalid)
        }
      }
      return token(.invalid)
    case UInt8(ascii: ">"):
      guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
        return token(.invalid)
      }
      position += 1
      return token(.dictionaryEnd)
    case UInt8(ascii: "["): return token(.arrayStart)
    case UInt8(ascii: "]"): return token(.arrayEnd)
    case UInt8(ascii: "("): return literalString(from: start)
    case UInt8(ascii: "/"):
      var escaped = false
      while position < bytes.count, PDFCharacter.isRegular(bytes[position]) {
        let current = bytes[position]
        if current == UInt8(ascii: "#") || current < 0x21 || current > 0x7E { escaped = true }
        position += 1
      }
      var name = token(.name)
      name.nameIsEscaped = escaped
      return name
    case UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"):
      return token(.invalid)
    default:
      while position < bytes.count, PDFCharacter.isRegular(bytes[position]) { position += 1 }
      return token(Self.classify(bytes, start..<position))
    }
  }

  private mutating func literalString(from start: Int) -> Token {
    var open = 1
    while position < bytes.count {
      let current = bytes[position]
      position += 1
      switch current {
      case UInt8(ascii: "\\"): position += 1
      case UInt8(ascii: "("): open += 1
      case UInt8(ascii: ")"):
        open -= 1
        if open == 0 { return Token(kind: .literalString, range: start..<position) }
      default: break
      }
    }
    position = min(position, bytes.count)
    return Token(kind: .invalid, range: start..<position)
  }

  /// An integer (sign, 1 to 18 digits), a real (one dot, at least one digit) or a keyword.
  private static func classify(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Token.Kind {
    var index = range.lowerBound
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative || bytes[index] == UInt8(ascii: "+") { index += 1 }
    var digits = 0
    var dots = 0
    var value: Int64 = 0
    while index < range.upperBound {
      let byte = bytes[index]
      if let digit = PDFCharacter.decimalDigit(byte) {
        digits += 1
        if dots == 0 && digits <= 18 { value = value * 10 + Int64(digit) }
      } else if byte == UInt8(ascii: ".") {
        dots += 1
      } else {
        return .keyword
      }
      index += 1
    }
    guard digits > 0, dots <= 1 else { return .keyword }
    if dots == 1 { return .real }
    guard digits <= 18 else { return .keyword }
    return .integer(negative ? -value : value)
  }

  /// True when `token` is the keyword `word`.
  package func isKeyword(_ token: Token, _ word: StaticString) -> Bool {
    guard token.kind == .keyword, token.range.count == word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { word in
      var index = 0
      for position in token.range {
        guard bytes[position] == word[index] else { return false }
        index += 1
      }
      return true
    }
  }

  /// A name token's bytes without the slash, `#xx` escapes resolved.
  package func nameBytes(_ token: Token) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(token.range.count - 1)
    var index = token.range.lowerBound + 1
    while index < token.range.upperBound {
      let byte = bytes[index]
      if byte == UInt8(ascii: "#"), index + 2 < token.range.upperBound,
        let high = PDFCharacter.hexDigit(bytes[index + 1]),
        let low = PDFCharacter.hexDigit(bytes[index + 2])
      {
        result.append(high << 4 | low)
        index += 3
      } else {
        result.append(byte)
        index += 1
      }
    }
    return result
  }

  /// True when the name token's bytes (without slash) are exactly `word`.
  package func nameEquals(_ token: Token, _ word: [UInt8]) -> Bool {
    token.kind == .name && !token.nameIsEscaped && token.range.count == word.count + 1
      && bytes[(token.range.lowerBound + 1)..<token.range.upperBound].elementsEqual(word)
  }
}
