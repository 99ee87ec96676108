import Glibc
import SystemPackage

/// Standard output and standard error, written a whole line at a time so that lines from
/// parallel jobs never interleave. Paths are bytes, printed as they are.
enum Terminal {
  static func out(_ line: [UInt8]) { write(.standardOutput, line + [0x0A]) }
  static func err(_ line: [UInt8]) { write(.standardError, line + [0x0A]) }

  static let standardErrorIsTerminal = isatty(STDERR_FILENO) == 1
  static let standardOutputIsTerminal = isatty(STDOUT_FILENO) == 1

  static func writeRaw(_ bytes: [UInt8], toError: Bool) {
    write(toError ? .standardError : .standardOutput, bytes)
  }

  private static func write(_ descriptor: FileDescriptor, _ bytes: [UInt8]) {
    // A closed pipe (`pdfbind get … | head`) is not worth a crash or a message.
    _ = try? descriptor.writeAll(bytes)
  }
}

enum Environment {
  static func value(of name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

/// Reads a --files-from list: a file, or standard input when `path` is nil.
enum FileList {
  static func read(_ path: FilePath?) throws -> [UInt8] {
    let descriptor = try path.map { try FileDescriptor.open($0, .readOnly) } ?? .standardInput
    defer { if path != nil { try? descriptor.close() } }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
      if count == 0 { return bytes }
      bytes += buffer[..<count]
    }
  }
}

extension Array where Element == UInt8 {
  static func + (lhs: [UInt8], rhs: String) -> [UInt8] { lhs + Array(rhs.utf8) }
}
