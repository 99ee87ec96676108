import PDFBindCore

/// The hash a Content-Security-Policy names an inline script or style by (CSP level 3,
/// "hash-source"): `sha256-` and the base64 of the SHA-256 of the element's exact text.
enum ContentHash {
  /// The hash of the element whose text is `parts`, one after the other.
  static func sha256(_ parts: [StaticString]) -> String {
    let bytes = parts.flatMap {
      UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount)
    }
    return "sha256-" + base64(Ciphers.digest(.sha256, bytes))
  }

  /// RFC 4648 base64, with padding.
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
      for position in 0..<4 {
        output.append(
          position <= chunk.count
            ? alphabet[(value >> (18 - 6 * position)) & 0x3F] : UInt8(ascii: "="))
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }
}
