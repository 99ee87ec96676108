import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore

/// A file set back and forth gains an update with every set (issue 44): it must still be read
/// by the strict reader, so that qpdf opens only the result, and the result's page count is
/// taken from the original once qpdf shows the update left the page tree where it was.
@Suite("A file that grows with every set")
struct GrowingFileTests {
  private static func set(_ path: String, _ binding: PageBinding) throws {
    let document = try PDFBindingDocument(path: path)
    document.pageBinding = binding
    try document.save(to: .inPlace)
  }

  @Test("Set 70 times, a file with a cross-reference stream is still planned strictly")
  func seventySets() throws {
    let path = try Fixture.copy("object-streams.pdf", as: "growing.pdf")
    for index in 0..<70 { try Self.set(path, index % 2 == 0 ? .rightEdge : .leftEdge) }
    let source = try SourceFile(path: FilePath(path))
    #expect(source.strictChain(startxref: try source.layout().startxref)?.sections.count == 71)
    #expect(CatalogFastPath.facts(of: source)?.direction == .name("L2R"))
    #expect(
      UpdateBasis.strictlyRead(source, change: BindingChange(binding: .rightEdge)) != nil)
    #expect(try IndependentReaders.qpdfCheck(path).status == 0)
    #expect(try IndependentReaders.qpdfDirection(path) == "/L2R")
    // The damage sample's lookup, which lists the small newer sections once, finds what the
    // walk through every section finds, wherever it splits them.
    let mapping = try #require(source.mapping)
    let bytes = UnsafeRawBufferPointer(start: mapping.address, count: mapping.length)
    try withExtendedLifetime(mapping) {
      let chain = try #require(source.strictChain(startxref: try source.layout().startxref))
      let objects = ObjectReader(
        bytes: bytes, header: 0, strictness: .strict, sections: chain.sections)
      let highest = try #require(chain.sections.compactMap(\.highestNumber).max())
      for limit in [0, 3, 40, 4096] {
        let lookup = objects.entryLookup(listingAtMost: limit)
        #expect((0...highest + 1).allSatisfy { lookup($0) == objects.entry(for: $0) })
      }
    }
  }

  /// The verifier of a strict plan on `name`, the plan, and the result written beside it.
  private static func planned(_ name: String) throws -> (Verifier, UpdatePlan, FilePath) {
    let path = try Fixture.copy(name, as: "planned-\(name)")
    let source = try SourceFile(path: FilePath(path))
    let change = BindingChange(binding: .rightEdge)
    let (basis, sample) = try #require(UpdateBasis.strictlyRead(source, change: change))
    let plan = UpdatePlanner.plan(change, on: basis)
    let original = Inspection(fastPath: try #require(CatalogFastPath.report(for: source)))
    var verifier = Verifier(
      password: nil, expectation: .change(change, original: original), objects: plan.objects)
    verifier.damageSample = sample
    verifier.keptPageTree = Verifier.KeptPageTree(
      plan: plan, catalogNumber: basis.catalog.objectNumber,
      originalPageCount: original.pageCount)
    let result = path + ".result.pdf"
    try Data(try Fixture.bytes(name) + plan.bytes).write(to: URL(fileURLWithPath: result))
    return (verifier, plan, FilePath(result))
  }

  @Test("The page count is the original's once qpdf reads the appended stream as written")
  func keptPageTree() throws {
    let (verifier, plan, result) = try Self.planned("object-streams.pdf")
    let kept = try #require(verifier.keptPageTree)
    #expect(kept.streamNumber == plan.streamNumber)
    let reread = try verifier.verify(result)
    #expect(reread.pageCount == kept.pageCount)
    #expect(reread.pageCount == (try IndependentReaders.qpdfPageCount(result.string)))
    #expect(reread.direction == .name("R2L"))
  }

  @Test("An appended stream that lists other objects than the update rewrote is refused")
  func otherObjectsListed() throws {
    var (verifier, _, result) = try Self.planned("object-streams.pdf")
    // As if the update had rewritten nothing: the stream lists the catalog besides itself.
    verifier.objects = []
    let error = #expect(throws: BindingError.self) { try verifier.verify(result) }
    var why: String?
    if case .writing(.verificationFailed(let reason))? = error { why = reason }
    let reason = try #require(why, "refused with \(String(describing: error))")
    #expect(reason.contains("appended cross-reference stream"), "\(reason)")
  }

  @Test("A table keeps reading the page count through qpdf")
  func tableReadsThePageCount() throws {
    let (verifier, _, _) = try Self.planned("unknown.pdf")
    #expect(verifier.keptPageTree == nil)
  }
}
