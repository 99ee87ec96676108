import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore

/// The ciphers against published test vectors, and the file key pdfbind derives against the
/// one qpdf reports (`--show-encryption-key`) for files qpdf encrypted.
@Suite("Standard security handler")
struct StandardSecurityHandlerTests {
  private static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }

  private static func bytes(hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      result.append(UInt8(hex[index..<next], radix: 16)!)
      index = next
    }
    return result
  }

  @Test("MD5 and SHA-2 give the FIPS and RFC 1321 digests of \"abc\"")
  func digests() {
    let abc = Array("abc".utf8)
    #expect(Self.hex(Ciphers.digest(.md5, abc)) == "900150983cd24fb0d6963f7d28e17f72")
    #expect(
      Self.hex(Ciphers.digest(.sha256, Array("ab".utf8), Array("c".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      Self.hex(Ciphers.digest(.sha384, abc))
        == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
        + "8086072ba1e7cc2358baeca134c825a7")
    #expect(Self.hex(Ciphers.digest(.sha512, abc)).hasPrefix("ddaf35a193617aba"))
  }

  @Test("RC4 gives the classic test vector, and decrypts what it encrypted")
  func rc4() {
    let cipher = Ciphers.rc4(key: Array("Key".utf8), Array("Plaintext".utf8))
    #expect(Self.hex(cipher) == "bbf316e8d940af0ad3")
    #expect(Ciphers.rc4(key: Array("Key".utf8), cipher) == Array("Plaintext".utf8))
  }

  @Test("AES-CBC gives the NIST SP 800-38A vectors, for 128- and 256-bit keys")
  func aes() {
    let iv = Self.bytes(hex: "000102030405060708090a0b0c0d0e0f")
    let plain = Self.bytes(hex: "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51")
    let key128 = Self.bytes(hex: "2b7e151628aed2a6abf7158809cf4f3c")
    let cipher128 = Ciphers.aesCBC(encrypt: true, key: key128, iv: iv, plain)
    #expect(
      Self.hex(cipher128) == "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2")
    #expect(Ciphers.aesCBC(encrypt: false, key: key128, iv: iv, cipher128) == plain)
    let key256 = Self.bytes(
      hex: "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
    let cipher256 = Ciphers.aesCBC(encrypt: true, key: key256, iv: iv, plain)
    #expect(
      Self.hex(cipher256) == "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d")
    #expect(Ciphers.aesCBC(encrypt: false, key: key256, iv: iv, cipher256) == plain)
  }

  @Test(
    "The file key matches qpdf's for the user and the owner password",
    arguments: EncryptionMethod.all)
  func fileKeyMatchesQPDF(method: EncryptionMethod) throws {
    let directory = try Fixture.temporaryDirectory()
    let path = directory.appendingPathComponent("encrypted.pdf").path
    let qpdf = which("qpdf")!
    let made = try runProcess(
      qpdf,
      ["--allow-weak-crypto"] + (method.objectStreams ? ["--object-streams=generate"] : [])
        + ["--encrypt", "user pw", "owner pw"] + method.qpdfArguments + [
          "--", Fixture.corpus.appendingPathComponent("qpdf--minimal.pdf").path, path,
        ])
    try #require(made.status == 0, "\(made.err)")

    for (password, isOwner) in [("user pw", false), ("owner pw", true)] {
      let shown = try runProcess(
        qpdf, ["--password=\(password)", "--show-encryption", "--show-encryption-key", path])
      let qpdfKey = shown.out.split(separator: "\n")
        .first { $0.hasPrefix("Encryption key = ") }?.dropFirst("Encryption key = ".count)
      #expect(shown.out.contains(isOwner ? "is owner password" : "is user password"))

      let document = try QPDFDocument(
        path: FilePath(path), password: password, attemptRecovery: false)
      let handler = try StandardSecurityHandler(
        dictionary: try #require(try document.resolvedTrailerEntry("Encrypt")),
        documentID: EncryptionContext.documentID(in: try document.trailer()))
      let result = try #require(handler.authenticate(password: Array(password.utf8)))
      #expect(Self.hex(result.key) == qpdfKey.map(String.init))
      #expect(result.isOwner == isOwner)
    }
  }

  @Test("A wrong password opens nothing")
  func wrongPassword() throws {
    let directory = try Fixture.temporaryDirectory()
    let path = directory.appendingPathComponent("encrypted.pdf").path
    _ = try runProcess(
      which("qpdf")!,
      [
        "--encrypt", "user", "owner", "256", "--",
        Fixture.corpus.appendingPathComponent("qpdf--minimal.pdf").path, path,
      ])
    let document = try QPDFDocument(path: FilePath(path), password: "user", attemptRecovery: false)
    let handler = try StandardSecurityHandler(
      dictionary: try #require(try document.resolvedTrailerEntry("Encrypt")), documentID: [])
    #expect(handler.authenticate(password: Array("users".utf8)) == nil)
    #expect(handler.authenticate(password: []) == nil)
  }
}
