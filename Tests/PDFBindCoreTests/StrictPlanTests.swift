import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore

/// `set` plans a plain file from pdfbind's strict reading of it and lets qpdf judge only the
/// result (one qpdf open per set). qpdf's read of the original stays the reference: on every
/// fixture, corpus file and many damaged copies, the strict basis is the one qpdf's read gives,
/// and a save planned strictly ends as the qpdf way ends (the same report, or the same refusal).
@Suite("Planning from the strict reader")
struct StrictPlanTests {
  private static let change = BindingChange(binding: .rightEdge, arrangement: .cover)

  /// The basis both ways, when the strict reader accepts `path` (nil otherwise).
  /// The strict basis's objects are as qpdf lists them (without entries that read as null).
  static func bases(_ path: String) throws -> (strict: UpdateBasis, qpdf: UpdateBasis?)? {
    let source = try SourceFile(path: FilePath(path))
    guard var (strict, _) = UpdateBasis.strictlyRead(source, change: change) else { return nil }
    guard let read = try? Inspection.open(source, password: nil) else { return (strict, nil) }
    strict.catalog.value = Verifier.asListed(strict.catalog.value, in: read.document)
    if var preferences = strict.viewerPreferences {
      preferences.value = Verifier.asListed(preferences.value, in: read.document)
      strict.viewerPreferences = preferences
    }
    let basis = try? UpdateBasis(
      qpdf: read.document, inspection: read.inspection, source: source, change: change,
      password: nil, force: false)
    return (strict, basis)
  }

