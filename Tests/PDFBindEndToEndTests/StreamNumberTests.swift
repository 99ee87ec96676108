import Foundation
import PDFBindTestSupport
import Testing

/// Issue 21: an earlier cross-reference stream's object number is in no section's index, so
/// it looks free; the update's own stream must never take it, and `/Size` must cover it.
/// Judged by pypdf (which warns "Overwriting cache" on a reused number) and qpdf.
@Suite("The update's cross-reference stream number")
struct StreamNumberTests {
  /// `N` of every `N G obj << /Type /XRef` in the bytes, in file order.
  private func streamNumbers(_ data: Data) -> [Int] {
    let text = String(decoding: data, as: UTF8.self)
    // The dictionary's keys come in any order, before `stream`.
    let header = /(\d+)\s+\d+\s+obj\s*<<((?!stream|endobj).){0,800}?\/Type\s*\/XRef/
    return text.matches(of: header.dotMatchesNewlines()).compactMap { Int($0.1) }
  }

  /// pypdf's warnings while it opens the file and reads every object and page.
  private func pypdfWarnings(_ path: String) throws -> String {
    let script = """
      import io, logging, sys, pypdf
      stream = io.StringIO()
      logging.getLogger("pypdf").addHandler(logging.StreamHandler(stream))
      reader = pypdf.PdfReader(sys.argv[1])
      for page in reader.pages: page.mediabox
      print(reader.trailer["/Root"].get("/ViewerPreferences"))
      sys.stderr.write(stream.getvalue())
      """
    let result = try IndependentReaders.runPython(script, path)
    #expect(result.status == 0, "pypdf: \(result.err)")
    return result.err
  }

  @Test(
    "A new number above every earlier stream's, and no warning from pypdf or qpdf",
    arguments: [
      "corpus:verapdf--PDF_A-2a--veraPDF_test_suite_6-7-4-t01-pass-a.pdf",
      "corpus:verapdf--PDF_A-4--veraPDF_test_suite_6-1-11-t01-pass-a.pdf",
      "corpus:verapdf--PDF_UA-1--7.2-t29-fail-k.pdf",
      "corpus:qpdf--reuse-xref-stream.pdf", "corpus:qpdf--c-linearized.pdf",
      "object-streams.pdf", "size-short-stream.pdf",
    ])
  func newStreamNumber(name: String) throws {
    let source = Fixture.path(fixtureOrCorpus: name)
    let file = try Fixture.copy(from: source, as: "stream.pdf")
    let original = try Data(contentsOf: URL(fileURLWithPath: file))
    let earlier = streamNumbers(original)
    #expect(!earlier.isEmpty)
    let warningsBefore = try pypdfWarnings(file)
    let result = try PDFBindRunner.run(["set", "--right-edge", "--force", file])
    #expect(result.status == 0, "\(result.err)")
    let updated = try Data(contentsOf: URL(fileURLWithPath: file))
    let update = updated.suffix(from: original.count)
    let new = try #require(streamNumbers(Data(update)).last)
    #expect(new > earlier.max()!, "the update's stream is \(new); earlier ones \(earlier)")
    #expect(UpdateChecks.lastTrailerText(updated).contains("/Size \(new + 1) "))
    let warningsAfter = try pypdfWarnings(file)
    #expect(!warningsAfter.contains("Overwriting cache"), "\(warningsAfter)")
    #expect(warningsAfter == warningsBefore)
    let check = try IndependentReaders.qpdfCheck(file)
    #expect(check.status == 0, "\(check.warnings)")
  }
}
