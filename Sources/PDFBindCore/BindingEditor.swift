import SystemPackage

/// What `get` learns about one file.
public struct BindingReport: Equatable, Sendable {
  public var direction: DirectionEntry
  public var binding: PageBinding { direction.binding }
  /// Things the user should know that do not stop the read, in our words.
  public var warnings: [String]
}

/// Where `set` puts its result.
public enum SetDestination: Equatable, Sendable {
  /// Replace the file atomically: write beside it, flush, rename over it.
  case replace
  /// Append the update to the file itself (same inode, no copy).
  case inPlace
  /// Write the result to another path (the input stays untouched).
  case file(FilePath)
  /// Write the result's bytes to standard output.
  case standardOutput
}

public struct SetOptions: Equatable, Sendable {
  public var destination: SetDestination
  /// Report what would change, write nothing.
  public var dryRun: Bool
  /// Update signed, certified and change-restricted documents anyway.
  public var force: Bool
  /// Rewrite damaged files whole with qpdf instead of refusing them (never signed ones).
  public var repair: Bool

  public init(
    destination: SetDestination = .replace, dryRun: Bool = false, force: Bool = false,
    repair: Bool = false
  ) {
    self.destination = destination
    self.dryRun = dryRun
    self.force = force
    self.repair = repair
  }
}

/// What `set` did to one file.
public struct SetOutcome: Equatable, Sendable {
  public var before: DirectionEntry
  public var after: PageBinding
  /// False when the file already had exactly the requested entry and was left as it was.
  public var changed: Bool
  /// Bytes appended (or that would be, with --dry-run); 0 when unchanged.
  public var bytesAppended: Int
  /// The kind of cross-reference section appended, when one was.
  public var crossReferenceKind: CrossReferenceKind?
  /// Warnings and notes for standard error (a damaged file left unchanged, --force on a
  /// signed file…).
  public var notes: [String]
  /// The file was damaged and qpdf rewrote it whole (set --repair): nothing was appended.
  public var rewritten = false
}

/// The public face of the core: reads and sets the page binding of PDF files.
/// Holds no state between files; each call opens, and closes, its own qpdf handle, so
/// calls may run on different threads at once.
public struct BindingEditor: Sendable {
  public var password: String?

  public init(password: String? = nil) {
    self.password = password
  }

  // MARK: - get

  public func read(_ path: FilePath) throws(BindingError) -> BindingReport {
    let source = try SourceFile(path: path)
    let inspection = try open(source).inspection
    return BindingReport(direction: inspection.direction, warnings: inspection.userWarnings)
  }

  // MARK: - set

  public func set(_ binding: PageBinding, on path: FilePath, options: SetOptions = SetOptions())
    throws(BindingError) -> SetOutcome
  {
    let source = try SourceFile(path: path)
    let inspection: Inspection
    let plan: UpdatePlan?
    do {
      (inspection, plan) = try inspectAndPlan(binding, source: source, options: options)
    } catch .damagedNeedsRepair(let detail) where options.repair {
      return try repair(binding, source: source, options: options, damage: detail)
    }
    var outcome = SetOutcome(
      before: inspection.direction, after: binding, changed: false, bytesAppended: 0,
      crossReferenceKind: nil, notes: inspection.userWarnings)
    guard let plan else {
      if !options.dryRun { try Output.passThrough(source, to: options.destination) }
      return outcome
    }
    outcome.changed = true
    outcome.bytesAppended = plan.bytes.count
    outcome.crossReferenceKind = plan.kind
    outcome.notes += plan.notes
    if inspection.pageCount == nil {
      outcome.notes.append("warning: the document has no page tree: most readers cannot open it")
    }
    if options.dryRun { return outcome }

    try Output.write(plan.bytes, after: source, to: options.destination) {
      (result: FilePath) throws(BindingError) in
      try verify(result, has: binding, objects: plan.objects, like: inspection)
    }
    return outcome
  }

