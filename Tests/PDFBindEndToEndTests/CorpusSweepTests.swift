import Foundation
import PDFBindTestSupport
import Testing

/// Every real PDF in ../shared/corpus against the outcome its MANIFEST row implies
/// (`CorpusExpectation.table`): `get` prints the binding the row names or refuses with the
/// row's reason; `set --right-edge` on a copy updates exactly (judged by qpdf, MuPDF, PDFium,
/// Ghostscript and pikepdf), leaves it unchanged, or refuses with the row's reason and leaves
/// the copy byte-identical.
@Suite("Corpus sweep")
struct CorpusSweepTests {
  static let entries: [[String: String]] = (try? Fixture.corpusManifest()) ?? []

  /// The user password a MANIFEST row names ("password 'view'"), if any.
  static func password(_ file: String) -> String? {
    let entry = entries.first { $0["file"] == file }
    let notes = entry?["structure_notes"] ?? ""
    guard let range = notes.range(of: "password '") else { return nil }
    return String(notes[range.upperBound...].prefix { $0 != "'" })
  }

  static func isEncrypted(_ file: String) -> Bool {
    entries.first { $0["file"] == file }?["structure_notes"]?.contains("encrypted=yes") == true
  }

  @Test("The corpus is there, and every MANIFEST row has exactly one expectation")
  func corpusIsPresent() {
    #expect(Self.entries.count >= 60, "expected ../shared/corpus/MANIFEST.tsv beside the repo")
    let files = Self.entries.compactMap { $0["file"] }
    let expected = CorpusExpectation.table.map(\.file)
    #expect(Set(expected).count == expected.count, "a file has two rows")
    #expect(Set(files).subtracting(expected).isEmpty, "rows without an expectation")
    #expect(Set(expected).subtracting(files).isEmpty, "expectations without a MANIFEST row")
  }

  @Test("get prints the binding the MANIFEST names, or refuses", arguments: CorpusExpectation.table)
  func getEachFile(_ expectation: CorpusExpectation) throws {
    let path = Fixture.corpus.appendingPathComponent(expectation.file).path
    var arguments = ["get", path]
    if let password = Self.password(expectation.file) { arguments += ["--password", password] }
    let result = try PDFBindRunner.run(arguments)
    switch expectation.get {
    case .reads(let binding):
      #expect(result.status == 0, "\(result.err)")
      #expect(result.out == binding + "\n")
      // Only warnings (a damaged table, an odd value) may accompany the answer.
      for line in result.err.split(separator: "\n") {
        #expect(line.hasPrefix("pdfbind: \(path): warning: "), "\(line)")
      }
    case .refused(let reason):
      #expect(result.status == 2)
      #expect(result.out.isEmpty)
      #expect(result.err.hasPrefix("pdfbind: \(path): "), "\(result.err)")
      #expect(result.err.contains(reason), "\(result.err)")
      #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
    }
  }

