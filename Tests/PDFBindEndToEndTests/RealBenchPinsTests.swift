import Foundation
import PDFBindTestSupport
import Testing

/// Issue 40: the real-page bench rebuilds exactly from its pins, and its script stops, naming
/// the page, when a source changed. `bench/suggest/real/make_books.py` runs here on tables of
/// its own that pin a page of a repository made for the test (the bench's own sources are
/// public repositories a test machine does not hold).
@Suite("the real-page bench's pins")
struct RealBenchPinsTests {
  /// The script beside its three tables, and a bare copy of `example/pages`, whose one commit
  /// holds `scans/page-1.png`, `scans/page-2.jpg` and `scans/scan.pdf` (those two pictures as
  /// its pages), where the script looks for copies (`--mirrors`).
  struct Bench {
    let root: URL
    let mirrors: URL
    let commit: String
    let blob: String
    let scanBlob: String
    let jpeg: Data

    var script: String { root.appendingPathComponent("make_books.py").path }
    var out: URL { root.appendingPathComponent("out") }

    /// `pinned-book` is in the tuning part: sha256("issue40-holdout:pinned-book") is 1 mod 3.
    init(part: String = "tune") throws {
      root = try Fixture.temporaryDirectory()
      mirrors = root.appendingPathComponent("mirrors")
      let work = root.appendingPathComponent("work")
      try FileManager.default.createDirectory(
        at: work.appendingPathComponent("scans"), withIntermediateDirectories: true)
      let drawn = try IndependentReaders.runPython(
        """
        import sys, img2pdf
        from PIL import Image
        Image.new('L', (40, 60), 200).save(sys.argv[1] + '/page-1.png')
        Image.new('RGB', (30, 50), (120, 90, 60)).save(sys.argv[1] + '/page-2.jpg')
        with open(sys.argv[1] + '/scan.pdf', 'wb') as f:
            img2pdf.convert([sys.argv[1] + '/page-1.png', sys.argv[1] + '/page-2.jpg'], outputstream=f)
        """, work.appendingPathComponent("scans").path)
      try #require(drawn.status == 0, "Pillow, img2pdf: \(drawn.err)")
      jpeg = try Data(contentsOf: work.appendingPathComponent("scans/page-2.jpg"))
      try Self.git(work, "init", "-q")
      try Self.git(work, "add", "scans")
      try Self.git(
        work, "-c", "user.name=pdfbind", "-c", "user.email=tests@pdfbind.invalid", "commit",
        "-qm", "a page")
      commit = try Self.git(work, "rev-parse", "HEAD")
      blob = try Self.git(work, "rev-parse", "HEAD:scans/page-1.png")
      scanBlob = try Self.git(work, "rev-parse", "HEAD:scans/scan.pdf")
      try Self.git(
        root, "clone", "-q", "--bare", work.path,
        mirrors.appendingPathComponent("example+pages/repo").path)
      try FileManager.default.copyItem(
        atPath: Fixture.repository.appendingPathComponent("bench/suggest/real/make_books.py").path,
        toPath: script)
      try write(
        "sources.tsv", "source\trepo\tcommit\tlicence\nexample\texample/pages\t\(commit)\tnone")
      try write(
        "books.tsv",
        "book\texpected\tlayout\tclass\tpart\twhat\n"
          + "pinned-book\tleft-edge\t-\tlatin\t\(part)\ta page")
      try pin(path: "scans/page-1.png", blob: blob)
    }

    func write(_ table: String, _ text: String) throws {
      try (text + "\n").write(
        to: root.appendingPathComponent(table), atomically: true, encoding: .utf8)
    }

    func pin(path: String, blob: String) throws {
      try write(
        "pages.tsv", "book\tpage\tsource\tpath\tblob\npinned-book\t1\texample\t\(path)\t\(blob)")
    }

    func make() throws -> ProcessResult {
      try runProcess(which("python3")!, [script, out.path, "--mirrors", mirrors.path])
    }

    var bookMade: Bool {
      FileManager.default.fileExists(atPath: out.appendingPathComponent("pinned-book.pdf").path)
    }

