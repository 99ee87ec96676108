import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "review", through the binary: what it writes, where, its lines and exit statuses. What
/// a browser makes of the page is PDFBindBrowserTests' part.
@Suite("review")
struct ReviewTests {
  /// A library: two right-to-left comics (a ComicInfo.xml beside them), an undecided book and
  /// a file that is not a PDF.
  static func library() throws -> URL {
    let root = try Fixture.temporaryDirectory()
    let manga = root.appendingPathComponent("Library/manga")
    try FileManager.default.createDirectory(at: manga, withIntermediateDirectories: true)
    try "<ComicInfo><Manga>YesAndRightToLeft</Manga></ComicInfo>".write(
      to: manga.appendingPathComponent("ComicInfo.xml"), atomically: true, encoding: .utf8)
    for (name, target) in [
      ("colours-7.pdf", "Library/manga/vol 1.pdf"), ("colours-3.pdf", "Library/manga/vol 2.pdf"),
      ("colours-2.pdf", "Library/photos.pdf"),
    ] {
      try FileManager.default.copyItem(
        atPath: Fixture.path("layout/" + name), toPath: root.appendingPathComponent(target).path)
    }
    try Data("not a PDF\n".utf8).write(to: root.appendingPathComponent("Library/notes.pdf"))
    return root
  }

  /// Runs pdfbind in `directory`, as a user in that folder would.
  static func run(in directory: URL, _ arguments: [String], input: Data? = nil) throws
    -> ProcessResult
  {
    try runProcess(
      "/bin/sh",
      [
        "-c", #"cd "$1" && shift && exec "$0" "$@""#, PDFBindRunner.executable,
        directory.path,
      ] + arguments, input: input)
  }

