import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Which idle page worker takes a request (issue 41, item 3). A worker loads Tesseract on its
/// first reading, at about a tenth of a second: a book's readings go to the workers that have
/// it loaded, and its other work to those that have not.
@Suite("Page workers: which idle worker takes a request")
struct WorkerChoiceTests {
  let book = BookKey(path: FilePath("/books/manga.pdf"), password: nil)
  let other = BookKey(path: FilePath("/books/other.pdf"), password: nil)

  /// `count` idle workers of the built pdfbind, ended after `body`.
  func withWorkers(_ count: Int, _ body: ([WorkerProcess]) throws -> Void) throws {
    let workers = try (0..<count).map { _ in
      try WorkerProcess.start(
        PDFBindRunner.executable, megabytes: 512, template: nil, readsScript: false
      ).get()
    }
    defer { workers.forEach { $0.close() } }
    try body(workers)
  }

  /// The pid of the worker `request` is given among `idle`, and the pids left idle.
  func taken(_ request: PageRequest, among idle: [WorkerProcess]) -> (taken: Int32?, idle: [Int32])
  {
    var workers = idle
    let worker = PageWorkers.take(for: request, from: &workers)
    return (worker?.pid, workers.map(\.pid))
  }

  @Test("A reading goes to a worker with Tesseract loaded, other work to one without")
  func readingsToReaders() throws {
    try withWorkers(3) { workers in
      // Worker 0 holds the book open; worker 1 has read another book's page; 2 is fresh.
      workers[0].affinity = PageRequest.open(book).affinity
      workers[1].affinity = PageRequest.open(other).affinity
      workers[1].readsScript = true
      let read = PageRequest.readDrawn(
        book, page: 4, maxWidth: 1_600, maxHeight: 1_600, half: nil, source: .scanElseDrawn)
      let layout = PageRequest.layout(
        book, page: 4, maxWidth: 1_600, maxHeight: 1_600, source: .scanElseDrawn)
      let spine = PageRequest.spine(
        book, page: 4, maxWidth: 200, maxHeight: 200, edges: 8, source: .scanElseDrawn)
      #expect(taken(read, among: workers).taken == workers[1].pid)
      #expect(taken(layout, among: workers).taken == workers[1].pid)
      // Among workers without Tesseract the one holding the book open.
      #expect(taken(spine, among: workers) == (workers[0].pid, [workers[1].pid, workers[2].pid]))
      // Among equals, the last given back.
      workers[0].affinity = nil
      #expect(taken(spine, among: workers).taken == workers[2].pid)
      #expect(taken(spine, among: []).taken == nil)
    }
  }

  @Test("With a template, a page that may be read goes to a worker with Tesseract or a new copy")
  func readingsToNewCopies() throws {
    try withWorkers(2) { workers in
      // Worker 0 holds the book open without Tesseract; worker 1 has read another book.
      workers[0].affinity = PageRequest.open(book).affinity
      workers[1].readsScript = true
      let layout = PageRequest.layout(
        book, page: 2, maxWidth: 1_600, maxHeight: 1_600, source: .scanElseDrawn)
      let spine = PageRequest.spine(
        book, page: 2, maxWidth: 200, maxHeight: 200, edges: 8, source: .scanElseDrawn)
      var idle = workers
      #expect(PageWorkers.take(for: layout, from: &idle, newOnesRead: true)?.pid == workers[1].pid)
      // Left with the worker that would load Tesseract itself: a new copy is better.
      #expect(PageWorkers.take(for: layout, from: &idle, newOnesRead: true) == nil)
      #expect(idle.map(\.pid) == [workers[0].pid])
      // Without a template it would take it; other work takes it either way.
      #expect(PageWorkers.take(for: layout, from: &idle)?.pid == workers[0].pid)
      idle = [workers[0]]
      #expect(PageWorkers.take(for: spine, from: &idle, newOnesRead: true)?.pid == workers[0].pid)
    }
  }

