/// The comment line at the start of every update pdfbind writes:
/// `%pdfbind 0.2.0 prev-length 123456`. It records the file's length before the update, so
/// `revert` gives back exactly those bytes, even when pdfbind had to end the file's last line
/// first (the end-of-line then comes before the marker, and the length recorded is the one
/// before it). Readers skip comments (ISO 32000-1 §7.2.4), so the marker changes nothing they
/// read.
struct UpdateMarker: Equatable, Sendable {
  var version: String
  var previousLength: Int

  static let prefix = Array("%pdfbind ".utf8)
  static let lengthKeyword = "prev-length"

  /// The marker line, ending with a line feed.
  var bytes: [UInt8] {
    Array("%pdfbind \(version) \(Self.lengthKeyword) \(previousLength)\n".utf8)
  }

  /// Parses a marker line starting at `start` (the `%`); nil when the bytes there are not one.
  static func parse(_ bytes: UnsafeRawBufferPointer, at start: Int) -> UpdateMarker? {
    guard start >= 0, start + prefix.count <= bytes.count,
      bytes[start..<start + prefix.count].elementsEqual(prefix)
    else { return nil }
    var end = start + prefix.count
    while end < bytes.count, end - start < 128, bytes[end] != 0x0A, bytes[end] != 0x0D {
      end += 1
    }
    guard end < bytes.count else { return nil }
    let fields = String(decoding: bytes[(start + prefix.count)..<end], as: UTF8.self)
      .split(separator: " ")
    guard fields.count == 3, fields[1] == lengthKeyword, let length = Int(fields[2]),
      length >= 0
    else { return nil }
    return UpdateMarker(version: String(fields[0]), previousLength: length)
  }
}
