import Foundation
import Glibc
import PDFBindTestSupport
import Synchronization
import Testing

/// Debian's headless chromium, driven through chromium-driver by Selenium
/// (`browser/review_browser.py`), which prints what the browser saw as JSON.
enum BrowserDriver {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("browser/review_browser.py").path

  /// Why the browser tests cannot run here, or nil when they can.
  static let missing: String? = {
    guard let python = which("python3"), let result = try? runProcess(python, [script, "check"]),
      let object = try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    else { return "python3 cannot run \(script)" }
    return object["ok"] as? Bool == true ? nil : object["reason"] as? String ?? "unknown reason"
  }()

  /// The trait every browser test carries: skipped, saying why, where chromium, chromium-driver
  /// or Selenium is missing (make test runs browser-deps, which installs them).
  static var available: ConditionTrait {
    .enabled(
      if: missing == nil,
      Comment(
        rawValue: "headless chromium cannot be driven here (\(missing ?? "")): make browser-deps "
          + "installs chromium, chromium-driver (Debian) and selenium (PyPI)"))
  }

  /// Browsers idle between requests: a start-up of chromium costs seconds, so each one serves
  /// request after request (`review_browser.py serve`), one request at a time; there are as
  /// many as requests ever ran at once.
  private static let idle = Mutex<[BrowserSession]>([])

  static func run(_ command: String, _ arguments: [String]) throws -> [String: Any] {
    let session = try idle.withLock { $0.popLast() } ?? BrowserSession()
    let answer = try session.request(command, arguments)
    idle.withLock { $0.append(session) }
    if let error = answer["error"] as? String {
      Issue.record("review_browser.py \(command): \(error)")
    }
    return try #require(answer["result"] as? [String: Any])
  }

  /// The page as the browser shows it, each picture cropped from a screenshot into `crops`.
  static func inspect(_ page: URL, crops: URL?) throws -> Inspection {
    Inspection(try run("inspect", [page.path, crops?.path ?? "-"]))
  }

  /// Runs `steps` (`["keys": "jr"]`, `["click": "css selector"]`, `["look": "book-N"]`) and
  /// exports the script.
  static func act(_ page: URL, steps: [[String: String]]) throws -> [String: Any] {
    let downloads = try Fixture.temporaryDirectory()
    let crops = try Fixture.temporaryDirectory()
    let json = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
    return try run("act", [page.path, downloads.path, json, crops.path])
  }

  /// For each `look` step of an `act`, in order: the row's spreads on screen then, by view.
  static func looks(_ done: [String: Any]) throws -> [[String: [[Int?]]]] {
    try (done["looks"] as? [[String: Any]] ?? []).map {
      try spreadsOnScreen($0["crops"] as? [[String: Any]] ?? [], key: { "\($0["view"] ?? "")" })
    }
  }

  /// Each crop's spreads as page numbers read by colour (left of the spine, right of it; nil
  /// for no page), read back with Pillow, keyed by `key(crop)`.
  static func spreadsOnScreen(_ crops: [[String: Any]], key: ([String: Any]) -> String) throws
    -> [String: [[Int?]]]
  {
    var shown: [String: [[Int?]]] = [:]
    for crop in crops {
      let picture = try PreviewPictureReader.read(crop["crop"] as? String ?? "")
      shown[key(crop)] = picture.spreads.map {
        [LayoutColours.page($0.left), LayoutColours.page($0.right)]
      }
    }
    return shown
  }
}

/// One `review_browser.py serve`: a request is a line of JSON on its standard input, the answer
/// a line on its standard output. It quits its browser when its input closes, which the end of
/// the test process does.
final class BrowserSession: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var pending = Data()

  init() throws {
    process.executableURL = URL(fileURLWithPath: try #require(which("python3")))
    process.arguments = [BrowserDriver.script, "serve"]
    process.standardInput = input
    process.standardOutput = output
    // Its log goes to a file, so a full pipe can never block it.
    let log = try Fixture.temporaryDirectory().appendingPathComponent("review_browser.log")
    try #require(
      FileManager.default.createFile(atPath: log.path, contents: nil), "the driver's log file")
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
  }

  /// Sends one request and waits for its answer (`{"result": …}` or `{"error": …}`).
  func request(_ command: String, _ arguments: [String]) throws -> [String: Any] {
    let line = try JSONSerialization.data(
      withJSONObject: ["command": command, "arguments": arguments])
    // Written only while it runs: writing to a pipe nobody reads would end the tests (SIGPIPE).
    try #require(process.isRunning, "review_browser.py serve has ended")
    try input.fileHandleForWriting.write(contentsOf: line + Data("\n".utf8))
    while !pending.contains(0x0A) {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty {
        process.waitUntilExit()
        try #require(Bool(false), "review_browser.py serve ended: \(process.terminationStatus)")
      }
      pending += more
    }
    let end = pending.firstIndex(of: 0x0A)!
    let answer = pending[pending.startIndex..<end]
    pending = Data(pending[(end + 1)...])
    return try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
  }
}

