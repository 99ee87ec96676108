import Foundation
import PDFBindTestSupport
import Testing

/// Issue 40: pictures that are not pages of writing decide nothing. Each fixture is a public
/// test file (Fixtures/lookalikes/README.md) on which the picture evidence once decided
/// right-edge, though none holds right-to-left or vertical writing: sheet music, symbols, a
/// line of digits, the tiles of a cut page, a booklet's flat panels.
@Suite("suggest: pictures that are not pages of writing")
struct LookalikeTests {
  /// The fixture, the evidence source that decided it before, and what that evidence must now
  /// say (the start of its detail).
  static let cases: [(file: String, source: String, detail: String)] = [
    (
      "sheet-music.pdf", "page-script",
      "ruled lines, as of staves, a table or a form (Tesseract: Arabic?) on page 1: "
        + "says nothing about the binding"
    ),
    (
      "symbols.pdf", "page-script",
      "too few marks to read on page 1: they fill under 10% of the page"
    ),
    (
      "hex-line.pdf", "page-script",
      "Japanese?, lines too short to show their direction on page 1: "
        + "says nothing about the binding"
    ),
    ("booklet-panels.pdf", "spreads", "no double-page picture joins across the spine"),
    ("tiles.pdf", "spreads", "no double-page picture joins across the spine"),
  ]

  @Test("Stays undecided, and the evidence says what it looked at", arguments: cases)
  func undecided(file: String, source: String, detail: String) throws {
    let result = try PDFBindRunner.run("suggest", "--json", Fixture.path("lookalikes/" + file))
    #expect(result.status == 0, "\(result.err)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    #expect(object["decision"] as? String == "undecided", "\(result.out)")
    let evidence = (object["evidence"] as? [[String: Any]] ?? []).filter {
      $0["source"] as? String == source
    }
    #expect(evidence.count == 1, "\(result.out)")
    #expect(evidence.allSatisfy { $0["says"] is NSNull || $0["says"] == nil }, "\(result.out)")
    let said = evidence.first?["detail"] as? String ?? ""
    #expect(said.hasPrefix(detail), "\(said)")
  }
}
