import Foundation
import Synchronization
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// pdfbind runs work in parallel one way (`OwnThread`, IO/BackgroundWork.swift; page work in
/// page worker processes), and how much of it a book may run is for its caller to say
/// (`SharedCores`), never a count the process keeps.
@Suite("One way to run work in parallel")
struct ParallelWorkTests {
  static var sources: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
  }

  /// Each Swift file under Sources/ (its path from there) with its lines, comment lines
  /// blanked.
  static func code() throws -> [(file: String, lines: [String])] {
    let root = sources.path + "/"
    let walker = try #require(FileManager.default.enumerator(atPath: root))
    var files: [(String, [String])] = []
    for case let file as String in walker where file.hasSuffix(".swift") {
      let text = try String(contentsOfFile: root + file, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String($0)
      }
      files.append((file, lines))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  /// Where `pattern` (a regular expression) is found in code: `file:line: text`.
  static func found(_ pattern: String, except allowed: Set<String> = []) throws -> [String] {
    let expression = try NSRegularExpression(pattern: pattern)
    var hits: [String] = []
    for (file, lines) in try code() where !allowed.contains(file) {
      for (number, line) in lines.enumerated()
      where expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
        hits.append("\(file):\(number + 1): \(line)")
      }
    }
    return hits
  }

  @Test("No second way to run work in parallel: no Dispatch queue or semaphore, task, or thread")
  func oneWay() throws {
    let others =
      #"DispatchQueue|DispatchSemaphore|concurrentPerform|DispatchGroup|DispatchWorkItem"#
      + #"|\bTask\s*(\{|\.detached)"#
      + #"|TaskGroup|async let|\bThread\b|pthread_create"#
    #expect(try Self.found(others, except: ["PDFBindCore/IO/BackgroundWork.swift"]) == [])
  }

  @Test("No count the process keeps: no Atomic, no static lock")
  func noProcessWideCounter() throws {
    #expect(try Self.found(#"\bAtomic\b|static (let|var) \w+\s*(:[^=]*)?=\s*Mutex"#) == [])
  }

  /// The types that say they are Sendable without the compiler's check: each owns a C handle
  /// (or a table of a loaded library's functions) and its comment says why it may cross
  /// threads. A new one belongs here only with such a reason.
  static let uncheckedSendable: Set = [
    "PDFBindPages/Scans/TurboJPEGLibrary.swift: TurboJPEGLibrary",
    "PDFBindPages/Poppler/PopplerLibrary.swift: PopplerLibrary",
    "PDFBindPages/Tesseract/TesseractLibrary.swift: TesseractLibrary",
    "PDFBindPages/Tesseract/ScriptDetector.swift: ScriptDetector",
    "PDFBindPages/Workers/WorkerProcess.swift: WorkerProcess",
    // A pthread mutex and condition, the batch's bound on inputs held (in place of Dispatch's
    // semaphore).
    "PDFBindCore/IO/Slots.swift: Slots",
  ]

  @Test("@unchecked Sendable only on the owners of C handles, each saying why")
  func uncheckedOnlyForCHandles() throws {
    var found: Set<String> = []
    for (file, lines) in try Self.code() {
      for (number, line) in lines.enumerated() where line.contains("@unchecked Sendable") {
        let name = line.split(separator: ":")[0].split(separator: " ").last ?? ""
        found.insert("\(file): \(name)")
        // The reason is in the doc comment just above (`code()` blanked it: read the file).
        let text = try String(
          contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
        let above = text.components(separatedBy: "\n").prefix(while: { $0 != line })
          .reversed().prefix { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        #expect(
          above.joined().localizedCaseInsensitiveContains("unchecked"),
          "\(file):\(number + 1): no comment says why \(name) is unchecked")
      }
    }
    #expect(found == Self.uncheckedSendable)
  }

  @Test("Books share the cores their caller gives them, and only those")
  func sharedCores() {
    let batch = SharedCores(count: 2)
    let other = SharedCores(count: 2)
    batch.holding {
      // A book alone on two cores may run a second thread...
      #expect(batch.oneFree)
      batch.holding {
        // ...two books at once may not...
        #expect(!batch.oneFree)
        // ...and books given other cores (another batch, another program) do not count.
        #expect(other.oneFree)
        other.holding { #expect(other.oneFree) }
      }
      #expect(batch.oneFree)
    }
    let one = SharedCores(count: 1)
    #expect(one.holding { !one.oneFree })
  }

  @Test("forEach runs its calls at the same time, and returns when all have")
  func forEachAtOnce() {
    let arrived = Mutex(0)
    let finished = Mutex<Set<Int>>([])
    OwnThread.forEach(3) { index in
      // Each call waits (up to 10 s) until all three have started: run one after another,
      // the first would wait in vain.
      arrived.withLock { $0 += 1 }
      let deadline = Date().addingTimeInterval(10)
      while arrived.withLock({ $0 }) < 3, Date() < deadline { usleep(1_000) }
      usleep(20_000)
      finished.withLock { _ = $0.insert(index) }
    }
    #expect(arrived.withLock { $0 } == 3)
    #expect(finished.withLock { $0 } == [0, 1, 2])
  }

  final class Flag: Sendable {
    let raised = Mutex(false)
  }

  @Test("Work in the background ends before its handle: waited for, or when dropped")
  func backgroundWorkJoined() {
    let done = Flag()
    let work = BackgroundWork { () -> Int in
      usleep(50_000)
      return 42
    }
    #expect(work.wait() == 42)
    #expect(work.wait() == 42)
    do {
      _ = BackgroundWork {
        usleep(50_000)
        done.raised.withLock { $0 = true }
      }
    }
    #expect(done.raised.withLock { $0 })
  }
}