    /// Runs the script and expects it to stop: a failing status, each of `said` in what it
    /// says, and no book written.
    func expectStop(saying said: String..., at location: SourceLocation = #_sourceLocation)
      throws
    {
      let made = try make()
      #expect(made.status != 0, sourceLocation: location)
      for words in said {
        #expect(made.err.contains(words), "\(made.err)", sourceLocation: location)
      }
      #expect(!bookMade, sourceLocation: location)
    }

    @discardableResult
    static func git(_ directory: URL, _ arguments: String...) throws -> String {
      let result = try runProcess(which("git")!, ["-C", directory.path] + arguments)
      try #require(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.err)")
      return result.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  @Test("Pages that match their pins make the book: one PDF page a picture, as it was")
  func pinnedPagesMakeTheBook() throws {
    let bench = try Bench()
    let made = try bench.make()
    #expect(made.status == 0, "\(made.err)")
    let book = bench.out.appendingPathComponent("pinned-book.pdf").path
    // pikepdf, not the script, says what the book holds.
    let read = try IndependentReaders.runPython(
      """
      import sys, pikepdf
      pdf = pikepdf.open(sys.argv[1])
      page = pdf.pages[0]
      image = next(iter((page.get_images() if hasattr(page, 'get_images') else page.images).values()))
      print(len(pdf.pages), image.Width, image.Height)
      """, book)
    #expect(read.out.trimmingCharacters(in: .whitespacesAndNewlines) == "1 40 60", "\(read.err)")
    let labels = try String(
      contentsOf: bench.out.appendingPathComponent("labels.tsv"), encoding: .utf8)
    #expect(labels.contains("pinned-book.pdf\tleft-edge\t-\tlatin\ttune\ta page"))
    // The same pins make the same bytes: a book's score can be compared across builds.
    let first = try Data(contentsOf: URL(fileURLWithPath: book))
    #expect(try bench.make().status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: book)) == first, "made again, it differs")
  }

  @Test("A page pinned in a scanned PDF (FILE.pdf#N) is the picture of that page, as it was")
  func pageOfAScannedPDF() throws {
    let bench = try Bench()
    try bench.pin(path: "scans/scan.pdf#2", blob: bench.scanBlob)
    let made = try bench.make()
    #expect(made.status == 0, "\(made.err)")
    // pikepdf reads the picture's stream as the book holds it: the JPEG's own bytes.
    let read = try IndependentReaders.runPython(
      """
      import sys, pikepdf
      pdf = pikepdf.open(sys.argv[1])
      page = pdf.pages[0]
      images = page.get_images() if hasattr(page, 'get_images') else page.images
      sys.stdout.buffer.write(next(iter(images.values())).read_raw_bytes())
      """, bench.out.appendingPathComponent("pinned-book.pdf").path)
    #expect(read.status == 0, "\(read.err)")
    #expect(read.stdout == bench.jpeg)
  }

  @Test("A page number past the end of the scanned PDF stops the script, which names the page")
  func pagePastTheScanStops() throws {
    let bench = try Bench()
    try bench.pin(path: "scans/scan.pdf#3", blob: bench.scanBlob)
    try bench.expectStop(
      saying: "example/pages@\(bench.commit):scans/scan.pdf#3: the PDF has 2 pages")
  }

  @Test("A page whose bytes are not the pinned blob stops the script, which names the page")
  func changedBlobStops() throws {
    let bench = try Bench()
    let pinned = String(repeating: "0", count: 40)
    try bench.pin(path: "scans/page-1.png", blob: pinned)
    try bench.expectStop(
      saying: "example/pages@\(bench.commit):scans/page-1.png: blob \(bench.blob), pinned "
        + "\(pinned): the source changed")
  }

  @Test("A pinned path the commit does not hold stops the script, which names the page")
  func missingPathStops() throws {
    let bench = try Bench()
    try bench.pin(path: "scans/page-2.png", blob: bench.blob)
    try bench.expectStop(
      saying: "example/pages@\(bench.commit):scans/page-2.png: not in the copy",
      "the source changed")
  }

  @Test("A repository with no copy stops the script, which says how to get one")
  func missingCopyStops() throws {
    let bench = try Bench()
    try FileManager.default.removeItem(at: bench.mirrors)
    try bench.expectStop(saying: "example/pages: no copy at", "fetch github:example/pages")
  }

  @Test("A book whose part column is not the one its id holds it to is refused")
  func partComesFromTheId() throws {
    try Bench(part: "held-out").expectStop(
      saying: "pinned-book: part held-out, the seed says tune")
  }
}
