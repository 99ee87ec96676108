import ArgumentParser
import PDFBindCore
import SystemPackage

extension FileStatus {
  /// The exit status for the worst outcome: 2 (a file failed) wins over 1 (a mismatch).
  func exit() throws {
    if self != .ok { throw ExitCode(Int32(rawValue)) }
  }
}

extension ReportOptions {
  /// A progress line only where a person watches: a terminal on standard error, not -q.
  var showsProgress: Bool { !quiet && Terminal.standardErrorIsTerminal }
}

extension JSONLine {
  static func failure(_ input: Input, _ error: some Error) -> [UInt8] {
    var line = JSONLine()
    line.add("path", .bytes(input.display))
    line.add("error", .string("\(error)"))
    return line.line
  }
}

/// Gives a job a path to read: the input's own, or standard input spooled to a file.
enum Spool {
  static func reading<T>(_ input: Input, _ body: (FilePath) throws(BindingError) -> T)
    throws(BindingError) -> T
  {
    if let reason = input.walkFailure { throw BindingError.walkFailed(reason) }
    guard input.isStandardInput else { return try body(input.path) }
    let spooled = try SpooledInput()
    return try body(spooled.path)
  }
}
