import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// The one reader of PDF bytes, piece by piece: tokens as byte ranges with what a strict
/// caller declines flagged, values, stream filters, and any bytes without a crash.
@Suite("Syntax")
struct SyntaxTests {
  private func tokens(_ text: String) -> [(Token.Kind, String, Bool, Bool)] {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { raw in
      var lexer = Lexer(bytes: raw)
      var tokens: [(Token.Kind, String, Bool, Bool)] = []
      while true {
        let token = lexer.next()
        if token.kind == .end { return tokens }
        tokens.append(
          (
            token.kind, String(decoding: bytes[token.range], as: UTF8.self),
            token.followsComment, token.nameIsEscaped
          ))
      }
    }
  }

  private func value(_ text: String, _ strictness: Strictness = .strict) -> PDFValue? {
    Array(text.utf8).withUnsafeBytes { raw in
      var parser = ObjectParser(bytes: raw, position: 0, strictness: strictness)
      return parser.value()
    }
  }

  @Test("Tokens are byte ranges; comments and escaped names are flagged")
  func lexer() {
    let read = tokens("<</A#20B 12 0 R>>% note\n[-3 .5 (a(b)c) <4142>] endobj")
    #expect(
      read.map(\.1) == [
        "<<", "/A#20B", "12", "0", "R", ">>", "[", "-3", ".5", "(a(b)c)",
        "<4142>", "]", "endobj",
      ])
    #expect(read[1].3 && !read[2].3)
    #expect(read[6].2 && !read[5].2)
    #expect(read[7].0 == .integer(-3) && read[8].0 == .real && read[12].0 == .keyword)
    #expect(tokens("(open").first?.0 == .invalid)
    #expect(tokens("1234567890123456789").first?.0 == .keyword)
  }

  @Test("Values: references, strings with escapes, and what strict reading declines")
  func values() {
    #expect(
      value("<< /Root 1 0 R /S (a\\)b\\101\\\nc) /H <41 4> /N /A#42 >>", .tolerant)
        == .dictionary([
          (Array("Root".utf8), .reference(objectNumber: 1, generation: 0)),
          (Array("S".utf8), .string(Array("a)bAc".utf8))),
          (Array("H".utf8), .string([0x41, 0x40])),
          (Array("N".utf8), .name(Array("AB".utf8))),
        ]))
    #expect(value("<< /A 1 /A 2 >>") == nil)
    #expect(value("<< /A 1 /A 2 >>", .tolerant) == .dictionary([(Array("A".utf8), .integer(2))]))
    #expect(value("<< /A#42 1 >>") == nil)
    #expect(value("<< /A % c\n 1 >>") == nil)
    #expect(value("RTL") == nil && value("RTL", .tolerant) == .string(Array("RTL".utf8)))
    #expect(value("[1 -2 R]") == nil)
    #expect(
      value("[1 2 R 3]") == .array([.reference(objectNumber: 1, generation: 2), .integer(3)]))
  }

  @Test("The N G obj header is read in one place")
  func objectHeader() {
    #expect(ObjectHeader.parse(Array("  7 0 obj\n<<".utf8))?.start == 2)
    #expect(ObjectHeader.parse(Array("7 0 objx".utf8)) == nil)
    #expect(ObjectHeader.parse(Array("%c\n7 0 obj".utf8)) == nil)
    #expect(ObjectHeader.parse(Array("-7 0 obj".utf8)) == nil)
  }

  @Test("Flate with a PNG Up predictor decodes; anything unknown declines")
  func filters() throws {
    // Rows [1 0 15] and [1 0 64] under /Predictor 12 /Columns 3 (Up), compressed by zlib.
    let rows: [UInt8] = [2, 1, 0, 15, 2, 0, 0, 49]
    let script = "import sys, zlib; sys.stdout.buffer.write(zlib.compress(bytes(\(rows))))"
    let compressed = try runProcess("/usr/bin/python3", ["-c", script]).stdout
    let dictionary = PDFValue.dictionary([
      (Array("Filter".utf8), .name("FlateDecode")),
      (
        Array("DecodeParms".utf8),
        .dictionary([
          (Array("Predictor".utf8), .integer(12)), (Array("Columns".utf8), .integer(3)),
        ])
      ),
    ])
    let decoded = [UInt8](compressed).withUnsafeBytes {
      StreamFilters.decode($0, dictionary: dictionary)
    }
    #expect(decoded == [1, 0, 15, 1, 0, 64])
    let lzw = PDFValue.dictionary([(Array("Filter".utf8), .name("LZWDecode"))])
    #expect(
      [UInt8](compressed).withUnsafeBytes { StreamFilters.decode($0, dictionary: lzw) } == nil)
    #expect([UInt8]([1, 2, 3]).withUnsafeBytes { StreamFilters.inflate($0) } == nil)
  }

  @Test("Arbitrary bytes never crash the reader; strict reading declines, never differs")
  func arbitraryBytes() throws {
    var random = SplitMix64(seed: 0x5157_A7)
    let sources = try ["object-streams.pdf", "hybrid-single-section.pdf", "several-updates.pdf"]
      .map { [UInt8](try Fixture.bytes($0)) }
    var objectsRead = 0
    for _ in 0..<600 {
      var bytes = sources[Int(random.next() % UInt64(sources.count))]
      for _ in 0..<Int(1 + random.next() % 6) {
        let position = Int(random.next() % UInt64(bytes.count))
        bytes[position] = UInt8(truncatingIfNeeded: random.next())
      }
      bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
      objectsRead += bytes.withUnsafeBytes { raw in
        let startxref = FileTail.lastStartxref(in: Array(raw.suffix(FileTail.tailWindow))) ?? 0
        let chains = [Strictness.strict, .tolerant].map {
          CrossReferenceReader(bytes: raw, header: 0, strictness: $0).chain(startxref: startxref)
            .sections
        }
        // Every section lies inside the bytes, and the strict chain is the tolerant one's
        // beginning: strict reading stops where it declines a section, it reads none
        // differently.
        for section in chains.joined() {
          #expect(section.start >= 0 && section.start < section.end && section.end <= raw.count)
        }
        #expect(chains[1].map(\.start).starts(with: chains[0].map(\.start)))
        var strict = ObjectReader(bytes: raw, header: 0, strictness: .strict, sections: chains[0])
        var tolerant = ObjectReader(
          bytes: raw, header: 0, strictness: .tolerant, sections: chains[1])
        var read = 0
        for number in 0..<12 {
          guard let value = strict.object(number, 0) else { continue }
          read += 1
          #expect(tolerant.object(number, 0) == value, "object \(number)")
        }
        return read
      }
    }
    // Most cuts leave no startxref to start from, yet the others read objects (213 with this
    // seed): the comparisons above ran.
    #expect(objectsRead > 100, "strict reading read only \(objectsRead) objects")
  }

  @Test("An offset qpdf reports names the object whose bytes hold it, in the file or a stream")
  func objectAtOffset() throws {
    let bytes = [UInt8](try Fixture.bytes("object-streams.pdf"))
    bytes.withUnsafeBytes { raw in
      let startxref = FileTail.lastStartxref(in: Array(raw.suffix(FileTail.tailWindow))) ?? 0
      let reader = CrossReferenceReader(bytes: raw, header: 0, strictness: .tolerant)
      var objects = ObjectReader(
        bytes: raw, header: 0, strictness: .tolerant,
        sections: reader.chain(startxref: startxref).sections)
      var inStreams: [Int: Set<Int>] = [:]
      for number in 1..<64 {
        guard let entry = objects.entry(for: number), entry.inUse else { continue }
        if let stream = entry.objectStream {
          inStreams[stream, default: []].insert(number)
        } else {
          // Its `N G obj`, and a byte inside it, are the object's own.
          #expect(objects.objectNumber(atFileOffset: entry.offset) == number)
          #expect(objects.objectNumber(atFileOffset: entry.offset + 8) == number)
          #expect(objects.objectNumber(atFileOffset: entry.offset - 1) != number)
        }
      }
      #expect(!inStreams.isEmpty, "the fixture keeps objects in an object stream")
      // Every offset in a stream's data names one of the objects it holds, each of them once.
      for (stream, numbers) in inStreams {
        let named = Set(
          (0..<4096).compactMap { objects.objectNumber(atOffset: $0, inObjectStream: stream) })
        #expect(named == numbers, "object stream \(stream)")
      }
    }
  }

  @Test("A ToUnicode CMap's letters are read with the one lexer")
  func toUnicodeLetters() {
    let cmap = """
      /CIDInit /ProcSet findresource begin
      2 beginbfchar
      <01> <0627>
      <02> <0041>
      endbfchar
      2 beginbfrange
      <03> <05> <05D0>
      <06> <07> [<0031> <05E9>]
      endbfrange
      <08> <0043>
      """
    #expect(
      ToUnicodeLetters.letters(in: cmap)
        == ["\u{0627}", "A", "\u{05D0}", "\u{05D1}", "\u{05D2}", "\u{05E9}"])
  }
}
