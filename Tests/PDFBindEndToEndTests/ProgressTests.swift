import Foundation
import PDFBindTestSupport
import Testing

/// The progress line (issue: long runs on a terminal show one line that updates in place).
@Suite("Progress line")
struct ProgressTests {
  @Test("A long run on a terminal shows one progress line; piped or -q, none")
  func progressLine() throws {
    let directory = try Fixture.temporaryDirectory()
    var paths: [String] = []
    for index in 0..<2_000 {
      let path = directory.appendingPathComponent("\(index).pdf").path
      try FileManager.default.linkItem(atPath: Fixture.path("unknown.pdf"), toPath: path)
      paths.append(path)
    }
    let list = directory.appendingPathComponent("list")
    try Data(paths.joined(separator: "\n").utf8).write(to: list)
    // A pseudo-terminal as standard error (what a user watching the run has); standard
    // output goes to /dev/null.
    func underTerminal(_ options: [String]) throws -> String {
      try IndependentReaders.runPython(
        """
        import os, subprocess, sys
        leader, follower = os.openpty()
        child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=follower)
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        child.wait()
        sys.stdout.buffer.write(seen)
        """,
        arguments: [PDFBindRunner.executable, "get", "--files-from", list.path] + options
      ).out
    }
    let shown = try underTerminal([])
    #expect(shown.contains("/2000 files, "))
    #expect(shown.contains(", 0 failed"))
    #expect(shown.hasSuffix("\r\u{1B}[K"), "the line is taken down at the end")
    #expect(try !underTerminal(["-q"]).contains("files, "))
    let piped = try PDFBindRunner.run("get", "--files-from", list.path)
    #expect(!piped.err.contains("files, "))
  }
}
