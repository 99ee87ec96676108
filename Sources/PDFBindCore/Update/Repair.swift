import SystemPackage

/// `set --repair` on a damaged file (qpdf has to reconstruct its cross-reference table, so no
/// exact update can go on top): qpdf's recovered read of it, which the document already holds
/// when its damage showed on opening, gets the change through qpdf's object API, and qpdf
/// writes the whole document anew, encryption kept (same handler, passwords and permissions).
/// Signed and certified files are never rewritten, since that destroys their signatures. The
/// result is verified like every other result before it replaces anything.
struct Repair {
  var password: String?
  var options: SaveOptions

  func run(
    _ change: BindingChange, file: OpenedFile, damage: String, to destination: SaveDestination
  ) throws(BindingError) -> (SaveOutcome, verified: Inspection?) {
    let (outcome, bytes, verifier) = try rewrite(
      change, file: file, damage: damage, inPlace: destination == .inPlace)
    if options.dryRun { return (outcome, nil) }
    // qpdf's handle goes before anything is written.
    file.releaseQPDF()
    let verified = try verifier.write(
      bytes, after: try file.sourceFile(), keeping: 0, to: destination)
    return (outcome, verified)
  }

  /// The report, the rewritten file's bytes and what the result must read back as; the qpdf
  /// document that made them ends here.
  private func rewrite(_ change: BindingChange, file: OpenedFile, damage: String, inPlace: Bool)
    throws(BindingError) -> (SaveOutcome, [UInt8], Verifier)
  {
    var (document, original) = try file.qpdfRead()
    if !document.attemptsRecovery {
      // The damage showed only in objects read after opening: read it again, recovering.
      let source = try file.sourceFile()
      document = try QPDFDocument(
        mapping: source.mapping, name: source.path, password: password, attemptRecovery: true)
      original = try Inspection(document)
    }
    if document.certificationLevel() != nil {
      throw BindingError.unsupported(.repairOfSigned(certified: true))
    }
    if document.signedFieldCount() > 0 {
      throw BindingError.unsupported(.repairOfSigned(certified: false))
    }
    if inPlace { throw BindingError.unsupported(.repairInPlace) }
    let (_, notes) = try PermissionPolicy.check(
      document, trailer: try document.trailer(), password: password, force: options.force)
    var outcome = SaveOutcome(
      before: original.direction, layoutBefore: original.pageLayout, change: change,
      changed: true, bytesAppended: 0, crossReferenceKind: nil,
      warnings: notes + [.repaired(detail: damage)], rewritten: true)
    if original.pageCount == nil { outcome.warnings.append(.noPageTree) }
    try document.apply(change)
    let verifier = Verifier(
      password: password, expectation: .change(change, original: original),
      encrypted: document.isEncrypted)
    return (outcome, try document.writtenWhole(), verifier)
  }
}
