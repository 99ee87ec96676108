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
      reread = try Inspection(document)
      for object in objects
      where try document.object(object.objectNumber, generation: object.generation)
        != object.value
      {
        throw Self.failure(
          "object \(object.objectNumber) \(object.generation) does not read back as written")
      }
    } catch BindingError.writing(.verificationFailed(let why)) {
      throw Self.failure(why)
    } catch {
      throw Self.failure("qpdf cannot read it: \(error)")
    }
    switch expectation {
    case .change(let change, let original):
      guard reread.hasExactly(change) else { throw Self.failure(Self.entries(of: reread)) }
      guard reread.pageCount == original.pageCount else {
        throw Self.failure(
          "page count \(reread.pageCount.map(String.init) ?? "unreadable") instead of "
            + "\(original.pageCount.map(String.init) ?? "unreadable")")
      }
      if let new = reread.qpdfWarnings.first(where: { warning in
        !original.qpdfWarnings.contains { $0.isSameProblem(as: warning) }
      }) {
        throw Self.failure("new qpdf warning: \(new.detail)")
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

  /// "it reads back with /Direction R2L and no /PageLayout".
  private static func entries(of reread: Inspection) -> String {
    let direction = reread.direction.rawValue.map { "/Direction \($0)" } ?? "no /Direction"
    let layout = reread.pageLayout.rawValue.map { "/PageLayout \($0)" } ?? "no /PageLayout"
    return "it reads back with \(direction) and \(layout)"
  }

  private static func failure(_ why: String) -> BindingError {
    .writing(.verificationFailed(why))
  }
}