  /// What the file holds and, unless it already has `binding`, the update. The qpdf document
  /// (and its mapping of the file) ends here, before anything is written and re-read.
  private func inspectAndPlan(
    _ binding: PageBinding, source: borrowing SourceFile, options: SetOptions
  ) throws(BindingError) -> (Inspection, UpdatePlan?) {
    let (document, inspection) = try open(source)
    if inspection.hasExactly(binding) { return (inspection, nil) }
    guard let document, inspection.damage == nil else {
      throw BindingError.damagedNeedsRepair(detail: inspection.damage ?? "")
    }
    let plan = try planUpdate(
      binding, document: document, inspection: inspection, source: source, options: options)
    return (inspection, plan)
  }

  // MARK: - Reading

  /// What one read of a file with qpdf established.
  struct Inspection {
    var direction: DirectionEntry
    var directionIsIndirect: Bool
    var pageCount: Int?
    /// qpdf's warnings during the read, to tell new ones apart in the result.
    var qpdfWarnings: [QPDFWarning]
    /// qpdf's reason, when the file only reads with its cross-reference table reconstructed.
    var damage: String?

    func hasExactly(_ binding: PageBinding) -> Bool {
      guard let name = binding.directionName else { return direction == .absent }
      return direction == .name(name) && !directionIsIndirect
    }

    var userWarnings: [String] {
      var warnings: [String] = []
      if let damage {
        warnings.append(
          "warning: damaged PDF (\(damage)); qpdf reconstructed its cross-reference table to "
            + "read it")
      }
      if direction.isUnexpected, let raw = direction.rawValue {
        let shown = if case .name = direction { "/" + raw } else { raw }
        warnings.append(
          "warning: /Direction is \(shown), which is neither /L2R nor /R2L; viewers ignore it, "
            + "so the binding is unknown")
      }
      return warnings
    }
  }

  /// Opens the file with recovery off, so damage is seen, and reads its binding. A damaged
  /// file is read again with recovery on, to report what it holds; it comes back without a
  /// document, since nothing may be written on top of it.
  func open(_ source: borrowing SourceFile) throws(BindingError) -> (
    document: QPDFDocument?, inspection: Inspection
  ) {
    do {
      let document = try QPDFDocument(
        path: source.path, descriptor: source.descriptor, password: password,
        attemptRecovery: false)
      return (document, try inspect(document))
    } catch .damaged(let detail) {
      do {
        let recovered = try QPDFDocument(
          path: source.path, password: password, attemptRecovery: true)
        var inspection = try inspect(recovered)
        inspection.damage =
          source.looksTruncated
          ? "the file ends before its startxref and %%EOF, as if truncated" : detail
        return (nil, inspection)
      } catch .damaged(let recoveredDetail) {
        throw source.looksTruncated ? .truncated : .damaged(detail: recoveredDetail)
      }
    }
  }

  func inspect(_ document: QPDFDocument) throws(BindingError) -> Inspection {
    let (direction, isIndirect) = try document.direction()
    return Inspection(
      direction: direction, directionIsIndirect: isIndirect, pageCount: document.pageCount(),
      qpdfWarnings: document.takeWarnings(), damage: nil)
  }

  // MARK: - Planning the update

  private struct UpdatePlan {
    var bytes: [UInt8]
    /// The objects the update rewrites, as qpdf must read them back from the result.
    var objects: [RewrittenObject]
    var kind: CrossReferenceKind
    var notes: [String]
  }

