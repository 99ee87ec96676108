/// What an encrypted document asks of an update: whether its permissions allow the change,
/// and how the strings of the rewritten objects must be encrypted (ISO 32000-1 §7.6).
/// Nil for documents without encryption.
struct EncryptionContext {
  private let handler: StandardSecurityHandler
  private let fileKey: [UInt8]
  /// Opened with the owner password, which lifts the permission restrictions.
  let openedAsOwner: Bool

  var allowsModification: Bool { openedAsOwner || handler.permitsModification }

  init?(document: QPDFDocument, trailer: PDFValue, password: String?) throws(BindingError) {
    guard document.isEncrypted else { return nil }
    guard let dictionary = try document.resolvedTrailerEntry("Encrypt") else {
      throw BindingError.unsupported(.encryption("an /Encrypt entry that is not a dictionary"))
    }
    handler = try StandardSecurityHandler(
      dictionary: dictionary, documentID: Self.documentID(in: trailer))
    // qpdf opened the file with this password, so it is the user or the owner password;
    // pdfbind must reach the same key from it on its own.
    guard let (key, isOwner) = handler.authenticate(password: Array((password ?? "").utf8))
    else {
      throw BindingError.unsupported(
        .exactEncryption(
          "pdfbind cannot derive the file key from this password (qpdf accepted it, possibly "
            + "after converting its character encoding)"))
    }
    fileKey = key
    openedAsOwner = isOwner
  }

  /// The first string of the trailer's `/ID` (empty when there is none, as qpdf takes it).
  static func documentID(in trailer: PDFValue) -> [UInt8] {
    if case .array(let id)? = trailer["ID"], case .string(let first)? = id.first { return first }
    return []
  }

  /// Encrypts a string of object (number, generation) with that object's key; nil when
  /// the objects hold no string or the document leaves strings unencrypted.
  func stringEncryptor(needed objects: [RewrittenObject])
    -> (([UInt8], Int, Int) -> [UInt8])?
  {
    guard objects.contains(where: { $0.value.containsString }),
      handler.stringCipher != .identity
    else { return nil }
    return { [handler, fileKey] plain, number, generation in
      handler.encrypt(plain, key: fileKey, objectNumber: number, generation: generation)
    }
  }
}
