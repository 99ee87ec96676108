/// SPEC's rule for signed, certified and change-restricted documents: refused unless `force`;
/// with it, the update is written and a note says what it does to them.
enum PermissionPolicy {
  /// The encryption the update must apply (nil for a plain file) and the notes `--force`
  /// earned; throws the refusal otherwise.
  static func check(_ document: QPDFDocument, trailer: PDFValue, password: String?, force: Bool)
    throws(BindingError) -> (encryption: EncryptionContext?, notes: [BindingWarning])
  {
    var notes: [BindingWarning] = []
    if let level = document.certificationLevel() {
      guard force else { throw BindingError.protected(.certified(level: level)) }
      notes.append(.forcedCertified)
    } else if case let signatures = document.signedFieldCount(), signatures > 0 {
      guard force else { throw BindingError.protected(.signed(count: signatures)) }
      notes.append(.forcedSigned)
    }
    let encryption = try EncryptionContext(
      document: document, trailer: trailer, password: password)
    if let encryption, !encryption.allowsModification {
      guard force else { throw BindingError.protected(.changesNotPermitted) }
      notes.append(.forcedRestricted)
    }
    return (encryption, notes)
  }
}
