import SystemPackage

/// `set --repair` on a damaged file (qpdf has to reconstruct its cross-reference table, so no
/// exact update can go on top): qpdf reads it with recovery, the change is made through qpdf's
/// object API, and qpdf writes the whole document anew, encryption kept (same handler,
/// passwords and permissions). Signed and certified files are never rewritten, since that
/// destroys their signatures. The result is verified like every other result before it
/// replaces anything.
struct Repair {
  var password: String?
  var options: SetOptions

  func run(_ change: BindingChange, source: borrowing SourceFile, damage: String)
    throws(BindingError) -> SetOutcome
  {
    let document = try QPDFDocument(
      mapping: try source.mapping(), name: source.path, password: password, attemptRecovery: true)
    let original = try Inspection(document)
    if document.certificationLevel() != nil {
      throw BindingError.unsupported(.repairOfSigned(certified: true))
    }
    if document.signedFieldCount() > 0 {
      throw BindingError.unsupported(.repairOfSigned(certified: false))
    }
    if options.destination == .inPlace { throw BindingError.unsupported(.repairInPlace) }
    let (_, notes) = try PermissionPolicy.check(
      document, trailer: try document.trailer(), password: password, force: options.force)
    var outcome = SetOutcome(
      before: original.direction, layoutBefore: original.pageLayout, change: change,
      changed: true, bytesAppended: 0, crossReferenceKind: nil,
      warnings: notes + [.repaired(detail: damage)], rewritten: true)
    if original.pageCount == nil { outcome.warnings.append(.noPageTree) }
    try document.apply(change)
    let bytes = try document.writtenWhole()
    if options.dryRun { return outcome }
    let encrypted = document.isEncrypted
    let verifier = Verifier(password: password, change: change, objects: [], original: original)
    try ResultWriter.write(bytes, after: source, keeping: 0, to: options.destination) {
      (result: FilePath) throws(BindingError) in
      try verifier.verify(result)
      let reread: QPDFDocument
      do {
        reread = try QPDFDocument(path: result, password: password)
      } catch {
        throw BindingError.writing(.verificationFailed("qpdf cannot read it: \(error)"))
      }
      guard reread.isEncrypted == encrypted else {
        throw BindingError.writing(.verificationFailed("qpdf did not keep its encryption"))
      }
    }
    return outcome
  }
}
