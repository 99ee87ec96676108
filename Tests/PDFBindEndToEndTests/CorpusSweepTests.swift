import Foundation
import PDFBindTestSupport
import Testing

/// Every real PDF in ../shared/corpus: `get` reads it or fails with one clean line;
/// `set --right-edge` on a copy gives an exact update or refuses with the copy untouched.
@Suite("Corpus sweep")
struct CorpusSweepTests {
  static let entries: [[String: String]] = (try? Fixture.corpusManifest()) ?? []

  /// The user password a MANIFEST row names ("password 'view'"), if any.
  static func password(_ entry: [String: String]) -> String? {
    let notes = entry["structure_notes"] ?? ""
    guard let range = notes.range(of: "password '") else { return nil }
    return String(notes[range.upperBound...].prefix { $0 != "'" })
  }

  /// What the MANIFEST says a refusal must be about, or nil when the file must be updated.
  static func expectedRefusal(_ entry: [String: String]) -> String? {
    let notes = entry["structure_notes"] ?? ""
    if notes.contains("pdf_header=none") { return "not a PDF" }
    if notes.contains("damaged(") || notes.contains("qpdf_check=crash") {
      return "damaged|truncated"
    }
    if notes.contains("qpdf_check=errors") { return "" }
    if notes.contains("signature_fields=") { return "signed|certified" }
    if notes.contains("encrypted=") { return "permissions that forbid changes" }
    return nil
  }

  @Test("The corpus is there and complete")
  func corpusIsPresent() {
    #expect(Self.entries.count >= 60, "expected ../shared/corpus/MANIFEST.tsv beside the repo")
  }

  @Test("get reads each file or fails with one clean line", arguments: entries.map { $0["file"]! })
  func getEachFile(name: String) throws {
    let path = Fixture.corpus.appendingPathComponent(name).path
    let entry = Self.entries.first { $0["file"] == name }!
    var arguments = ["get", path]
    if let password = Self.password(entry) { arguments += ["--password", password] }
    let result = try PDFBindRunner.run(arguments)
    #expect(result.status == 0 || result.status == 2)
    if result.status == 0 {
      #expect(["left-edge\n", "right-edge\n", "unknown\n"].contains(result.out))
    } else {
      #expect(result.out.isEmpty)
      let lines = result.err.split(separator: "\n")
      #expect(lines.count == 1)
      #expect(lines.first?.hasPrefix("pdfbind: \(path): ") == true)
    }
    #expect(!result.err.contains("Error:"))
  }

