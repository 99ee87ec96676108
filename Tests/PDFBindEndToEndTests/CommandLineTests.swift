import Foundation
import PDFBindTestSupport
import Testing

/// How the process as a whole ends. --help, usage errors, the man page and the completions
/// are in HelpAndInstallTests.
@Suite("Command line")
struct CommandLineTests {
  @Test("SIGBUS (a mapped file shrank under pdfbind) ends the run with a message, status 2")
  func busErrorIsReported() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: PDFBindRunner.executable)
    process.arguments = ["set", "--right-edge", "-"]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    // pdfbind waits for the PDF on standard input; once its handler is installed, the signal
    // stands in for the kernel's.
    try #require(Self.waitUntilCatching(SIGBUS, pid: process.processIdentifier))
    kill(process.processIdentifier, SIGBUS)
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 2)
    #expect(message.hasPrefix("pdfbind: stopped: a file shrank while pdfbind was reading it"))
  }

  /// Polls /proc/PID/status until the process catches `signal` (its SigCgt mask), so the test
  /// waits for the handler instead of guessing how long start-up takes.
  static func waitUntilCatching(_ signal: Int32, pid: Int32) -> Bool {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
        let mask = UInt64(
          line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
        mask & (1 << UInt64(signal - 1)) != 0
      {
        return true
      }
      usleep(2_000)
    }
    return false
  }
}