  @Test("review -r writes the page and a picture per page; a bad file is one line and a row")
  func library() throws {
    let root = try Self.library()
    let result = try Self.run(in: root, ["review", "-r", "Library"])
    #expect(result.status == 2)
    #expect(
      result.err
        == "pdfbind: Library/notes.pdf: not a PDF: no %PDF- header in the first 1024 bytes\n")
    #expect(
      result.out
        == "pdfbind-review.html: 4 books (1 undecided, 0 in conflict, 2 that set --auto would "
        + "change, 1 not readable)\n")
    let folder = root.appendingPathComponent("pdfbind-review_files").path
    // Walk order: manga/vol 1 (7 pages), manga/vol 2 (3), notes, photos (2): each page the
    // first three spreads of either pairing show, once.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        == (1...6).map { "1-page-\($0).png" } + (1...3).map { "2-page-\($0).png" }
        + ["4-page-1.png", "4-page-2.png"])
    // Each picture is its page, by Pillow: its colour.
    for page in 1...6 {
      let colour = try Self.pageColour(folder + "/1-page-\(page).png")
      #expect(LayoutColours.page(colour) == page)
    }
    let html = try String(
      contentsOfFile: root.appendingPathComponent("pdfbind-review.html").path, encoding: .utf8)
    #expect(html.contains("<bdi>Library/manga/vol 1.pdf</bdi>"))
    // Under the suggestion: right-edge, the file's pairing (from page 1).
    #expect(html.contains("data-suggested-views=\"right-edge no-cover\""))
    #expect(
      html.contains(
        "&quot;right-edge no-cover&quot;:{&quot;spreads&quot;:[[2,1],[4,3],[6,5]],&quot;count&quot;:4}"
      ))
    #expect(html.contains("src=\"pdfbind-review_files/4-page-2.png\""))
    #expect(html.contains("data-word=\"&#39;Library/manga/vol 1.pdf&#39;\""))
    #expect(html.contains("Content-Security-Policy"))
  }

  /// The colour of a PNG an eighth of the way down its middle (clear of the page number the
  /// layout fixtures print large), read by Pillow.
  static func pageColour(_ path: String) throws -> RGB {
    let result = try IndependentReaders.runPython(
      """
      import sys
      from PIL import Image
      image = Image.open(sys.argv[1]).convert("RGB")
      print(*image.getpixel((image.width // 2, image.height // 8)))
      """, path)
    let values = result.out.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    try #require(values.count == 3, "Pillow: \(result.err)")
    return RGB(values[0], values[1], values[2])
  }

  @Test("-o names the page; its pictures go beside it in NAME_files, cleared of an old run's")
  func output() throws {
    let root = try Self.library()
    let out = root.appendingPathComponent("out")
    let files = out.appendingPathComponent("My Review_files")
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    for stale in ["9-page-2.png", "9-left-edge.png", "notes.txt"] {
      try Data("old".utf8).write(to: files.appendingPathComponent(stale))
    }
    let result = try Self.run(
      in: root, ["review", "-q", "-o", "out/My Review.html", "Library/photos.pdf"])
    #expect((result.status, result.out, result.err) == (0, "", ""))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: files.path).sorted()
        == ["1-page-1.png", "1-page-2.png", "notes.txt"])
    let html = try String(contentsOf: out.appendingPathComponent("My Review.html"), encoding: .utf8)
    #expect(html.contains("src=\"My%20Review_files/1-page-2.png\""))
  }

  @Test("The page is the same with any --jobs: rows in argument order")
  func jobs() throws {
    let root = try Self.library()
    let one = try Self.run(in: root, ["review", "-r", "-j", "1", "-o", "one.html", "Library"])
    let two = try Self.run(in: root, ["review", "-r", "-j", "2", "-o", "two.html", "Library"])
    #expect(one.status == 2 && two.status == 2)
    let pages = try ["one", "two"].map {
      try String(contentsOf: root.appendingPathComponent("\($0).html"), encoding: .utf8)
        .replacingOccurrences(of: "\($0)_files/", with: "FILES/")
    }
    #expect(pages[0] == pages[1])
  }

  @Test("--files-from with -0 carries a newline in a name; standard input is a row to look at")
  func listsAndStandardInput() throws {
    let root = try Self.library()
    let odd = "Library/new\nline.pdf"
    try FileManager.default.copyItem(
      atPath: Fixture.path("layout/colours-1.pdf"), toPath: root.appendingPathComponent(odd).path)
    let list = Data((odd + "\0").utf8)
    let listed = try Self.run(in: root, ["review", "-q", "--files-from", "-", "-0"], input: list)
    #expect(listed.status == 0, "\(listed.err)")
    let html = try String(
      contentsOf: root.appendingPathComponent("pdfbind-review.html"), encoding: .utf8)
    #expect(html.contains("<bdi>Library/new\nline.pdf</bdi>"))
    #expect(html.contains(#"<code>$'Library/new\x0aline.pdf'</code>"#))

    let piped = try Self.run(
      in: root, ["review", "-q", "-"], input: try Fixture.bytes("layout/colours-2.pdf"))
    #expect((piped.status, piped.err) == (0, ""))
    let page = try String(
      contentsOf: root.appendingPathComponent("pdfbind-review.html"), encoding: .utf8)
    #expect(page.contains("<bdi>-</bdi>") && !page.contains("data-word"))
    #expect(page.contains("Read from standard input: no file to change."))
  }

  @Test("A page poppler cannot draw is a labelled blank and one warning; the rest are drawn")
  func unrenderablePage() throws {
    let root = try Fixture.temporaryDirectory()
    try FileManager.default.copyItem(
      atPath: Fixture.path("layout/unrenderable-page.pdf"),
      toPath: root.appendingPathComponent("book.pdf").path)
    let result = try Self.run(in: root, ["review", "book.pdf"])
    #expect(result.status == 0)
    #expect(
      result.err
        == "pdfbind: book.pdf: warning: page 3 cannot be rendered by poppler; it is drawn as a "
        + "labelled blank\n")
    let folder = root.appendingPathComponent("pdfbind-review_files").path
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        == ["1-page-1.png", "1-page-2.png", "1-page-3.png"])
    #expect(LayoutColours.page(try Self.pageColour(folder + "/1-page-1.png")) == 1)
    #expect(try Self.pageColour(folder + "/1-page-3.png") == RGB(255, 255, 255))
  }

  @Test("Command-line mistakes exit 64; a page that cannot be written is a failure line, 2")
  func mistakes() throws {
    let root = try Self.library()
    for arguments in [["-o", "-"], ["--pages", "0"], []] {
      let result = try Self.run(
        in: root, ["review"] + arguments + (arguments.isEmpty ? [] : ["Library/photos.pdf"]))
      #expect(result.status == 64, "\(arguments): \(result.err)")
    }
    let blocked = try Self.run(
      in: root, ["review", "-o", "/dev/null/review.html", "Library/photos.pdf"])
    #expect(blocked.status == 2)
    #expect(
      blocked.err
        == "pdfbind: /dev/null/review_files: creating the pictures folder failed: Not a directory\n"
    )
    #expect(blocked.out == "")
    // A directory as the page: refused before anything is read or written.
    let directory = try Self.run(in: root, ["review", "-o", "Library", "Library/photos.pdf"])
    #expect(directory.status == 2)
    #expect(
      directory.err
        == "pdfbind: Library: writing the page failed: it is a directory; -o names the HTML file\n")
    #expect(
      !FileManager.default.fileExists(atPath: root.appendingPathComponent("Library_files").path))
  }

  @Test("On a terminal, a long run shows the batch progress line")
  func progress() throws {
    let root = try Fixture.temporaryDirectory()
    let paths = (0..<1_000).map { root.appendingPathComponent("\($0).pdf").path }
    for path in paths {
      try FileManager.default.linkItem(atPath: Fixture.path("layout/colours-0.pdf"), toPath: path)
    }
    try Data(paths.joined(separator: "\n").utf8).write(to: root.appendingPathComponent("list"))
    // util-linux's script(1) gives the run a pseudo-terminal, as a user watching it has.
    let shown = try runProcess(
      which("script")!,
      [
        "-qec", "cd \(root.path) && \(PDFBindRunner.executable) review --files-from list",
        "/dev/null",
      ]
    ).out
    #expect(shown.contains("/1000 files, "))
    #expect(shown.contains("1000 books (1000 undecided"))
  }
}
