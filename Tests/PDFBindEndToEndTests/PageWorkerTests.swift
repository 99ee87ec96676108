import Foundation
import PDFBindTestSupport
import Testing

/// SPEC round 4, "Bounded page work": a page that draws forever, grows without bound, or
/// crashes or hangs its worker is one evidence line; the book is decided on the rest, the batch
/// goes on, and `get`, `set` and `check` start no worker. Deadlines are made small through the
/// environment; each run's time is checked against them, with room for a loaded machine.
@Suite("page work in bounded workers", .serialized)
struct PageWorkerTests {
  /// A page whose one function-based shading is mapped 100,000 times larger than the page:
  /// poppler's cairo backend meshes the whole of it (pdftocairo ran past 15 s and 550 MB on it).
  static func endlessShading() throws -> String {
    let content = "/Sh0 sh"
    let function = "{ 2 copy mul sin exch cos dup }"
    let bytes = HandMadePDF.bytes(objects: [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        + "/Resources << /Shading << /Sh0 5 0 R >> >> /Contents 4 0 R >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
      "<< /ShadingType 1 /ColorSpace /DeviceRGB /Domain [0 1 0 1] "
        + "/Matrix [100000 0 0 100000 0 0] /Function 6 0 R >>",
      "<< /FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1 0 1] "
        + "/Length \(function.utf8.count) >>\nstream\n\(function)\nendstream",
    ])
    let path = try Fixture.temporaryDirectory().appendingPathComponent("shading.pdf").path
    try bytes.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Runs `suggest --json` on `files`; the objects printed, the status and the seconds taken.
  func suggest(_ files: [String], _ environment: [String: String]) throws
    -> (books: [[String: Any]], status: Int32, seconds: Double, err: String)
  {
    let start = Date()
    let result = try PDFBindRunner.run(["suggest", "--json"] + files, environment: environment)
    let seconds = Date().timeIntervalSince(start)
    let books = result.out.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    return (books, result.status, seconds, result.err)
  }

  func details(_ book: [String: Any]) -> [String] {
    (book["evidence"] as? [[String: Any]] ?? []).compactMap { $0["detail"] as? String }
  }

  @Test("A page that draws for ever is stopped at the page deadline; the batch goes on")
  func drawsForever() throws {
    let shading = try Self.endlessShading()
    let run = try suggest(
      [shading, Fixture.path("pictures/pictures-spread-rtl-cover.pdf")],
      ["PDFBIND_PAGE_TIMEOUT": "1"])
    #expect(run.status == 0, "\(run.err)")
    try #require(run.books.count == 2)
    #expect(
      details(run.books[0]).contains("page 1 not drawn: it took longer than 1 s"),
      "\(details(run.books[0]))")
    #expect(run.books[0]["decision"] as? String == "undecided")
    #expect(run.books[1]["decision"] as? String == "right-edge")
  }

  @Test("On a crowded processor a page that computes is stopped by its processor time alone")
  func crowdedProcessor() throws {
    // pdfbind and its workers share one processor with four programs that compute for ever:
    // the page gets a fifth of it, so its half second takes seconds by the clock, all of them
    // computing or waiting for the processor, none waiting for anything else.
    let processor = try #require(try Self.firstAllowedProcessor())
    let crowd = try (0..<4).map { _ in
      try Process.run(
        URL(fileURLWithPath: "/usr/bin/taskset"),
        arguments: ["-c", processor, "sh", "-c", "while :; do :; done"])
    }
    defer {
      for program in crowd {
        // SIGKILL: the test runner's threads block SIGTERM, and its children inherit that.
        kill(program.processIdentifier, SIGKILL)
        program.waitUntilExit()
      }
    }
    let start = Date()
    let result = try runProcess(
      "/usr/bin/taskset",
      [
        "-c", processor, PDFBindRunner.executable, "suggest", "--json",
        Fixture.path("pictures/pictures-spread-rtl-cover.pdf"),
      ],
      environment: PDFBindRunner.withoutCache.merging([
        "PDFBIND_TEST_WORKER_FAULT": "spin-drawing:1", "PDFBIND_PAGE_TIMEOUT": "0.5",
      ]) { $1 })
    let seconds = Date().timeIntervalSince(start)
    #expect(result.status == 0, "\(result.err)")
    let parsed = try JSONSerialization.jsonObject(with: Data(result.out.utf8))
    let book = try #require(parsed as? [String: Any])
    #expect(details(book).contains("page 1 not drawn: it took longer than 0.5 s"), "\(book)")
    #expect(book["decision"] as? String == "right-edge")
    #expect(seconds > 1.5, "the crowd held the page back past its deadline by the clock")
  }

