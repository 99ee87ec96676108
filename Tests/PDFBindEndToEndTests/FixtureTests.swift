import Foundation
import PDFBindTestSupport
import Testing

/// Every fixture in Fixtures/MANIFEST.tsv: `get` prints the binding the MANIFEST names, and
/// `set` to each binding gives an exact update that qpdf and MuPDF read back.
@Suite("Fixtures")
struct FixtureTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var file: String
    var binding: String
    var password: String?
    var testDescription: String { file }
  }

  static let rows: [Row] = {
    guard
      let text = try? String(
        contentsOf: Fixture.directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
    else { return [] }
    var lines = text.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    let header = lines.removeFirst()
    let column = { (name: String) in header.firstIndex(of: name)! }
    return lines.filter { $0.count == header.count }.map { fields in
      let password = fields[column("password")]
      return Row(
        file: fields[column("file")], binding: fields[column("binding")],
        password: password == "-" ? nil : password)
    }
  }()

  /// Fixtures that hold a readable binding and no signature, so any `set` must succeed.
  static let writable = rows.filter {
    $0.binding != "-" && !$0.file.contains("sign") && !$0.file.contains("certified")
      && !$0.file.contains("damaged") && !$0.file.contains("no-modify")
  }

  private func arguments(_ row: Row, _ command: [String], _ path: String) -> [String] {
    command + (row.password.map { ["--password", $0] } ?? []) + [path]
  }

  @Test("The MANIFEST lists the fixtures that are there")
  func manifest() {
    #expect(Self.rows.count >= 20)
    for row in Self.rows {
      #expect(FileManager.default.fileExists(atPath: Fixture.path(row.file)), "\(row.file)")
    }
  }

  @Test("get prints the binding the MANIFEST names", arguments: rows.filter { $0.binding != "-" })
  func get(row: Row) throws {
    let result = try PDFBindRunner.run(arguments(row, ["get"], Fixture.path(row.file)))
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == row.binding + "\n")
  }

  @Test("set to each binding appends an exact update", arguments: writable)
  func setEachBinding(row: Row) throws {
    for (flag, binding, direction) in [
      ("--right-edge", "right-edge", "/R2L"), ("--left-edge", "left-edge", "/L2R"),
      ("--unknown", "unknown", nil),
    ] {
      let file = try Fixture.copy(row.file)
      let original = try Data(contentsOf: URL(fileURLWithPath: file))
      // Unchanged exactly when qpdf already reads the entry set would write.
      let already =
        try IndependentReaders.qpdfDirection(Fixture.path(row.file), password: row.password)
        == direction
      let result = try PDFBindRunner.run(arguments(row, ["set", flag], file))
      #expect(result.status == 0, "\(flag): \(result.err)")
      #expect(result.out.hasSuffix("(unchanged)\n") == already, "\(flag): \(result.out)")
      #expect(result.out.hasPrefix(already ? "\(file): \(binding)" : "\(file): \(row.binding) -> "))
      if result.out.hasSuffix("(unchanged)\n") {
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == original)
        continue
      }
      try UpdateChecks.expectExactUpdate(
        file, original: original, originalPath: Fixture.path(row.file), direction: direction,
        password: row.password)
      #expect(
        UpdateChecks.lastSectionKind(try Data(contentsOf: URL(fileURLWithPath: file)))
          == UpdateChecks.lastSectionKind(original))
    }
  }
}