  /// Checks one file; true when the strict reader accepted it.
  @discardableResult
  static func expectSameBasis(_ path: String) throws -> Bool {
    guard let (strict, qpdf) = try bases(path) else { return false }
    // qpdf may refuse what the strict reader reads (damage in objects it does not read):
    // `savesAgree` shows the result's judgement refuses it the same way.
    guard let qpdf else { return true }
    #expect(strict.catalog == qpdf.catalog, "\(path)")
    #expect(strict.viewerPreferences == qpdf.viewerPreferences, "\(path)")
    #expect(strict.layout == qpdf.layout, "\(path)")
    #expect(strict.kind == qpdf.kind, "\(path)")
    #expect(strict.size == qpdf.size, "\(path)")
    #expect(
      PDFValue.dictionary(strict.carriedTrailerEntries)
        == PDFValue.dictionary(qpdf.carriedTrailerEntries), "\(path)")
    #expect(qpdf.encryption == nil && qpdf.notes.isEmpty, "\(path)")
    return true
  }

  /// Saves a copy of `path` for real (planned strictly when the reader accepts it) and as a
  /// dry run (always planned from qpdf's read): both end the same way.
  static func expectSavesAgree(_ path: String, options: SaveOptions = SaveOptions()) throws {
    let output = try Fixture.temporaryDirectory().appendingPathComponent("out.pdf").path
    func save(dryRun: Bool) -> Result<SaveOutcome, BindingError> {
      do throws(BindingError) {
        let document = try PDFBindingDocument(path: path)
        document.pageBinding = .rightEdge
        document.pageArrangement = .cover
        var options = options
        options.dryRun = dryRun
        return .success(try document.save(to: .file(FilePath(output)), options: options))
      } catch {
        return .failure(error)
      }
    }
    let planned = save(dryRun: true)
    let saved = save(dryRun: false)
    // Damage in an object the qpdf way read before its sample (the trailer's /Info, when it
    // resolves the trailer) and so let pass; qpdf --check sees it in the original too.
    let onlyTheResultShowsDamage =
      switch (planned, saved) {
      case (.success(let planned), .success(let saved)): saved.rewritten && !planned.rewritten
      case (.success, .failure(.damaged(.needsRepair))): true
      default: false
      }
    if onlyTheResultShowsDamage {
      #expect(try IndependentReaders.qpdfCheck(path).status != 0, "\(path)")
    } else {
      switch (planned, saved) {
      case (.success(let planned), .success(var saved)):
        // The strict way writes `/Key null` and references to freed objects as the file does,
        // where qpdf's way leaves them out: the update may be a few bytes longer.
        if saved.bytesAppended >= planned.bytesAppended {
          saved.bytesAppended = planned.bytesAppended
        }
        #expect(planned == saved, "\(path)")
      case (.failure(let planned), .failure(let saved)):
        #expect(planned == saved, "\(path)")
      default:
        Issue.record("\(path): the qpdf way gives \(planned), the save \(saved)")
      }
    }
  }

  @Test("Fixtures and corpus files: the strict basis is qpdf's, and saves end the same way")
  func fixturesAndCorpus() throws {
    let paths =
      try CatalogFastPathTests.pdfs(in: Fixture.directory)
      + CatalogFastPathTests.pdfs(in: Fixture.corpus)
    var accepted: [String] = []
    for path in paths {
      if try expectSameBasisOrRefusal(path) { accepted.append(path) }
      try Self.expectSavesAgree(path)
    }
    for name in ["unknown.pdf", "right-edge.pdf", "several-updates.pdf", "crlf.pdf"] {
      #expect(accepted.contains(Fixture.path(name)), "the strict reader declined \(name)")
    }
    for name in ["hybrid.pdf", "encrypted-empty-user.pdf", "signed.pdf", "damaged-xref.pdf"] {
      #expect(!accepted.contains(Fixture.path(name)), "the strict reader accepted \(name)")
    }
  }

  private func expectSameBasisOrRefusal(_ path: String) throws -> Bool {
    (try? SourceFile(path: FilePath(path))) == nil ? false : try Self.expectSameBasis(path)
  }

  @Test("Damaged copies: the strict basis is qpdf's, and saves end the same way")
  func mutants() throws {
    let directory = try Fixture.temporaryDirectory()
    let sources = try CatalogFastPathTests.pdfs(in: Fixture.directory)
      .map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
      .filter { $0.count < 1_000_000 }
    var random = SplitMix64(seed: 22)
    var accepted = 0
    for index in 0..<300 {
      var bytes = sources[Int(random.next() % UInt64(sources.count))]
      // Damage after the header and before the last fifth, where the tables and the catalog
      // usually are: mostly objects the update does not rewrite, which only the result's
      // judgement (or qpdf's read of the original) can see.
      let position = 16 + Int(random.next() % UInt64(max(1, bytes.count * 4 / 5 - 16)))
      let syntax = Array("0123456789 \n/<>[]()R".utf8)
      bytes[position] = syntax[Int(random.next() % UInt64(syntax.count))]
      let path = directory.appendingPathComponent(String(format: "mutant-%03d.pdf", index)).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      if try expectSameBasisOrRefusal(path) { accepted += 1 }
      try Self.expectSavesAgree(path)
      try Self.expectSavesAgree(path, options: SaveOptions(repair: true))
      try FileManager.default.removeItem(atPath: path)
    }
    #expect(accepted >= 60, "the strict reader accepted only \(accepted) of 300")
  }

  @Test("A large file's damage sample leaves out objects in object streams without listing them")
  func sampleWithoutListing() {
    let spread = UpdatePlanner.objectsToCheck(size: 70_001)
    // Nine in ten objects in object streams: each pick moves to the next one that is not.
    let sample = UpdatePlanner.objectsToCheck(size: 70_001) { $0 % 10 != 0 }
    #expect(sample.count == UpdatePlanner.damageCheckSample)
    #expect(sample.allSatisfy { $0 % 10 == 0 })
    #expect(zip(spread, sample).allSatisfy { $0 <= $1 && $1 - $0 < 10 })
    #expect(sample == sample.sorted() && Set(sample).count == sample.count)
    // Too few left: every number spread, as the qpdf way samples then.
    #expect(UpdatePlanner.objectsToCheck(size: 70_001) { $0 > 3 } == spread)
    // Small files have every object read.
    #expect(UpdatePlanner.objectsToCheck(size: 10) { $0 < 5 } == Array(1..<10))
  }
}
