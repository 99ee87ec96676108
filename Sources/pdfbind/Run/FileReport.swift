import ArgumentParser
import PDFBindCore

/// What happened to one input; decides the exit status.
enum FileStatus: Int, Comparable {
  case ok = 0
  case mismatch = 1
  case failed = 2
  static func < (lhs: FileStatus, rhs: FileStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The lines one input produced, printed together and in input order.
struct FileReport: Sendable {
  var status: FileStatus = .ok
  var standardOutput: [[UInt8]] = []
  var standardError: [[UInt8]] = []

  mutating func fail(_ input: Input, _ reason: any Error) {
    status = .failed
    standardError.append(Array("pdfbind: ".utf8) + input.line(commandLineMessage(reason)))
  }

  mutating func warn(_ input: Input, _ warning: BindingWarning) {
    standardError.append(Array("pdfbind: ".utf8) + input.line(warning.commandLineLine))
  }

  /// A report line, on standard error when standard output carries PDF bytes.
  mutating func report(_ line: [UInt8], toError: Bool) {
    if toError {
      standardError.append(line)
    } else {
      standardOutput.append(line)
    }
  }
}

extension FileStatus {
  /// The exit status for the worst outcome: 2 (a file failed) wins over 1 (a mismatch).
  func exit() throws {
    if self != .ok { throw ExitCode(Int32(rawValue)) }
  }
}