  @Test("With a template, a book's work stays with the worker that holds it open")
  func bookStaysOpen() throws {
    try withWorkers(3) { workers in
      // Worker 0 holds another book open without Tesseract; 1 reads and holds nothing; 2
      // reads and holds the book open.
      workers[0].affinity = PageRequest.open(other).affinity
      workers[1].readsScript = true
      workers[2].readsScript = true
      workers[2].affinity = PageRequest.open(book).affinity
      let spine = PageRequest.spine(
        book, page: 3, maxWidth: 200, maxHeight: 200, edges: 8, source: .scanElseDrawn)
      var idle = workers
      // Its pictures go where it is open, though that worker reads: opening a small book again
      // cost review a third of the time of its double-page books.
      #expect(PageWorkers.take(for: spine, from: &idle, newOnesRead: true)?.pid == workers[2].pid)
      // Without a template, readers are kept for readings, as Tesseract costs a new one more.
      #expect(taken(spine, among: workers).taken == workers[0].pid)
      // A new book begins with a worker that reads, where its layouts can follow it.
      let third = BookKey(path: FilePath("/books/third.pdf"), password: nil)
      idle = [workers[0], workers[1]]
      #expect(
        PageWorkers.take(for: .text(third, page: 0), from: &idle, newOnesRead: true)?.pid
          == workers[1].pid)
      idle = [workers[0], workers[1]]
      #expect(
        PageWorkers.take(for: .open(third), from: &idle, newOnesRead: true)?.pid == workers[1].pid)
      // Its other pictures, where no worker holds it, go to one that does not read.
      idle = [workers[0], workers[1]]
      #expect(
        PageWorkers.take(
          for: .spine(
            third, page: 0, maxWidth: 200, maxHeight: 200, edges: 8, source: .scanElseDrawn),
          from: &idle, newOnesRead: true)?.pid == workers[0].pid)
    }
  }

  @Test("A worker that drew one book's pages draws no other's, nor opens or reads another")
  func drawnBooksKeepTheirWorkers() throws {
    try withWorkers(2) { workers in
      // Worker 0 drew the other book's pages (poppler's and cairo's fonts outlive a document);
      // worker 1 only opened it.
      let drew = PageRequest.open(other).affinity
      workers[0].drewPagesOf = drew
      workers[0].affinity = drew
      workers[1].affinity = PageRequest.open(other).affinity
      for request in [
        PageRequest.open(book), .text(book, page: 0),
        .layout(book, page: 0, maxWidth: 1_600, maxHeight: 1_600, source: .drawn),
      ] {
        #expect(taken(request, among: [workers[0]]).taken == nil)
        #expect(taken(request, among: workers).taken == workers[1].pid)
      }
      // Its own book's work it takes.
      #expect(taken(.text(other, page: 1), among: [workers[0]]).taken == workers[0].pid)
    }
  }

  @Test("A worker says it drew with poppler after a page of print, not after a decoded scan")
  func drawnOrDecoded() throws {
    try withWorkers(1) { workers in
      let time = WorkTime(processorSeconds: 30, waitingSeconds: 30)
      func layout(_ fixture: String) throws -> WorkerAnswer {
        let book = BookKey(path: FilePath(Fixture.path(fixture)), password: nil)
        let request = PageRequest.layout(
          book, page: 0, maxWidth: 400, maxHeight: 400, source: .scanElseDrawn)
        let (bytes, _) = try workers[0].exchange(request.encoded(), within: time).get()
        return try WorkerAnswer(decoding: bytes)
      }
      // One JPEG that fills the page: decoded by pdfbind, poppler draws nothing.
      let scans = try ["suggest/scan.pdf", "suggest/scan-lang-ar.pdf"].map(layout)
      #expect(scans.map(\.drewWithPoppler) == [false, false])
      // A page of text: poppler draws it, and the worker says so from then on.
      let print = try layout("suggest/hebrew.pdf")
      let scanAfter = try layout("suggest/scan.pdf")
      #expect(print.drewWithPoppler && scanAfter.drewWithPoppler)
    }
  }
}
