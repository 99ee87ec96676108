import SystemPackage

/// Opens a result again with qpdf before it replaces anything (the one re-read of every write)
/// and requires what the command meant: for `set`, the requested entries, the rewritten objects
/// exactly as meant (in an encrypted file, every string decrypts to its old text), the same
/// page count and no warning the original did not already have, and for a whole rewrite the
/// same encryption; for `revert`, the planned length and the previous revision's entries and
/// page count. Returns what the result holds.
struct Verifier {
  enum Expectation {
    /// `set`: `change` made to the file `original` describes.
    case change(BindingChange, original: Inspection)
    /// `revert`: the file as the previous revision left it, `length` bytes long.
    case previousRevision(BindingReport, length: Int)
  }

  var password: String?
  var expectation: Expectation
  /// The objects an incremental update rewrote, as they must read back.
  var objects: [RewrittenObject] = []
  /// After a whole rewrite: whether the result must be encrypted.
  var encrypted: Bool? = nil
  /// For an update planned without qpdf's read of the original (`UpdateBasis.strictlyRead`):
  /// the objects to read in the result, where damage the original has shows just as well, and
  /// qpdf's read of the original, made only when the result has a warning or a page count the
  /// strict read does not account for.
  var damageSample: [Int] = []
  var qpdfOriginal: (() throws(BindingError) -> Inspection)? = nil
  /// For such an update that rewrites the catalog and appends a cross-reference stream: the
  /// rewritten objects are read back entry by entry and the page count is the original's,
  /// once qpdf shows the update left the page tree where it was (`KeptPageTree`).
  var keptPageTree: KeptPageTree? = nil

  func verify(_ result: FilePath) throws(BindingError) -> Inspection {
    if case .previousRevision(_, let length) = expectation {
      let size = (try? FileVersion(atPath: result))?.size
      guard size == Int64(length) else {
        throw Self.failure("\(size.map(String.init) ?? "no") bytes instead of \(length)")
      }
    }
    let document: QPDFDocument
    let reread: Inspection
    do {
      document = try QPDFDocument(path: result, password: password)
      let keptCount = try keptPageTree?.confirm(in: document, objects: objects)
      reread = try Inspection(document, knownPageCount: keptCount)
      for object in objects where try !readsBack(object, in: document) {
        throw Self.failure(
          "object \(object.objectNumber) \(object.generation) does not read back as written")
      }
    } catch BindingError.writing(.verificationFailed(let why)) {
      throw Self.failure(why)
    } catch {
      throw Self.failure("qpdf cannot read it: \(error)")
    }
    if !damageSample.isEmpty {
      try UpdatePlanner.requireObjectsReadable(document, objects: damageSample)
    }
    switch expectation {
    case .change(let change, var original):
      guard reread.hasExactly(change) else { throw Self.failure(Self.entries(of: reread)) }
      if Self.difference(reread, from: original) != nil, let qpdfOriginal {
        original = try qpdfOriginal()
      }
      if let difference = Self.difference(reread, from: original) {
        throw Self.failure(difference)
      }
    case .previousRevision(let previous, _):
      guard reread.direction == previous.direction, reread.pageLayout == previous.pageLayout,
        reread.pageCount == previous.pageCount
      else {
        throw Self.failure(Self.entries(of: reread) + ", not as the previous revision")
      }
    }
    if let encrypted, document.isEncrypted != encrypted {
      throw Self.failure("qpdf did not keep its encryption")
    }
    return reread
  }

  /// What sets `reread` apart from the `original` it was made from, beyond the change: another
  /// page count, or a qpdf warning the original did not have.
  private static func difference(_ reread: Inspection, from original: Inspection) -> String? {
    guard reread.pageCount == original.pageCount else {
      return "page count \(reread.pageCount.map(String.init) ?? "unreadable") instead of "
        + "\(original.pageCount.map(String.init) ?? "unreadable")"
    }
    let new = reread.qpdfWarnings.first { warning in
      !original.qpdfWarnings.contains { $0.isSameProblem(as: warning) }
    }
    return new.map { "new qpdf warning: \($0.detail)" }
  }

  /// Whether qpdf reads `object` in the result as meant: entry by entry when the page tree is
  /// kept (listing the catalog would resolve it), otherwise as qpdf lists it.
  private func readsBack(_ object: RewrittenObject, in document: QPDFDocument)
    throws(BindingError) -> Bool
  {
    if keptPageTree != nil {
      return try document.readsBack(
        object.objectNumber, generation: object.generation, as: object.value)
    }
    return try document.object(object.objectNumber, generation: object.generation)
      == Self.asListed(object.value, in: document)
  }

  /// `value` as qpdf lists it: without the dictionary entries that read as null (a strict
  /// read of the file keeps `/Key null` and references to freed objects as written).
  static func asListed(_ value: PDFValue, in document: QPDFDocument) -> PDFValue {
    switch value {
    case .dictionary(let entries):
      .dictionary(
        entries.compactMap {
          document.readsAsNull($0.value) ? nil : ($0.key, asListed($0.value, in: document))
        })
    case .array(let items): .array(items.map { asListed($0, in: document) })
    default: value
    }
  }

  /// "it reads back with /Direction R2L and no /PageLayout".
  private static func entries(of reread: Inspection) -> String {
    let direction = reread.direction.rawValue.map { "/Direction \($0)" } ?? "no /Direction"
    let layout = reread.pageLayout.rawValue.map { "/PageLayout \($0)" } ?? "no /PageLayout"
    return "it reads back with \(direction) and \(layout)"
  }

  static func failure(_ why: String) -> BindingError {
    .writing(.verificationFailed(why))
  }
}

extension Verifier {
  /// Writes `bytes` after the first `keeping` bytes of `source` (all of them when nil) to
  /// `destination`, judged here before it replaces anything (`ResultWriter`); returns what the
  /// result holds, nil when nothing needed judging (standard output of an unchanged file).
  func write(
    _ bytes: [UInt8], after source: SourceFile, keeping: Int64? = nil,
    to destination: SaveDestination
  ) throws(BindingError) -> Inspection? {
    var verified: Inspection?
    try ResultWriter.write(bytes, after: source, keeping: keeping, to: destination) {
      (result: FilePath) throws(BindingError) in
      verified = try verify(result)
    }
    return verified
  }
}
