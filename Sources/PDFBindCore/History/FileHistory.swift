import SystemPackage

/// One revision of a file: the bytes from the end of the previous one to its `%%EOF`, and the
/// document as it stood after it.
public struct Revision: Equatable, Sendable {
  /// 1 for the original document.
  public var number: Int
  /// The revision's bytes are `start..<end` (`end` includes the end-of-line after `%%EOF`).
  public var start: Int
  public var end: Int
  /// The kind of the revision's newest cross-reference section.
  public var crossReferenceKind: CrossReferenceKind
  /// What `get` reads in the file up to here (binding, layout, page count); nil when qpdf
  /// cannot read it.
  public var report: BindingReport?
  /// The objects whose contents differ from the previous revision's (added, changed or
  /// freed); nil for the first revision, or when they could not be told.
  public var changedObjects: [Int]?
  /// The trailer's `/Root`, `/Info` or `/Encrypt` differ from the previous revision's.
  public var trailerChanged: Bool
  /// Every difference from the previous revision is in `/Direction`, `/PageLayout` or a
  /// `/ViewerPreferences` dictionary emptied or created for them.
  public var bindingOnly: Bool
  /// The version in pdfbind's marker, when pdfbind wrote this revision.
  public var pdfbindVersion: String?
  /// The signatures whose `/ByteRange` covers this revision, by field name.
  public var signatures: [String]
  /// Why the file up to this revision cannot be read, or why its changes cannot be told.
  public var problem: BindingWarning?
}

/// The revisions of one file, oldest first.
public struct FileHistory: Equatable, Sendable {
  public var revisions: [Revision]
  /// Bytes after the last revision's `%%EOF` line (not part of any revision).
  public var trailingBytes: Int
}

/// Opens, with qpdf, the prefix of a mapped file up to the end of each revision, and compares
/// consecutive states. Only two documents are open at a time.
struct HistoryAnalysis {
  let mapping: MappedFile
  let name: FilePath
  let password: String?
  let scans: [RevisionScan]

  /// The state after revision `index`: its document and what `get` reads there, or why it
  /// does not read.
  struct State {
    var document: QPDFDocument?
    var read: Result<BindingReport, BindingError>

    var report: BindingReport? { try? read.get() }
    var error: BindingError? {
      if case .failure(let error) = read { error } else { nil }
    }
  }

  func state(after index: Int) -> State {
    do {
      let document = try QPDFDocument(
        mapping: mapping, length: scans[index].end, name: name, password: password)
      return State(document: document, read: .success(try Inspection(document).report))
    } catch {
      return State(document: nil, read: .failure(error))
    }
  }

  /// The revisions at `indices` (consecutive, ascending); a revision's changes are told when
  /// the state before it is among those opened, so pass the one before as well.
  func revisions(_ indices: Range<Int>, comparingFrom firstCompared: Int) -> (
    [Revision], lastState: State?, previousState: State?
  ) {
    var results: [Revision] = []
    var previous: State?
    var current: State?
    for index in indices {
      previous = current
      current = state(after: index)
      let scan = scans[index]
      var revision = Revision(
        number: index + 1, start: scan.start, end: scan.end, crossReferenceKind: scan.kind,
        report: current?.report, changedObjects: nil, trailerChanged: false,
        bindingOnly: false, pdfbindVersion: scan.marker?.version, signatures: [],
        problem: current?.error.map { .revisionUnreadable($0) })
      if index >= firstCompared, index > 0, let previous {
        compare(&revision, scan: scan, older: previous, newer: current!)
      }
      results.append(revision)
    }
    return (results, current, previous)
  }

  // MARK: - Comparing two states

  private func compare(_ revision: inout Revision, scan: RevisionScan, older: State, newer: State) {
    guard let old = older.document, let new = newer.document else {
      if revision.problem == nil { revision.problem = .previousRevisionUnreadable(older.error) }
      return
    }
    guard let entries = entries(of: scan, in: new) else {
      revision.problem = .revisionEntriesUnreadable
      return
    }
    let containers = Set(scan.sections.compactMap { $0.streamObject?.number })
    var changed: [Int] = []
    var bindingOnly = true
    var seen = Set<Int>()
    for entry in entries where entry.number > 0 && !containers.contains(entry.number) {
      guard seen.insert(entry.number).inserted else { continue }
      let after = new.snapshot(entry.number, generation: entry.generation)
      if case .stream(let dictionary, _) = after,
        dictionary["Type"] == .name("ObjStm") || dictionary["Type"] == .name("XRef")
      {
        continue
      }
      // A free entry carries the next generation; the object it frees had the one before.
      let before = old.snapshot(
        entry.number, generation: entry.inUse ? entry.generation : max(0, entry.generation - 1))
      guard before != after else { continue }
      changed.append(entry.number)
      if !isBindingOnly(entry.number, old: old, new: new) { bindingOnly = false }
    }
    let trailerKeys = ["Root", "Info", "Encrypt"]
    let oldTrailer = (try? old.trailer())?.entries(named: trailerKeys) ?? []
    let newTrailer = (try? new.trailer())?.entries(named: trailerKeys) ?? []
    revision.trailerChanged = PDFValue.dictionary(oldTrailer) != PDFValue.dictionary(newTrailer)
    revision.changedObjects = changed.sorted()
    revision.bindingOnly = bindingOnly && !revision.trailerChanged
  }

