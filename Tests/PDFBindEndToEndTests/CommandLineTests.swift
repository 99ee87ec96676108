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
    defer { if process.isRunning { process.terminate() } }
    // pdfbind waits for the PDF on standard input; once it spools it, its handler is
    // installed and the signal stands in for the kernel's.
    try #require(Self.waitUntilSpooling(pid: process.processIdentifier))
    kill(process.processIdentifier, SIGBUS)
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 2)
    #expect(message.hasPrefix("pdfbind: stopped: a file shrank while pdfbind was reading it"))
  }

  /// Polls /proc/PID/fd until pdfbind has opened its standard-input spool, which it does
  /// only after installing its handler. (The signal mask in /proc/PID/status is no sign: the
  /// Swift runtime catches SIGBUS for its backtracer before main runs.)
  static func waitUntilSpooling(pid: Int32) -> Bool {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let descriptors =
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
      if descriptors.contains(where: {
        let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/\(pid)/fd/\($0)")
        return target?.contains(".stdin.pdfbind-") == true
      }) {
        return true
      }
      usleep(2_000)
    }
    return false
  }
}
