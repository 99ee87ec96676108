import Foundation
import PDFBindTestSupport
import Testing

/// SPEC: "Whatever happens (a crash, a full disk, a kill), the path holds either the old file
/// or the new one, never a mix."
@Suite("Interruption")
struct InterruptionTests {
  @Test(
    "kill -9 at many moments: the path holds the old file or the new one",
    arguments: ["", "--in-place"])
  func killAtVariedMoments(mode: String) throws {
    let source = Fixture.corpus.appendingPathComponent("pdfcpu--UserFont_Arabic.pdf").path
    let original = try Data(contentsOf: URL(fileURLWithPath: source))
    // The one correct result, made once with -o.
    let reference = try Fixture.copy(from: source, as: "reference.pdf")
    let expected = try PDFBindRunner.run("set", "--right-edge", "-o", reference + ".new", reference)
    #expect(expected.status == 0)
    let updated = try Data(contentsOf: URL(fileURLWithPath: reference + ".new"))
    // How long one whole run takes here and now, so the kills spread over all of it.
    let timed = try Fixture.copy(from: source, as: "timed.pdf")
    let start = Date()
    _ = try PDFBindRunner.run(["set", "--right-edge"] + (mode.isEmpty ? [] : [mode]) + [timed])
    let duration = Date().timeIntervalSince(start)
    var outcomes = (old: 0, new: 0)
    for attempt in 0..<40 {
      let file = try Fixture.copy(from: source, as: "book.pdf")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: PDFBindRunner.executable)
      process.arguments = ["set", "--right-edge"] + (mode.isEmpty ? [] : [mode]) + [file]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      // From "before it starts" to "after it is done".
      usleep(UInt32(duration * 1_000_000 * Double(attempt) / 30))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let now = try Data(contentsOf: URL(fileURLWithPath: file))
      if now == original {
        outcomes.old += 1
      } else {
        #expect(now == updated, "attempt \(attempt): the file is neither the old nor the new one")
        outcomes.new += 1
      }
      // A later run finishes the job whatever was left behind.
      let rerun = try PDFBindRunner.run("set", "--right-edge", file)
      #expect(rerun.status == 0)
      #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == updated)
      // Leftovers can only be pdfbind's hidden temporary files, which nothing reads.
      let directory = (file as NSString).deletingLastPathComponent
      for name in try FileManager.default.contentsOfDirectory(atPath: directory)
      where name != "book.pdf" {
        #expect(name.hasPrefix(".book.pdf.pdfbind-") && name.hasSuffix(".tmp"))
      }
    }
    // Both outcomes were seen, or the moments were not varied enough to mean anything.
    #expect(outcomes.old > 0 && outcomes.new > 0, "\(outcomes)")
  }
}
