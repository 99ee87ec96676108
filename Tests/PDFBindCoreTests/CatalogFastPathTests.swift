import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore

/// `get`'s fast path reads the catalog without qpdf. qpdf is the judge: on every fixture, every
/// corpus file and many damaged copies of them, the fast path either declines or gives exactly
/// what pdfbind's qpdf read gives (`/Direction`, `/PageLayout`, the page count), on a file qpdf
/// opens without reconstructing anything and whose `/Direction` earns no warning.
@Suite("Catalog fast path")
struct CatalogFastPathTests {
  /// What the fast path says about `path`, or nil when it declines (or preflight refuses).
  static func fastPath(_ path: String) -> CatalogFastPath.Facts? {
    guard let source = try? SourceFile(path: FilePath(path)) else { return nil }
    return CatalogFastPath.facts(of: source)
  }

  /// What pdfbind's qpdf read says, or nil when qpdf cannot read it plainly: an error without
  /// recovery (damage, encryption), an unreadable page count or a `/Direction` get warns about.
  static func qpdf(_ path: String) -> CatalogFastPath.Facts? {
    do {
      let document = try QPDFDocument(
        path: FilePath(path), password: nil, attemptRecovery: false)
      let (direction, _) = try document.direction()
      let (layout, _) = try document.pageLayout()
      guard !direction.isUnexpected, let count = document.pageCount() else { return nil }
      return CatalogFastPath.Facts(direction: direction, pageLayout: layout, pageCount: count)
    } catch {
      return nil
    }
  }

  /// Checks one file; true when the fast path answered.
  @discardableResult
  static func expectAgreement(_ path: String) -> Bool {
    guard let fast = fastPath(path) else { return false }
    let judged = qpdf(path)
    #expect(judged == fast, "\(path): fast path \(fast), qpdf \(String(describing: judged))")
    return true
  }

