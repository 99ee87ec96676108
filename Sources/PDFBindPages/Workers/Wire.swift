import Glibc
import PDFBindCore

/// The bytes of one message between pdfbind and a process of its own (a page worker, the
/// cache's keeper): fixed-width little-endian integers and doubles, strings and byte runs with
/// their length first. Nothing here is read from a file or a network: a message that does not
/// read back whole is a worker that broke its side of the pipe, and is treated as a crash.
package struct WireWriter {
  package private(set) var bytes: [UInt8] = []

  package init() {}

  package mutating func int(_ value: Int) {
    withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
  }

  package mutating func double(_ value: Double) {
    withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
  }

  package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  package mutating func raw(_ value: [UInt8]) {
    int(value.count)
    bytes.append(contentsOf: value)
  }

  package mutating func string(_ value: String) { raw(Array(value.utf8)) }

  package mutating func optionalString(_ value: String?) {
    bool(value != nil)
    if let value { string(value) }
  }
}

/// A message read back, in the order `WireWriter` wrote it.
package struct WireReader {
  package struct Malformed: Error {
    package init() {}
  }

  private let bytes: [UInt8]
  private var offset = 0

  package init(_ bytes: [UInt8]) { self.bytes = bytes }

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

  package mutating func int() throws(Malformed) -> Int { Int(Int64(bitPattern: try word())) }

  package mutating func double() throws(Malformed) -> Double { Double(bitPattern: try word()) }

  package mutating func bool() throws(Malformed) -> Bool { try take(1).first! != 0 }

  package mutating func raw() throws(Malformed) -> [UInt8] { Array(try take(try int())) }

  package mutating func string() throws(Malformed) -> String {
    String(decoding: try raw(), as: UTF8.self)
  }

  package mutating func optionalString() throws(Malformed) -> String? {
    try bool() ? try string() : nil
  }
}

/// Whole messages on a stream socket: a length of 8 bytes, then the message.
package enum Frames {
  /// The longest message: a 1,600-pixel picture is 2.5 MB, a page scan's JPEG at most 64 MB.
  package static let longest = 80 << 20

  /// The next message, or nil at the end of the stream or on an error.
  package static func read(from descriptor: Int32) -> [UInt8]? {
    var header = [UInt8](repeating: 0, count: 8)
    guard readFully(descriptor, into: &header) else { return nil }
    var reader = WireReader(header)
    guard let length = try? reader.int(), (0...longest).contains(length) else {
      return nil
    }
    var message = [UInt8](repeating: 0, count: length)
    return readFully(descriptor, into: &message) ? message : nil
  }

  static func readFully(_ descriptor: Int32, into buffer: inout [UInt8]) -> Bool {
    var done = 0
    let total = buffer.count
    return buffer.withUnsafeMutableBytes { bytes in
      while done < total {
        let count = recv(descriptor, bytes.baseAddress! + done, total - done, 0)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
      }
      return true
    }
  }

  /// Writes `message` whole; false when the other end is gone. MSG_NOSIGNAL: a worker that
  /// died is an answer, not a SIGPIPE that would end pdfbind.
  package static func write(_ message: [UInt8], to descriptor: Int32) -> Bool {
    var header = WireWriter()
    header.int(message.count)
    return send(header.bytes, to: descriptor) && send(message, to: descriptor)
  }

  private static func send(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var done = 0
    return bytes.withUnsafeBytes { raw in
      while done < raw.count {
        let count = Glibc.send(
          descriptor, raw.baseAddress! + done, raw.count - done, Int32(MSG_NOSIGNAL))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
      }
      return true
    }
  }
}
