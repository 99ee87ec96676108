import PDFBindTestSupport
import Testing

@testable import PDFBindCore

/// The byte scans the writer depends on: the header, the last startxref, the section kind.
@Suite("File scan")
struct FileScanTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test("The header may follow leading junk")
  func headerOffset() {
    #expect(FileScan.headerOffset(in: bytes("%PDF-1.7\n")) == 0)
    #expect(FileScan.headerOffset(in: bytes("garbage\r\n%PDF-1.4")) == 9)
    #expect(FileScan.headerOffset(in: bytes("no header here")) == nil)
    let late = [UInt8](repeating: 0x20, count: 1030) + bytes("%PDF-1.4")
    #expect(FileScan.headerOffset(in: late) == nil)
  }

  @Test("The last startxref wins, whatever the whitespace")
  func lastStartxref() {
    #expect(FileScan.lastStartxref(in: bytes("startxref\n123\n%%EOF\n")) == 123)
    #expect(FileScan.lastStartxref(in: bytes("startxref 1\n%%EOF\nstartxref\r\n 456 %%EOF")) == 456)
    #expect(FileScan.lastStartxref(in: bytes("startxref\n%%EOF")) == nil)
    #expect(FileScan.lastStartxref(in: bytes("startxref 7\nstartxref\n%%EOF")) == 7)
    #expect(FileScan.lastStartxref(in: []) == nil)
  }

  @Test("A section is a table or an xref stream object")
  func sectionKind() {
    #expect(FileScan.sectionKind(at: bytes("xref\n0 1\n")) == .table)
    #expect(FileScan.sectionKind(at: bytes("\r\n  xref")) == .table)
    #expect(FileScan.sectionKind(at: bytes("12 0 obj\n<< /Type /XRef")) == .stream)
    #expect(FileScan.sectionKind(at: bytes("\n12 0 obj")) == .stream)
    #expect(FileScan.sectionKind(at: bytes("trailer")) == nil)
    #expect(FileScan.sectionKind(at: bytes("12 obj")) == nil)
    #expect(FileScan.sectionKind(at: []) == nil)
  }

  @Test("An object header gives the number and generation")
  func objectHeader() {
    #expect(
      FileScan.objectHeader(in: bytes("\n12 3 obj\n<<")).map { [$0.number, $0.generation] } == [
        12, 3,
      ])
    #expect(
      FileScan.objectHeader(in: bytes("70003 0 obj")).map { [$0.number, $0.generation] } == [
        70003, 0,
      ])
    #expect(FileScan.objectHeader(in: bytes("12 obj")) == nil)
    #expect(FileScan.objectHeader(in: bytes("12 0 R")) == nil)
  }

  @Test("The damage sample of a large file avoids objects in object streams when it can")
  func damageSample() {
    let plain = UpdatePlanner.objectsToCheck(size: 70_001)
    #expect(
      plain.count == UpdatePlanner.damageCheckSample && plain.first == 1 && plain.last == 70_000)
    // Every object but each 14th lives in an object stream.
    let compressed = Set((1..<70_001).filter { $0 % 14 != 0 })
    let sample = UpdatePlanner.objectsToCheck(size: 70_001, skipping: compressed)
    #expect(sample.count == UpdatePlanner.damageCheckSample)
    #expect(sample.allSatisfy { !compressed.contains($0) })
    #expect(Set(sample).count == sample.count && sample.last == 70_000)
    // Too few left: the plain sample.
    #expect(UpdatePlanner.objectsToCheck(size: 70_001, skipping: Set(1..<70_000)) == plain)
    // Small files are read whole, skipped or not.
    #expect(UpdatePlanner.objectsToCheck(size: 10, skipping: [1, 2]) == Array(1..<10))
  }

  @Test("Arbitrary bytes never crash the scans")
  func arbitraryBytes() {
    // Seeded, so a failure can be reproduced.
    var generator = SplitMix64(seed: 0x5EED_F11E)
    let alphabet = bytes("startxref%%EOF%PDF-xref obj 0123456789\n\r ")
    for _ in 0..<2_000 {
      let length = Int.random(in: 0..<200, using: &generator)
      let input = (0..<length).map { _ in
        Bool.random(using: &generator)
          ? alphabet.randomElement(using: &generator)!
          : UInt8.random(in: 0...255, using: &generator)
      }
      // Each answer must be backed by the bytes it names.
      #expect(
        FileScan.headerOffset(in: input)
          == Array(input.prefix(FileScan.headWindow)).firstRange(of: bytes("%PDF-"))?.lowerBound)
      if FileScan.lastStartxref(in: input) != nil {
        #expect(input.firstRange(of: bytes("startxref")) != nil)
      }
      #expect(FileScan.containsEOFMarker(input) == (input.firstRange(of: bytes("%%EOF")) != nil))
      if FileScan.sectionKind(at: input) == .table {
        #expect(input.firstRange(of: bytes("xref")) != nil)
      } else if FileScan.sectionKind(at: input) == .stream {
        #expect(input.firstRange(of: bytes("obj")) != nil)
      }
    }
  }
}
