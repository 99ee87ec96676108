import PDFBindCore

/// The distinct letters a `/ToUnicode` CMap maps glyphs to (its `bfchar` and `bfrange`
/// sections). For a subset font this is the set of letters the document uses: a fallback when
/// poppler's text selection misses glyphs (Nastaliq, whose zero-width, stacked glyphs it drops).
/// The CMap is read with the one lexer of `Syntax/` (a CMap is PostScript, whose tokens here
/// are PDF's: hexadecimal strings, brackets, keywords).
enum ToUnicodeLetters {
  static func letters(in cmap: String) -> Set<Unicode.Scalar> {
    var found = Set<Unicode.Scalar>()
    for section in sections(cmap) {
      let tokens = section.tokens
      var index = 0
      switch section.kind {
      case .bfchar:
        while index + 1 < tokens.count {
          if case .hex = tokens[index], case .hex(let target) = tokens[index + 1] {
            insert(target, into: &found)
          }
          index += 2
        }
      case .bfrange:
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
    }
    return found
  }

  private enum Token {
    case hex([UInt16])
    case arrayStart
    case arrayEnd
  }

  private enum SectionKind { case bfchar, bfrange }

  /// The hexadecimal strings and brackets between each `beginbfchar`/`endbfchar` and
  /// `beginbfrange`/`endbfrange`, in order.
  private static func sections(_ cmap: String) -> [(kind: SectionKind, tokens: [Token])] {
    Array(cmap.utf8).withUnsafeBytes { bytes in
      var lexer = Lexer(bytes: bytes)
      var sections: [(kind: SectionKind, tokens: [Token])] = []
      var open: (kind: SectionKind, tokens: [Token])?
      while case let token = lexer.next(), token.kind != .end {
        switch token.kind {
        case .keyword where open == nil:
          if lexer.isKeyword(token, "beginbfchar") { open = (.bfchar, []) }
          if lexer.isKeyword(token, "beginbfrange") { open = (.bfrange, []) }
        case .keyword:
          if let section = open,
            lexer.isKeyword(token, section.kind == .bfchar ? "endbfchar" : "endbfrange")
          {
            sections.append(section)
            open = nil
          }
        case .hexString: open?.tokens.append(.hex(units(bytes, token.range)))
        case .arrayStart: open?.tokens.append(.arrayStart)
        case .arrayEnd: open?.tokens.append(.arrayEnd)
        default: break
        }
      }
      return sections
    }
  }

  /// A hexadecimal string's digits as UTF-16 code units: a code of one or two digits is one
  /// unit, longer ones four digits a unit.
  private static func units(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> [UInt16] {
    let digits = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)].compactMap(
      PDFCharacter.hexDigit)
    let step = digits.count <= 2 ? digits.count : 4
    var units: [UInt16] = []
    var index = 0
    while step > 0, index + step <= digits.count {
      units.append(digits[index..<index + step].reduce(0) { $0 << 4 | UInt16($1) })
      index += step
    }
    return units
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
