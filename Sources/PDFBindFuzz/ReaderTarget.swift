import PDFBindCore

/// Target 1: the byte-level readers on arbitrary bytes. No crash, no hang, no sanitizer report;
/// each reader's answer within the file; and where the catalog fast path accepts a file, the
/// other readers must see the same plain file it saw.
enum ReaderTarget {
  static let file = ScratchFile(role: "reader")

  static func run(_ bytes: UnsafeRawBufferPointer) {
    // Over the fuzzer's own heap copy of the input, where AddressSanitizer sees any overread.
    let revisions = FuzzEntryPoints.revisions(in: bytes)
    if let revisions { checkRevisions(revisions, count: bytes.count) }

    file.write(bytes)
    guard let reading = FuzzEntryPoints.read(path: file.path) else { return }
    checkTail(reading)
    if let entries = reading.fastPath {
      checkFastPath(entries, reading, revisions: revisions)
    }
  }

  /// Revisions follow each other from byte 0, each inside the file, its sections and pdfbind's
  /// marker inside it.
  static func checkRevisions(_ revisions: [FuzzEntryPoints.Revision], count: Int) {
    require(!revisions.isEmpty, "an empty list of revisions instead of nil")
    var previousEnd = 0
    for revision in revisions {
      require(revision.start == previousEnd, "revision at \(revision.start) after \(previousEnd)")
      require(
        revision.start < revision.end && revision.end <= count,
        "revision \(revision.start)..<\(revision.end) in \(count) bytes")
      require(
        revision.eofEnd <= revision.end && revision.end - revision.eofEnd <= 2,
        "%%EOF ends at \(revision.eofEnd), the revision at \(revision.end)")
      require(!revision.sectionStarts.isEmpty, "a revision without a section")
      for start in revision.sectionStarts {
        require(start >= 0 && start < revision.end, "section at \(start) beyond its revision")
      }
      if let marker = revision.markerOffset {
        require(
          marker >= revision.start && marker < revision.end,
          "marker at \(marker) outside \(revision.start)..<\(revision.end)")
      }
      previousEnd = revision.end
    }
  }

  /// The strict tail (`startxref N %%EOF` at the very end) is a special case of the tolerant
  /// one.
  static func checkTail(_ reading: FuzzEntryPoints.Reading) {
    require(reading.headerOffset >= 0 && reading.headerOffset < 1024, "header beyond 1024 bytes")
    if let strict = reading.strictStartxref {
      require(
        reading.lastStartxref == strict,
        "strict startxref \(strict), tolerant \(String(describing: reading.lastStartxref))")
      require(reading.tailHasEOFMarker && !reading.looksTruncated, "a strict tail looks truncated")
    }
    if let stream = reading.newestStreamObject {
      require(stream >= 0, "stream object \(stream)")
    }
  }

  /// The fast path's answer: a plain file (tables or cross-reference streams, never a hybrid),
  /// read through the section the tail names, with values the way `get` reports them; the
  /// revision scan finds that section newest.
  static func checkFastPath(
    _ entries: FuzzEntryPoints.Entries, _ reading: FuzzEntryPoints.Reading,
    revisions: [FuzzEntryPoints.Revision]?
  ) {
    guard let startxref = reading.strictStartxref else {
      violated("the fast path answered without a strict startxref")
    }
    require(reading.headerOffset == 0, "the fast path answered with the header at byte 1+")
    require(startxref > 0 && startxref < reading.size, "startxref \(startxref) of \(reading.size)")
    require(
      reading.newestSectionKind == "table" || reading.newestSectionKind == "stream",
      "the fast path answered, the section at startxref is \(reading.newestSectionKind ?? "none")")
    require(
      entries.direction == nil || entries.direction == "L2R" || entries.direction == "R2L",
      "fast path /Direction \(entries.direction ?? "")")
    require(entries.pageLayout.map { !$0.isEmpty } ?? true, "an empty /PageLayout name")
    require(
      entries.pageCount.map { $0 >= 0 && $0 <= Int(Int32.max) } ?? false,
      "fast path page count \(String(describing: entries.pageCount))")
    guard let newest = revisions?.last else {
      violated("the fast path answered, the revision scan found no revision")
    }
    require(
      newest.sectionStarts.first == startxref,
      "newest sections \(newest.sectionStarts) for the revision scan, \(startxref) for the fast path"
    )
    require(
      newest.sectionKinds.allSatisfy { $0 == "table" || $0 == "stream" },
      "the fast path answered, the revision scan found sections \(newest.sectionKinds)")
  }
}
