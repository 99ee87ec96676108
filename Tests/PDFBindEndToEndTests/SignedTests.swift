import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "Signed, certified and restricted documents", on files pyHanko signed (Fixtures/):
/// refused without --force; with it, an exact update after the signed bytes, every signature
/// still valid for poppler and intact for pyHanko, which (as the message warns) reports the
/// catalog change as a modification the signer did not allow.
@Suite("Signed and certified documents")
struct SignedTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var file: String
    var signatures: Int
    var refusal: String
    var note: String
    var testDescription: String { file }
  }

  static let signedRefusal =
    "the signed bytes would stay intact, but validators such as Acrobat and pyHanko report a "
    + "catalog change after signing as a modification the signer did not allow; use --force to "
    + "update it anyway"

  static let cases = [
    Case(
      file: "signed.pdf", signatures: 1,
      refusal: "digitally signed (1 signature): " + signedRefusal,
      note: "note: --force: the signed bytes are intact"),
    Case(
      file: "signed-twice.pdf", signatures: 2,
      refusal: "digitally signed (2 signatures): " + signedRefusal,
      note: "note: --force: the signed bytes are intact"),
    Case(
      file: "certified.pdf", signatures: 1,
      refusal: "certified (DocMDP permission level 2): changing the binding breaks the "
        + "certification; use --force to update it anyway",
      note: "note: --force: the document was certified"),
  ]

  /// pyHanko's verdict per signature: intact, valid, and the modification level it assigns
  /// to what came after, trusting the fixtures' test certificate.
  static func pyHankoVerdicts(_ path: String) throws -> [String] {
    let result = try IndependentReaders.runPython(
      """
      import sys
      from pyhanko.keys import load_cert_from_pemder
      from pyhanko.pdf_utils.reader import PdfFileReader
      from pyhanko.sign.validation import validate_pdf_signature
      from pyhanko_certvalidator import ValidationContext
      context = ValidationContext(trust_roots=[load_cert_from_pemder(sys.argv[2])])
      with open(sys.argv[1], 'rb') as f:
          for signature in PdfFileReader(f).embedded_signatures:
              status = validate_pdf_signature(signature, context)
              print(status.intact, status.valid, status.modification_level.name)
      """, path, Fixture.path("signing/cert.pem"))
    #expect(result.status == 0, "\(result.err)")
    return result.out.split(separator: "\n").map(String.init)
  }

  @Test("Refused without --force, with the reason; the file stays byte-identical", arguments: cases)
  func refused(signed: Case) throws {
    let path = try Fixture.copy(signed.file)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let result = try PDFBindRunner.run("set", "--right-edge", path)
    #expect(result.status == 2)
    #expect(result.out.isEmpty)
    #expect(result.err == "pdfbind: \(path): \(signed.refusal)\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    // get only reads.
    #expect(try PDFBindRunner.run("get", path).out == "unknown\n")
  }

  @Test("--force appends after the signed bytes; every signature still verifies", arguments: cases)
  func forced(signed: Case) throws {
    let path = try Fixture.copy(signed.file)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(
      try IndependentReaders.pdfsigValidations(path)
        == Array(repeating: "Signature is Valid.", count: signed.signatures))

    let result = try PDFBindRunner.run("set", "--right-edge", "--force", path)
    #expect(result.status == 0)
    #expect(result.out == "\(path): unknown -> right-edge\n")
    #expect(result.err.hasPrefix("pdfbind: \(path): \(signed.note)"))
    try UpdateChecks.expectExactUpdate(
      path, original: before, originalPath: Fixture.path(signed.file), direction: "/R2L")

    #expect(
      try IndependentReaders.pdfsigValidations(path)
        == Array(repeating: "Signature is Valid.", count: signed.signatures))
    // The last signature covered the whole file before; after the update pyHanko still finds
    // it intact and valid, and flags what the update changed, as the refusal said it would.
    let verdicts = try Self.pyHankoVerdicts(path)
    #expect(verdicts.count == signed.signatures)
    #expect(verdicts.allSatisfy { $0.hasPrefix("True True ") })
    #expect(verdicts.last == "True True OTHER")
  }
}
