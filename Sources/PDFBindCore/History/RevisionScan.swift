/// One cross-reference section of the /Prev chain, as the file's bytes show it.
struct SectionScan: Equatable, Sendable {
  /// Where the section starts in the file (absolute, not relative to the header).
  var start: Int
  var kind: CrossReferenceKind
  /// `N G` of a cross-reference stream.
  var streamObject: (number: Int, generation: Int)?
  /// Absolute offset of a hybrid table's `/XRefStm` stream.
  var xrefStreamOffset: Int?
  /// The entries of a classic table: object number, generation, in use.
  var tableEntries: [XRefEntry]
  /// Just after the `%%EOF` that follows the section's `startxref`.
  var eofEnd: Int
  /// `eofEnd` plus the end-of-line after `%%EOF`, when there is one.
  var end: Int

  static func == (lhs: SectionScan, rhs: SectionScan) -> Bool {
    lhs.start == rhs.start && lhs.end == rhs.end
  }
}

/// A revision as the bytes show it: everything from the end of the previous revision to the
/// `%%EOF` (and its end-of-line) that ends this one. The prefix of the file up to `end` is the
/// document as it was after this revision.
struct RevisionScan: Equatable, Sendable {
  var start: Int
  var end: Int
  /// Just after this revision's `%%EOF`, before its end-of-line.
  var eofEnd: Int
  /// The revision's cross-reference sections, newest first.
  var sections: [SectionScan]
  /// pdfbind's marker at the revision's start, when pdfbind wrote it.
  var marker: UpdateMarker?
  /// The position of that marker.
  var markerOffset: Int?

  var kind: CrossReferenceKind { sections.first?.kind ?? .table }
}

/// Finds a file's revisions with the tolerant cross-reference reader: the /Prev chain from the
/// last `startxref`, each section's `startxref … %%EOF`, and the cut points where the prefix
/// holds exactly the oldest sections. A linearized file's first-page section (at the start of
/// the file, ending in its own `%%EOF`, yet newer in the chain than the main section at the
/// end) is therefore part of the same revision as the main section: the prefix up to its
/// `%%EOF` is no document. Every function accepts arbitrary bytes.
enum RevisionScanner {
  /// The longest /Prev chain followed (a loop or a huge chain ends the walk).
  static let chainLimit = 100_000

  /// The file's revisions, oldest first; nil when the tail has no `startxref` to start from.
  static func revisions(in bytes: UnsafeRawBufferPointer) -> [RevisionScan]? {
    guard let header = FileTail.headerOffset(in: bytes.prefix(FileTail.headWindow)) else {
      return nil
    }
    let tailStart = max(0, bytes.count - FileTail.tailWindow)
    guard let last = FileTail.lastStartxref(in: Array(bytes[tailStart...])) else { return nil }
    // The chain, newest first, up to the first section not followed by `startxref … %%EOF`.
    let reader = CrossReferenceReader(bytes: bytes, header: header, strictness: .tolerant)
    var chain: [SectionScan] = []
    for section in reader.chain(startxref: last, limit: chainLimit).sections
    where !section.isHybridStream {
      guard let scan = scan(of: section, in: bytes, header: header) else { break }
      chain.append(scan)
    }
    guard !chain.isEmpty else { return nil }
    // A cut at E is valid when the sections starting before E are exactly the oldest ones of
    // the chain and all of them end by E.
    var revisions: [RevisionScan] = []
    var previousCut = 0
    var previousEOFEnd = 0
    var taken = 0
    for cut in Set(chain.map(\.end)).sorted() {
      let before = chain.indices.filter { chain[$0].start < cut }
      guard before.count > taken, before == Array((chain.count - before.count)..<chain.count),
        before.allSatisfy({ chain[$0].end <= cut })
      else { continue }
      let sections = Array(chain[(chain.count - before.count)..<(chain.count - taken)])
      let eofEnd = sections.map(\.eofEnd).max() ?? cut
      var revision = RevisionScan(
        start: previousCut, end: cut, eofEnd: eofEnd, sections: sections, marker: nil,
        markerOffset: nil)
      if !revisions.isEmpty,
        let (marker, at) = marker(
          in: bytes, from: previousEOFEnd, revisionStart: previousCut,
          before: sections.map(\.start).min() ?? cut)
      {
        revision.marker = marker
        revision.markerOffset = at
      }
      revisions.append(revision)
      taken = before.count
      previousCut = cut
      previousEOFEnd = eofEnd
    }
    return revisions.isEmpty ? nil : revisions
  }

  /// pdfbind's marker in `[revisionStart, limit)`: the first `%pdfbind` line whose recorded
  /// length puts it where pdfbind writes it, at that length or one line feed after it, and not
  /// before the previous revision's `%%EOF`.
  static func marker(
    in bytes: UnsafeRawBufferPointer, from previousEOFEnd: Int, revisionStart: Int,
    before limit: Int
  ) -> (UpdateMarker, Int)? {
    var position = revisionStart
    while let found = FileTail.firstIndex(
      of: UpdateMarker.prefix, in: bytes, from: position, before: limit)
    {
      position = found + 1
      guard found == revisionStart || bytes[found - 1] == 0x0A || bytes[found - 1] == 0x0D,
        let marker = UpdateMarker.parse(bytes, at: found)
      else { continue }
      let length = marker.previousLength
      let placed = length == found || (length + 1 == found && bytes[length] == 0x0A)
      if placed && length >= previousEOFEnd { return (marker, found) }
    }
    return nil
  }

  /// The section as a revision sees it, or nil when no `startxref N %%EOF` follows it.
  private static func scan(
    of section: CrossReferenceSection, in bytes: UnsafeRawBufferPointer, header: Int
  ) -> SectionScan? {
    guard let (eofEnd, end) = FileTail.endOfRevision(in: bytes, from: section.end) else {
      return nil
    }
    return SectionScan(
      start: section.start, kind: section.kind,
      streamObject: section.streamObject.map { ($0.number, $0.generation) },
      xrefStreamOffset: section.xrefStream.map { header + $0 },
      tableEntries: section.streamObject == nil ? section.entries(in: bytes) : [],
      eofEnd: eofEnd, end: end)
  }
}
