import Foundation
import PDFBindTestSupport
import Testing

/// libqpdf 11.3 crashes on some malformed input (`qpdf --check` on
/// qpdf--xref-compressed-in-compressed.pdf). pdfbind makes fewer, narrower qpdf calls; this
/// runs them over corpus files with random damage (bytes changed, cut, repeated, keywords
/// inserted) in one batch, as a user would, and requires that the batch finishes: every file
/// either gets its result line or one clean failure line, and no refused file changes.
/// `PDFBIND_MUTANTS` sets the count (300 by default; `make fuzz` runs more).
@Suite("Mutated corpus")
struct MutatedCorpusTests {
  static let count =
    ProcessInfo.processInfo.environment["PDFBIND_MUTANTS"].flatMap(Int.init) ?? 300

  static func mutants(into directory: URL) throws -> [String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: Fixture.corpus.path)
      .filter { $0.hasSuffix(".pdf") }.sorted()
    let sources = try names.map { try Data(contentsOf: Fixture.corpus.appendingPathComponent($0)) }
    let damage = ByteDamage(
      inserts: ["startxref", "%%EOF", " 0 R", "<<", ">>", "obj", "999999999", "xref\n0 1\n"],
      longestCut: 50)
    var random = SplitMix64(seed: 2026)
    return try (0..<count).map { index in
      var bytes = [UInt8](sources[Int(random.next() % UInt64(sources.count))])
      for _ in 0...Int(random.next() % 6) {
        let position = Int(random.next() % UInt64(bytes.count))
        damage.apply(to: &bytes, at: position, using: &random)
      }
      let path = directory.appendingPathComponent(String(format: "mutant-%04d.pdf", index)).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      return path
    }
  }

  @Test("get and set finish a batch of damaged files, each with one result or one reason")
  func batchSurvives() throws {
    let directory = try Fixture.temporaryDirectory()
    let paths = try Self.mutants(into: directory)
    let originals = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }

    let get = try PDFBindRunner.run(["get", "-H", "--"] + paths)
    #expect(get.status == 0 || get.status == 2, "get ended with status \(get.status)")
    let answered = Set(get.out.split(separator: "\n").map { String($0.prefix { $0 != ":" }) })
    let failed = Set(
      get.err.split(separator: "\n").filter { !$0.contains(": warning: ") }
        .map { String($0.dropFirst("pdfbind: ".count).prefix { $0 != ":" }) })
    #expect(answered.union(failed) == Set(paths), "every file is answered or failed")
    #expect(answered.isDisjoint(with: failed))

    let set = try PDFBindRunner.run(["set", "--right-edge", "-q", "--"] + paths)
    #expect(set.status == 0 || set.status == 2, "set ended with status \(set.status)")
    let refused = Set(
      set.err.split(separator: "\n").filter { !$0.contains(": warning: ") }
        .map { String($0.dropFirst("pdfbind: ".count).prefix { $0 != ":" }) })
    for (path, original) in zip(paths, originals) where refused.contains(path) {
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original, "\(path) changed")
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
  }
}
