import Foundation
import PDFBindTestSupport
import Testing

/// Issue 41, item 3: page workers are copies (fork) of one template process that loaded
/// poppler and Tesseract's script data once, so a worker does not pay for loading them; and
/// when the template is gone, pdfbind starts its workers itself and decides as before.
@Suite("page workers forked from one template", .serialized)
struct WorkerTemplateTests {
  /// A process as /proc shows it.
  struct Listed: Equatable {
    var pid: Int32
    var parent: Int32
    var name: String
  }

  /// Every process of the machine: pid, parent pid and name (`comm`), from /proc/PID/stat.
  static func processes() -> [Listed] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> Listed? in
      guard let pid = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
      else { return nil }
      // "PID (NAME) STATE PPID ...": the name may hold spaces and parentheses.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 1, let parent = Int32(fields[1]) else { return nil }
      return Listed(
        pid: pid, parent: parent, name: String(stat[stat.index(after: open)..<close]))
    }
  }

  @Test("One template; the workers after the first are its copies, with Tesseract loaded once")
  func workersAreCopiesOfOneTemplate() throws {
    let book = Fixture.path("pictures/arabic-scan.pdf")
    let lines = try PDFBindRunner.suggestWhileWaiting(
      on: book, then: try Fixture.bytes("left-edge.pdf")
    ) { pdfbind in
      let all = Self.processes()
      let children = all.filter { $0.parent == pdfbind }
      // The first worker is started directly, while the template starts; every other is a copy.
      let templates = children.filter { $0.name == "pdfbind-forker" }
      #expect(templates.count == 1, "\(children)")
      #expect(children.filter { $0.name == "pdfbind-worker" }.count <= 1, "\(children)")
      #expect(children.count == templates.count + 1 || children.count == templates.count)
      let template = try #require(templates.first)
      let workers = all.filter { $0.parent == template.pid }
      #expect(!workers.isEmpty, "the book was read in a worker, kept idle")
      #expect(workers.allSatisfy { $0.name == "pdfbind-worker" }, "\(workers)")
      // The template loaded Tesseract for the reading; its copies have it from the start.
      // Read to its end: /proc says a size of 0, and a read by that size stops at a page.
      let maps = try #require(FileHandle(forReadingAtPath: "/proc/\(template.pid)/maps"))
      #expect(String(decoding: maps.readDataToEndOfFile(), as: UTF8.self).contains("libtesseract"))
    }
    #expect(lines.count == 2 && lines[0].hasPrefix(book + ": right-edge"), "\(lines)")
  }

  @Test(
    "The template crashed or hangs: pdfbind starts its workers itself, and the book decides",
    arguments: ["crash-forking", "hang-forking"])
  func templateGone(fault: String) throws {
    let book = Fixture.path("pictures/arabic-scan.pdf")
    let start = Date()
    // A template that does not answer is given a page's deadline: 3 s here, short, yet
    // long enough for each page's reading on a busy machine (at 1 s, one CI run read only
    // page 1 while other work held both cores).
    let lines = try PDFBindRunner.suggestWhileWaiting(
      on: book, then: try Fixture.bytes("left-edge.pdf"),
      environment: ["PDFBIND_TEST_WORKER_FAULT": fault, "PDFBIND_PAGE_TIMEOUT": "3"]
    ) { pdfbind in
      #expect(Date().timeIntervalSince(start) < 3 + 10, "one page deadline, and room")
      let children = Self.processes().filter { $0.parent == pdfbind }
      #expect(!children.isEmpty, "the book was read in a worker, kept idle")
      #expect(children.allSatisfy { $0.name == "pdfbind-worker" }, "\(children)")
      // Started as before there was a template: a worker reused once it has read, not a new
      // one for each page (one to open, two readers; a new one each time made 7).
      #expect(children.count <= 4, "\(children)")
    }
    #expect(lines.count == 2 && lines[0].hasPrefix(book + ": right-edge"), "\(lines)")
  }
}
