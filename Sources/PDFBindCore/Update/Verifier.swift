import SystemPackage

/// Opens a result again with qpdf before it replaces anything, and requires the requested
/// entries, the rewritten objects exactly as meant (in an encrypted file, every string decrypts
/// to its old text), the same page count and no warning the original did not already have.
struct Verifier {
  var password: String?
  var change: BindingChange
  var objects: [RewrittenObject]
  var original: Inspection

  func verify(_ result: FilePath) throws(BindingError) {
    let reread: Inspection
    do {
      let document = try QPDFDocument(path: result, password: password)
      reread = try Inspection(document)
      for object in objects
      where try document.object(object.objectNumber, generation: object.generation)
        != object.value
      {
        throw BindingError.writing(
          .verificationFailed(
            "object \(object.objectNumber) \(object.generation) does not read back as written"))
      }
    } catch BindingError.writing(.verificationFailed(let why)) {
      throw BindingError.writing(.verificationFailed(why))
    } catch {
      throw BindingError.writing(.verificationFailed("qpdf cannot read it: \(error)"))
    }
    guard reread.hasExactly(change) else {
      let direction = reread.direction.rawValue.map { "/Direction \($0)" } ?? "no /Direction"
      let layout = reread.pageLayout.rawValue.map { "/PageLayout \($0)" } ?? "no /PageLayout"
      throw BindingError.writing(
        .verificationFailed("it reads back with \(direction) and \(layout)"))
    }
    guard reread.pageCount == original.pageCount else {
      throw BindingError.writing(
        .verificationFailed(
          "page count \(reread.pageCount.map(String.init) ?? "unreadable") instead of "
            + "\(original.pageCount.map(String.init) ?? "unreadable")"))
    }
    let originalMessages = Set(original.qpdfWarnings.map(\.detail))
    if let new = reread.qpdfWarnings.first(where: { !originalMessages.contains($0.detail) }) {
      throw BindingError.writing(.verificationFailed("new qpdf warning: \(new.detail)"))
    }
  }
}
