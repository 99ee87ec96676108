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
    // pdfbind now waits for the PDF on standard input; the signal stands in for the kernel's.
    Thread.sleep(forTimeInterval: 0.5)
    kill(process.processIdentifier, SIGBUS)
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 2)
    #expect(message.hasPrefix("pdfbind: stopped: a file shrank while pdfbind was reading it"))
  }
}
