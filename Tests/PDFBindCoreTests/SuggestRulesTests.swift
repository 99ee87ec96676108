import Foundation
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// The cache (PDFBindCache) hands back what an earlier run found only under the same
/// `SuggestRules.version`. This test keeps a digest of the code that finds evidence and decides
/// (comments and spacing left out) beside the version it was recorded with, so a change to that
/// code cannot reach a user's cache unnoticed: it fails until someone decides whether the
/// change can alter what `suggest` prints for some file (then bump `SuggestRules.version`, and
/// every cached answer is found again) or not (a rename, a speed-up: keep it), and records the
/// new digest below.
@Suite("suggest's rules")
struct SuggestRulesTests {
  static let recorded = (version: 75, digest: "48b6b96b601aeeec")

  /// The folders and files whose code makes evidence or decides from it, under Sources/.
  static let rules = [
    "PDFBindPages/Suggest", "PDFBindPages/Pictures", "PDFBindPages/Pictures/Spreads",
    "PDFBindPages/Pictures/Writing", "PDFBindPages/Poppler", "PDFBindPages/Tesseract",
    "PDFBindPages/Scans", "PDFBindPages/Workers", "PDFBindCore/QPDF/QPDFDocument+Hints.swift",
    "PDFBindCore/QPDF/QPDFDocument+WholePageImages.swift", "PDFBindCore/QPDF/WholePageScan.swift",
    // Flate scans are inflated and their PNG predictor undone here.
    "PDFBindCore/Syntax/StreamFilters.swift",
    // A page stopped by a deadline or a crash is an evidence line, in these words.
    "PDFBindCore/Errors/PageWorkFailure.swift",
    // The grey levels of every page drawn.
    "CPixelLoops/pixels.c",
  ]

  static var sources: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
  }

  /// FNV-1a (64 bits) over each rule file's name and code, in name order.
  static func digest() throws -> String {
    var files: [String] = []
    for rule in rules {
      let url = sources.appendingPathComponent(rule)
      if rule.hasSuffix(".swift") || rule.hasSuffix(".c") {
        files.append(rule)
      } else {
        files += try FileManager.default.contentsOfDirectory(atPath: url.path)
          .filter { $0.hasSuffix(".swift") && $0 != "EvidenceMemory.swift" }
          .map { rule + "/" + $0 }
      }
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for file in files.sorted() {
      let text = try String(
        contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      let code = text.split(separator: "\n").filter {
        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      }.joined().filter { !$0.isWhitespace }
      for byte in Array(file.utf8) + [0] + Array(code.utf8) {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    return String(hash, radix: 16).leftPadded(to: 16)
  }

  @Test("The rules' code is the code their version was recorded with")
  func rulesVersion() throws {
    let digest = try Self.digest()
    #expect(
      SuggestRules.version == Self.recorded.version && digest == Self.recorded.digest,
      """
      The code that finds evidence or decides changed (digest \(digest), recorded \
      \(Self.recorded.digest) with version \(Self.recorded.version); SuggestRules.version is \
      \(SuggestRules.version)). If the change can alter what suggest prints for any file, bump \
      SuggestRules.version (Sources/PDFBindPages/Suggest/EvidenceMemory.swift) so caches find \
      their answers again; then record the version and this digest in SuggestRulesTests.
      """)
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
