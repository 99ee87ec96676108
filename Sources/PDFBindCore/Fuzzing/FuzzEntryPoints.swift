import SystemPackage

/// The readers and the update builder as the libFuzzer harness (`Sources/PDFBindFuzz`, built
/// only by `make fuzz`) reaches them: every internal it calls is named in this one file, so the
/// harness follows a reader that moves by a change here alone. Results are plain values, none of
/// the internal types.
package enum FuzzEntryPoints {
  /// What the byte-level readers say about one file.
  package struct Reading {
    /// The file's length and the offset of `%PDF-`.
    package var size: Int
    package var headerOffset: Int
    /// The fast path's `startxref` (the tail ends exactly `startxref N %%EOF`).
    package var strictStartxref: Int?
    /// The number after the last `startxref` of the tail (what an update chains to).
    package var lastStartxref: Int?
    package var tailHasEOFMarker: Bool
    package var looksTruncated: Bool
    /// The kind of section at the last `startxref` (`table`, `hybrid`, `stream`), and a stream's
    /// object number.
    package var newestSectionKind: String?
    package var newestStreamObject: Int?
    /// The fast path's answer; nil when it declined.
    package var fastPath: Entries?
  }

  /// `/Direction` and `/PageLayout` as reports spell them (nil when absent), and the page count.
  package struct Entries: Equatable {
    package var direction: String?
    package var pageLayout: String?
    package var pageCount: Int?

    package init(direction: String?, pageLayout: String?, pageCount: Int?) {
      self.direction = direction
      self.pageLayout = pageLayout
      self.pageCount = pageCount
    }
  }

  /// One revision as the revision scan finds it.
  package struct Revision {
    package var start: Int
    package var end: Int
    package var eofEnd: Int
    /// Where each of its cross-reference sections starts, newest first, and their kinds.
    package var sectionStarts: [Int]
    package var sectionKinds: [String]
    package var markerOffset: Int?
  }

  /// Opens the file at `path` as every command does (`SourceFile`), then runs the tail scans and
  /// the catalog fast path on it. Nil when the file is refused before any scan (empty, no
  /// header).
  package static func read(path: String) -> Reading? {
    guard let source = try? SourceFile(path: FilePath(path)) else { return nil }
    let layout = try? source.layout()
    let newest = layout.flatMap { try? source.newestSection(at: $0) }
    return Reading(
      size: Int(source.version.size), headerOffset: source.headerOffset,
      strictStartxref: FileTail.exactStartxref(inTail: source.tail),
      lastStartxref: FileTail.lastStartxref(in: source.tail),
      tailHasEOFMarker: FileTail.containsEOFMarker(source.tail),
      looksTruncated: source.looksTruncated,
      newestSectionKind: newest?.kind?.rawValue, newestStreamObject: newest?.streamObject?.number,
      fastPath: CatalogFastPath.facts(of: source).map {
        Entries(
          direction: $0.direction.rawValue, pageLayout: $0.pageLayout.rawValue,
          pageCount: $0.pageCount)
      })
  }

  /// The revisions `history` and `revert` find in `bytes`, oldest first.
  package static func revisions(in bytes: UnsafeRawBufferPointer) -> [Revision]? {
    RevisionScanner.revisions(in: bytes)?.map {
      Revision(
        start: $0.start, end: $0.end, eofEnd: $0.eofEnd, sectionStarts: $0.sections.map(\.start),
        sectionKinds: $0.sections.map(\.kind.rawValue), markerOffset: $0.markerOffset)
    }
  }

  /// The `N G obj` header at the start of `bytes`.
  package static func objectHeader(in bytes: [UInt8]) -> (number: Int, generation: Int)? {
    ObjectHeader.parse(bytes).map { ($0.number, $0.generation) }
  }

  /// One file as qpdf read it for `set`, and the update `set` planned from that reading.
  package struct UpdateAttempt {
    package var qpdfEntries: Entries
    package var qpdfWarnings: [String]
    /// qpdf's reason when it read the file only with its cross-reference table reconstructed.
    package var qpdfDamage: String?
    /// Nil when the file already holds the change or `set` refuses it (damage, signatures, no
    /// exact update possible).
    package var update: PlannedUpdate?
  }

  /// An update `set` planned.
  package struct PlannedUpdate {
    /// The bytes `set` appends.
    package var bytes: [UInt8]
    package var kind: String
    /// The layout the update chains to: header offset and the old `startxref` (its `/Prev`).
    package var headerOffset: Int
    package var previousStartxref: Int
    /// One more than the highest object number of the original, as the planner counted it.
    package var previousSize: Int
    /// The objects rewritten: number and generation.
    package var objects: [(number: Int, generation: Int)]
    fileprivate var verifier: Verifier

    /// `set`'s own check of a result (qpdf re-reads it): nil when it passes, else why not.
    package func verify(resultAt path: String) -> String? {
      do {
        _ = try verifier.verify(FilePath(path))
        return nil
      } catch {
        return "\(error)"
      }
    }
  }

  /// The file at `path` read as `set` reads it (`Inspection.open`), and the update `set` plans
  /// for `binding` and `arrangement` (`UpdateBasis(qpdf:)`, `UpdatePlanner.plan`). Nil when
  /// qpdf cannot read the file at all.
  package static func planUpdate(
    path: String, binding: PageBinding?, arrangement: PageArrangement?
  ) -> UpdateAttempt? {
    let change = BindingChange(binding: binding, arrangement: arrangement)
    guard let source = try? SourceFile(path: FilePath(path)),
      let (document, inspection) = try? Inspection.open(source, password: nil)
    else { return nil }
    var attempt = UpdateAttempt(
      qpdfEntries: Entries(
        direction: inspection.direction.rawValue, pageLayout: inspection.pageLayout.rawValue,
        pageCount: inspection.pageCount),
      qpdfWarnings: inspection.qpdfWarnings.map(\.detail), qpdfDamage: inspection.damage)
    guard !inspection.hasExactly(change), inspection.damage == nil,
      let basis = try? UpdateBasis(
        qpdf: document, inspection: inspection, source: source, change: change, password: nil,
        force: false)
    else { return attempt }
    let plan = UpdatePlanner.plan(change, on: basis)
    attempt.update = PlannedUpdate(
      bytes: plan.bytes, kind: plan.kind.rawValue, headerOffset: basis.layout.headerOffset,
      previousStartxref: basis.layout.startxref, previousSize: basis.size,
      objects: plan.objects.map { ($0.objectNumber, $0.generation) },
      verifier: Verifier(
        password: nil, expectation: .change(change, original: inspection), objects: plan.objects))
    return attempt
  }
}
