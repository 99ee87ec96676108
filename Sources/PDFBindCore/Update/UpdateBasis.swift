/// What an exact update is planned from: the file's catalog, newest section and trailer as one
/// reader of the file established them, with its refusals already made. qpdf's read (below)
/// establishes it for any file qpdf opens without reconstructing it; pdfbind's own strict
/// reader establishes it for the plain files it accepts (`UpdateBasis+StrictReader.swift`), so
/// that `set` opens qpdf once, on the result it judges. `UpdatePlanner` builds the bytes from
/// this alone, whoever read it.
struct UpdateBasis {
  /// The catalog: its number, generation and direct contents.
  var catalog: RewrittenObject
  /// `/ViewerPreferences` when it is an indirect dictionary of its own (read only when the
  /// change sets the binding, the one thing written there).
  var viewerPreferences: RewrittenObject?
  var layout: FileLayout
  var originalSize: Int
  var kind: CrossReferenceKind
  /// One more than the highest object number any section of the file defines.
  var size: Int
  /// `/Root`, `/Info`, `/ID`, `/Encrypt` as the newest trailer writes them (and a hybrid file's
  /// `/XRefStm` when its stream could not be copied).
  var carriedTrailerEntries: [(key: [UInt8], value: PDFValue)]
  /// After a hybrid file: its `/XRefStm` stream's rows, which the update carries.
  var crossReferenceStreamCopy: CrossReferenceStreamCopy?
  /// How the update's strings must be encrypted; nil for a file without encryption.
  var encryption: EncryptionContext?
  /// What `--force` did to a signed, certified or restricted document.
  var notes: [BindingWarning]
}

extension UpdateBasis {
  /// The basis as qpdf reads the file, refusing on the way, in this order: the permission
  /// policy, an object the update would rewrite that qpdf had to patch, a newest section that
  /// is not the one qpdf read, a missing `/Size`, and damage that shows in a sample of objects
  /// (qpdf reads lazily, so an entry pointing at the wrong bytes shows only when its object is
  /// read).
  init(
    qpdf document: QPDFDocument, inspection: Inspection, source: SourceFile,
    change: BindingChange, password: String?, force: Bool
  ) throws(BindingError) {
    let trailer = try document.trailer()
    let (encryption, notes) = try PermissionPolicy.check(
      document, trailer: trailer, password: password, force: force)
    let catalog = try document.catalog()
    let viewerPreferences =
      change.binding == nil
      ? nil
      : try document.indirectViewerPreferences().flatMap {
        $0.objectNumber == catalog.objectNumber ? nil : $0
      }
    let layout = try source.layout()
    // An object qpdf had to patch up while parsing (fake keys, stray tokens) would be
    // rewritten as patched: the update would change more than the binding. The one patch
    // allowed is a /Direction value the update replaces (fpdf2's bare word).
    let rewritten = Set(
      UpdatePlanner.rewrittenObjects(
        for: change, catalog: catalog, viewerPreferences: viewerPreferences
      ).map(\.objectNumber))
    for warning in inspection.qpdfWarnings + document.takeWarnings() {
      guard
        let patched = Exactness.rewrittenObject(
          warning, among: rewritten, in: source, layout: layout),
        !(change.binding != nil
          && Exactness.isPatchedDirectionValue(warning, direction: inspection.direction) {
            source.bytes(atHeaderRelative: $0, count: $1)
          })
      else { continue }
      throw BindingError.damaged(.patchedObject(objectNumber: patched, detail: warning.detail))
    }
    let newest = try source.newestSection(at: layout)
    let kind = try UpdatePlanner.crossReferenceKind(newest.kind, layout: layout, trailer: trailer)
    guard case .integer(let trailerSize)? = trailer["Size"], trailerSize > 0 else {
      throw BindingError.unsupported(.exactUpdate("the trailer has no valid /Size"))
    }
    let size = Exactness.definedSize(trailerSize: Int(trailerSize), in: source, layout: layout)
    // In a file with a cross-reference stream, the sample avoids objects stored in object
    // streams: reading one makes qpdf parse its whole object stream, while the stream's own
    // object, which the sample can still pick, shows a wrong offset just as well.
    let compressed: Set<Int> =
      if kind == .stream, size - 1 > UpdatePlanner.fullDamageCheckLimit,
        let stream = newest.streamObject,
        let entries = document.crossReferenceStreamEntries(
          stream.number, generation: stream.generation)
      {
        Set(entries.compactMap { $0.objectStream == nil ? nil : $0.number })
      } else {
        []
      }
    try UpdatePlanner.requireObjectsReadable(
      document, objects: UpdatePlanner.objectsToCheck(size: size, skipping: compressed))
    // As the previous trailer wrote them. After a hybrid file, the update names a copy of its
    // /XRefStm stream (Ghostscript reads that stream only through the newest trailer), or,
    // when the stream cannot be copied, the original stream again.
    var carried = try document.trailerEntriesAsWritten(["Root", "Info", "ID", "Encrypt"])
    let copy = kind == .hybrid ? Self.crossReferenceStreamCopy(trailer, source, layout) : nil
    if kind == .hybrid, copy == nil {
      carried += try document.trailerEntriesAsWritten(["XRefStm"])
    }
    self.init(
      catalog: catalog, viewerPreferences: viewerPreferences, layout: layout,
      originalSize: Int(source.version.size), kind: kind, size: size,
      carriedTrailerEntries: carried, crossReferenceStreamCopy: copy, encryption: encryption,
      notes: notes)
  }

  /// The rows of the stream the newest trailer's `/XRefStm` names, as pdfbind's reader decodes
  /// them; nil when it cannot.
  private static func crossReferenceStreamCopy(
    _ trailer: PDFValue, _ source: SourceFile, _ layout: FileLayout
  ) -> CrossReferenceStreamCopy? {
    guard case .integer(let offset)? = trailer["XRefStm"], let mapping = source.mapping else {
      return nil
    }
    return mapping.withBytes { bytes in
      let reader = CrossReferenceReader(
        bytes: bytes, header: layout.headerOffset, strictness: .tolerant)
      guard let section = reader.section(at: layout.headerOffset + Int(clamping: offset)),
        let stream = section.streamObject, let rows = section.rows
      else { return nil }
      return CrossReferenceStreamCopy(rows, omitting: stream.number)
    }
  }
}