  @Test(
    "set --right-edge updates exactly or refuses cleanly", arguments: entries.map { $0["file"]! })
  func setEachFile(name: String) throws {
    let original = Fixture.corpus.appendingPathComponent(name).path
    let entry = Self.entries.first { $0["file"] == name }!
    let password = Self.password(entry)
    let copy = try Fixture.copy(from: original, as: name)
    let before = try Data(contentsOf: URL(fileURLWithPath: copy))
    var arguments = ["set", "--right-edge", copy]
    if let password { arguments += ["--password", password] }
    let result = try PDFBindRunner.run(arguments)
    let after = try Data(contentsOf: URL(fileURLWithPath: copy))
    switch result.status {
    case 0 where result.out.hasSuffix("(unchanged)\n"):
      #expect(after == before)
    case 0:
      #expect(result.out == "\(copy): \(result.out.split(separator: " ")[1]) -> right-edge\n")
      try expectUpdated(copy, before: before, original: original, arguments: arguments)
    case 2:
      let allowed = Self.expectedRefusal(entry)
      #expect(allowed != nil, "a clean file must be updated, not refused: \(result.err)")
      if let allowed, !allowed.isEmpty {
        #expect(
          allowed.split(separator: "|").contains { result.err.contains($0) },
          "refusal should be about \(allowed): \(result.err)")
      }
      #expect(after == before, "a refused file must stay byte-identical")
      let lines = result.err.split(separator: "\n")
      #expect(lines.count == 1)
      #expect(lines.first?.hasPrefix("pdfbind: \(copy): ") == true)
      // Signed, certified and restricted files are refused only until --force; then they
      // get an exact update like any other, and signatures keep poppler's verdict.
      if result.err.contains("--force") {
        let signatures = try IndependentReaders.pdfsigValidations(original, password: password)
        let forced = try PDFBindRunner.run(arguments + ["--force"])
        #expect(forced.status == 0, "\(forced.err)")
        #expect(forced.err.contains("note: --force"))
        try expectUpdated(
          copy, before: before, original: original, arguments: arguments + ["--force"])
        #expect(try IndependentReaders.pdfsigValidations(copy, password: password) == signatures)
      }
    default:
      Issue.record("unexpected status \(result.status): \(result.err)")
    }
  }

  /// `set --repair` over the damaged files: each is rewritten whole (and verified), left
  /// unchanged, or refused cleanly; the counts are printed apart from the plain sweep's.
  @Test("set --repair rewrites the damaged files or refuses them cleanly")
  func repairDamagedFiles() throws {
    var counts: [String: Int] = [:]
    for entry in Self.entries where Self.expectedRefusal(entry) == "damaged|truncated" {
      let name = entry["file"]!
      let original = Fixture.corpus.appendingPathComponent(name).path
      let copy = try Fixture.copy(from: original, as: name)
      let before = try Data(contentsOf: URL(fileURLWithPath: copy))
      var arguments = ["set", "--right-edge", "--repair", copy]
      if let password = Self.password(entry) { arguments += ["--password", password] }
      let result = try PDFBindRunner.run(arguments)
      let after = try Data(contentsOf: URL(fileURLWithPath: copy))
      switch result.status {
      case 0 where result.out.hasSuffix("(repaired: rewritten whole)\n"):
        counts["rewritten", default: 0] += 1
        // qpdf 11.3 crashes checking this specimen whatever its content (MANIFEST).
        if !name.hasSuffix("xref-compressed-in-compressed.pdf") {
          #expect(try IndependentReaders.qpdfCheck(copy).status != 2, "\(name)")
          #expect(try IndependentReaders.qpdfDirection(copy) == "/R2L", "\(name)")
        }
        #expect(try IndependentReaders.mutoolDirection(copy) == "/R2L", "\(name)")
      case 0:
        counts[result.out.hasSuffix("(unchanged)\n") ? "unchanged" : "updated", default: 0] += 1
      default:
        counts["refused", default: 0] += 1
        #expect(after == before, "\(name): a refused file must stay byte-identical")
        #expect(result.err.split(separator: "\n").count == 1, "\(name): \(result.err)")
      }
    }
    print("set --repair over the damaged corpus files: \(counts.sorted { $0.key < $1.key })")
    #expect(counts["rewritten", default: 0] > 0)
  }

  /// The checks of an exact update (UpdateChecks), the section kind kept, encryption kept, and
  /// a second run with the same arguments appending nothing.
  private func expectUpdated(
    _ copy: String, before: Data, original: String, arguments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let password = arguments.firstIndex(of: "--password").map { arguments[$0 + 1] }
    let after = try Data(contentsOf: URL(fileURLWithPath: copy))
    // qpdf 11.3 crashes checking this specimen whatever its tail (MANIFEST); the other
    // readers still judge the result.
    if copy.hasSuffix("qpdf--xref-compressed-in-compressed.pdf") {
      #expect(UpdateChecks.isAppendOnly(original: before, result: after))
      #expect(try IndependentReaders.mutoolDirection(copy) == "/R2L")
    } else {
      try UpdateChecks.expectExactUpdate(
        copy, original: before, originalPath: original, direction: "/R2L", password: password,
        sourceLocation: sourceLocation)
      #expect(
        try IndependentReaders.qpdfIsEncrypted(copy)
          == IndependentReaders.qpdfIsEncrypted(original), sourceLocation: sourceLocation)
    }
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
