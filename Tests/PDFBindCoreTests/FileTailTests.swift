import PDFBindTestSupport
import Testing

@testable import PDFBindCore

/// The byte scans the writer depends on: the header, the last startxref, the section kind.
@Suite("File tail")
struct FileTailTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test("The header may follow leading junk")
  func headerOffset() {
    #expect(FileTail.headerOffset(in: bytes("%PDF-1.7\n")) == 0)
    #expect(FileTail.headerOffset(in: bytes("garbage\r\n%PDF-1.4")) == 9)
    #expect(FileTail.headerOffset(in: bytes("no header here")) == nil)
    let late = [UInt8](repeating: 0x20, count: 1030) + bytes("%PDF-1.4")
    #expect(FileTail.headerOffset(in: late) == nil)
  }

  @Test("The last startxref wins, whatever the whitespace")
  func lastStartxref() {
    #expect(FileTail.lastStartxref(in: bytes("startxref\n123\n%%EOF\n")) == 123)
    #expect(FileTail.lastStartxref(in: bytes("startxref 1\n%%EOF\nstartxref\r\n 456 %%EOF")) == 456)
    #expect(FileTail.lastStartxref(in: bytes("startxref\n%%EOF")) == nil)
    #expect(FileTail.lastStartxref(in: bytes("startxref 7\nstartxref\n%%EOF")) == 7)
    #expect(FileTail.lastStartxref(in: []) == nil)
  }

  @Test("A section is a table or an xref stream object")
  func sectionKind() {
    #expect(CrossReferenceReader.sectionKind(in: bytes("xref\n0 1\n")) == .table)
    #expect(CrossReferenceReader.sectionKind(in: bytes("\r\n  xref")) == .table)
    #expect(CrossReferenceReader.sectionKind(in: bytes("12 0 obj\n<< /Type /XRef")) == .stream)
    #expect(CrossReferenceReader.sectionKind(in: bytes("\n12 0 obj")) == .stream)
    #expect(CrossReferenceReader.sectionKind(in: bytes("trailer")) == nil)
    #expect(CrossReferenceReader.sectionKind(in: bytes("12 obj")) == nil)
    #expect(CrossReferenceReader.sectionKind(in: []) == nil)
  }

  @Test("An object header gives the number and generation")
  func objectHeader() {
    #expect(
      ObjectHeader.parse(bytes("\n12 3 obj\n<<")).map { [$0.number, $0.generation] } == [
        12, 3,
      ])
    #expect(
      ObjectHeader.parse(bytes("70003 0 obj")).map { [$0.number, $0.generation] } == [
        70003, 0,
      ])
    #expect(ObjectHeader.parse(bytes("12 obj")) == nil)
    #expect(ObjectHeader.parse(bytes("12 0 R")) == nil)
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
        FileTail.headerOffset(in: input)
          == Array(input.prefix(FileTail.headWindow)).firstRange(of: bytes("%PDF-"))?.lowerBound)
      if FileTail.lastStartxref(in: input) != nil {
        #expect(input.firstRange(of: bytes("startxref")) != nil)
      }
      #expect(FileTail.containsEOFMarker(input) == (input.firstRange(of: bytes("%%EOF")) != nil))
      if CrossReferenceReader.sectionKind(in: input) == .table {
        #expect(input.firstRange(of: bytes("xref")) != nil)
      } else if CrossReferenceReader.sectionKind(in: input) == .stream {
        #expect(input.firstRange(of: bytes("obj")) != nil)
      }
    }
  }
}