  @Test(
    "set --right-edge updates exactly, leaves unchanged, or refuses as the MANIFEST implies",
    arguments: CorpusExpectation.table)
  func setEachFile(_ expectation: CorpusExpectation) throws {
    let original = Fixture.corpus.appendingPathComponent(expectation.file).path
    let password = Self.password(expectation.file)
    try expectPermissionsAsClaimed(expectation, original: original, password: password)
    let copy = try Fixture.copy(from: original, as: expectation.file)
    let before = try Data(contentsOf: URL(fileURLWithPath: copy))
    var arguments = ["set", "--right-edge", copy]
    if let password { arguments += ["--password", password] }
    let result = try PDFBindRunner.run(arguments)
    let after = try Data(contentsOf: URL(fileURLWithPath: copy))
    switch expectation.set {
    case .updated:
      var reads: String?
      if case .reads(let binding) = expectation.get { reads = binding }
      let binding = try #require(reads, "a row updated must say what get reads")
      #expect(result.status == 0, "\(result.err)")
      #expect(result.out == "\(copy): \(binding) -> right-edge\n")
      try expectUpdated(copy, before: before, original: original, arguments: arguments)
    case .unchanged:
      #expect(result.status == 0, "\(result.err)")
      #expect(result.out == "\(copy): right-edge (unchanged)\n")
      #expect(after == before)
      // A damaged file that needs no write is reported unchanged, with a warning (SPEC).
      #expect(
        result.err.contains(CorpusExpectation.damage) == expectation.isDamaged,
        "\(result.err)")
    case .refused(let reason), .refusedUnlessForced(let reason):
      #expect(result.status == 2)
      #expect(result.out.isEmpty)
      #expect(result.err.hasPrefix("pdfbind: \(copy): "), "\(result.err)")
      #expect(result.err.contains(reason), "\(result.err)")
      #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
      #expect(after == before, "a refused file must stay byte-identical")
    }
    if case .refusedUnlessForced = expectation.set {
      // Signed, certified and restricted files are refused only until --force; then they get
      // an exact update like any other, and signatures keep poppler's verdict.
      #expect(result.err.contains("--force"), "\(result.err)")
      let signatures = try IndependentReaders.pdfsigValidations(original, password: password)
      let forced = try PDFBindRunner.run(arguments + ["--force"])
      #expect(forced.status == 0, "\(forced.err)")
      #expect(forced.out == "\(copy): unknown -> right-edge\n")
      #expect(forced.err.contains("note: --force"), "\(forced.err)")
      try expectUpdated(
        copy, before: before, original: original, arguments: arguments + ["--force"])
      #expect(try IndependentReaders.pdfsigValidations(copy, password: password) == signatures)
    }
  }

  /// An encrypted row says whether its permissions allow changes; qpdf must say the same.
  private func expectPermissionsAsClaimed(
    _ expectation: CorpusExpectation, original: String, password: String?
  ) throws {
    // Unencrypted rows claim no permissions.
    if Self.isEncrypted(expectation.file) {
      let allows = try IndependentReaders.qpdfAllowsModification(original, password: password)
      switch expectation.set {
      case .refusedUnlessForced(CorpusExpectation.restricted): #expect(allows == false)
      case .updated: #expect(allows == true)
      default: #expect(allows != nil)
      }
    }
  }

  /// `set --repair` over the damaged files: each that needs a write is rewritten whole, and
  /// qpdf and MuPDF read the binding back from the result; one that already has it is
  /// unchanged.
  @Test(
    "set --repair rewrites each damaged file whole",
    arguments: CorpusExpectation.table.filter(\.isDamaged))
  func repairDamagedFile(_ expectation: CorpusExpectation) throws {
    let original = Fixture.corpus.appendingPathComponent(expectation.file).path
    let copy = try Fixture.copy(from: original, as: expectation.file)
    let before = try Data(contentsOf: URL(fileURLWithPath: copy))
    var arguments = ["set", "--right-edge", "--repair", copy]
    if let password = Self.password(expectation.file) { arguments += ["--password", password] }
    let result = try PDFBindRunner.run(arguments)
    #expect(result.status == 0, "\(result.err)")
    if expectation.set == .unchanged {
      #expect(result.out == "\(copy): right-edge (unchanged)\n")
      #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    } else {
      #expect(result.out == "\(copy): unknown -> right-edge (repaired: rewritten whole)\n")
      #expect(try IndependentReaders.mutoolDirection(copy) == "/R2L")
      // qpdf 11.3 crashes checking this specimen whatever its content (MANIFEST).
      if !expectation.file.hasSuffix("xref-compressed-in-compressed.pdf") {
        #expect(try IndependentReaders.qpdfCheck(copy).status != 2)
        #expect(try IndependentReaders.qpdfDirection(copy) == "/R2L")
        #expect(
          try IndependentReaders.qpdfPageCount(copy) == IndependentReaders.qpdfPageCount(original))
      }
    }
  }

  /// The one damaged row the MANIFEST does not call damaged rests on MuPDF's word.
  @Test("MuPDF repairs the cross-reference data of the file qpdf crashes checking")
  func crashSpecimenIsDamaged() throws {
    let path = Fixture.corpus.appendingPathComponent("qpdf--xref-compressed-in-compressed.pdf")
    let shown = try runProcess(which("mutool")!, ["show", path.path, "trailer"])
    #expect(shown.err.contains("trying to repair broken xref"), "\(shown.err)")
  }

  /// The checks of an exact update (UpdateChecks), the section kind kept, encryption kept, and
  /// a second run with the same arguments appending nothing.
  private func expectUpdated(
    _ copy: String, before: Data, original: String, arguments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let password = arguments.firstIndex(of: "--password").map { arguments[$0 + 1] }
    let after = try Data(contentsOf: URL(fileURLWithPath: copy))
    try UpdateChecks.expectExactUpdate(
      copy, original: before, originalPath: original, direction: "/R2L", password: password,
      sourceLocation: sourceLocation)
    #expect(
      try IndependentReaders.qpdfIsEncrypted(copy)
        == IndependentReaders.qpdfIsEncrypted(original), sourceLocation: sourceLocation)
    // The kind of section appended matches the file's last one (hybrid → table).
    #expect(
      UpdateChecks.lastSectionKind(after) == UpdateChecks.lastSectionKind(before),
      sourceLocation: sourceLocation)
    // A hybrid file's /XRefStm is repeated (Ghostscript reads it only from the newest trailer).
    #expect(
      UpdateChecks.lastTrailerText(after).contains("/XRefStm")
        == UpdateChecks.lastTrailerText(before).contains("/XRefStm"),
      sourceLocation: sourceLocation)
    let again = try PDFBindRunner.run(arguments)
    #expect(again.status == 0, sourceLocation: sourceLocation)
    #expect(again.out == "\(copy): right-edge (unchanged)\n", sourceLocation: sourceLocation)
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == after)
  }
}
