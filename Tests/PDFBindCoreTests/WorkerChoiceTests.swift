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
      try WorkerProcess.start(PDFBindRunner.executable, megabytes: 512).get()
    }
    defer { workers.forEach { $0.close() } }
    try body(workers)
  }

  @Test("A reading goes to a worker with Tesseract loaded, other work to one without")
  func readingsToReaders() throws {
    try withWorkers(3) { workers in
      // Worker 0 holds the book open; worker 1 has read another book's page; 2 is fresh.
      workers[0].affinity = PageRequest.open(book).affinity
      workers[1].affinity = PageRequest.open(other).affinity
      workers[1].readsScript = true
      let read = PageRequest.readDrawn(book, page: 4, maxWidth: 1_600, maxHeight: 1_600)
      let layout = PageRequest.layout(book, page: 4, maxWidth: 1_600, maxHeight: 1_600)
      let spine = PageRequest.spine(
        book, page: 4, maxWidth: 200, maxHeight: 200, edges: 8, mayBeScan: true)
      #expect(PageWorkers.choice(for: read, among: workers) == 1)
      #expect(PageWorkers.choice(for: layout, among: workers) == 1)
      // Among workers without Tesseract the one holding the book open.
      #expect(PageWorkers.choice(for: spine, among: workers) == 0)
      // Among equals, the last given back.
      workers[0].affinity = nil
      #expect(PageWorkers.choice(for: spine, among: workers) == 2)
      #expect(PageWorkers.choice(for: spine, among: []) == nil)
    }
  }

  @Test("A page drawn where Tesseract is not loaded is drawn again where it is, when cheaper")
  func drawnAgainWhereTesseractIs() throws {
    try withWorkers(2) { workers in
      let layout = PageRequest.layout(book, page: 4, maxWidth: 1_600, maxHeight: 1_600)
      let picture = try #require(layout.drawnPicture)
      workers[0].drawnPicture = picture
      workers[0].drawnSeconds = 0.03
      // No idle worker has Tesseract loaded: the holder reads its own picture.
      #expect(PageWorkers.holder(of: picture, among: workers) == 0)
      // One has: drawing the page again there costs less than loading Tesseract.
      workers[1].readsScript = true
      #expect(PageWorkers.holder(of: picture, among: workers) == nil)
      // A page that took longer to draw than Tesseract takes to load is read where it is.
      workers[0].drawnSeconds = PageWorkers.readerLoadSeconds + 0.1
      #expect(PageWorkers.holder(of: picture, among: workers) == 0)
      // A holder with Tesseract loaded always reads its picture.
      workers[0].drawnSeconds = 0.03
      workers[0].readsScript = true
      #expect(PageWorkers.holder(of: picture, among: workers) == 0)
      #expect(PageWorkers.holder(of: "another picture", among: workers) == nil)
    }
  }
}
