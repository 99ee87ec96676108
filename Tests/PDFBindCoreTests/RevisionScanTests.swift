import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore

/// The byte scans that find revisions and pdfbind's marker, on fixtures and on bytes made to
/// order.
@Suite("Revision scan")
struct RevisionScanTests {
  private func revisions(_ bytes: [UInt8]) -> [RevisionScan]? {
    bytes.withUnsafeBytes { RevisionScanner.revisions(in: $0) }
  }

  private func fixture(_ name: String) throws -> [UInt8] {
    Array(try Fixture.bytes(name))
  }

  @Test("Each %%EOF after a section of the /Prev chain ends a revision")
  func severalUpdates() throws {
    let scans = try #require(revisions(try fixture("several-updates.pdf")))
    #expect(scans.map(\.start) == [0, 795, 1108])
    #expect(scans.map(\.end) == [795, 1108, 1422])
    #expect(scans.map(\.eofEnd) == [794, 1107, 1421])
    #expect(scans.allSatisfy { $0.marker == nil })
    // The second revision's table lists objects 2 (and its /Info).
    #expect(scans[1].sections.first?.tableEntries.map(\.number).contains(2) == true)
  }

  @Test("A linearized file's first-page section is part of its only revision")
  func linearized() throws {
    let scans = try #require(revisions(try fixture("linearized.pdf")))
    #expect(scans.count == 1)
    #expect(scans[0].sections.count == 2)
    #expect(scans[0].end == 1566)
  }

  @Test("The marker is found where pdfbind writes it, and only there")
  func markerPlacement() throws {
    let original = try fixture("no-eol-after-eof.pdf")
    let table = { (marker: String) -> [UInt8] in
      var update = Array(marker.utf8)
      let xref = original.count + update.count
      update += Array("xref\n0 0\ntrailer\n<< /Size 6 /Root 1 0 R /Prev 464 >>\n".utf8)
      update += Array("startxref\n\(xref)\n%%EOF\n".utf8)
      return original + update
    }
    // After an end-of-line pdfbind added: the length recorded is the one before it.
    let added = try #require(
      revisions(table("\n%pdfbind 0.2.0 prev-length \(original.count)\n")))
    #expect(added.count == 2)
    #expect(added[0].end == original.count + 1)
    #expect(added[1].marker == UpdateMarker(version: "0.2.0", previousLength: original.count))
    // A marker whose length does not match where it stands is not pdfbind's.
    for wrong in [original.count - 1, original.count + 5, 0] {
      let scans = try #require(revisions(table("\n%pdfbind 0.2.0 prev-length \(wrong)\n")))
      #expect(scans[1].marker == nil, "prev-length \(wrong)")
    }
  }

  @Test("CRLF after %%EOF belongs to the revision it ends")
  func crlf() throws {
    let scans = try #require(revisions(try fixture("crlf.pdf")))
    let bytes = try fixture("crlf.pdf")
    #expect(scans.count == 1)
    #expect(scans[0].end == bytes.count)
    #expect(Array(bytes[scans[0].eofEnd...]) == [0x0D, 0x0A])
  }

  @Test("A file cut short shows only the revisions it still holds whole")
  func cutShort() throws {
    let bytes = try fixture("several-updates.pdf")
    let whole = try #require(revisions(bytes))
    for length in 0...bytes.count {
      let held = whole.filter { $0.eofEnd <= length }
      guard let scans = revisions(Array(bytes.prefix(length))) else {
        // Nothing to start from only when the cut is inside a revision (through its last
        // startxref, say), never just after a %%EOF.
        #expect(
          !whole.contains { $0.eofEnd <= length && length <= $0.end }, "cut at \(length)")
        continue
      }
      #expect(scans.count == held.count, "cut at \(length)")
      for (scan, original) in zip(scans, held) {
        #expect(
          scan.start == original.start && scan.eofEnd == original.eofEnd
            && scan.end == min(original.end, length)
            && scan.sections.map(\.start) == original.sections.map(\.start),
          "cut at \(length)")
      }
    }
  }

  @Test("Arbitrary bytes never crash the scan, and what it finds holds together")
  func arbitraryBytes() throws {
    var generator = SplitMix64(seed: 14)
    let base = try fixture("several-updates.pdf")
    var found = 0
    for _ in 0..<300 {
      var bytes = base
      for _ in 0..<8 {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        bytes[index] = UInt8.random(in: 0...255, using: &generator)
      }
      bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
      guard let scans = revisions(bytes) else { continue }
      found += 1
      expectConsistent(scans, in: bytes)
    }
    // Eight bytes changed in 1,422 usually leave the tail readable: the checks above ran.
    #expect(found > 30, "only \(found) of 300 scans found revisions")
  }

  /// Revisions tile the file from its start, each ends just after its `%%EOF` and one
  /// end-of-line, holds the sections that start in it, and a marker sits where pdfbind writes
  /// one.
  private func expectConsistent(
    _ scans: [RevisionScan], in bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(scans.first?.start == 0, sourceLocation: sourceLocation)
    for (earlier, later) in zip(scans, scans.dropFirst()) {
      #expect(later.start == earlier.end, sourceLocation: sourceLocation)
    }
    for scan in scans {
      #expect(scan.start < scan.end && scan.end <= bytes.count, sourceLocation: sourceLocation)
      #expect(
        scan.eofEnd >= 5 && scan.eofEnd <= scan.end && scan.end - scan.eofEnd <= 2,
        sourceLocation: sourceLocation)
      if scan.eofEnd >= 5 {
        #expect(bytes[scan.eofEnd - 5..<scan.eofEnd].elementsEqual("%%EOF".utf8))
      }
      #expect(!scan.sections.isEmpty, sourceLocation: sourceLocation)
      for section in scan.sections {
        #expect(
          section.start >= scan.start && section.start < scan.end && section.end <= scan.end,
          sourceLocation: sourceLocation)
      }
      if let marker = scan.marker, let offset = scan.markerOffset {
        #expect(
          offset >= scan.start && [0, 1].contains(offset - marker.previousLength),
          sourceLocation: sourceLocation)
      }
    }
  }
}
