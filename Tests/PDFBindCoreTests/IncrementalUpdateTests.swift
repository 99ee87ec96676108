import Foundation
import Testing

@testable import PDFBindCore

/// The bytes of an update, checked offset by offset before any reader sees them.
@Suite("Incremental update bytes")
struct IncrementalUpdateTests {
  /// A catalog `1 0 obj << /Type /Catalog /Pages 2 0 R >>` in a 500-byte file whose last
  /// section is at 400.
  private func update(
    kind: CrossReferenceKind, headerOffset: Int = 0, endsWithNewline: Bool = true,
    objects: [RewrittenObject]? = nil
  ) -> IncrementalUpdate {
    let catalog = PDFValue.dictionary([
      (Array("Type".utf8), .name("Catalog")),
      (Array("Pages".utf8), .reference(objectNumber: 2, generation: 0)),
      (Array("ViewerPreferences".utf8), .dictionary([(Array("Direction".utf8), .name("R2L"))])),
    ])
    return IncrementalUpdate(
      layout: FileLayout(
        headerOffset: headerOffset, startxref: 400, endsWithNewline: endsWithNewline),
      originalSize: 500, kind: kind, previousSize: 7,
      carriedTrailerEntries: [
        (Array("Root".utf8), .reference(objectNumber: 1, generation: 0)),
        (Array("ID".utf8), .array([.string([0xAB, 0x01]), .string([0xAB, 0x02])])),
      ],
      objects: objects ?? [RewrittenObject(objectNumber: 1, generation: 0, value: catalog)],
      version: "9.9.9")
  }

