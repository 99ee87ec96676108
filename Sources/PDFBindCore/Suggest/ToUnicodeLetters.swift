/// The distinct letters a `/ToUnicode` CMap maps glyphs to (its `bfchar` and `bfrange`
/// sections). For a subset font this is the set of letters the document uses: a fallback when
/// poppler's text selection misses glyphs (Nastaliq, whose zero-width, stacked glyphs it drops).
enum ToUnicodeLetters {
  static func letters(in cmap: String) -> Set<Unicode.Scalar> {
    var found = Set<Unicode.Scalar>()
    for section in sections(cmap, "bfchar") {
      let tokens = self.tokens(section)
      var index = 0
      while index + 1 < tokens.count {
        if case .hex = tokens[index], case .hex(let target) = tokens[index + 1] {
          insert(target, into: &found)
        }
        index += 2
      }
    }
    for section in sections(cmap, "bfrange") {
      let tokens = self.tokens(section)
      var index = 0
      while index + 2 < tokens.count {
        guard case .hex(let low) = tokens[index], case .hex(let high) = tokens[index + 1] else {
          index += 1
          continue
        }
        let count = min(256, max(0, number(high) - number(low) + 1))
        switch tokens[index + 2] {
        case .hex(var target) where !target.isEmpty:
          for _ in 0..<count {
            insert(target, into: &found)
            target[target.count - 1] &+= 1
          }
          index += 3
        case .arrayStart:
          index += 3
          while index < tokens.count, case .hex(let target) = tokens[index] {
            insert(target, into: &found)
            index += 1
          }
          index += 1  // the closing bracket
        default: index += 3
        }
      }
    }
    return found
  }

  private enum Token {
    case hex([UInt16])
    case arrayStart
    case arrayEnd
  }

  private static func sections(_ cmap: String, _ name: String) -> [Substring] {
    var result: [Substring] = []
    var rest = cmap[...]
    while let start = rest.firstRange(of: "begin" + name),
      let end = rest[start.upperBound...].firstRange(of: "end" + name)
    {
      result.append(rest[start.upperBound..<end.lowerBound])
      rest = rest[end.upperBound...]
    }
    return result
  }

  /// Hex strings as UTF-16 code units (a code of one byte becomes one unit), and brackets.
  private static func tokens(_ text: Substring) -> [Token] {
    var tokens: [Token] = []
    var digits: [UInt8]? = nil
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "<"): digits = []
      case UInt8(ascii: ">"):
        if let hex = digits {
          var units: [UInt16] = []
          var index = 0
          let step = hex.count <= 2 ? hex.count : 4
          while step > 0, index + step <= hex.count {
            units.append(hex[index..<index + step].reduce(0) { $0 << 4 | UInt16($1) })
            index += step
          }
          tokens.append(.hex(units))
        }
        digits = nil
      case UInt8(ascii: "["): tokens.append(.arrayStart)
      case UInt8(ascii: "]"): tokens.append(.arrayEnd)
      default:
        if digits != nil, let value = hexValue(byte) { digits!.append(value) }
      }
    }
    return tokens
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func number(_ units: [UInt16]) -> Int {
    units.reduce(0) { $0 << 16 | Int($1) }
  }

  private static func insert(_ units: [UInt16], into found: inout Set<Unicode.Scalar>) {
    for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
        found.insert(scalar)
      default: break
      }
    }
  }
}
