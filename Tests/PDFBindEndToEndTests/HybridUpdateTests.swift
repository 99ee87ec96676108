import Foundation
import PDFBindTestSupport
import Testing

/// A hybrid file's update (ISO 32000-1 §7.5.8.4) names a cross-reference stream of its own:
/// Ghostscript finds objects in object streams only through the newest trailer's `/XRefStm`,
/// and pypdf reads the stream of every trailer that names it, so naming the original's stream
/// again made it read that object twice ("Overwriting cache for 0 109" on qpdf's hybrid-xref).
@Suite("Updates after hybrid files")
struct HybridUpdateTests {
  @Test(
    "The update carries its own copy of the /XRefStm stream; Ghostscript and pypdf read it quietly",
    arguments: ["hybrid.pdf", "hybrid-single-section.pdf", "corpus:qpdf--hybrid-xref.pdf"])
  func ownStreamCopy(name: String) throws {
    let originalPath = Fixture.path(fixtureOrCorpus: name)
    let file = try Fixture.copy(from: originalPath, as: "hybrid-under-test.pdf")
    let original = try Data(contentsOf: URL(fileURLWithPath: file))
    let oldStream = try #require(
      UpdateChecks.lastTrailerText(original).firstMatch(of: /\/XRefStm\s+(\d+)/).flatMap {
        Int($0.1)
      })

    let result = try PDFBindRunner.run(["set", "--right-edge", file])
    #expect(result.status == 0, "\(result.err)")
    let updated = try Data(contentsOf: URL(fileURLWithPath: file))
    // The new trailer names a stream inside the update, numbered after every older object.
    let trailer = UpdateChecks.lastTrailerText(updated)
    let newStream = try #require(
      trailer.firstMatch(of: /\/XRefStm\s+(\d+)/).flatMap { Int($0.1) }, "\(trailer)")
    #expect(newStream != oldStream)
    #expect(newStream > oldStream)
    #expect(newStream >= original.count - Self.headerOffset(original))
    // The update itself is a table section, as the original's newest section is.
    #expect(UpdateChecks.lastSectionKind(updated) == "table")
    let streamText = String(
      decoding: updated.dropFirst(newStream + Self.headerOffset(updated))
        .prefix(120), as: UTF8.self)
    #expect(streamText.contains("/Type /XRef"), "\(streamText)")

    // qpdf, MuPDF, PDFium, Ghostscript (page count, no new complaint) and the prefix.
    try UpdateChecks.expectExactUpdate(
      file, original: original, originalPath: originalPath, direction: "/R2L")
    #expect(try IndependentReaders.pikepdfEntries(file).direction == "/R2L")
    #expect(try Self.pdfinfoPages(file) == Self.pdfinfoPages(originalPath))

    // Ghostscript sees /Direction (its PostScript-level reader, which gives the trailer).
    #expect(try Self.ghostscriptDirection(file) == "/R2L")

    // pypdf: /Direction read, and no warning the original did not already give.
    let before = try Self.pypdfRead(originalPath)
    let after = try Self.pypdfRead(file)
    #expect(after.direction == "/R2L")
    #expect(after.pages == before.pages)
    #expect(Set(after.warnings).subtracting(before.warnings).isEmpty, "\(after.warnings)")
    #expect(!after.warnings.contains { $0.hasPrefix("Overwriting cache") }, "\(after.warnings)")
  }

  private static func headerOffset(_ data: Data) -> Int {
    data.prefix(1024).firstRange(of: Data("%PDF-".utf8)).map { $0.lowerBound } ?? 0
  }

  /// `/Direction` as pypdf reads it without `strict`, the page count, and every warning its
  /// logger gave while reading them.
  private static func pypdfRead(_ path: String) throws -> (
    direction: String, pages: Int, warnings: [String]
  ) {
    let result = try IndependentReaders.runPython(
      """
      import logging, sys, pypdf
      class Collect(logging.Handler):
          def __init__(self):
              super().__init__(logging.WARNING)
              self.messages = []
          def emit(self, record):
              self.messages.append(record.getMessage())
      collect = Collect()
      logging.getLogger("pypdf").addHandler(collect)
      reader = pypdf.PdfReader(sys.argv[1], strict=False)
      preferences = reader.trailer["/Root"].get("/ViewerPreferences")
      print(preferences.get("/Direction") if preferences is not None else None)
      print(len(reader.pages))
      for message in collect.messages:
          print(message.replace("\\n", " "))
      """, path)
    let lines = result.out.split(separator: "\n").map(String.init)
    try #require(result.status == 0 && lines.count >= 2, "pypdf failed: \(result.err)")
    return (lines[0], try #require(Int(lines[1])), Array(lines.dropFirst(2)))
  }

  /// `/Direction` through Ghostscript's PostScript-level PDF reader (`-dNEWPDF=false`, the one
  /// that exposes the trailer to PostScript); its notice that it is the legacy reader is left
  /// out.
  private static func ghostscriptDirection(_ path: String) throws -> String? {
    let result = try runProcess(
      which("gs")!,
      [
        "-q", "-dNODISPLAY", "-dNOSAFER", "-dBATCH", "-dNEWPDF=false", "-sFile=\(path)", "-c",
        "File (r) file runpdfbegin Trailer /Root oget /ViewerPreferences knownoget "
          + "{ /Direction knownoget { == } { (none) = } ifelse } { (none) = } ifelse quit",
      ])
    let lines = (result.out + result.err).split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.contains("legacy PDF interpreter") }
    #expect(lines.count == 1, "Ghostscript: \(lines)")
    return lines.first == "none" ? nil : lines.first
  }

  /// `pdfinfo`'s page count.
  private static func pdfinfoPages(_ path: String) throws -> Int? {
    let result = try runProcess(which("pdfinfo")!, [path])
    #expect(result.err.isEmpty, "pdfinfo: \(result.err)")
    return result.out.split(separator: "\n").first { $0.hasPrefix("Pages:") }
      .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
  }
}
