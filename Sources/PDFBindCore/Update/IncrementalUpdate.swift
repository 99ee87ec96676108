/// One object the update rewrites, under its existing number and generation.
struct RewrittenObject: Equatable, Sendable {
  var objectNumber: Int
  var generation: Int
  var value: PDFValue
}

/// Builds the bytes of an incremental update (ISO 32000-1 §7.5.6): the rewritten objects, a
/// cross-reference section of the file's own kind, and a trailer that chains to the previous
/// section, after a marker comment that records the file's length before it. Pure: the same
/// facts always give the same bytes, so every offset can be checked in a unit test before any
/// reader sees the file.
struct IncrementalUpdate: Sendable {
  /// Where the original file ends and how its newest section looks.
  var layout: FileLayout
  var originalSize: Int
  var kind: CrossReferenceKind
  /// `/Size` of the newest section.
  var previousSize: Int
  /// `/Root`, `/Info`, `/ID`, `/Encrypt` of the newest trailer, carried forward as they are.
  var carriedTrailerEntries: [(key: [UInt8], value: PDFValue)]
  var objects: [RewrittenObject]
  /// After a hybrid file: the rows of its `/XRefStm` stream, which the update carries as a
  /// stream of its own (nil: a plain table, or `/XRefStm` among the carried entries).
  var crossReferenceStreamCopy: CrossReferenceStreamCopy? = nil
  /// The version the marker records.
  var version = PDFBind.version

  /// The update's bytes. `encryptString` encrypts a string of object (number, generation);
  /// nil for files without encryption.
  func bytes(
    encryptString: (([UInt8], _ objectNumber: Int, _ generation: Int) -> [UInt8])? = nil
  ) -> [UInt8] {
    var out: [UInt8] = []
    // The marker must start a line of its own: after `%%EOF` it would extend that comment.
    if !layout.endsWithNewline { out.append(0x0A) }
    out += UpdateMarker(version: version, previousLength: originalSize).bytes
    var entries: [(number: Int, generation: Int, offset: Int)] = []
    for object in objects.sorted(by: { $0.objectNumber < $1.objectNumber }) {
      entries.append((object.objectNumber, object.generation, relativeOffset(of: out.count)))
      out += Array("\(object.objectNumber) \(object.generation) obj\n".utf8)
      PDFSyntax.serialize(object.value, into: &out) { plain in
        encryptString?(plain, object.objectNumber, object.generation) ?? plain
      }
      out += Array("\nendobj\n".utf8)
    }
    let size = firstFreeNumber
    switch kind {
    case .table, .hybrid:
      guard let copy = crossReferenceStreamCopy else {
        appendTable(entries: entries, size: size, to: &out)
        break
      }
      // The copy takes the first free number, like a cross-reference stream of our own.
      let copyOffset = relativeOffset(of: out.count)
      out += copy.objectBytes(number: size, size: size + 1)
      appendTable(
        entries: entries + [(size, 0, copyOffset)], size: size + 1, streamOffset: copyOffset,
        to: &out)
    case .stream:
      appendStream(entries: entries, streamNumber: size, to: &out)
    }
    return out
  }

  /// The update's `/Size` before its own cross-reference stream (or a hybrid file's copy),
  /// which takes this number.
  var firstFreeNumber: Int {
    max(previousSize, (objects.map(\.objectNumber).max() ?? 0) + 1)
  }

  private func relativeOffset(of indexInUpdate: Int) -> Int {
    originalSize + indexInUpdate - layout.headerOffset
  }

  /// A classic table: one subsection per run of consecutive numbers, 20-byte entries.
  /// `streamOffset`: where the cross-reference stream `/XRefStm` names starts, if any.
  private func appendTable(
    entries: [(number: Int, generation: Int, offset: Int)], size: Int, streamOffset: Int? = nil,
    to out: inout [UInt8]
  ) {
    let sectionOffset = relativeOffset(of: out.count)
    out += Array("xref\n".utf8)
    for run in consecutiveRuns(entries.map(\.number)) {
      out += Array("\(run.first) \(run.count)\n".utf8)
      for entry in entries[run.startIndex..<run.startIndex + run.count] {
        out += Array("\(pad(entry.offset, 10)) \(pad(entry.generation, 5)) n \n".utf8)
      }
    }
    out += Array("trailer\n".utf8)
    PDFSyntax.serialize(trailer(size: size, streamOffset: streamOffset), into: &out)
    out += Array("\nstartxref\n\(sectionOffset)\n%%EOF\n".utf8)
  }

  /// A cross-reference stream, object number `streamNumber` (the old `/Size`), uncompressed
  /// so that no filter stands between a reader and the offsets.
  private func appendStream(
    entries: [(number: Int, generation: Int, offset: Int)], streamNumber: Int,
    to out: inout [UInt8]
  ) {
    let sectionOffset = relativeOffset(of: out.count)
    let all = (entries + [(streamNumber, 0, sectionOffset)]).sorted { $0.number < $1.number }
    let offsetWidth = byteWidth(all.map(\.offset).max() ?? 0)
    let generationWidth = byteWidth(all.map(\.generation).max() ?? 0)
    var rows: [UInt8] = []
    for entry in all {
      rows.append(1)
      rows += bigEndianBytes(entry.offset, width: offsetWidth)
      rows += bigEndianBytes(entry.generation, width: generationWidth)
    }
    var index: [PDFValue] = []
    for run in consecutiveRuns(all.map(\.number)) {
      index += [.integer(Int64(run.first)), .integer(Int64(run.count))]
    }
    var dictionary: [(key: [UInt8], value: PDFValue)] = [
      (Array("Type".utf8), .name("XRef")),
      (Array("Size".utf8), .integer(Int64(streamNumber + 1))),
      (Array("W".utf8), .array([1, offsetWidth, generationWidth].map { .integer(Int64($0)) })),
      (Array("Index".utf8), .array(index)),
    ]
    if case .dictionary(let rest) = trailer(size: streamNumber + 1) {
      dictionary += rest.filter { $0.key != Array("Size".utf8) }
    }
    dictionary.append((Array("Length".utf8), .integer(Int64(rows.count))))
    out += Array("\(streamNumber) 0 obj\n".utf8)
    PDFSyntax.serialize(.dictionary(dictionary), into: &out)
    out += Array("\nstream\n".utf8)
    out += rows
    out += Array("\nendstream\nendobj\nstartxref\n\(sectionOffset)\n%%EOF\n".utf8)
  }

  private func trailer(size: Int, streamOffset: Int? = nil) -> PDFValue {
    var entries: [(key: [UInt8], value: PDFValue)] = [(Array("Size".utf8), .integer(Int64(size)))]
    entries += carriedTrailerEntries
    if let streamOffset { entries.append((Array("XRefStm".utf8), .integer(Int64(streamOffset)))) }
    entries.append((Array("Prev".utf8), .integer(Int64(layout.startxref))))
    return .dictionary(entries)
  }

  private func consecutiveRuns(_ numbers: [Int]) -> [(first: Int, count: Int, startIndex: Int)] {
    var runs: [(first: Int, count: Int, startIndex: Int)] = []
    for (index, number) in numbers.enumerated() {
      if let last = runs.last, last.first + last.count == number {
        runs[runs.count - 1].count += 1
      } else {
        runs.append((number, 1, index))
      }
    }
    return runs
  }

  private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  private func byteWidth(_ value: Int) -> Int {
    var width = 1
    while width < 8, value >> (8 * width) != 0 { width += 1 }
    return width
  }
}
