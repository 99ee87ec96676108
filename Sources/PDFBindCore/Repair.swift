import SystemPackage

extension BindingEditor {
  /// `set --repair` on a damaged file (qpdf has to reconstruct its cross-reference table, so
  /// no exact update can go on top): qpdf reads it with recovery, the binding is set through
  /// qpdf's object API, and qpdf writes the whole document anew, encryption kept (same handler,
  /// passwords and permissions). Signed and certified files are never rewritten, since that
  /// destroys their signatures. The result is verified like every other result before it
  /// replaces anything.
  func repair(
    _ binding: PageBinding, source: borrowing SourceFile, options: SetOptions, damage: String
  ) throws(BindingError) -> SetOutcome {
    let document = try QPDFDocument(
      path: source.path, descriptor: source.descriptor, password: password, attemptRecovery: true)
    let original = try inspect(document)
    if document.certificationLevel() != nil {
      throw BindingError.repairWouldBreakSignatures(certified: true)
    }
    if document.signedFieldCount() > 0 {
      throw BindingError.repairWouldBreakSignatures(certified: false)
    }
    if options.destination == .inPlace { throw BindingError.repairNeedsCopy }
    let (_, notes) = try checkPermissions(
      document, trailer: try document.trailer(), force: options.force)
    var outcome = SetOutcome(
      before: original.direction, after: binding, changed: true, bytesAppended: 0,
      crossReferenceKind: nil,
      notes: notes + [
        "note: --repair: damaged PDF (qpdf: \(damage)); qpdf rewrote it whole with the "
          + "binding, so its earlier revisions are not kept"
      ],
      rewritten: true)
    if original.pageCount == nil {
      outcome.notes.append("warning: the document has no page tree: most readers cannot open it")
    }
    try document.replaceDirection(with: binding.directionName)
    let bytes = try document.writtenWhole()
    if options.dryRun { return outcome }
    let encrypted = document.isEncrypted
    try Output.write(bytes, after: source, to: options.destination, rewrite: true) {
      (result: FilePath) throws(BindingError) in
      try verify(result, has: binding, objects: [], like: original)
      let reread: QPDFDocument
      do {
        reread = try QPDFDocument(path: result, password: password, attemptRecovery: false)
      } catch {
        throw BindingError.verificationFailed("qpdf cannot read it: \(error)")
      }
      guard reread.isEncrypted == encrypted else {
        throw BindingError.verificationFailed("qpdf did not keep its encryption")
      }
    }
    return outcome
  }
}
