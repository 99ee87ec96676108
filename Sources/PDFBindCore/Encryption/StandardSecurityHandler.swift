/// The PDF standard security handler: the file key from a password (ISO 32000-1 §7.6.3.3,
/// algorithms 2, 6 and 7; ISO 32000-2 §7.6.4.3.3–4 for revision 6) and the encryption of a
/// string with its object's key (algorithm 1, §7.6.2).
///
/// libqpdf decrypts what it reads but does not hand out the key, and an update that adds a
/// string to an encrypted file must encrypt it exactly as the file's readers will decrypt it.
/// The result of every update is read back by qpdf and compared with what was meant, so an
/// error here is caught before any file changes.
struct StandardSecurityHandler {
  /// How strings are encrypted (the crypt filter named by `/StrF`, or RC4 before V4).
  enum StringCipher: Equatable {
    case identity, rc4, aes128, aes256
  }

  var version: Int
  var revision: Int
  /// The file key's length in bytes.
  var keyLength: Int
  var ownerEntry: [UInt8]
  var userEntry: [UInt8]
  var ownerEncryptedKey: [UInt8]
  var userEncryptedKey: [UInt8]
  var permissions: UInt32
  var encryptsMetadata: Bool
  var stringCipher: StringCipher
  /// The first string of the trailer's `/ID`, part of the key before revision 5.
  var documentID: [UInt8]

  init(dictionary: PDFValue, documentID: [UInt8]) throws(BindingError) {
    func integer(_ key: String) -> Int? {
      if case .integer(let value)? = dictionary[key] { return Int(exactly: value) }
      return nil
    }
    func bytes(_ key: String) -> [UInt8] {
      if case .string(let value)? = dictionary[key] { return value }
      return []
    }
    func name(_ value: PDFValue?) -> String? {
      if case .name(let bytes)? = value { return String(decoding: bytes, as: UTF8.self) }
      return nil
    }

    let filter = name(dictionary["Filter"]) ?? "none"
    guard filter == "Standard" else {
      throw BindingError.unsupported(
        .encryption(
          "the security handler /\(filter) (pdfbind supports the standard password handler)"))
    }
    guard let version = integer("V"), [1, 2, 4, 5].contains(version),
      let revision = integer("R"), (2...6).contains(revision)
    else {
      throw BindingError.unsupported(
        .encryption(
          "security handler version /V \(integer("V").map(String.init) ?? "?") revision /R "
            + "\(integer("R").map(String.init) ?? "?")"))
    }
    self.version = version
    self.revision = revision
    switch version {
    case 1: keyLength = 5
    case 4: keyLength = 16
    case 5: keyLength = 32
    default:
      let bits = integer("Length") ?? 40
      guard bits % 8 == 0, (40...128).contains(bits) else {
        throw BindingError.unsupported(.encryption("a key of \(bits) bits"))
      }
      keyLength = bits / 8
    }
    ownerEntry = bytes("O")
    userEntry = bytes("U")
    ownerEncryptedKey = bytes("OE")
    userEncryptedKey = bytes("UE")
    permissions = UInt32(truncatingIfNeeded: integer("P") ?? 0)
    encryptsMetadata = dictionary["EncryptMetadata"] != .boolean(false)
    self.documentID = documentID

    if version < 4 {
      stringCipher = .rc4
    } else {
      let filterName = name(dictionary["StrF"]) ?? "Identity"
      if filterName == "Identity" {
        stringCipher = .identity
      } else {
        switch name(dictionary["CF"]?[filterName]?["CFM"]) ?? "None" {
        case "None": stringCipher = .identity
        case "V2": stringCipher = .rc4
        case "AESV2": stringCipher = .aes128
        case "AESV3": stringCipher = .aes256
        case let method:
          throw BindingError.unsupported(.encryption("the crypt filter method /\(method)"))
        }
      }
    }
    // As qpdf reads them (QPDF::initializeEncryption): a short entry is padded with zeros and
    // only the leading bytes count, so the longer /OE, /UE (48 bytes) and /Perms (32) that
    // ReportLab writes for AES-256 read as the standard's 32 and 16.
    let entryLength = revision >= 5 ? 48 : 32
    ownerEntry = Self.leading(ownerEntry, entryLength)
    userEntry = Self.leading(userEntry, entryLength)
    if revision >= 5 {
      ownerEncryptedKey = Self.leading(ownerEncryptedKey, 32)
      userEncryptedKey = Self.leading(userEncryptedKey, 32)
    }
  }

