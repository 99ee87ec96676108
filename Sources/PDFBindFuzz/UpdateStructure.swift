import PDFBindCore

/// The structure of an update appended in a classic table, checked by reading the bytes the
/// way the writer lays them out (`xref`, `first count` lines, 20-byte entries, `trailer`,
/// `startxref`, `%%EOF`), apart from pdfbind's readers.
struct UpdateStructure {
  let result: [UInt8]
  let originalCount: Int
  let update: FuzzEntryPoints.PlannedUpdate

  func check() {
    let sectionOffset = Self.sectionOffset(result, originalCount: originalCount)
    let sectionStart = update.headerOffset + sectionOffset
    require(
      sectionStart >= originalCount && sectionStart < result.count,
      "startxref \(sectionOffset) outside the update")
    var cursor = sectionStart
    require(take("xref\n", at: &cursor), "no xref at startxref \(sectionOffset)")
    var listed: [(number: Int, generation: Int)] = []
    while !take("trailer\n", at: &cursor) {
      guard let first = number(at: &cursor), take(" ", at: &cursor),
        let count = number(at: &cursor), take("\n", at: &cursor), count > 0
      else { violated("a bad subsection header at \(cursor)") }
      for index in 0..<count {
        guard let offset = number(at: &cursor), take(" ", at: &cursor),
          let generation = number(at: &cursor), take(" n \n", at: &cursor)
        else { violated("a bad entry at \(cursor)") }
        let objectStart = update.headerOffset + offset
        var at = objectStart
        require(
          objectStart >= originalCount && take("\(first + index) \(generation) obj\n", at: &at),
          "entry \(first + index) points at \(offset), where its object is not")
        listed.append((first + index, generation))
      }
    }
    require(
      listed.map { "\($0.number) \($0.generation)" }
        == update.objects.sorted { $0.number < $1.number }.map { "\($0.number) \($0.generation)" },
      "the table lists \(listed), the update rewrites \(update.objects)")
    // The writer puts /Size first and /Prev last: the entries carried between them are written
    // as the file had them, and may hold those names (`make fuzz`: an /ID array holding /Prev).
    let trailer = Array(result[cursor..<result.count])
    require(trailer.starts(with: Array("<< /Size ".utf8)), "the trailer does not open with /Size")
    require(
      integer(after: "/Prev ", in: trailer, last: true) == update.previousStartxref,
      "/Prev is not the old startxref \(update.previousStartxref)")
    let size = integer(after: "/Size ", in: trailer, last: false) ?? -1
    require(
      size >= update.previousSize && update.objects.allSatisfy { $0.number < size },
      "/Size \(size) after \(update.previousSize) with objects \(update.objects)")
  }

  /// The number of the `startxref N %%EOF` the update ends with.
  static func sectionOffset(_ result: [UInt8], originalCount: Int) -> Int {
    let text = String(decoding: result[originalCount...], as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 4, lines[lines.count - 4] == "startxref",
      lines[lines.count - 2] == "%%EOF", lines[lines.count - 1].isEmpty,
      let offset = Int(lines[lines.count - 3])
    else { violated("the update does not end startxref N %%EOF") }
    return offset
  }

  private func take(_ text: String, at cursor: inout Int) -> Bool {
    let bytes = Array(text.utf8)
    guard result[min(cursor, result.count)...].starts(with: bytes) else { return false }
    cursor += bytes.count
    return true
  }

  private func number(at cursor: inout Int) -> Int? {
    let start = cursor
    while cursor < result.count, cursor - start < 18, (0x30...0x39).contains(result[cursor]) {
      cursor += 1
    }
    return cursor > start ? Int(String(decoding: result[start..<cursor], as: UTF8.self)) : nil
  }

  /// The digits after the first (or `last`) `key` in `bytes`.
  private func integer(after key: String, in bytes: [UInt8], last: Bool) -> Int? {
    let ranges = bytes.ranges(of: Array(key.utf8))
    guard let range = last ? ranges.last : ranges.first else { return nil }
    var cursor = range.upperBound
    let start = cursor
    while cursor < bytes.count, (0x30...0x39).contains(bytes[cursor]) { cursor += 1 }
    return Int(String(decoding: bytes[start..<cursor], as: UTF8.self))
  }
}
