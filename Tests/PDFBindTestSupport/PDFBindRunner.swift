import Foundation
import Glibc
import Testing

/// Runs the built `pdfbind` binary, as a user would.
public enum PDFBindRunner {
  /// The binary the tests run: `PDFBIND_TEST_EXECUTABLE` when it is set (make test sets it to
  /// the release build the Debian package ships, which draws and reads pages several times
  /// faster), else the debug build: on Linux the test bundle and the executables share one
  /// build folder.
  public static let executable =
    ProcessInfo.processInfo.environment["PDFBIND_TEST_EXECUTABLE"].flatMap {
      $0.isEmpty ? nil : $0
    } ?? Bundle.main.bundleURL.appendingPathComponent("pdfbind").path

  public static func run(
    _ arguments: String..., input: Data? = nil, environment: [String: String]? = nil
  ) throws -> ProcessResult {
    try run(arguments, input: input, environment: environment)
  }

  public static func run(
    _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil
  ) throws -> ProcessResult {
    let environment = withoutCache.merging(environment ?? [:]) { $1 }
    return try runProcess(executable, arguments, input: input, environment: environment)
  }

  /// Tests that give no XDG_CACHE_HOME of their own run without the cache of decisions (a
  /// test that hides Tesseract must not be answered from one that had it), and never touch
  /// the user's ~/.cache; CacheTests give each test a cache folder of its own.
  public static let withoutCache: [String: String] = [
    "PDFBIND_CACHE": "off",
    "XDG_CACHE_HOME":
      (try? Fixture.temporaryDirectory().appendingPathComponent("cache").path) ?? "/nonexistent",
  ]

  /// Runs `suggest --jobs 1 FILE -`, without the cache unless `environment` gives one (as
  /// `run`): `look` sees pdfbind's pid while it waits for its second input, standard input,
  /// its first line printed (its workers idle); then `second` is written there. The lines
  /// printed; pdfbind must end with status 0.
  public static func suggestWhileWaiting(
    on file: String, then second: Data, environment: [String: String] = [:],
    _ look: (Int32) throws -> Void
  ) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["suggest", "--jobs", "1", file, "-"]
    process.environment = ProcessInfo.processInfo.environment
      .merging(withoutCache) { $1 }.merging(environment) { $1 }
    let (input, output) = (Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var printed = Data()
    while !printed.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      printed += chunk
    }
    try look(process.processIdentifier)
    try input.fileHandleForWriting.write(contentsOf: second)
    try input.fileHandleForWriting.close()
    printed += output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: printed, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Runs pdfbind with arguments given as bytes, standard input read from `input` (a path) or
  /// /dev/null. Foundation's Process takes only Strings, which cannot hold a name that is not
  /// UTF-8, so this spawns the binary with posix_spawn.
  public static func run(
    raw arguments: [[UInt8]], input: String? = nil, environment: [String: String] = [:]
  ) throws -> ProcessResult {
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
    let variables = ProcessInfo.processInfo.environment
      .merging(withoutCache) { _, new in new }.merging(environment) { $1 }
    let environment = cStrings(variables.map { Array("\($0.key)=\($0.value)".utf8) })
    defer { (argv + environment).forEach { $0?.deallocate() } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, PDFBindRunner.executable, &actions, nil, argv, environment)
    try #require(spawned == 0, "posix_spawn: \(String(cString: strerror(spawned)))")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // WIFEXITED and WEXITSTATUS are macros Swift does not import.
    try #require(status & 0x7F == 0, "pdfbind ended with signal \(status & 0x7F)")
    return ProcessResult(
      status: (status >> 8) & 0xFF,
      stdout: try Data(contentsOf: URL(fileURLWithPath: outPath)),
      stderr: try Data(contentsOf: URL(fileURLWithPath: errPath)))
  }

  /// NUL-terminated copies of `strings` and a final nil, as execve wants them; the caller
  /// deallocates them.
  private static func cStrings(_ strings: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
    strings.map { bytes in
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
      pointer[bytes.count] = 0
      return pointer
    } + [nil]
  }
}
