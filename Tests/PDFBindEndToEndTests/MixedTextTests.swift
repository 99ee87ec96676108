import Foundation
import PDFBindTestSupport
import Testing

/// Issue 19, item 4, through the real binary: forms in Arabic, Hebrew, Persian and Urdu with
/// Latin values, whose letters alone leave them undecided, are decided by the layout of their
/// lines; look-alikes (an English form with Arabic values, a mixed page set flush left,
/// bilingual and trilingual pages) stay undecided. The fixtures come from
/// Fixtures/mixed/make_mixed_fixtures.py; MANIFEST.tsv was written by a person.
@Suite("suggest: mixed text, by its layout")
struct MixedTextTests {
  static let manifest: [(file: String, expected: String)] = {
    let text = (try? String(contentsOfFile: Fixture.path("mixed/MANIFEST.tsv"), encoding: .utf8))
    return (text ?? "").split(separator: "\n").dropFirst().map {
      let fields = $0.split(separator: "\t").map(String.init)
      return (fields[0], fields[1])
    }
  }()

  func suggestJSON(_ file: String) throws -> [String: Any] {
    let result = try PDFBindRunner.run("suggest", "--json", file)
    #expect(result.status == 0, "\(result.err)")
    let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    return try #require(object)
  }

  func item(_ object: [String: Any], _ source: String) -> [String: Any]? {
    (object["evidence"] as? [[String: Any]] ?? []).first { $0["source"] as? String == source }
  }

  @Test("The manifest lists every fixture")
  func manifestComplete() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Fixture.path("mixed"))
      .filter { $0.hasSuffix(".pdf") }
    #expect(Set(files) == Set(Self.manifest.map(\.file)))
    #expect(Self.manifest.count == 10)
  }

  @Test("Each mixed fixture gets the decision a person chose", arguments: manifest)
  func labelled(file: String, expected: String) throws {
    let object = try suggestJSON(Fixture.path("mixed/" + file))
    #expect(object["decision"] as? String == expected, "\(object)")
    // Every one of them has right-to-left letters, so the lines are looked at and reported.
    let lines = try #require(item(object, "lines"), "\(object)")
    #expect((lines["detail"] as? String)?.contains("flush right") == true)
  }

  @Test(
    "The forms are decided by their lines alone: the script says mixed",
    arguments: ["arabic-form.pdf", "hebrew-form.pdf", "persian-form.pdf", "urdu-form.pdf"])
  func formByLines(file: String) throws {
    let object = try suggestJSON(Fixture.path("mixed/" + file))
    let text = try #require(item(object, "text"))
    #expect(text["says"] is NSNull)
    #expect((text["detail"] as? String)?.hasSuffix("mixed, neither direction dominates") == true)
    let lines = try #require(item(object, "lines"))
    #expect(lines["says"] as? String == "right-edge")
    #expect(lines["weighed"] as? Bool == true)
    #expect((lines["pages"] as? [Int])?.isEmpty == false)
  }

  @Test("The text line says what the lines showed, and why they decide nothing")
  func wording() throws {
    let form = Fixture.path("mixed/arabic-form.pdf")
    let decided = try PDFBindRunner.run("suggest", form)
    #expect(
      decided.out == """
        \(form): right-edge (text: 60% of 260 letters in right-to-left scripts on page 1: mixed, \
        neither direction dominates; lines: 13 lines flush right, 0 lines flush left on page 1, \
        where 60% of letters are right-to-left)

        """)
    let columns = Fixture.path("mixed/bilingual-columns.pdf")
    let bilingual = try PDFBindRunner.run("suggest", columns)
    #expect(bilingual.out.contains("not a majority"), "\(bilingual.out)")
    let left = Fixture.path("mixed/arabic-aligned-left.pdf")
    let aligned = try PDFBindRunner.run("suggest", left)
    #expect(aligned.out.contains("0 lines flush right, 6 lines flush left"), "\(aligned.out)")
    #expect(aligned.out.contains("too few lines flush right to judge"), "\(aligned.out)")
  }

  @Test("set --auto writes /R2L on the forms, leaves the look-alikes byte for byte")
  func setAuto() throws {
    let form = try Fixture.copy("mixed/persian-form.pdf", as: "form.pdf")
    let trilingual = try Fixture.copy("mixed/trilingual.pdf", as: "trilingual.pdf")
    let before = try Data(contentsOf: URL(fileURLWithPath: trilingual))
    let result = try PDFBindRunner.run("set", "--auto", form, trilingual)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("\(form): unknown -> right-edge\n\(trilingual): undecided ("))
    #expect(try IndependentReaders.qpdfDirection(form) == "/R2L")
    #expect(try IndependentReaders.pikepdfEntries(form).direction == "/R2L")
    #expect(try IndependentReaders.qpdfCheck(form).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: trilingual)) == before)
    let check = try PDFBindRunner.run("check", "--auto", form, trilingual)
    #expect(check.status == 0, "\(check.out)")
  }

  @Test("check --auto: a form without /Direction disagrees with its suggestion")
  func checkAuto() throws {
    let form = try Fixture.copy("mixed/hebrew-form.pdf", as: "form.pdf")
    let check = try PDFBindRunner.run("check", "--auto", form)
    #expect(check.status == 1)
    #expect(check.out == "\(form): unknown (suggested: right-edge)\n")
  }
}