  private func planUpdate(
    _ binding: PageBinding, document: QPDFDocument, inspection: Inspection,
    source: borrowing SourceFile, options: SetOptions
  ) throws(BindingError) -> UpdatePlan {
    let trailer = try document.trailer()
    let (encryption, notes) = try checkPermissions(
      document, trailer: trailer, force: options.force)
    let objects = try rewrittenObjects(for: binding, in: document)
    // An object qpdf had to patch up while parsing (fake keys, stray tokens) would be
    // rewritten as patched: the update would change more than the binding.
    // The one patch allowed is the /Direction value itself (fpdf2's bare word): it is replaced.
    let rewritten = Set(objects.map(\.objectNumber))
    let layout = try source.layout()
    if let warning = (inspection.qpdfWarnings + document.takeWarnings()).first(where: {
      $0.objectNumber.map(rewritten.contains) == true
        && !Exactness.isPatchedDirectionValue($0, direction: inspection.direction) {
          source.bytes(atHeaderRelative: $0, count: $1, headerOffset: layout.headerOffset)
        }
    }) {
      throw BindingError.damagedObject(
        objectNumber: warning.objectNumber!, detail: warning.message)
    }
    let kind = try crossReferenceKind(source: source, layout: layout, trailer: trailer)
    guard case .integer(let trailerSize)? = trailer["Size"], trailerSize > 0 else {
      throw BindingError.layoutUnsupported("the trailer has no valid /Size")
    }
    let size = Exactness.definedSize(
      trailerSize: Int(trailerSize), qpdfWarnings: inspection.qpdfWarnings)
    _ = document.takeWarnings()
    let objectWarnings: [QPDFWarning]
    do {
      objectWarnings = try document.readObjects(Self.objectsToCheck(size: size))
    } catch {
      if case .damaged(let detail) = error { throw .damagedNeedsRepair(detail: detail) }
      throw error
    }
    if let warning = objectWarnings.first {
      throw BindingError.damagedNeedsRepair(detail: warning.message)
    }
    // As the previous trailer wrote them; a hybrid file's /XRefStm is repeated, since
    // Ghostscript reads the stream only through the newest trailer.
    let carried = try document.trailerEntriesAsWritten(
      ["Root", "Info", "ID", "Encrypt"] + (kind == .hybrid ? ["XRefStm"] : []))
    let update = IncrementalUpdate(
      layout: layout, originalSize: Int(source.version.size), kind: kind,
      previousSize: size, carriedTrailerEntries: carried, objects: objects)
    let encryptString = try encryption?.stringEncryptor(needed: objects)
    return UpdatePlan(
      bytes: update.bytes(encryptString: encryptString), objects: objects, kind: kind,
      notes: notes)
  }

  /// Refuses signed, certified and change-restricted documents unless `force`; with it, the
  /// notes say what the update does to them.
  func checkPermissions(_ document: QPDFDocument, trailer: PDFValue, force: Bool)
    throws(BindingError) -> (encryption: EncryptionContext?, notes: [String])
  {
    var notes: [String] = []
    if let level = document.certificationLevel() {
      guard force else { throw BindingError.certified(level: level) }
      notes.append(
        "note: --force: the document was certified; changing its binding breaks the "
          + "certification")
    } else if case let signatures = document.signedFieldCount(), signatures > 0 {
      guard force else { throw BindingError.signed(count: signatures) }
      notes.append(
        "note: --force: the signed bytes are intact and each signature still covers its "
          + "revision, but validators such as Acrobat and pyHanko will report the catalog "
          + "change as a modification the signer did not allow")
    }
    let encryption = try EncryptionContext(
      document: document, trailer: trailer, password: password)
    if let encryption, !encryption.allowsModification {
      guard force else { throw BindingError.changesNotPermitted }
      notes.append("note: --force: the document's permissions forbid changes")
    }
    return (encryption, notes)
  }

  /// Files with up to this many objects have every object read before `set` writes.
  static let fullDamageCheckLimit = 1024
  /// Larger files have this many, spread evenly over the object numbers (each may cost qpdf
  /// the parse of a whole object stream; 32 keeps set on 5,000 pages under 30 MB).
  static let damageCheckSample = 32

  /// The objects `set` reads to look for cross-reference damage before it writes. Damage that
  /// shifts offsets (an edited or re-encoded file) shows in any sample; the bound keeps the
  /// cost of `set` independent of the document's size (in a file with object streams, each
  /// sampled object costs the parse of its whole object stream). A single stray entry in a
  /// large file can go unseen: qpdf still reads such a file, and so does the result.
  static func objectsToCheck(size: Int) -> [Int] {
    guard size > 1 else { return [] }
    let count = size - 1
    if count <= fullDamageCheckLimit { return Array(1..<size) }
    return (0..<damageCheckSample).map { 1 + $0 * (count - 1) / (damageCheckSample - 1) }
  }