  /// `%pdfbind 9.9.9 prev-length 500\n`: 31 bytes before the first object.
  private let markerLength = 31

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test("A table update: marker, object, 20-byte entry, trailer with /Prev, startxref")
  func tableUpdate() {
    let bytes = update(kind: .table).bytes()
    #expect(
      text(bytes) == """
        %pdfbind 9.9.9 prev-length 500
        1 0 obj
        << /Type /Catalog /Pages 2 0 R /ViewerPreferences << /Direction /R2L >> >>
        endobj
        xref
        1 1
        0000000531 00000 n \n\
        trailer
        << /Size 7 /Root 1 0 R /ID [<AB01> <AB02>] /Prev 400 >>
        startxref
        621
        %%EOF

        """)
    // The entry line is exactly 20 bytes, and startxref points at "xref".
    let lines = text(bytes).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[6].utf8.count + 1 == 20)
    #expect(text(Array(bytes[(621 - 500)...])).hasPrefix("xref\n"))
  }

  @Test("Offsets are relative to the header, and a missing final newline comes before the marker")
  func headerOffsetAndNewline() {
    let bytes = update(kind: .table, headerOffset: 14, endsWithNewline: false).bytes()
    #expect(bytes.first == 0x0A)
    // The marker records the length before that newline: revert restores exactly 500 bytes.
    #expect(text(bytes).hasPrefix("\n%pdfbind 9.9.9 prev-length 500\n1 0 obj\n"))
    // The object starts at 501 + 31 = 532 in the file, 518 after the header.
    #expect(text(bytes).contains("0000000518 00000 n \n"))
    let xrefAt = 500 + text(bytes).utf8.split(separator: UInt8(ascii: "x"), maxSplits: 1)[0].count
    #expect(text(bytes).hasSuffix("startxref\n\(xrefAt - 14)\n%%EOF\n"))
  }

  @Test("Hybrid files get a classic table without /XRefStm")
  func hybridUpdate() {
    let bytes = text(update(kind: .hybrid).bytes())
    #expect(bytes.contains("\nxref\n1 1\n"))
    #expect(!bytes.contains("XRefStm"))
  }

  @Test("After a hybrid file, the update's table names its own copy of the /XRefStm rows")
  func hybridUpdateWithStreamCopy() throws {
    // Rows for 3, 4 and 9 (/W [1 2 1]); 9 is the original stream itself and stays behind.
    let original = PDFValue.dictionary([
      (Array("Type".utf8), .name("XRef")), (Array("Size".utf8), .integer(10)),
      (Array("W".utf8), .array([.integer(1), .integer(2), .integer(1)])),
      (Array("Index".utf8), .array([.integer(3), .integer(2), .integer(9), .integer(1)])),
    ])
    let rows: [UInt8] = [2, 0, 6, 0, 2, 0, 6, 1, 1, 0x01, 0xF4, 0]
    let decoded = try #require(
      CrossReferenceRows(dictionary: original, data: rows, strictness: .strict))
    let copy = try #require(CrossReferenceStreamCopy(decoded, omitting: 9))
    #expect(copy.numbers == [3, 4])
    #expect(copy.rows == Array(rows.prefix(8)))
    var hybrid = update(kind: .hybrid)
    hybrid.crossReferenceStreamCopy = copy
    let bytes = hybrid.bytes()
    // The catalog at 500 + 31, then the copy as object 7 (the old /Size), then the table.
    let copyOffset = 500 + markerLength + 90
    #expect(
      text(Array(bytes[(copyOffset - 500)...])).hasPrefix(
        "7 0 obj\n<< /Type /XRef /Size 8 /W [1 2 1] /Index [3 2] /Length 8 >>\nstream\n"))
    #expect(
      text(bytes).contains("xref\n1 1\n0000000531 00000 n \n7 1\n0000000\(copyOffset) 00000 n \n"))
    #expect(
      text(bytes).contains(
        "trailer\n<< /Size 8 /Root 1 0 R /ID [<AB01> <AB02>] /XRefStm \(copyOffset) /Prev 400 >>"))
  }

  @Test("Subsections group consecutive numbers; generations are kept")
  func subsections() {
    let objects = [5, 3, 4, 9].map {
      RewrittenObject(objectNumber: $0, generation: $0 == 9 ? 2 : 0, value: .dictionary([]))
    }
    let bytes = text(update(kind: .table, objects: objects).bytes())
    #expect(bytes.contains("xref\n3 3\n"))
    #expect(bytes.contains("9 1\n"))
    #expect(bytes.contains(" 00002 n \n"))
    #expect(bytes.contains("9 2 obj\n"))
    #expect(bytes.contains("/Size 10 "))
  }

  @Test("A stream update: new object numbered with the old /Size, rows that decode")
  func streamUpdate() throws {
    let bytes = update(kind: .stream).bytes()
    let body = text(bytes)
    // The xref stream is object 7 (old /Size), /Size becomes 8.
    let streamStart = try #require(body.range(of: "7 0 obj\n"))
    let streamOffset = 500 + body.utf8.distance(from: body.startIndex, to: streamStart.lowerBound)
    #expect(body.contains("<< /Type /XRef /Size 8 /W [1 2 1] /Index [1 1 7 1] /Root 1 0 R"))
    #expect(body.contains("/Prev 400 /Length 8 >>\nstream\n"))
    #expect(body.hasSuffix("endstream\nendobj\nstartxref\n\(streamOffset)\n%%EOF\n"))
    // Rows: type 1, 2-byte offset, 1-byte generation; object 1 at 500, object 7 at its start.
    let dataStart = try #require(
      bytes.indices.first { index in
        bytes[index...].starts(with: Array("stream\n".utf8)) && index > 0
          && bytes[index - 1] == 0x0A
      })
    let rows = Array(bytes[(dataStart + 7)..<(dataStart + 15)])
    // Object 1 at 500 + 31 = 531 (0x0213), after the marker.
    #expect(rows == [1, 0x02, 0x13, 0, 1, UInt8(streamOffset >> 8), UInt8(streamOffset & 0xFF), 0])
  }

  @Test("Strings are encrypted with their object's number and generation")
  func encryptedStrings() {
    let object = RewrittenObject(
      objectNumber: 4, generation: 1,
      value: .dictionary([(Array("Lang".utf8), .string(Array("he".utf8)))]))
    var seen: [(Int, Int)] = []
    let bytes = update(kind: .table, objects: [object]).bytes { plain, number, generation in
      seen.append((number, generation))
      return plain.map { $0 ^ 0xFF }
    }
    #expect(seen.count == 1 && seen[0] == (4, 1))
    #expect(text(bytes).contains("<< /Lang <979A> >>"))
    // The trailer's /ID is never encrypted (ISO 32000-1 §7.6.1).
    #expect(text(bytes).contains("/ID [<AB01> <AB02>]"))
  }

  @Test("The marker parses back; other comments and misplaced fields do not")
  func marker() {
    let marker = UpdateMarker(version: "0.2.0", previousLength: 123_456)
    #expect(text(marker.bytes) == "%pdfbind 0.2.0 prev-length 123456\n")
    for (line, expected) in [
      (marker.bytes, Optional(marker)),
      (
        Array("%pdfbind 0.2.0 prev-length 7\r\n".utf8),
        UpdateMarker(version: "0.2.0", previousLength: 7)
      ),
      (Array("%pdfbind 0.2.0 prev-length -7\n".utf8), nil),
      (Array("%pdfbind 0.2.0 length 7\n".utf8), nil),
      (Array("%pdfbind 0.2.0 prev-length 7".utf8), nil),
      (Array("%PDF-1.7\n".utf8), nil),
    ] {
      let parsed = line.withUnsafeBytes { UpdateMarker.parse($0, at: 0) }
      #expect(parsed == expected, "\(text(line).debugDescription)")
    }
  }

  @Test("Names with delimiters and non-ASCII bytes are escaped")
  func names() {
    var out: [UInt8] = []
    PDFSyntax.serialize(.name(Array("A B#(é)".utf8)), into: &out)
    #expect(text(out) == "/A#20B#23#28#C3#A9#29")
  }
}
