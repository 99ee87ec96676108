import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "Encrypted documents are updated incrementally and stay encrypted": files qpdf
/// encrypts with each standard-handler method get an update whose strings pikepdf and qpdf
/// decrypt to the old text, with the user and with the owner password.
@Suite("Encrypted documents")
struct EncryptionTests {
  /// Strings in the catalog, which the update rewrites: a language tag and a page label
  /// prefix with non-ASCII text (UTF-16BE with a byte order mark).
  static let catalog =
    "<< /Type /Catalog /Pages 2 0 R /Lang (he-IL) /PageLabels << /Nums [0 << /S /D "
    + "/P <FEFF05E305E205D3002D> >>] >> >>"

  /// An encrypted copy of a hand-made file, by qpdf.
  static func encrypted(
    _ method: EncryptionMethod, user: String, owner: String, extra: [String] = []
  )
    throws -> String
  {
    let directory = try Fixture.temporaryDirectory()
    let plain = directory.appendingPathComponent("plain.pdf")
    try HandMadePDF.bytes(catalog: catalog).write(to: plain)
    let path = directory.appendingPathComponent("encrypted.pdf").path
    var arguments = ["--allow-weak-crypto"]
    if method.objectStreams { arguments.append("--object-streams=generate") }
    arguments +=
      ["--encrypt", user, owner] + method.qpdfArguments + extra + ["--", plain.path, path]
    let made = try runProcess(which("qpdf")!, arguments)
    try #require(made.status == 0, "\(made.err)")
    return path
  }

  /// The catalog's strings as pikepdf decrypts them.
  static func strings(_ path: String, password: String) throws -> String {
    let result = try IndependentReaders.runPython(
      """
      import sys, pikepdf
      pdf = pikepdf.open(sys.argv[1], password=sys.argv[2])
      print(repr(bytes(pdf.Root.Lang)), repr(bytes(pdf.Root.PageLabels.Nums[1].P)))
      """, path, password)
    #expect(result.status == 0, "\(result.err)")
    return result.out
  }

  @Test(
    "set with the user or the owner password: strings decrypt as before",
    arguments: EncryptionMethod.all)
  func update(method: EncryptionMethod) throws {
    for password in ["user pw", "owner pw"] {
      let path = try Self.encrypted(method, user: "user pw", owner: "owner pw")
      let original = try Data(contentsOf: URL(fileURLWithPath: path))
      let before = try Self.strings(path, password: password)
      let result = try PDFBindRunner.run(["set", "--right-edge", "--password", password, path])
      #expect(result.status == 0, "\(password): \(result.err)")
      #expect(result.out == "\(path): unknown -> right-edge\n")
      try UpdateChecks.expectExactUpdate(
        path, original: original, originalPath: path, direction: "/R2L", password: password)
      #expect(try IndependentReaders.qpdfIsEncrypted(path))
      #expect(try Self.strings(path, password: password) == before)
      // The other password still opens the result, to the same text.
      let other = password == "user pw" ? "owner pw" : "user pw"
      #expect(try Self.strings(path, password: other) == before)
      // No plain text in what was appended.
      let appended = try Data(contentsOf: URL(fileURLWithPath: path)).dropFirst(original.count)
      #expect(appended.firstRange(of: Data("he-IL".utf8)) == nil)
      #expect(appended.firstRange(of: Data("<FEFF05E3".utf8)) == nil)
    }
  }

  @Test("An empty user password needs no --password")
  func emptyUserPassword() throws {
    let path = try Self.encrypted(EncryptionMethod.all.last!, user: "", owner: "owner pw")
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    let result = try PDFBindRunner.run("set", "--left-edge", path)
    #expect(result.status == 0, "\(result.err)")
    try UpdateChecks.expectExactUpdate(
      path, original: original, originalPath: path, direction: "/L2R")
    #expect(try Self.strings(path, password: "") == Self.strings(path, password: "owner pw"))
  }

  @Test("Permissions that forbid changes: refused, unless the owner password or --force")
  func restrictedPermissions() throws {
    let path = try Self.encrypted(
      EncryptionMethod.all.last!, user: "", owner: "owner pw", extra: ["--modify=none"])
    let original = try Data(contentsOf: URL(fileURLWithPath: path))

    let refused = try PDFBindRunner.run("set", "--right-edge", path)
    #expect(refused.status == 2)
    #expect(
      refused.err
        == "pdfbind: \(path): encrypted with permissions that forbid changes, and opened "
        + "without the owner password; give the owner password with --password, or use --force\n"
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)

    let owner = try PDFBindRunner.run("set", "--right-edge", "--password", "owner pw", path)
    #expect(owner.status == 0, "\(owner.err)")
    #expect(owner.err.isEmpty)
    try UpdateChecks.expectExactUpdate(
      path, original: original, originalPath: path, direction: "/R2L")

    let forced = try PDFBindRunner.run("set", "--left-edge", "--force", path)
    #expect(forced.status == 0)
    #expect(forced.err.contains("note: --force: the document's permissions forbid changes"))
    #expect(try IndependentReaders.qpdfDirection(path) == "/L2R")
  }

  @Test("A public-key security handler is refused by name")
  func publicKeyHandler() throws {
    // qpdf cannot make one; rename the handler of a standard file, which is what a reader
    // sees first.
    let path = try Self.encrypted(EncryptionMethod.all.last!, user: "", owner: "owner pw")
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let standard = try #require(bytes.firstRange(of: Data("/Filter /Standard".utf8)))
    bytes.replaceSubrange(standard, with: Data("/Filter /PubSecXYZ".utf8))
    try bytes.write(to: URL(fileURLWithPath: path))
    let result = try PDFBindRunner.run("set", "--right-edge", path)
    #expect(result.status == 2)
    #expect(result.err.hasPrefix("pdfbind: \(path): encrypted with "))
    #expect(
      result.err.contains(
        "a security handler other than the standard password handler (qpdf: unsupported "
          + "encryption filter), which pdfbind does not support"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
  }
}
