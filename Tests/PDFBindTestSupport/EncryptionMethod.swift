import Testing

/// A standard-security-handler method as `qpdf --encrypt USER OWNER …` makes it.
public struct EncryptionMethod: CustomTestStringConvertible, Sendable {
  public var name: String
  /// What follows the passwords: the key length and options.
  public var qpdfArguments: [String]
  /// Whether qpdf should also put the objects (the catalog among them) in object streams.
  public var objectStreams: Bool
  public var testDescription: String { name }

  public init(_ name: String, _ qpdfArguments: [String], objectStreams: Bool = false) {
    self.name = name
    self.qpdfArguments = qpdfArguments
    self.objectStreams = objectStreams
  }

  /// Every method of ISO 32000-1 §7.6.3 and ISO 32000-2 that qpdf writes.
  public static let all = [
    EncryptionMethod("RC4 40-bit (R2)", ["40"]),
    EncryptionMethod("RC4 128-bit (R3)", ["128", "--use-aes=n"]),
    EncryptionMethod("AES-128 (R4)", ["128", "--use-aes=y"]),
    EncryptionMethod("AES-128 (R4), metadata in clear", ["128", "--cleartext-metadata"]),
    EncryptionMethod("AES-128 (R4), object streams", ["128", "--use-aes=y"], objectStreams: true),
    EncryptionMethod("AES-256 (R5)", ["256", "--force-R5"]),
    EncryptionMethod("AES-256 (R6)", ["256"]),
  ]
}
