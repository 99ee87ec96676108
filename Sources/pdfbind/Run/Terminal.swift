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
