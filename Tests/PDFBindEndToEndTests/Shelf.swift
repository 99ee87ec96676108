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

/// What a run with raw arguments left.
struct RawResult {
  var status: Int32
  var stdout: Data
  var stderr: Data
  var err: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs pdfbind with arguments given as bytes, standard input read from `input` (a path) or
/// /dev/null. Foundation's Process takes only Strings, which cannot hold a name that is not
/// UTF-8, so this spawns the binary with posix_spawn.
func runPDFBind(raw arguments: [[UInt8]], input: String? = nil) throws -> RawResult {
  let directory = try Fixture.temporaryDirectory()
  let outPath = directory.appendingPathComponent("stdout").path
  let errPath = directory.appendingPathComponent("stderr").path
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  let argv = cStrings([Array(PDFBindRunner.executable.utf8)] + arguments)
  let environment = cStrings(
    ProcessInfo.processInfo.environment.map { Array("\($0.key)=\($0.value)".utf8) })
  defer { (argv + environment).forEach { $0?.deallocate() } }
  var pid = pid_t()
  let spawned = posix_spawn(&pid, PDFBindRunner.executable, &actions, nil, argv, environment)
  try #require(spawned == 0, "posix_spawn: \(String(cString: strerror(spawned)))")
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  // WIFEXITED and WEXITSTATUS are macros Swift does not import.
  try #require(status & 0x7F == 0, "pdfbind ended with signal \(status & 0x7F)")
  return RawResult(
    status: (status >> 8) & 0xFF,
    stdout: try Data(contentsOf: URL(fileURLWithPath: outPath)),
    stderr: try Data(contentsOf: URL(fileURLWithPath: errPath)))
}

/// NUL-terminated copies of `strings` and a final nil, as execve wants them; the caller
/// deallocates them.
private func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
  strings.map { bytes in
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
    pointer[bytes.count] = 0
    return pointer
  } + [nil]
}

private func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
  (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
}