  /// The first `count` bytes of `entry`, padded with zeros when it is shorter.
  private static func leading(_ entry: [UInt8], _ count: Int) -> [UInt8] {
    Array(entry.prefix(count)) + [UInt8](repeating: 0, count: max(0, count - entry.count))
  }

  /// Permission bit 4 (ISO 32000-1 table 22): modifying the document other than by
  /// annotations, forms and page assembly. Changing the viewer preferences needs it.
  var permitsModification: Bool { permissions & (1 << 3) != 0 }

  /// The file key the password opens, and whether it is the owner password; nil when it is
  /// neither password.
  func authenticate(password: [UInt8]) -> (key: [UInt8], isOwner: Bool)? {
    revision >= 5 ? authenticateAES256(password) : authenticateRC4Era(password)
  }

  /// The string's bytes as they must stand in object (`number`, `generation`).
  func encrypt(
    _ plain: [UInt8], key: [UInt8], objectNumber: Int, generation: Int,
    initializationVector: [UInt8] = Ciphers.randomBytes(Ciphers.aesBlockSize)
  ) -> [UInt8] {
    switch stringCipher {
    case .identity:
      return plain
    case .rc4:
      return Ciphers.rc4(key: objectKey(key, objectNumber, generation, aes: false), plain)
    case .aes128, .aes256:
      // PKCS #7 padding, always 1 to 16 bytes; the IV is stored before the cipher text.
      let padding = Ciphers.aesBlockSize - plain.count % Ciphers.aesBlockSize
      let padded = plain + [UInt8](repeating: UInt8(padding), count: padding)
      let objectKey = objectKey(key, objectNumber, generation, aes: true)
      return initializationVector
        + Ciphers.aesCBC(encrypt: true, key: objectKey, iv: initializationVector, padded)
    }
  }

  /// Algorithm 1: before revision 5 every object has its own key, from the file key, the
  /// object number and generation; AES-256 uses the file key itself.
  func objectKey(_ key: [UInt8], _ number: Int, _ generation: Int, aes: Bool) -> [UInt8] {
    guard version < 5 else { return key }
    let suffix: [UInt8] = [
      UInt8(truncatingIfNeeded: number), UInt8(truncatingIfNeeded: number >> 8),
      UInt8(truncatingIfNeeded: number >> 16), UInt8(truncatingIfNeeded: generation),
      UInt8(truncatingIfNeeded: generation >> 8),
    ]
    let salt: [UInt8] = aes ? Array("sAlT".utf8) : []
    return Array(Ciphers.digest(.md5, key, suffix, salt).prefix(min(key.count + 5, 16)))
  }

  // MARK: - Revisions 2 to 4 (RC4 and AES-128)

  private static let passwordPadding: [UInt8] = [
    0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01,
    0x08, 0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53,
    0x69, 0x7A,
  ]

  private static func padded(_ password: [UInt8]) -> [UInt8] {
    let head = password.prefix(32)
    return Array(head) + passwordPadding.prefix(32 - head.count)
  }

  private func authenticateRC4Era(_ password: [UInt8]) -> (key: [UInt8], isOwner: Bool)? {
    if let key = userKey(forUserPassword: ownerDecryptedUserPassword(password)) {
      return (key, true)
    }
    return userKey(forUserPassword: password).map { ($0, false) }
  }

