import Foundation

/// The top-level `Fixtures/` folder and the shared corpus beside the repository.
/// SwiftPM resources must live inside a target, and `Fixtures/` does not, so it is found from
/// this file's path, as SwiftPM's own tests find theirs.
public enum Fixture {
  public static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  public static let directory = repository.appendingPathComponent("Fixtures")
  /// `../shared/corpus`: real PDFs from public test corpora (see its MANIFEST.tsv).
  public static let corpus = repository.deletingLastPathComponent()
    .appendingPathComponent("shared/corpus")

  public static func path(_ name: String) -> String {
    directory.appendingPathComponent(name).path
  }

  /// The path of a test argument: `corpus:NAME` is a file of the shared corpus, any other
  /// name a fixture.
  public static func path(fixtureOrCorpus name: String) -> String {
    name.hasPrefix("corpus:")
      ? corpus.appendingPathComponent(String(name.dropFirst("corpus:".count))).path
      : path(name)
  }

  public static func bytes(_ name: String) throws -> Data {
    try Data(contentsOf: directory.appendingPathComponent(name))
  }

  /// A private copy of a fixture in a fresh temporary directory, for tests that write.
  public static func copy(_ name: String, as newName: String? = nil) throws -> String {
    try copy(from: path(name), as: newName ?? name)
  }

  /// A private, writable copy of any file in a fresh temporary directory.
  public static func copy(from source: String, as newName: String) throws -> String {
    let directory = try temporaryDirectory()
    let destination = directory.appendingPathComponent(newName).path
    try FileManager.default.copyItem(atPath: source, toPath: destination)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: destination)
    return destination
  }

  /// A new empty directory for one test.
  public static func temporaryDirectory() throws -> URL {
    let url = runDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// One folder per test run, `$TMPDIR/pdfbind-tests/PID`; a run removes the folders of runs
  /// that have ended, so temporary files do not pile up.
  private static let runDirectory: URL = {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("pdfbind-tests")
    try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] {
      if let pid = Int32(name), pid != getpid(), kill(pid, 0) != 0 {
        try? FileManager.default.removeItem(at: base.appendingPathComponent(name))
      }
    }
    return base.appendingPathComponent(String(getpid()))
  }()

  /// The corpus files with the fields of their MANIFEST.tsv row (file, why, structure_notes…).
  public static func corpusManifest() throws -> [[String: String]] {
    let text = try String(
      contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
    var lines = text.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    guard !lines.isEmpty else { return [] }
    let header = lines.removeFirst()
    return lines.filter { $0.count == header.count }.map {
      Dictionary(uniqueKeysWithValues: zip(header, $0))
    }
  }
}
