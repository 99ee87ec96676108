/// One cross-reference section (ISO 32000-1 §7.5.4, §7.5.8) as the bytes show it: a classic
/// table and its trailer, or a cross-reference stream and its dictionary.
package struct CrossReferenceSection: Sendable {
  /// Where the section starts in the bytes (absolute, not relative to the header).
  package var start: Int
  /// `.hybrid` for a table whose trailer has `/XRefStm`.
  package var kind: CrossReferenceKind
  /// The trailer, or the stream's dictionary.
  package var trailer: PDFValue
  /// The stream's own `N G obj`.
  package var streamObject: ObjectHeader?
  /// Just after the trailer dictionary (a table) or `endobj` (a stream); just after the
  /// stream's dictionary when its data could not be delimited (tolerant reading only).
  package var end: Int
  /// A hybrid table's stream (`/XRefStm`), read after the table (§7.5.8.4).
  package var isHybridStream = false

  /// A table's subsections.
  var subsections: [TableSubsection] = []
  /// A stream's rows; nil for a table, or when a stream's data could not be decoded.
  var rows: CrossReferenceRows?

  /// One subsection: entries in the strict 20-byte form (read in place), or as tokens.
  struct TableSubsection: Sendable {
    var first: Int
    var count: Int
    /// Where the fixed-width entries start.
    var fixedEntries: Int?
    var parsedEntries: [XRefEntry] = []

    func contains(_ number: Int) -> Bool { number >= first && number < first + count }
  }

  /// `/Prev`, when it is an integer.
  package var previous: Int? {
    if case .integer(let value)? = trailer["Prev"] { Int(value) } else { nil }
  }

  /// `/XRefStm` of a table, when it is an integer.
  package var xrefStream: Int? {
    guard streamObject == nil, case .integer(let value)? = trailer["XRefStm"] else { return nil }
    return Int(value)
  }

  /// Every entry the section lists (a table's, or a decoded stream's), in order.
  func entries(in bytes: UnsafeRawBufferPointer) -> [XRefEntry] {
    if let rows { return rows.entries }
    return subsections.flatMap { subsection in
      guard let start = subsection.fixedEntries else { return subsection.parsedEntries }
      return (0..<subsection.count).map {
        Self.fixedEntry(in: bytes, at: start + $0 * 20, number: subsection.first + $0)
      }
    }
  }

  /// How many entries the section lists (a number listed twice counts twice).
  var entryCount: Int {
    if let rows { return rows.ranges.reduce(0) { $0 + $1.count } }
    return subsections.reduce(0) { $0 + $1.count }
  }

  /// The entry for `number`: nil when the section does not list it, `.ambiguous` when two
  /// subsections do.
  func lookup(_ number: Int, in bytes: UnsafeRawBufferPointer) -> Lookup {
    if let rows { return rows.entry(for: number).map(Lookup.entry) ?? .absent }
    var found: Lookup = .absent
    for subsection in subsections where subsection.contains(number) {
      guard case .absent = found else { return .ambiguous }
      let index = number - subsection.first
      found = .entry(
        subsection.fixedEntries.map {
          Self.fixedEntry(in: bytes, at: $0 + index * 20, number: number)
        }
          ?? subsection.parsedEntries[index])
    }
    return found
  }

  enum Lookup {
    case absent
    case ambiguous
    case entry(XRefEntry)
  }

  /// The highest object number the section lists, or its stream is.
  var highestNumber: Int? {
    let listed =
      rows?.highestNumber
      ?? subsections.filter { $0.count > 0 }.map { $0.first + $0.count - 1 }.max()
    return [listed, streamObject?.number].compactMap { $0 }.max()
  }

  /// `nnnnnnnnnn ggggg n`: checked digits, read in place.
  static func fixedEntry(in bytes: UnsafeRawBufferPointer, at entry: Int, number: Int) -> XRefEntry
  {
    let offset = FileTail.digits(in: bytes, at: entry, maximum: 10)?.0 ?? 0
    let generation = FileTail.digits(in: bytes, at: entry + 11, maximum: 5)?.0 ?? 0
    return XRefEntry(
      number: number, generation: generation, inUse: bytes[entry + 17] == UInt8(ascii: "n"),
      offset: offset)
  }
}