  /// The first processor this process may run on (/proc/self/status, `Cpus_allowed_list`).
  static func firstAllowedProcessor() throws -> String? {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
    return line?.dropFirst("Cpus_allowed_list:".count)
      .trimmingCharacters(in: .whitespaces).split { $0 == "," || $0 == "-" }.first.map(String.init)
  }

  @Test("A page that makes the drawing grow stops at the worker's memory limit")
  func growsWithoutBound() throws {
    let run = try suggest(
      [Fixture.path("pictures/pictures-spread-rtl-cover.pdf")],
      ["PDFBIND_TEST_WORKER_FAULT": "grow-drawing:1", "PDFBIND_WORKER_MEMORY": "100"])
    #expect(run.status == 0, "\(run.err)")
    let book = try #require(run.books.first)
    #expect(
      details(book).contains(
        "page 1 not drawn: it needed more than the 100 MiB of memory a page may use"))
    #expect(book["decision"] as? String == "right-edge", "the other pages still decide")
  }

  @Test(
    "Under a small memory limit, workers forked from the template tell a crash from a lack of memory",
    arguments: [
      ("crash-drawing", "the drawing crashed (signal 11)"),
      ("grow-drawing", "it needed more than the 100 MiB of memory a page may use"),
    ])
  func forkedWorkersUnderMemoryLimit(fault: String, reason: String) throws {
    // Every page faults, so all but the first are drawn by forked workers, which start with the
    // template's 55 MB of Tesseract: that is neither their page's memory nor within its limit.
    let run = try suggest(
      [Fixture.path("pictures/pictures-spread-rtl-cover.pdf")],
      ["PDFBIND_TEST_WORKER_FAULT": fault, "PDFBIND_WORKER_MEMORY": "100"])
    #expect(run.status == 0, "\(run.err)")
    let book = try #require(run.books.first)
    // One line for the pages one reason stopped, from each evidence that draws them.
    let drawn = (book["evidence"] as? [[String: Any]] ?? []).compactMap { item -> String? in
      guard let detail = item["detail"] as? String, detail.contains(" not drawn: ") else {
        return nil
      }
      return "\(item["source"] as? String ?? "?"): \(detail)"
    }
    #expect(
      drawn.sorted() == ["page-script", "spreads"].map { "\($0): pages 1-4 not drawn: \(reason)" },
      "\(drawn)")
  }

  @Test("The real endless shading under a small memory limit still ends at its deadline")
  func shadingUnderMemoryLimit() throws {
    let run = try suggest(
      [try Self.endlessShading()], ["PDFBIND_PAGE_TIMEOUT": "2", "PDFBIND_WORKER_MEMORY": "64"])
    #expect(run.status == 0, "\(run.err)")
    let book = try #require(run.books.first)
    let line = try #require(details(book).first { $0.hasPrefix("page 1") })
    let reasons = [
      "it took longer than 2 s", "it needed more than the 64 MiB of memory a page may use",
    ]
    #expect(reasons.map { "page 1 not drawn: " + $0 }.contains(line), "\(line)")
    #expect(run.seconds < 2 + 10, "one page deadline, and room for a loaded machine")
  }

  @Test("A worker that crashes on a page: one line, the other pages decide")
  func crashes() throws {
    let run = try suggest(
      [Fixture.path("pictures/pictures-spread-rtl-cover.pdf")],
      ["PDFBIND_TEST_WORKER_FAULT": "crash-drawing:1"])
    #expect(run.status == 0, "\(run.err)")
    let book = try #require(run.books.first)
    #expect(details(book).contains("page 1 not drawn: the drawing crashed (signal 11)"))
    #expect(book["decision"] as? String == "right-edge")
    #expect(!run.err.contains("crashed"), "no backtrace of the worker on standard error")
  }

  @Test("Tesseract asleep: each page read is stopped after waiting, the book ends undecided")
  func readerHangs() throws {
    let run = try suggest(
      [
        Fixture.path("pictures/arabic-scan.pdf"),
        Fixture.path("pictures/pictures-spread-rtl-cover.pdf"),
      ],
      ["PDFBIND_TEST_WORKER_FAULT": "hang-reading", "PDFBIND_PAGE_TIMEOUT": "1"])
    #expect(run.status == 0, "\(run.err)")
    try #require(run.books.count == 2)
    // One line for the pages it stopped, from page 1 (how many were read at once may vary).
    #expect(
      details(run.books[0]).contains {
        ($0.hasPrefix("page 1 ") || $0.hasPrefix("pages 1-"))
          && $0.hasSuffix(" not read: it waited 1 s without computing")
      }, "\(run.books[0])")
    // Stopped, not found unreadable: the note is all that is said of those pages.
    #expect(
      !details(run.books[0]).contains { $0.contains("no script Tesseract can read") },
      "\(run.books[0])")
    #expect(run.books[0]["decision"] as? String == "undecided")
    #expect(run.books[1]["decision"] as? String == "right-edge")
  }

  @Test(
    "A book's deadline bounds all its pages: what is left is not drawn",
    arguments: [
      ("spin", "the book took longer than 2 s"),
      ("hang", "the book waited 2 s without computing"),
    ])
  func bookDeadline(fault: String, ending: String) throws {
    let run = try suggest(
      [Fixture.path("pictures/pictures-spread-rtl-cover.pdf")],
      ["PDFBIND_TEST_WORKER_FAULT": fault + "-drawing", "PDFBIND_BOOK_TIMEOUT": "2"])
    #expect(run.status == 0, "\(run.err)")
    let book = try #require(run.books.first)
    #expect(details(book).contains { $0.hasSuffix(ending) }, "\(details(book))")
    #expect(run.seconds < 2 + 10, "one book deadline, and room for a loaded machine")
  }

  @Test("preview draws each page in a worker: a page that draws for ever is a labelled blank")
  func previewPageForever() throws {
    let shading = try Self.endlessShading()
    let picture = shading.replacingOccurrences(of: ".pdf", with: ".png")
    let start = Date()
    let run = try PDFBindRunner.run(
      ["preview", "-o", picture, shading], environment: ["PDFBIND_PAGE_TIMEOUT": "1"])
    #expect(Date().timeIntervalSince(start) < 1 + 10, "one page deadline, and room")
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.err
        == "pdfbind: \(shading): warning: page 1 was not drawn: it took longer than 1 s; "
        + "it is drawn as a labelled blank\n")
    // Pillow reads the picture: one page, drawn white (the blank), at the page's shape.
    let (_, height, spreads) = try PreviewPictureReader.read(picture)
    #expect(height > 300)
    #expect(spreads.count == 1)
    let white = RGB(255, 255, 255)
    #expect(spreads.first?.right == white || spreads.first?.left == white)
  }

  @Test(
    "review goes on past a page that draws for ever: its picture is a blank, the next book's drawn"
  )
  func reviewPageForever() throws {
    let shading = try Self.endlessShading()
    let book = try Fixture.copy("pictures/pictures-spread-rtl-cover.pdf", as: "book.pdf")
    let folder = (book as NSString).deletingLastPathComponent
    let page = folder + "/review.html"
    let run = try PDFBindRunner.run(
      ["review", "--no-cache", "-o", page, shading, book],
      environment: ["PDFBIND_PAGE_TIMEOUT": "1"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err.contains("page 1 was not drawn: it took longer than 1 s"), "\(run.err)")
    let pictures = try FileManager.default.contentsOfDirectory(atPath: folder + "/review_files")
    #expect(pictures.contains("1-page-1.png"))
    #expect(pictures.contains("2-page-1.png"))
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("book.pdf"))
  }

  @Test("What the libraries print about a damaged page stays out of pdfbind's standard error")
  func librariesQuiet() throws {
    // The scan cut short and ended: libjpeg warns "Corrupt JPEG data: premature end of data
    // segment" on standard error each time the page is decoded.
    let path = try ScanVariant.make(
      "cut-scan",
      """
      data = image.read_raw_bytes()
      image.write(data[: len(data) * 6 // 10] + b"\\xff\\xd9", filter=Name.DCTDecode)
      """, in: Fixture.temporaryDirectory())
    let run = try suggest([path], [:])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.books.first?["decision"] as? String == "right-edge")
    #expect(run.err.isEmpty, "\(run.err)")
  }

  @Test("get, set and check without --auto start no worker; suggest does")
  func noWorkerWithoutAuto() throws {
    let refuse = ["PDFBIND_TEST_NO_WORKERS": "1"]
    let book = try Fixture.copy("pictures/pictures-spread-rtl-cover.pdf", as: "book.pdf")
    #expect(try PDFBindRunner.run(["get", book], environment: refuse).status == 0)
    #expect(try PDFBindRunner.run(["set", "--right-edge", book], environment: refuse).status == 0)
    #expect(
      try PDFBindRunner.run(["check", "--right-edge", book], environment: refuse).status == 0)
    let suggested = try PDFBindRunner.run(["suggest", book], environment: refuse)
    #expect(suggested.status == 70, "the switch works: suggest starts a worker")
    #expect(suggested.err.contains("a page worker was started"))
  }
}