  /// Algorithm 2: the file key a user password gives, if the `/U` entry confirms it
  /// (algorithms 4 to 6).
  private func userKey(forUserPassword password: [UInt8]) -> [UInt8]? {
    let permissionBytes = (0..<4).map { UInt8(truncatingIfNeeded: permissions >> (8 * $0)) }
    let metadata: [UInt8] = revision >= 4 && !encryptsMetadata ? [0xFF, 0xFF, 0xFF, 0xFF] : []
    var hash = Ciphers.digest(
      .md5, Self.padded(password), Array(ownerEntry.prefix(32)), permissionBytes, documentID,
      metadata)
    if revision >= 3 {
      for _ in 0..<50 { hash = Ciphers.digest(.md5, Array(hash.prefix(keyLength))) }
    }
    let key = Array(hash.prefix(keyLength))
    if revision == 2 {
      return Ciphers.rc4(key: key, Self.passwordPadding) == Array(userEntry.prefix(32)) ? key : nil
    }
    var check = Ciphers.rc4(key: key, Ciphers.digest(.md5, Self.passwordPadding, documentID))
    for round in 1...19 { check = Ciphers.rc4(key: key.map { $0 ^ UInt8(round) }, check) }
    return check == Array(userEntry.prefix(16)) ? key : nil
  }

  /// Algorithm 7: the user password hidden in `/O`, recovered with an owner password.
  private func ownerDecryptedUserPassword(_ password: [UInt8]) -> [UInt8] {
    var hash = Ciphers.digest(.md5, Self.padded(password))
    if revision >= 3 {
      for _ in 0..<50 { hash = Ciphers.digest(.md5, hash) }
    }
    let key = Array(hash.prefix(keyLength))
    var user = Array(ownerEntry.prefix(32))
    if revision == 2 { return Ciphers.rc4(key: key, user) }
    for round in stride(from: 19, through: 0, by: -1) {
      user = Ciphers.rc4(key: key.map { $0 ^ UInt8(round) }, user)
    }
    return user
  }

  // MARK: - Revisions 5 and 6 (AES-256)

  /// Algorithms 2.A, 11 and 12: the owner password is checked first, against `/O` salted with
  /// `/U`; the file key is `/OE` or `/UE` decrypted with a hash of the password.
  private func authenticateAES256(_ password: [UInt8]) -> (key: [UInt8], isOwner: Bool)? {
    let password = Array(password.prefix(127))
    let user = Array(userEntry.prefix(48))
    let zeroIV = [UInt8](repeating: 0, count: 16)
    if hash(password, salt: ownerEntry[32..<40], user) == Array(ownerEntry.prefix(32)) {
      let intermediate = hash(password, salt: ownerEntry[40..<48], user)
      return (
        Ciphers.aesCBC(encrypt: false, key: intermediate, iv: zeroIV, ownerEncryptedKey), true
      )
    }
    if hash(password, salt: userEntry[32..<40], []) == Array(userEntry.prefix(32)) {
      let intermediate = hash(password, salt: userEntry[40..<48], [])
      return (
        Ciphers.aesCBC(encrypt: false, key: intermediate, iv: zeroIV, userEncryptedKey), false
      )
    }
    return nil
  }

  /// Algorithm 2.B (revision 6); revision 5 used a single SHA-256.
  private func hash(_ password: [UInt8], salt: ArraySlice<UInt8>, _ userData: [UInt8])
    -> [UInt8]
  {
    var key = Ciphers.digest(.sha256, password, Array(salt), userData)
    guard revision >= 6 else { return key }
    var round = 0
    while true {
      let block = password + key + userData
      var repeated: [UInt8] = []
      repeated.reserveCapacity(block.count * 64)
      for _ in 0..<64 { repeated += block }
      let encrypted = Ciphers.aesCBC(
        encrypt: true, key: Array(key[0..<16]), iv: Array(key[16..<32]), repeated)
      // The first 16 bytes as a big-endian number, modulo 3: 256 ≡ 1 (mod 3), so the sum of
      // the bytes has the same remainder.
      let selector = encrypted.prefix(16).reduce(0) { $0 + Int($1) } % 3
      key = Ciphers.digest([.sha256, .sha384, .sha512][selector], encrypted)
      round += 1
      if round >= 64 && Int(encrypted.last!) <= round - 32 { break }
    }
    return Array(key.prefix(32))
  }
}