/// What `review_browser.py inspect` saw.
struct Inspection {
  var object: [String: Any]
  init(_ object: [String: Any]) { self.object = object }

  var rows: [[String: Any]] { object["rows"] as? [[String: Any]] ?? [] }
  var names: [String] { rows.map { $0["name"] as? String ?? "?" } }
  var requests: [String] { object["requests"] as? [String] ?? [] }
  var initiallyRequested: [String] { object["initiallyRequested"] as? [String] ?? [] }
  var crops: [[String: Any]] { object["crops"] as? [[String: Any]] ?? [] }
  var console: [[String: Any]] { object["console"] as? [[String: Any]] ?? [] }
  var violations: [String] { object["violations"] as? [String] ?? [] }
  var canaryFired: [Any] { (object["canary"] as? [String: Any])?["fired"] as? [Any] ?? [] }
  var canaryElements: Int { (object["canary"] as? [String: Any])?["elements"] as? Int ?? -1 }

  /// For each view on screen (`book-N/right-edge cover`), its spreads as page numbers read by
  /// colour (left of the spine, right of it; nil for no page), read back with Pillow.
  func spreadsOnScreen() throws -> [String: [[Int?]]] {
    try BrowserDriver.spreadsOnScreen(crops) { "\($0["book"] ?? "")/\($0["view"] ?? "")" }
  }

  /// Every page picture on screen: its size there and its own.
  var images: [[String: Any]] { crops.flatMap { $0["images"] as? [[String: Any]] ?? [] } }
}

/// A folder of books for a test, with names given as bytes where they must be.
struct BrowserLibrary {
  let root: URL

  init(root: URL) { self.root = root }

  /// A fresh folder with each `Fixtures/layout/` book copied to its path, and a ComicInfo.xml
  /// saying how its comics read (`YesAndRightToLeft`, `No`) in each folder of `comics`.
  init(_ books: KeyValuePairs<String, String> = [:], comics: [String: String] = [:]) throws {
    root = try Fixture.temporaryDirectory()
    for (path, fixture) in books { try add(fixture, as: path) }
    for (folder, manga) in comics { try comicInfo(folder, manga: manga) }
  }

  func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  /// Copies `Fixtures/layout/FIXTURE` to `relative` (folders made as needed).
  func add(_ fixture: String, as relative: String) throws {
    let target = root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Fixture.path("layout/" + fixture), toPath: target.path)
  }

  /// Copies a fixture to a name given as raw bytes (FileManager takes only Strings).
  func add(_ fixture: String, raw name: [UInt8]) throws {
    let staging = "staging-\(UUID().uuidString)"
    try add(fixture, as: staging)
    let renamed = path(staging).withCString { source in
      (Array(root.path.utf8) + [0x2F] + name + [0]).withUnsafeBufferPointer {
        $0.withMemoryRebound(to: CChar.self) { Glibc.rename(source, $0.baseAddress!) }
      }
    }
    try #require(renamed == 0, "rename: \(String(cString: strerror(errno)))")
  }

  /// A ComicInfo.xml in `folder` saying how its comics read.
  func comicInfo(_ folder: String, manga: String) throws {
    try "<ComicInfo><Manga>\(manga)</Manga></ComicInfo>".write(
      toFile: path(folder + "/ComicInfo.xml"), atomically: true, encoding: .utf8)
  }

  /// Runs pdfbind in the library's folder, as its owner would.
  func pdfbind(_ arguments: [String], input: Data? = nil) throws -> ProcessResult {
    try runProcess(
      "/bin/sh",
      ["-c", #"cd "$1" && shift && exec "$0" "$@""#, PDFBindRunner.executable, root.path]
        + arguments, input: input)
  }

  /// Runs a script the page wrote with bash, from another folder, with this build as pdfbind.
  func bash(_ script: String) throws -> ProcessResult {
    let file = try Fixture.temporaryDirectory().appendingPathComponent("choices.sh")
    try Data(script.utf8).write(to: file)
    return try runProcess(
      "/bin/bash", [file.path], environment: ["PDFBIND": PDFBindRunner.executable])
  }

  /// Every file under the root, as relative byte paths, sorted.
  func tree() throws -> [[UInt8]] {
    let result = try runProcess(
      "/usr/bin/find", [root.path, "-mindepth", "1", "-printf", "%P\\0"])
    return result.stdout.split(separator: 0).map { Array($0) }.sorted {
      $0.lexicographicallyPrecedes($1)
    }
  }
}
