import Foundation
import PDFBindCore
import PDFBindTestSupport
import Testing

/// `PDFBindingDocument` as a client uses it (public API only), with qpdf and pikepdf judging
/// every file it writes.
@Suite("PDFBindingDocument")
struct DocumentTests {
  @Test(
    "Each fixture reads as qpdf reads it",
    arguments: [
      ("right-edge.pdf", PageBinding.rightEdge), ("left-edge.pdf", .leftEdge),
      ("unknown.pdf", .unknown), ("lowercase-r2l.pdf", .unknown),
      ("indirect-viewer-preferences.pdf", .rightEdge), ("object-streams.pdf", .leftEdge),
    ])
  func reads(name: String, binding: PageBinding) throws {
    let document = try PDFBindingDocument(path: Fixture.path(name))
    #expect(document.pageBinding == binding)
    let qpdfDirection = try IndependentReaders.qpdfDirection(Fixture.path(name))
    #expect(document.report.direction.rawValue.map { "/" + $0 } == qpdfDirection)
    #expect(try document.report.pageCount == IndependentReaders.qpdfPageCount(Fixture.path(name)))
    #expect(!document.hasUnsavedChanges)
  }

  @Test("A value viewers ignore reads as unknown with a warning, and setting unknown removes it")
  func unexpectedDirection() throws {
    let path = try Fixture.copy("lowercase-r2l.pdf")
    let document = try PDFBindingDocument(path: path)
    #expect(document.report.warnings == [.unexpectedDirection(shown: "/r2l")])
    document.pageBinding = .unknown
    #expect(document.hasUnsavedChanges)
    let outcome = try document.save()
    #expect(outcome.changed && outcome.before == .name("r2l"))
    #expect(try IndependentReaders.qpdfDirection(path) == nil)
    #expect(document.report.direction == .absent && !document.hasUnsavedChanges)
  }

  @Test("Setting what the file holds writes nothing")
  func unchanged() throws {
    let path = try Fixture.copy("right-edge.pdf")
    let document = try PDFBindingDocument(path: path)
    document.pageBinding = .rightEdge
    #expect(!document.hasUnsavedChanges)
    let outcome = try document.save()
    #expect(!outcome.changed && outcome.bytesAppended == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Fixture.bytes("right-edge.pdf"))
  }

