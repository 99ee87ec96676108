import PDFBindCore

/// Quoting for bash: one function turns any bytes into one shell word that bash reads back as
/// exactly those bytes, expanding nothing (no `$`, backquote, glob, tilde, brace or history).
public enum ShellWord {
  /// `'name.pdf'` for printable UTF-8 (a quote inside as `'\''`); otherwise `$'…'` with
  /// `\xHH` for every byte that is not printable UTF-8 (control characters, invalid sequences,
  /// format characters such as U+202E that would disguise the name), and `\\`, `\'` and `\x21`
  /// (`!`, so an interactive shell that pastes it expands no history) for the rest.
  public static func quote(_ bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self),
      text.unicodeScalars.allSatisfy(isPrintable)
    {
      return "'" + text.replacing("'", with: #"'\''"#) + "'"
    }
    var word = "$'"
    var index = 0
    while index < bytes.count {
      if let (scalar, length) = scalar(in: bytes, at: index), isPrintable(scalar) {
        switch scalar {
        case "\\": word += #"\\"#
        case "'": word += #"\'"#
        case "!": word += #"\x21"#
        default: word.unicodeScalars.append(scalar)
        }
        index += length
      } else {
        word += #"\x"# + hex(bytes[index])
        index += 1
      }
    }
    return word + "'"
  }

  /// A path as an argument after `--`: a relative path that starts with `-` gets `./` in
  /// front, since pdfbind reads a lone `-` as standard input even after `--`.
  public static func path(_ bytes: [UInt8]) -> String {
    quote(bytes.first == UInt8(ascii: "-") ? Array("./".utf8) + bytes : bytes)
  }

  /// Letters, marks, numbers, punctuation, symbols and the plain space: what shows as itself.
  static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator,
      .paragraphSeparator:
      false
    case .spaceSeparator: scalar == " "
    default: true
    }
  }

  /// The scalar that starts at `index` and its length in bytes, if a valid UTF-8 one does.
  private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
    var iterator = bytes[index...].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    return (scalar, UTF8.width(scalar))
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef".unicodeScalars)
    return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
  }
}
