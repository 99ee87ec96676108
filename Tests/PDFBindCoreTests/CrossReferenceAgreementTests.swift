import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore

/// The one cross-reference reader against qpdf's merged table (`qpdf --show-xref`): on every
/// fixture, corpus file and damaged copy that qpdf opens without a warning, the reader's view
/// (strict or tolerant) either gives up or lists exactly qpdf's objects, with the same offsets,
/// object streams and indices. The revision scan is held to the same judge: the prefix up to
/// each revision's end is a document qpdf opens as it is, and its table is the reader's.
@Suite("Cross-reference reader against qpdf")
struct CrossReferenceAgreementTests {
  /// qpdf's table of a file it reads without a warning: `number` → `generation kind a b`.
  static func qpdfTable(_ path: String) throws -> [Int: String]? {
    let result = try runProcess("/usr/bin/qpdf", ["--show-xref", path])
    guard result.status == 0, result.err.isEmpty else { return nil }
    var table: [Int: String] = [:]
    for line in result.out.split(separator: "\n") {
      // `12/0: uncompressed; offset = 345` or `13/0: compressed; stream = 5, index = 2`
      let words = line.split(whereSeparator: { " /:;,=".contains($0) })
      guard words.count >= 4, let number = Int(words[0]) else { return nil }
      table[number] = words.filter { Int($0) != nil || $0.hasSuffix("compressed") }.dropFirst()
        .joined(separator: " ")
    }
    return table
  }

  /// The reader's table of `bytes`, in qpdf's form; nil when its chain stops short.
  static func readerTable(_ bytes: [UInt8], _ strictness: Strictness) -> [Int: String]? {
    bytes.withUnsafeBytes { bytes in
      guard let header = FileTail.headerOffset(in: bytes.prefix(FileTail.headWindow)),
        let startxref = FileTail.lastStartxref(
          in: Array(bytes[max(0, bytes.count - FileTail.tailWindow)...]))
      else { return nil }
      let reader = CrossReferenceReader(bytes: bytes, header: header, strictness: strictness)
      let (sections, complete) = reader.chain(startxref: startxref)
      guard complete, sections.allSatisfy({ $0.streamObject == nil || $0.rows != nil }) else {
        return nil
      }
      let objects = ObjectReader(
        bytes: bytes, header: header, strictness: strictness, sections: sections)
      var table: [Int: String] = [:]
      for number in Set(sections.flatMap { $0.entries(in: bytes).map(\.number) }) where number > 0 {
        guard let entry = objects.entry(for: number), entry.inUse else { continue }
        table[number] =
          if let stream = entry.objectStream {
            "\(entry.generation) compressed \(stream) \(entry.offset)"
          } else {
            "\(entry.generation) uncompressed \(entry.offset)"
          }
      }
      return table
    }
  }

  /// Checks one file; true when qpdf read it cleanly and the strict reader answered.
  @discardableResult
  static func expectAgreement(_ path: String, _ bytes: [UInt8]) throws -> Bool {
    guard let judged = try qpdfTable(path) else { return false }
    var strictAnswered = false
    for strictness in [Strictness.strict, .tolerant] {
      guard let read = readerTable(bytes, strictness) else { continue }
      if strictness == .strict { strictAnswered = true }
      let differing = Set(judged.keys).union(read.keys).filter { judged[$0] != read[$0] }.sorted()
      let shown = differing.prefix(5)
      let qpdfSays = shown.map { judged[$0] ?? "-" }
      let readerSays = shown.map { read[$0] ?? "-" }
      #expect(
        differing.isEmpty,
        "\(path) (\(strictness)): objects \(shown): qpdf \(qpdfSays), reader \(readerSays)")
    }
    return strictAnswered
  }

  static func files() throws -> [String] {
    try CatalogFastPathTests.pdfs(in: Fixture.directory)
      + CatalogFastPathTests.pdfs(in: Fixture.corpus)
  }

  @Test("Fixtures and corpus: the reader's table is qpdf's, streams and hybrids included")
  func fixturesAndCorpus() throws {
    var answered: [String] = []
    for path in try Self.files() {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      if try Self.expectAgreement(path, bytes) { answered.append(path) }
    }
    let streams = answered.filter { path in
      let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
      return bytes.withUnsafeBytes { bytes in
        let startxref = FileTail.lastStartxref(
          in: Array(bytes[max(0, bytes.count - FileTail.tailWindow)...]))
        return startxref.map { CrossReferenceReader.sectionKind(in: bytes, at: $0) } == .stream
      }
    }
    #expect(answered.count >= 60, "the strict reader answered only \(answered.count) files")
    #expect(streams.count >= 15, "the strict reader answered only \(streams.count) stream files")
  }

  @Test("Damaged copies: the reader's table is qpdf's, or the reader gives up")
  func mutants() throws {
    let directory = try Fixture.temporaryDirectory()
    let sources = try Self.files().map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
      .filter { $0.count < 1_000_000 }
    var random = SplitMix64(seed: 21)
    let count = ProcessInfo.processInfo.environment["PDFBIND_MUTANTS"].flatMap(Int.init) ?? 400
    var answered = 0
    for index in 0..<count {
      var bytes = sources[Int(random.next() % UInt64(sources.count))]
      // The damage lands in the last 4 KB, where the sections usually are.
      for _ in 0...Int(random.next() % 2) {
        let position = bytes.count - 1 - Int(random.next() % UInt64(min(bytes.count, 4096)))
        let syntax = Array("0123456789 \n\rnf/<>[]()R".utf8)
        switch random.next() % 3 {
        case 0: bytes[position] = syntax[Int(random.next() % UInt64(syntax.count))]
        case 1: bytes[position] = UInt8(truncatingIfNeeded: random.next())
        default:
          bytes.removeSubrange(position..<min(bytes.count, position + 1 + Int(random.next() % 8)))
        }
        if bytes.isEmpty { bytes = Array("%PDF-1.4\n".utf8) }
      }
      let path = directory.appendingPathComponent("mutant-\(index).pdf").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      if try Self.expectAgreement(path, bytes) { answered += 1 }
      try FileManager.default.removeItem(atPath: path)
    }
    #expect(answered >= count / 10, "the strict reader answered only \(answered) of \(count)")
  }

  @Test("Each revision the scan finds ends a document qpdf reads as it is, with the same table")
  func revisionPrefixes() throws {
    let directory = try Fixture.temporaryDirectory()
    var checked = 0
    for path in try Self.files() {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      // Files qpdf reads cleanly whole: their revisions must read cleanly too.
      guard try Self.qpdfTable(path) != nil,
        let scans = bytes.withUnsafeBytes({ RevisionScanner.revisions(in: $0) })
      else { continue }
      for (index, scan) in scans.enumerated() {
        let prefix = Array(bytes[..<scan.end])
        let prefixPath = directory.appendingPathComponent("revision.pdf").path
        try Data(prefix).write(to: URL(fileURLWithPath: prefixPath))
        // An older revision need not be a document by itself (a hybrid file's first table
        // may leave its catalog to the stream an update adds); the newest must be.
        guard let judged = try Self.qpdfTable(prefixPath) else {
          #expect(index < scans.count - 1, "\(path): qpdf does not read the newest revision")
          continue
        }
        let read = Self.readerTable(prefix, .tolerant)
        #expect(read == judged, "\(path): revision \(index + 1)'s table differs from qpdf's")
        checked += 1
      }
    }
    #expect(checked >= 90, "only \(checked) revisions checked")
  }
}
