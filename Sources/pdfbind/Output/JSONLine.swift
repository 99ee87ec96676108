/// One JSON object on one line (JSON Lines), written by hand: a few string and scalar fields
/// need no Foundation in the start-up path.
struct JSONLine {
  private var bytes: [UInt8] = [UInt8(ascii: "{")]

  mutating func add(_ key: String, _ value: JSONValue) {
    if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
    appendString(Array(key.utf8))
    bytes.append(UInt8(ascii: ":"))
    append(value)
  }

  var line: [UInt8] { bytes + [UInt8(ascii: "}")] }

  private mutating func append(_ value: JSONValue) {
    switch value {
    case .string(let text): appendString(Array(text.utf8))
    case .bytes(let raw): appendString(raw)
    case .integer(let number): bytes += Array(String(number).utf8)
    case .boolean(let flag): bytes += Array((flag ? "true" : "false").utf8)
    case .null: bytes += Array("null".utf8)
    case .array(let items):
      bytes.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        append(item)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let object): bytes += object.line
    }
  }

  /// Escapes per RFC 8259. Bytes that are not UTF-8 (possible in paths) become U+FFFD, since
  /// JSON text must be Unicode; the exact bytes stay available in text output.
  private mutating func appendString(_ raw: [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for scalar in String(decoding: raw, as: UTF8.self).unicodeScalars {
      switch scalar {
      case "\"": bytes += Array("\\\"".utf8)
      case "\\": bytes += Array("\\\\".utf8)
      case "\n": bytes += Array("\\n".utf8)
      case "\r": bytes += Array("\\r".utf8)
      case "\t": bytes += Array("\\t".utf8)
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        bytes += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      default: bytes += Array(String(scalar).utf8)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

indirect enum JSONValue {
  case string(String)
  /// A string given as bytes (a path), made valid UTF-8.
  case bytes([UInt8])
  case integer(Int)
  case boolean(Bool)
  case null
  case array([JSONValue])
  case object(JSONLine)

  /// A string, or `null` for nil.
  static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
}

extension JSONLine {
  static func failure(_ input: Input, _ error: some Error) -> [UInt8] {
    var line = JSONLine()
    line.add("path", .bytes(input.display))
    line.add("error", .string(commandLineMessage(error)))
    return line.line
  }
}
