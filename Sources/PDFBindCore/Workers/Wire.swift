/// The bytes of one message between pdfbind and a page worker: fixed-width integers and
/// doubles in the machine's order (both ends are the same binary), strings and byte runs with
/// their length first. Nothing here is read from a file or a network: a message that does not
/// read back whole is a worker that broke its side of the pipe, and is treated as a crash.
struct WireWriter {
  private(set) var bytes: [UInt8] = []

  mutating func int(_ value: Int) {
    withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func double(_ value: Double) {
    withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func raw(_ value: [UInt8]) {
    int(value.count)
    bytes.append(contentsOf: value)
  }

  mutating func string(_ value: String) { raw(Array(value.utf8)) }

  mutating func optionalString(_ value: String?) {
    bool(value != nil)
    if let value { string(value) }
  }
}

/// A message read back, in the order `WireWriter` wrote it.
struct WireReader {
  struct Malformed: Error {}

  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  private mutating func take(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
    guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
    defer { offset += count }
    return bytes[offset..<(offset + count)]
  }

  private mutating func word() throws(Malformed) -> UInt64 {
    var value: UInt64 = 0
    for (shift, byte) in try take(8).enumerated() { value |= UInt64(byte) << (8 * shift) }
    return value
  }

  mutating func int() throws(Malformed) -> Int { Int(Int64(bitPattern: try word())) }

  mutating func double() throws(Malformed) -> Double { Double(bitPattern: try word()) }

  mutating func bool() throws(Malformed) -> Bool { try take(1).first! != 0 }

  mutating func raw() throws(Malformed) -> [UInt8] { Array(try take(try int())) }

  mutating func string() throws(Malformed) -> String { String(decoding: try raw(), as: UTF8.self) }

  mutating func optionalString() throws(Malformed) -> String? {
    try bool() ? try string() : nil
  }
}
