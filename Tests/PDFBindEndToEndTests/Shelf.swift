import Foundation
import Glibc
import PDFBindTestSupport
import Testing

/// Real PDFs from `../shared/corpus`, one for each binding, and a temporary directory that holds
/// copies of them under the names a test chooses. The scripting tests use the corpus, not
/// `Fixtures/`, so they do not change when the fixtures are rebuilt.
struct Shelf {
  enum Book: String {
    case unknown = "qpdf--minimal.pdf"
    case rightEdge = "pdfium--viewer_ref.pdf"
    case leftEdge = "verapdf--TWG_test_files--TWG_test_suite_A008-pdfa1-pass-a.pdf"

    var corpusPath: String { Fixture.corpus.appendingPathComponent(rawValue).path }
    var bytes: Data { get throws { try Data(contentsOf: URL(fileURLWithPath: corpusPath)) } }
  }

  /// What pdfbind says about a file that is not a PDF.
  static let notAPDFReason = "not a PDF: no %PDF- header in the first 1024 bytes"

  let directory: URL

  /// A fresh directory with a writable copy of `book` under each name.
  init(_ books: [(name: String, book: Book)] = []) throws {
    directory = try Fixture.temporaryDirectory()
    for (name, book) in books { try add(name, book) }
  }

  func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  func add(_ name: String, _ book: Book) throws {
    try FileManager.default.copyItem(atPath: book.corpusPath, toPath: path(name))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path(name))
  }

  /// A file that is not a PDF, for failures in the middle of a list.
  func addJunk(_ name: String) throws {
    try Data("this is not a PDF\n".utf8).write(to: directory.appendingPathComponent(name))
  }

  func bytes(_ name: String) throws -> Data {
    try Data(contentsOf: directory.appendingPathComponent(name))
  }

  /// The directory's path as bytes followed by `/name`, for names that are not UTF-8.
  func rawPath(_ name: [UInt8]) -> [UInt8] { Array(directory.path.utf8) + [0x2F] + name }

  /// Copies `book` to a path given as raw bytes (FileManager takes only Strings).
  func add(raw name: [UInt8], _ book: Book) throws { try write(try book.bytes, raw: name) }

  /// Writes `data` to a path given as raw bytes: written under a UTF-8 name, then renamed.
  func write(_ data: Data, raw name: [UInt8]) throws {
    let staging = path("staging-\(UUID().uuidString)")
    try data.write(to: URL(fileURLWithPath: staging))
    let renamed = staging.withCString { source in
      withCString(rawPath(name)) { rename(source, $0) }
    }
    try #require(renamed == 0, "rename: \(String(cString: strerror(errno)))")
  }

  /// Whether a file exists at a path given as raw bytes.
  func exists(raw name: [UInt8]) -> Bool {
    var info = stat()
    return withCString(rawPath(name)) { stat($0, &info) } == 0
  }
}

/// Each line of JSON Lines output, parsed by Foundation's JSON parser (a failure to parse
/// fails the test).
func jsonObjects(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws
  -> [[String: Any]]
{
  #expect(data.isEmpty || data.last == 0x0A, "JSON Lines end with a newline")
  return try data.split(separator: 0x0A).map {
    try #require(
      try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any],
      sourceLocation: sourceLocation)
  }
}

/// The lines of a text stream, without their newlines.
func lines(_ text: String) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

private func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
  (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
}