  @Test("In place: same inode, the update appended, the document describes the result")
  func inPlace() throws {
    let path = try Fixture.copy("object-streams.pdf")
    let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    let document = try PDFBindingDocument(path: path)
    document.pageBinding = .rightEdge
    document.pageArrangement = .noCover
    let outcome = try document.save(to: .inPlace)
    #expect(outcome.crossReferenceKind == .stream)
    #expect(
      try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)
    try UpdateChecks.expectExactUpdate(
      path, original: Fixture.bytes("object-streams.pdf"),
      originalPath: Fixture.path("object-streams.pdf"), direction: "/R2L")
    #expect(try IndependentReaders.pikepdfEntries(path) == ("/TwoPageLeft", "/R2L"))
    #expect(document.pageBinding == .rightEdge && document.pageArrangement == .noCover)
    #expect(!document.hasUnsavedChanges)
    // Saved again, with nothing new: the file stays as the first save left it.
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(try !document.save().changed)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written)
  }

  @Test("Saved elsewhere (a path as String or FilePath, a descriptor): the file stays as it was")
  func elsewhere() throws {
    let path = try Fixture.copy("hybrid.pdf")
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    let document = try PDFBindingDocument(path: .init(path))
    document.pageBinding = .leftEdge
    let copy = directory.appendingPathComponent("copy.pdf").path
    #expect(try document.save(to: copy).crossReferenceKind == .hybrid)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Fixture.bytes("hybrid.pdf"))
    #expect(document.hasUnsavedChanges)
    try UpdateChecks.expectExactUpdate(
      copy, original: Fixture.bytes("hybrid.pdf"), originalPath: path, direction: "/L2R")
    // The same bytes through an open descriptor (a pipe, standard output).
    let streamed = directory.appendingPathComponent("streamed.pdf")
    #expect(FileManager.default.createFile(atPath: streamed.path, contents: nil))
    let handle = try FileHandle(forWritingTo: streamed)
    try document.save(to: .descriptor(.init(rawValue: handle.fileDescriptor)))
    try handle.close()
    #expect(try Data(contentsOf: streamed) == Data(contentsOf: URL(fileURLWithPath: copy)))
  }

  @Test("A dry run reports the update and writes nothing")
  func dryRun() throws {
    let path = try Fixture.copy("unknown.pdf")
    let document = try PDFBindingDocument(path: path)
    document.pageBinding = .rightEdge
    let outcome = try document.save(options: SaveOptions(dryRun: true))
    #expect(outcome.changed && outcome.bytesAppended > 0 && outcome.after == .rightEdge)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Fixture.bytes("unknown.pdf"))
    #expect(document.hasUnsavedChanges)
  }

  @Test("Failures are grouped by what the user can do, with the command line's sentence")
  func failures() throws {
    let missing = try Fixture.temporaryDirectory().appendingPathComponent("none.pdf").path
    #expect(throws: BindingError.input(.notFound)) { try PDFBindingDocument(path: missing) }
    #expect(throws: BindingError.password(.required)) {
      try PDFBindingDocument(path: Fixture.path("encrypted-aes-256.pdf"))
    }
    #expect(throws: BindingError.password(.wrong)) {
      try PDFBindingDocument(path: Fixture.path("encrypted-aes-256.pdf"), password: "nope")
    }
    let signed = try Fixture.copy("signed.pdf")
    let document = try PDFBindingDocument(path: signed)
    document.pageBinding = .rightEdge
    let refusal = #expect(throws: BindingError.self) { try document.save() }
    #expect(refusal == .protected(.signed(count: 1)))
    #expect(refusal.map { "\($0)" }?.hasPrefix("digitally signed (1 signature)") == true)
    let forced = try document.save(options: SaveOptions(force: true))
    #expect(forced.warnings == [.forcedSigned])
    #expect(try IndependentReaders.qpdfDirection(signed) == "/R2L")
  }

  @Test("A damaged file is refused, or rewritten whole with repair")
  func damaged() throws {
    let path = try Fixture.copy("damaged-xref.pdf")
    let document = try PDFBindingDocument(path: path)
    #expect(document.report.warnings.first?.kind == "damaged")
    document.pageBinding = .leftEdge
    let refusal = #expect(throws: BindingError.self) { try document.save() }
    let needsRepair = if case .damaged(.needsRepair)? = refusal { true } else { false }
    #expect(needsRepair, "refused with \(String(describing: refusal))")
    let outcome = try document.save(options: SaveOptions(repair: true))
    #expect(outcome.rewritten)
    #expect(try IndependentReaders.qpdfCheck(path).status == 0)
    #expect(try IndependentReaders.qpdfDirection(path) == "/L2R")
  }

  @Test("Two references to a document are one document: a save shows through both")
  func oneDocument() throws {
    let path = try Fixture.copy("unknown.pdf")
    let document = try PDFBindingDocument(path: path)
    let other = document
    other.pageBinding = .rightEdge
    #expect(document.hasUnsavedChanges)
    try document.save(to: .inPlace)
    #expect(other.pageBinding == .rightEdge && !other.hasUnsavedChanges)
    #expect(other.report.direction == .name("R2L"))
    #expect(try IndependentReaders.qpdfDirection(path) == "/R2L")
  }

  @Test("A file changed on disk after it was read is left alone")
  func changedOnDisk() throws {
    let path = try Fixture.copy("unknown.pdf")
    let document = try PDFBindingDocument(path: path)
    let opener = try PDFBindingDocument(path: path)
    opener.pageBinding = .rightEdge
    try opener.save(to: .inPlace)
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    // A document opened before another wrote over the file may not write over the new one.
    document.pageBinding = .leftEdge
    #expect(throws: BindingError.writing(.changedWhileWorking)) { try document.save() }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written)
  }

  @Test("History and revert without a document: the same revisions, the same cut")
  func historyAndRevertByPath() throws {
    let path = try Fixture.copy("unknown.pdf")
    let document = try PDFBindingDocument(path: path)
    document.pageBinding = .rightEdge
    try document.save(to: .inPlace)
    #expect(try PDFBindingDocument.history(ofFileAt: .init(path)) == document.history())
    let planned = try PDFBindingDocument.revert(fileAt: .init(path), dryRun: true)
    #expect(planned == (try document.revert(dryRun: true)))
    #expect(try PDFBindingDocument.revert(fileAt: .init(path)) == planned)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Fixture.bytes("unknown.pdf"))
  }

  @Test("History after two saves, and two reverts back to the original bytes")
  func historyAndRevert() throws {
    let path = try Fixture.copy("unknown.pdf")
    let document = try PDFBindingDocument(path: path)
    document.pageBinding = .rightEdge
    try document.save()
    document.pageArrangement = .cover
    try document.save(to: .inPlace)
    let history = try document.history()
    #expect(history.revisions.map(\.number) == [1, 2, 3])
    #expect(history.revisions.map { $0.report?.binding } == [.unknown, .rightEdge, .rightEdge])
    #expect(history.revisions.dropFirst().allSatisfy { $0.bindingOnly })
    #expect(try document.revert().after.pageLayout == .absent)
    #expect(try IndependentReaders.pikepdfEntries(path) == ("None", "/R2L"))
    #expect(try document.revert(to: .inPlace).after.binding == .unknown)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Fixture.bytes("unknown.pdf"))
    #expect(document.pageBinding == .unknown)
    #expect(throws: BindingError.revert(.singleRevision)) { try document.revert() }
  }
}
