/// How an encrypted document constrains the update: its permissions, and the key its strings
/// must be encrypted with (ISO 32000-1 §7.6). Nil for documents without encryption.
struct EncryptionContext {
  var allowsModification: Bool

  init?(document: QPDFDocument, password: String?) throws(BindingError) {
    guard document.isEncrypted else { return nil }
    allowsModification = document.allowsModification
  }

  /// A function that encrypts a string of object (number, generation), or nil when the
  /// rewritten objects hold no string. Never lets plain text into an encrypted file.
  func stringEncryptor(needed objects: [RewrittenObject]) throws(BindingError)
    -> (([UInt8], Int, Int) -> [UInt8])?
  {
    guard objects.contains(where: { $0.value.containsString }) else { return nil }
    throw BindingError.cannotEncryptExactly(
      "the rewritten object holds strings that would have to be encrypted")
  }
}
