import Foundation
import PDFBindTestSupport
import Testing

/// The command line itself: usage errors exit 64, every command has --help, and the man page
/// and shell completions, generated here from the command definitions, mention every option.
@Suite("Command line")
struct CommandLineTests {
  /// The options SPEC gives each command (long forms; short forms beside them in --help).
  static let options: [String: [String]] = [
    "get": [
      "--json", "--quiet", "--with-filename", "--no-filename", "--files-from", "--null",
      "--password", "--jobs",
    ],
    "set": [
      "--left-edge", "--right-edge", "--unknown", "--in-place", "--dry-run", "--force", "--json",
      "--quiet", "--files-from", "--null", "--password", "--jobs",
    ],
    "check": [
      "--left-edge", "--right-edge", "--unknown", "--json", "--quiet", "--files-from", "--null",
      "--password", "--jobs",
    ],
  ]

  @Test("--help for pdfbind and each command exits 0 and names every option")
  func help() throws {
    let root = try PDFBindRunner.run("--help")
    #expect(root.status == 0)
    for command in ["get", "set", "check"] { #expect(root.out.contains(command)) }
    for (command, options) in Self.options {
      let result = try PDFBindRunner.run(command, "--help")
      #expect(result.status == 0)
      for option in options { #expect(result.out.contains(option), "\(command) \(option)") }
    }
    #expect(try PDFBindRunner.run("set", "--help").out.contains("-o <OUT>"))
    #expect(try PDFBindRunner.run("--version").out == "pdfbind 0.1.0\n")
  }

  @Test(
    "A wrong command line exits 64 with a message and the usage",
    arguments: [
      ["set", "x.pdf"], ["set", "--left-edge", "--right-edge", "x.pdf"], ["frob"],
      ["get", "--bogus", "x.pdf"], ["get"], ["check", "x.pdf"], ["get", "--jobs", "0", "x.pdf"],
      ["set", "--right-edge", "-o", "out.pdf", "--in-place", "x.pdf"],
    ])
  func usageErrors(arguments: [String]) throws {
    let result = try PDFBindRunner.run(arguments)
    #expect(result.status == 64)
    #expect(result.out.isEmpty)
    #expect(result.err.hasPrefix("Error: "))
    #expect(result.err.contains("Usage: pdfbind"))
  }

  @Test("The man page and the bash, zsh and fish completions mention every option")
  func manPageAndCompletions() throws {
    let directory = try Fixture.temporaryDirectory()
    // swift-argument-parser's generate-manual, as `make docs` runs it (built by make test).
    let tool = Bundle.main.bundleURL.appendingPathComponent("generate-manual-tool").path
    try #require(
      FileManager.default.isExecutableFile(atPath: tool),
      "generate-manual-tool is missing: run make docs (make test does)")
    let manual = try runProcess(
      tool, [PDFBindRunner.executable, "--output-directory", directory.path])
    #expect(manual.status == 0, "\(manual.err)")
    let page = try String(
      contentsOf: directory.appendingPathComponent("pdfbind.1"), encoding: .utf8)
    // mdoc writes an option as a flag macro: "--json" is ".It Fl -json", "-q, --quiet" is
    // ".It Fl q , -quiet".
    for (command, options) in Self.options {
      #expect(page.contains(".It Ar \(command)") || page.contains(command))
      for option in options {
        #expect(page.contains(" " + option.dropFirst()), "man page: \(option)")
      }
    }
    for shell in ["bash", "zsh", "fish"] {
      let script = try PDFBindRunner.run("--generate-completion-script", shell)
      #expect(script.status == 0)
      for option in Set(Self.options.values.joined()) {
        // fish lists long options without their dashes: -l 'json'.
        let name = shell == "fish" ? "-l '\(option.dropFirst(2))'" : option
        #expect(script.out.contains(name), "\(shell): \(option)")
      }
    }
  }

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