  /// The entries of every cross-reference section of the revision (with a hybrid table's
  /// `/XRefStm` stream), or nil when a stream's cannot be read.
  private func entries(of scan: RevisionScan, in document: QPDFDocument) -> [XRefEntry]? {
    var entries: [XRefEntry] = []
    for section in scan.sections {
      entries += section.tableEntries
      var stream = section.streamObject
      if let offset = section.xrefStreamOffset,
        let header = mapping.withBytes({ ObjectHeader.parse($0, at: offset) })
      {
        stream = (header.number, header.generation)
      }
      if let stream {
        guard
          let streamEntries = document.crossReferenceStreamEntries(
            stream.number, generation: stream.generation)
        else { return nil }
        entries += streamEntries
      }
    }
    return entries
  }

  /// Whether the change to object `number` is only in `/Direction`, `/PageLayout` or a
  /// `/ViewerPreferences` dictionary that only they made appear or disappear.
  private func isBindingOnly(_ number: Int, old: QPDFDocument, new: QPDFDocument) -> Bool {
    let root = new.rootObjectNumber()
    if number == root && old.rootObjectNumber() == root {
      guard let before = Self.normalizedCatalog(old), let after = Self.normalizedCatalog(new)
      else { return false }
      return before == after
    }
    let preferences = [old, new].compactMap { document -> Int? in
      guard
        case .reference(let objectNumber, _)? = (try? document.catalog())?.value[
          "ViewerPreferences"]
      else { return nil }
      return objectNumber
    }
    guard preferences.contains(number) else { return false }
    let values = [old, new].map { document -> PDFValue? in
      switch document.snapshot(number, generation: 0) {
      case .value(.null): .dictionary([])
      case .value(let value): value.updating("Direction", to: nil)
      default: nil
      }
    }
    guard let before = values[0], let after = values[1] else { return false }
    return before == after
  }

  /// The catalog without `/PageLayout`, with `/ViewerPreferences` resolved and without
  /// `/Direction`, and dropped when that leaves it empty.
  private static func normalizedCatalog(_ document: QPDFDocument) -> PDFValue? {
    guard var catalog = try? document.catalog().value else { return nil }
    catalog = catalog.updating("PageLayout", to: nil)
    var preferences = catalog["ViewerPreferences"]
    if case .reference(let number, let generation)? = preferences {
      if case .value(let value) = document.snapshot(number, generation: generation) {
        preferences = value
      }
    }
    if case .dictionary? = preferences {
      preferences = preferences?.updating("Direction", to: nil)
    }
    if preferences?.isEmptyDictionary == true || preferences == .null { preferences = nil }
    return catalog.updating("ViewerPreferences", to: preferences)
  }
}

/// An object's contents in one revision, as `history` compares them.
enum ObjectSnapshot: Equatable, Sendable {
  case value(PDFValue)
  case stream(dictionary: PDFValue, data: [UInt8])
  /// qpdf could not read it.
  case unreadable(BindingError)
}

extension FileHistory {
  /// Marks, on each revision, the signatures that cover it.
  mutating func attachSignatures(
    _ signatures: [(name: String, byteRange: [Int])], scans: [RevisionScan], fileLength: Int
  ) {
    for (index, scan) in scans.enumerated() where index < revisions.count {
      revisions[index].signatures = signatures.filter {
        Self.signature($0.byteRange, covers: scan, fileLength: fileLength)
      }.map(\.name)
    }
  }

  /// A signature covers a revision when its `/ByteRange` `[a b c d]` spans the revision up to
  /// its `%%EOF`: `a` at or before the revision's start and `c + d` at or after its `%%EOF`.
  /// A range that reaches past the end of the file signs bytes that are not there: it covers
  /// nothing (such a signature cannot verify).
  static func signature(_ byteRange: [Int], covers scan: RevisionScan, fileLength: Int) -> Bool {
    guard byteRange.count == 4, byteRange.allSatisfy({ $0 >= 0 }) else { return false }
    let end = byteRange[2] + byteRange[3]
    return byteRange[0] <= scan.start && scan.eofEnd <= end && end <= fileLength
  }
}
