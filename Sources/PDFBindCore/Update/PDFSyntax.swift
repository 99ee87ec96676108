/// Writes PDF syntax (ISO 32000-1 §7.3) byte for byte, with the character classes of
/// `Syntax/Lexer.swift`, the ones the reader uses.
enum PDFSyntax {
  /// Serializes `value`. Strings pass through `encryptString` first (identity for plain files),
  /// and are written as hexadecimal strings, which are binary-safe and need no escaping.
  static func serialize(
    _ value: PDFValue, into out: inout [UInt8], encryptString: ([UInt8]) -> [UInt8] = { $0 }
  ) {
    switch value {
    case .null: out += Array("null".utf8)
    case .boolean(let flag): out += Array((flag ? "true" : "false").utf8)
    case .integer(let number): out += Array(String(number).utf8)
    case .real(let text): out += Array(text.utf8)
    case .name(let bytes): appendName(bytes, to: &out)
    case .string(let bytes): appendHexString(encryptString(bytes), to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: " ")) }
        serialize(item, into: &out, encryptString: encryptString)
      }
      out.append(UInt8(ascii: "]"))
    case .dictionary(let entries):
      out += Array("<<".utf8)
      for entry in entries {
        out.append(UInt8(ascii: " "))
        appendName(entry.key, to: &out)
        out.append(UInt8(ascii: " "))
        serialize(entry.value, into: &out, encryptString: encryptString)
      }
      out += Array(" >>".utf8)
    case .reference(let number, let generation):
      out += Array("\(number) \(generation) R".utf8)
    }
  }

  /// A name with every byte outside the regular printable range written as `#xx` (§7.3.5).
  static func appendName(_ bytes: [UInt8], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "/"))
    for byte in bytes {
      if byte > 0x20 && byte < 0x7F && !PDFCharacter.isDelimiter(byte) && byte != UInt8(ascii: "#")
      {
        out.append(byte)
      } else {
        out.append(UInt8(ascii: "#"))
        appendHexByte(byte, to: &out)
      }
    }
  }

  static func appendHexString(_ bytes: [UInt8], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "<"))
    for byte in bytes { appendHexByte(byte, to: &out) }
    out.append(UInt8(ascii: ">"))
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func appendHexByte(_ byte: UInt8, to out: inout [UInt8]) {
    out.append(hexDigits[Int(byte >> 4)])
    out.append(hexDigits[Int(byte & 0x0F)])
  }
}