  static func pdfs(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".pdf") }.sorted().map { directory.appendingPathComponent($0).path }
  }

  @Test("Fixtures: the fast path agrees with qpdf or declines, and answers the plain ones")
  func fixtures() throws {
    let answered = try Self.pdfs(in: Fixture.directory).filter { Self.expectAgreement($0) }
      .map { URL(fileURLWithPath: $0).lastPathComponent }
    // Plain classic tables, including a chain of updates, CRLF entries, a linearized file and
    // an indirect /ViewerPreferences, and a cross-reference stream with the catalog in an
    // object stream: the fast path must not decline these.
    for name in [
      "right-edge.pdf", "left-edge.pdf", "unknown.pdf", "crlf.pdf", "several-updates.pdf",
      "indirect-viewer-preferences.pdf", "linearized.pdf", "object-streams.pdf",
    ] {
      #expect(answered.contains(name), "the fast path declined \(name)")
    }
    // Not plain: qpdf reads these.
    for name in [
      "hybrid.pdf", "damaged-xref.pdf", "encrypted-empty-user.pdf", "encrypted-object-streams.pdf",
      "lowercase-r2l.pdf", "string-direction.pdf", "number-direction.pdf",
    ] {
      #expect(!answered.contains(name), "the fast path answered \(name)")
    }
  }

  /// Inputs `make fuzz` found the fast path answering where qpdf reads the file as damaged or
  /// not at all: a `!` for the space inside a table entry, `%PDF-1.%PDF-1.7`, NUL bytes between
  /// a table's lines, a cross-reference stream numbered 0, a trailer followed by `stream`, a
  /// subsection line followed by more space than qpdf reads. The fast path must decline them,
  /// so that qpdf reads them.
  @Test(
    "What make fuzz found goes to qpdf",
    arguments: [
      "regressions/fast-path-entry-separator.pdf",
      "regressions/fast-path-header-without-version.pdf",
      "regressions/fast-path-nul-in-xref-table.pdf", "regressions/fast-path-xref-nul.pdf",
      "regressions/fast-path-stream-number-taken.pdf",
      "regressions/fast-path-nul-between-subsections.pdf",
      "regressions/fast-path-xref-stream-number-zero.pdf",
      "regressions/fast-path-trailer-before-stream.pdf",
      "regressions/fast-path-long-subsection-line.pdf",
    ])
  func fuzzFindings(name: String) throws {
    let path = Fixture.repository.appendingPathComponent("Fuzz/" + name).path
    #expect(FileManager.default.fileExists(atPath: path), "\(path) is missing")
    #expect(Self.fastPath(path) == nil)
    #expect(Self.qpdf(path) == nil, "qpdf reads \(name) plainly: the finding no longer holds")
  }

  @Test("A cross-reference stream whose `N G obj` runs past the section probe goes to qpdf")
  func streamHeaderPastProbe() throws {
    // `9 0`, a hundred NUL bytes, `obj`: qpdf reads the file plainly, but the probe that
    // gives `set` its update's kind (`SourceFile.newestSection`) sees no section there.
    let path = Fixture.repository.appendingPathComponent(
      "Fuzz/regressions/fast-path-xref-stream-header-past-probe.pdf"
    ).path
    let source = try SourceFile(path: FilePath(path))
    #expect(try source.newestSection(at: source.layout()).kind == nil)
    #expect(Self.fastPath(path) == nil)
    #expect(Self.qpdf(path) != nil, "qpdf reads it")
  }

  @Test("Corpus: the fast path agrees with qpdf or declines")
  func corpus() throws {
    let paths = try Self.pdfs(in: Fixture.corpus)
    let answered = paths.filter { Self.expectAgreement($0) }
    #expect(answered.count >= 5, "the fast path answered only \(answered.count) corpus files")
    // Cross-reference streams (26 corpus files have one): the fast path reads them too.
    let streams = answered.filter { path in
      (try? SourceFile(path: FilePath(path))).flatMap { try? $0.newestSection(at: $0.layout()) }?
        .kind == .stream
    }
    #expect(streams.count >= 15, "the fast path answered only \(streams.count) stream files")
  }

  @Test("Damaged copies of fixtures and corpus files: agreement or decline")
  func mutants() throws {
    let directory = try Fixture.temporaryDirectory()
    let sources = try (Self.pdfs(in: Fixture.directory) + Self.pdfs(in: Fixture.corpus))
      .map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
      .filter { $0.count < 4_000_000 }
    let damage = ByteDamage(
      inserts: [
        "startxref", "%%EOF", " 0 R", "<<", ">>", "obj", "endobj", "999999999", "xref\n0 1\n",
        "trailer", "/Prev 9 ", "%", "#20", " f \n", " n \n", "/Direction /R2L",
        "/ViewerPreferences 1 0 R", "/Root 2 0 R", "/Encrypt ", "/Count -1",
      ],
      longestCut: 20, syntaxCharacters: "0123456789 \n\rnf/<>[]()R")
    var random = SplitMix64(seed: 15)
    let count = ProcessInfo.processInfo.environment["PDFBIND_MUTANTS"].flatMap(Int.init) ?? 1500
    var answered = 0
    for index in 0..<count {
      var bytes = sources[Int(random.next() % UInt64(sources.count))]
      for _ in 0...Int(random.next() % 3) {
        // Half the damage lands in the last 4 KB, where the tables and the catalog usually are.
        let window = random.next() % 2 == 0 ? min(bytes.count, 4096) : bytes.count
        let position = bytes.count - 1 - Int(random.next() % UInt64(window))
        damage.apply(to: &bytes, at: position, using: &random)
      }
      let path = directory.appendingPathComponent(String(format: "mutant-%04d.pdf", index)).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      if Self.expectAgreement(path) { answered += 1 }
      try FileManager.default.removeItem(atPath: path)
    }
    // Most damage misses what the fast path reads; it must still answer those copies.
    #expect(answered >= count / 20, "the fast path answered only \(answered) of \(count)")
  }

  @Test(
    "Catalogs in unusual syntax: the fast path declines or agrees",
    arguments: [
      "<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << /Direction /R2L >> >>",
      "<</Type/Catalog/Pages 2 0 R/ViewerPreferences<</Direction/L2R>>/PageLayout/TwoPageRight>>",
      "<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << /Direction null >> >>",
      "<< /Type /Catalog /Pages 2 0 R /ViewerPreferences null >>",
      "<< /Type /Catalog /Pages 2 0 R /ViewerPreferences 7 >>",
      "<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << /Direction /R#32L >> >>",
      "<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << /Direction /R2L /Direction /L2R >> >>",
      "<< /Type /Catalog /Pages 2 0 R % a comment\n/ViewerPreferences << /Direction /R2L >> >>",
      "<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << /Direction 4 0 R >> >>",
      "<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << /Direction RTL >> >>",
      "<< /Type /Catalog /Pages 2 0 R /PageLayout (TwoPageLeft) >>",
      "<< /Type /Catalog /Pages 2 0 R /Names << /Dests [(a\\)b) <41 42> 1.5 -.5 +3 true] >> >>",
      "<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << /Direction /R2L >>",
      "<< /Type /Catalog /Pages 3 0 R >>",
      "<< /Type /Catalog /Pages 2 1 R >>",
    ])
  func unusualCatalogs(catalog: String) throws {
    let path = try Fixture.temporaryDirectory().appendingPathComponent("hand.pdf").path
    try HandMadePDF.bytes(catalog: catalog).write(to: URL(fileURLWithPath: path))
    Self.expectAgreement(path)
  }

  @Test("A plain hand-made catalog is answered, with its layout and page count")
  func plainAnswer() throws {
    let path = try Fixture.temporaryDirectory().appendingPathComponent("hand.pdf").path
    try HandMadePDF.bytes(
      catalog: "<</Type/Catalog/Pages 2 0 R/ViewerPreferences<</Direction/R2L>>"
        + "/PageLayout/TwoPageRight>>"
    ).write(to: URL(fileURLWithPath: path))
    #expect(
      Self.fastPath(path)
        == CatalogFastPath.Facts(
          direction: .name("R2L"), pageLayout: .name("TwoPageRight"), pageCount: 1))
    #expect(Self.expectAgreement(path))
  }

  @Test("The tail must end exactly with startxref, its offset and %%EOF")
  func tail() {
    func tail(_ text: String) -> Int? { FileTail.exactStartxref(inTail: Array(text.utf8)) }
    #expect(tail("trailer\n<<>>\nstartxref\n1234\n%%EOF\n") == 1234)
    #expect(tail("startxref\r\n1234\r\n%%EOF") == 1234)
    #expect(tail("startxref 1234 %%EOF \n\n") == 1234)
    #expect(tail("startxref\n1234\n%%EOF\ngarbage") == nil)
    #expect(tail("startxref\n12a4\n%%EOF\n") == nil)
    #expect(tail("startxref\n\n%%EOF\n") == nil)
    #expect(tail("xstartxref\n1234\n%%EOF\n") != nil)
    #expect(tail("1234\n%%EOF\n") == nil)
  }
}