  /// The objects to rewrite: the indirect `/ViewerPreferences` dictionary when there is one
  /// (unless removing `/Direction` leaves it empty), otherwise the catalog.
  private func rewrittenObjects(for binding: PageBinding, in document: QPDFDocument)
    throws(BindingError) -> [RewrittenObject]
  {
    let direction: PDFValue? = binding.directionName.map { PDFValue.name($0) }
    var catalog = try document.catalog()
    if var preferences = try document.indirectViewerPreferences(),
      preferences.objectNumber != catalog.objectNumber
    {
      preferences.value = preferences.value.updating("Direction", to: direction)
      if !preferences.value.isEmptyDictionary { return [preferences] }
      catalog.value = catalog.value.updating("ViewerPreferences", to: nil)
      return [catalog]
    }
    var preferences = catalog.value["ViewerPreferences"] ?? .dictionary([])
    if case .dictionary = preferences {} else { preferences = .dictionary([]) }
    preferences = preferences.updating("Direction", to: direction)
    catalog.value = catalog.value.updating(
      "ViewerPreferences", to: preferences.isEmptyDictionary ? nil : preferences)
    return [catalog]
  }

  /// The kind of the newest section, from the file's bytes, checked against qpdf's trailer.
  private func crossReferenceKind(
    source: borrowing SourceFile, layout: FileLayout, trailer: PDFValue
  ) throws(BindingError) -> CrossReferenceKind {
    let isStreamDictionary = trailer["Type"] == .name("XRef")
    switch try source.sectionKind(at: layout) {
    case .table? where !isStreamDictionary:
      return trailer["XRefStm"] == nil ? .table : .hybrid
    case .stream? where isStreamDictionary:
      return .stream
    default:
      throw BindingError.layoutUnsupported(
        "startxref (\(layout.startxref)) does not point at the cross-reference section qpdf read")
    }
  }

  // MARK: - Verifying the result

  /// Opens the result again and requires the requested binding, the rewritten objects exactly
  /// as meant (in an encrypted file, every string decrypts to its old text), the same page
  /// count and no warning the original did not already have.
  func verify(
    _ result: FilePath, has binding: PageBinding, objects: [RewrittenObject],
    like original: Inspection
  ) throws(BindingError) {
    let reread: Inspection
    do {
      let document = try QPDFDocument(path: result, password: password, attemptRecovery: false)
      reread = try inspect(document)
      for object in objects
      where try document.object(object.objectNumber, generation: object.generation)
        != object.value
      {
        throw BindingError.verificationFailed(
          "object \(object.objectNumber) \(object.generation) does not read back as written")
      }
    } catch BindingError.verificationFailed(let why) {
      throw BindingError.verificationFailed(why)
    } catch {
      throw BindingError.verificationFailed("qpdf cannot read it: \(error)")
    }
    guard reread.hasExactly(binding) else {
      throw BindingError.verificationFailed(
        "it reads back as \(reread.direction.rawValue.map { "/Direction \($0)" } ?? "no /Direction")"
      )
    }
    guard reread.pageCount == original.pageCount else {
      throw BindingError.verificationFailed(
        "page count \(reread.pageCount.map(String.init) ?? "unreadable") instead of "
          + "\(original.pageCount.map(String.init) ?? "unreadable")")
    }
    let originalMessages = Set(original.qpdfWarnings.map(\.message))
    if let new = reread.qpdfWarnings.first(where: { !originalMessages.contains($0.message) }) {
      throw BindingError.verificationFailed("new qpdf warning: \(new.message)")
    }
  }
}

extension PDFValue {
  /// The entries of a dictionary whose keys are in `names`, in the dictionary's order.
  func entries(named names: [String]) -> [(key: [UInt8], value: PDFValue)] {
    guard case .dictionary(let entries) = self else { return [] }
    let wanted = Set(names.map { Array($0.utf8) })
    return entries.filter { wanted.contains($0.key) }
  }
}
