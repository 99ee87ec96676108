import Foundation
import PDFBindTestSupport
import Testing

/// SPEC round 3, "Evidence from the page pictures": books with no text layer decided from the
/// script their pages show and from double-page pictures, which also fix the pairing. The
/// fixtures are scans and pictures made by Fixtures/pictures/make_picture_fixtures.py; each
/// one's binding and layout in its MANIFEST.tsv were chosen by a person from how it was made.
@Suite("suggest from page pictures")
struct PicturesTests {
  static let manifest: [(file: String, expected: String, layout: String)] = {
    let text = try? String(
      contentsOfFile: Fixture.path("pictures/MANIFEST.tsv"), encoding: .utf8)
    return (text ?? "").split(separator: "\n").dropFirst().map {
      let fields = $0.split(separator: "\t").map(String.init)
      return (fields[0], fields[1], fields[2])
    }
  }()

  func suggestJSON(_ file: String, environment: [String: String]? = nil) throws -> [String: Any] {
    let result = try PDFBindRunner.run(["suggest", "--json", file], environment: environment)
    #expect(result.status == 0, "\(result.err)")
    return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
  }

  func evidence(_ object: [String: Any], _ source: String) -> [[String: Any]] {
    (object["evidence"] as? [[String: Any]] ?? []).filter { $0["source"] as? String == source }
  }

  /// A book named `name` in a new temporary folder, written by a pikepdf `script` that gets
  /// `arguments` and then the book's path.
  func madeBook(_ name: String, by script: String, _ arguments: String...) throws -> String {
    let path = try Fixture.temporaryDirectory().path + "/" + name
    let made = try IndependentReaders.runPython(script, arguments: arguments + [path])
    #expect(made.status == 0, "\(made.err)")
    return path
  }

  /// The fixture's pages after five blank ones, written by pikepdf.
  func afterBlankPages(_ fixture: String) throws -> String {
    try madeBook(
      "after-blank-pages.pdf",
      by: """
        import sys, pikepdf
        pdf = pikepdf.open(sys.argv[1])
        pages = len(pdf.pages)
        for _ in range(5):
            pdf.add_blank_page(page_size=(595, 842))
        for _ in range(pages):
            pdf.pages.append(pdf.pages[0])
            del pdf.pages[0]
        pdf.save(sys.argv[2])
        """, Fixture.path(fixture))
  }

  @Test("The manifest is there: a missing fixture fails")
  func manifestPresent() {
    #expect(Self.manifest.count >= 7)
  }

  @Test("Each picture book gets the binding and layout a person chose", arguments: manifest)
  func labelled(file: String, expected: String, layout: String) throws {
    let object = try suggestJSON(Fixture.path("pictures/" + file))
    #expect(object["decision"] as? String == expected, "\(object)")
    #expect((object["layout"] as? String ?? "-") == layout, "\(object)")
  }

  @Test("Script evidence names the pages it rests on")
  func scriptPages() throws {
    let object = try suggestJSON(Fixture.path("pictures/arabic-scan.pdf"))
    let script = try #require(evidence(object, "page-script").first)
    #expect(script["says"] as? String == "right-edge")
    #expect((script["pages"] as? [Int])?.isEmpty == false)
    #expect((script["detail"] as? String)?.contains("Arabic") == true)
  }

  @Test("The script is read on the first pages that hold writing, past blank ones, within a bound")
  func scriptPastBlankPages() throws {
    // A scan's cover, endpapers and plates hold no writing: five blank pages before the three
    // pages of the Arabic scan.
    let book = try afterBlankPages("pictures/arabic-scan.pdf")
    #expect(try IndependentReaders.qpdfPageCount(book) == 8)
    let object = try suggestJSON(book)
    #expect(object["decision"] as? String == "right-edge", "\(object)")
    let script = try #require(evidence(object, "page-script").first)
    #expect(script["pages"] as? [Int] == [6, 7], "\(script)")

    // --pages 1 lets Tesseract read one page, looked for among the first four.
    let result = try PDFBindRunner.run("suggest", "--pages", "1", book)
    #expect(
      result.out.contains(
        "page-script: no writing-like marks in the pictures of page 1, nor print on pages 2-4;"),
      "\(result.out)")
  }

  @Test("Past the first --pages pages only print is read, not pictures that may hold balloons")
  func onlyPrintPastThePages() throws {
    // The album's four photographs are read when they are the first pages (Tesseract finds
    // no script on them), and passed over after five blank pages.
    let book = try afterBlankPages("pictures/album.pdf")
    #expect(try IndependentReaders.qpdfPageCount(book) == 9)
    let alone = try suggestJSON(Fixture.path("pictures/album.pdf"))
    #expect(
      evidence(alone, "page-script").first?["detail"] as? String
        == "no script Tesseract can read on pages 1-4: says nothing about the binding",
      "\(alone)")
    let object = try suggestJSON(book)
    #expect(object["decision"] as? String == "undecided")
    #expect(
      evidence(object, "page-script").first?["detail"] as? String
        == "no writing-like marks in the pictures of pages 1-5, nor print on pages 6-9",
      "\(object)")
  }

  @Test("Arabic print with a picture joining left to right is undecided; its pages pair")
  func conflict() throws {
    let original = Fixture.path("pictures/arabic-scan-ltr-spread.pdf")
    let result = try PDFBindRunner.run("suggest", original)
    #expect(result.status == 0)
    // Pages 4|5 join: whichever way the picture runs, they share a spread, so page 1 is alone.
    #expect(
      result.out.hasSuffix(
        "undecided, cover (evidence disagrees: page-script says right-edge, spreads says "
          + "left-edge)\n"),
      "\(result.out)")
    let object = try suggestJSON(original)
    #expect(object["decision"] as? String == "undecided")
    #expect(object["layout"] as? String == "cover", "\(object)")
    // An undecided file is left as it is: set --auto appends nothing, check --auto agrees.
    let copy = try Fixture.temporaryDirectory().path + "/book.pdf"
    try FileManager.default.copyItem(atPath: original, toPath: copy)
    #expect(try PDFBindRunner.run("set", "--auto", copy).status == 0)
    #expect(
      FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: original))
    #expect(try PDFBindRunner.run("check", "--auto", copy).status == 0)
  }

  @Test("A scanner's dark band over the seam hides no double-page picture")
  func scannerBand() throws {
    let book = Fixture.path("pictures/arabic-scan-ltr-spread-scanner-band.pdf")
    // poppler's own drawing (pdftoppm): page 4's right edge and page 5's left are dark and
    // even down the page, the picture lighter a few columns in.
    let columns = try IndependentReaders.runPython(
      """
      import os, subprocess, sys, tempfile
      from PIL import Image, ImageStat
      with tempfile.TemporaryDirectory() as folder:
          subprocess.run(["pdftoppm", "-gray", "-r", "30", "-f", "4", "-l", "5", sys.argv[1],
                          folder + "/p"], check=True)
          for name, edge in zip(sorted(os.listdir(folder)), ["right", "left"]):
              page = Image.open(os.path.join(folder, name))
              width, height = page.size
              for inward in (0, 8):
                  x = width - 1 - inward if edge == "right" else inward
                  stat = ImageStat.Stat(page.crop((x, 0, x + 1, height)))
                  print(round(stat.mean[0]), round(stat.stddev[0]), end=" ")
      """, book)
    let measured = columns.out.split(separator: " ").compactMap { Int($0) }
    try #require(measured.count == 8, "\(columns.err)")
    for page in [0, 4] {
      #expect(measured[page] < 60 && measured[page + 1] < 8, "band: \(measured)")
      #expect(measured[page + 2] > measured[page] + 30, "picture: \(measured)")
    }
    // Read past the bands, the picture joins left to right against the Arabic script.
    let object = try suggestJSON(book)
    #expect(object["decision"] as? String == "undecided", "\(object)")
    #expect(object["layout"] as? String == "cover")
    let spreads = try #require(evidence(object, "spreads").first)
    #expect(spreads["says"] as? String == "left-edge")
    #expect(spreads["pages"] as? [Int] == [4, 5])
    #expect(
      spreads["detail"] as? String == "pages 4|5 join across the spine, left to right",
      "\(spreads)")
  }

  /// Four pictures in colours of one lightness (every colour's grey level 140), written by
  /// Pillow: an unrelated picture, the right and then the left half of a double-page picture
  /// (a book read right to left, 4 pixels of each half lost at the spine), another unrelated
  /// picture.
  static let evenLightnessBook = """
    import random, sys
    from PIL import Image, ImageDraw, ImageFilter

    def even(u, v, level=140):
        red, blue = round(level + u), round(level + v)
        return (red, round((level - 0.299 * red - 0.114 * blue) / 0.587), blue)

    def picture(width, height, seed, spine=None):
        rng = random.Random(seed)
        image = Image.new("RGB", (width, height), even(rng.uniform(-40, 40), rng.uniform(-40, 40)))
        draw = ImageDraw.Draw(image)
        for _ in range(70):
            fill = even(rng.uniform(-90, 90), rng.uniform(-90, 90))
            near = spine is not None and rng.random() < 0.5
            x = spine + rng.uniform(-60, 60) if near else rng.uniform(0, width)
            y = rng.uniform(0, height)
            if rng.random() < 0.5:
                r = rng.uniform(20, 90)
                draw.ellipse([x - r, y - r * rng.uniform(0.5, 1.5), x + r, y + r], fill=fill)
            else:
                dx, dy = rng.uniform(-200, 200), rng.uniform(-200, 200)
                draw.line([x - dx, y - dy, x + dx, y + dy], fill=fill, width=rng.randint(4, 16))
        return image.filter(ImageFilter.GaussianBlur(1.2))

    wide = picture(1200, 900, 5, spine=600)
    left, right = wide.crop((0, 0, 596, 900)), wide.crop((604, 0, 1200, 900))
    pages = [picture(596, 900, 11), right, left, picture(596, 900, 12)]
    pages[0].save(sys.argv[1], save_all=True, append_images=pages[1:], resolution=100, quality=88)
    """

  @Test("A double-page picture that only its colours show joins, and fixes the pairing")
  func spreadInColoursAlone() throws {
    let book = try madeBook("even-lightness.pdf", by: Self.evenLightnessBook)
    // poppler's own drawings (pdftoppm): in grey levels pages 2 and 3 are flat, in colour not.
    let spread = try IndependentReaders.runPython(
      """
      import os, subprocess, sys, tempfile
      from PIL import Image, ImageStat
      with tempfile.TemporaryDirectory() as folder:
          for flag in ("-gray", "-png"):
              subprocess.run(["pdftoppm", flag, "-r", "40", "-f", "2", "-l", "3", sys.argv[1],
                              os.path.join(folder, flag[1:])], check=True)
          spread = {}
          for name in sorted(os.listdir(folder)):
              levels = ImageStat.Stat(Image.open(os.path.join(folder, name)).convert("RGB"))
              spread.setdefault(name.split("-")[0], []).append(max(levels.stddev))
          print(max(spread["gray"]), min(spread["png"]))
      """, book)
    let deviations = spread.out.split(separator: " ").compactMap {
      Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    #expect(deviations.count == 2 && deviations[0] < 2 && deviations[1] > 10, "\(spread.out)")
    let object = try suggestJSON(book)
    #expect(object["decision"] as? String == "right-edge", "\(object)")
    #expect(object["layout"] as? String == "cover")
    let spreads = evidence(object, "spreads")
    #expect(spreads.first?["pages"] as? [Int] == [2, 3])
    #expect(spreads.first?["detail"] as? String == "pages 2|3 join across the spine, right to left")
  }

  @Test("Halves that look alike with no line across the spine fix the pairing, not the binding")
  func halvesAlike() throws {
    let book = Fixture.path("pictures/english-scan-texture-spread.pdf")
    // poppler's own drawings (pdftoppm): pages 4 and 5 alone are in colour, and alike in it.
    let colours = try IndependentReaders.runPython(
      """
      import os, subprocess, sys, tempfile
      from PIL import Image, ImageStat
      with tempfile.TemporaryDirectory() as folder:
          subprocess.run(["pdftoppm", "-png", "-r", "20", sys.argv[1], folder + "/p"], check=True)
          for name in sorted(os.listdir(folder)):
              hsv = Image.open(os.path.join(folder, name)).convert("HSV")
              print(round(ImageStat.Stat(hsv).mean[1]), end=" ")
      """, book)
    let saturation = colours.out.split(separator: " ").compactMap { Int($0) }
    #expect(saturation.count == 8, "\(colours.err)")
    let inColour = saturation.indices.filter { saturation[$0] > 40 }
    #expect(inColour == [3, 4], "\(saturation)")
    let object = try suggestJSON(book)
    #expect(object["decision"] as? String == "left-edge", "\(object)")
    #expect(object["layout"] as? String == "cover")
    let spreads = try #require(evidence(object, "spreads").first)
    #expect(spreads["says"] is NSNull)
    #expect(spreads["pages"] as? [Int] == [4, 5])
    #expect(
      spreads["detail"] as? String
        == "pages 4|5 look alike at the spine and unlike every other page, as the halves of "
        + "one picture do, without lines that show which way it runs")
    // Without the script the binding is undecided; the pairing the halves fix stands.
    let unread = try suggestJSON(book, environment: ["TESSDATA_PREFIX": "/nonexistent"])
    #expect(unread["decision"] as? String == "undecided", "\(unread)")
    #expect(unread["layout"] as? String == "cover")
    let text = try PDFBindRunner.run("suggest", book)
    #expect(text.out.hasPrefix(book + ": left-edge, cover (page-script: "), "\(text.out)")
    #expect(text.out.contains("; spreads: pages 4|5 look alike at the spine"), "\(text.out)")
    let copy = try Fixture.copy("pictures/english-scan-texture-spread.pdf", as: "book.pdf")
    #expect(try PDFBindRunner.run("set", "--auto", copy).status == 0)
    let entries = try IndependentReaders.pikepdfEntries(copy)
    #expect(entries.direction == "/L2R" && entries.layout == "/TwoPageRight", "\(entries)")
  }

  @Test("set --auto writes the binding and the layout; qpdf and pikepdf read them back")
  func setAuto() throws {
    let book = try Fixture.copy("pictures/pictures-spread-rtl-cover.pdf", as: "manga.pdf")
    let result = try PDFBindRunner.run("set", "--auto", book)
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out.hasSuffix(": unknown -> right-edge, layout none -> cover\n"), "\(result.out)")
    #expect(try IndependentReaders.qpdfDirection(book) == "/R2L")
    let entries = try IndependentReaders.pikepdfEntries(book)
    #expect(entries.layout == "/TwoPageRight")
    #expect(try IndependentReaders.qpdfCheck(book).status == 0)
    let check = try PDFBindRunner.run("check", "--auto", book)
    #expect(check.status == 0, "\(check.out)")
  }

  @Test("check --auto fails a book whose /PageLayout pairs against its double-page picture")
  func checkAutoLayout() throws {
    let book = try Fixture.copy("pictures/pictures-spread-rtl-cover.pdf", as: "manga.pdf")
    #expect(try PDFBindRunner.run("set", "--right-edge", "--no-cover", book).status == 0)
    let check = try PDFBindRunner.run("check", "--auto", book)
    #expect(check.status == 1)
    #expect(
      check.out.hasSuffix(": right-edge, layout no-cover (suggested: right-edge, cover)\n"),
      "\(check.out)")
  }

  @Test("spreads --auto shows the suggested pairing before anything is written")
  func spreadsAuto() throws {
    let book = Fixture.path("pictures/pictures-spread-rtl-cover.pdf")
    let auto = try PDFBindRunner.run("spreads", "--auto", book)
    #expect(auto.out == "[1] [3|2] [4]  (suggested: right-edge, cover)\n", "\(auto.out)")
    let plain = try PDFBindRunner.run("spreads", book)
    #expect(plain.out == "[1|2] [3|4]  (unknown binding, laid out as left-edge)\n")
    let undecided = try PDFBindRunner.run("spreads", "--auto", Fixture.path("pictures/album.pdf"))
    #expect(undecided.out.hasSuffix("(undecided, shown as the file is)\n"), "\(undecided.out)")
    #expect(try PDFBindRunner.run("spreads", "--auto", "--as", "left-edge", book).status == 64)
  }

  /// Whether a library can be hidden from pdfbind: replaced by /dev/null in a mount
  /// namespace of its own (`hiding`).
  static let canHideLibraries: Bool = {
    guard let result = try? runProcess("/usr/bin/unshare", ["-r", "-m", "true"]) else {
      return false
    }
    return result.status == 0
  }()
  static let tesseractLibrary = "/usr/lib/x86_64-linux-gnu/libtesseract.so.5"
  static let turboJPEGLibrary = "/usr/lib/x86_64-linux-gnu/libturbojpeg.so.0"
  static let canHideTesseract =
    canHideLibraries && FileManager.default.fileExists(atPath: tesseractLibrary)
  static let canHideTurboJPEG =
    canHideLibraries && FileManager.default.fileExists(atPath: turboJPEGLibrary)

  /// pdfbind run with `arguments` while the file `library` (a symbolic link) points to is
  /// /dev/null.
  static func hiding(_ library: String, _ arguments: String...) throws -> ProcessResult {
    try hiding(library, arguments)
  }

  static func hiding(_ library: String, _ arguments: [String]) throws -> ProcessResult {
    let target = try FileManager.default.destinationOfSymbolicLink(atPath: library)
    let real = target.hasPrefix("/") ? target : "/usr/lib/x86_64-linux-gnu/" + target
    let hide = "mount --bind /dev/null \"$1\" && shift && exec \"$@\""
    return try runProcess(
      "/usr/bin/unshare",
      ["-r", "-m", "sh", "-c", hide, "sh", real, PDFBindRunner.executable] + arguments)
  }

  @Test(
    "Without Tesseract the evidence says so and the pictures still decide",
    .enabled(if: canHideTesseract, "needs unshare -r -m and Debian's libtesseract5"))
  func tesseractHidden() throws {
    let result = try Self.hiding(
      Self.tesseractLibrary, "suggest", "--json",
      Fixture.path("pictures/arabic-scan-ltr-spread.pdf"))
    #expect(result.status == 0, "\(result.err)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let pageScript = try #require(evidence(object, "page-script").first)
    let detail = pageScript["detail"] as? String ?? ""
    #expect(detail.hasPrefix("not available (Tesseract is not installed"), "\(detail)")
    #expect(pageScript["says"] is NSNull)
    #expect(object["decision"] as? String == "left-edge", "\(object)")
  }

  @Test(
    "Without libturbojpeg poppler draws the scans, and every suggestion is the same",
    .enabled(if: canHideTurboJPEG, "needs unshare -r -m and Debian's libturbojpeg0"))
  func turboJPEGHidden() throws {
    let books = try String(
      contentsOfFile: Fixture.path("pictures/MANIFEST.tsv"), encoding: .utf8
    ).split(separator: "\n").dropFirst().map {
      Fixture.path("pictures/" + $0.prefix { $0 != "\t" })
    }
    let hidden = try Self.hiding(Self.turboJPEGLibrary, ["suggest", "--json"] + books)
    let shown = try PDFBindRunner.run(["suggest", "--json"] + books)
    #expect(hidden.status == shown.status, "\(hidden.err)")
    #expect(books.count == 9 && hidden.out.split(separator: "\n").count == 9)
    #expect(hidden.out == shown.out)
  }

  @Test("Without Tesseract's script data the evidence says where it looked")
  func scriptDataMissing() throws {
    let result = try PDFBindRunner.run(
      ["suggest", Fixture.path("pictures/arabic-scan.pdf")],
      environment: ["TESSDATA_PREFIX": "/nonexistent"])
    #expect(result.status == 0)
    #expect(
      result.out.contains(
        "page-script: not available (Tesseract's script data osd.traineddata is not in "
          + "/nonexistent"), "\(result.out)")
  }

  @Test("Pages of 0×0 and 20,000×20,000 points and pages poppler cannot load: the join holds")
  func oddPages() throws {
    // The book of pages 3|4 joining left to right gains a page with an empty MediaBox (poppler
    // gives it a default size), one of 20,000 points square, and two pages that its /Count
    // promises but its page tree does not hold (poppler cannot load them; qpdf counts kids).
    let book = try madeBook(
      "odd-pages.pdf",
      by: """
        import sys, pikepdf
        pdf = pikepdf.open(sys.argv[1])
        for box in ([0, 0, 0, 0], [0, 0, 20000, 20000]):
            pdf.add_blank_page(page_size=(100, 100))
            pdf.pages[-1].MediaBox = pikepdf.Array(box)
            pdf.pages[-1].Contents = pdf.make_stream(b"0.3 g 0 0 20000 20000 re f")
        pdf.save(sys.argv[2], object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 compress_streams=False)
        data = open(sys.argv[2], "rb").read()
        assert data.count(b"/Count 7") == 1
        open(sys.argv[2], "wb").write(data.replace(b"/Count 7", b"/Count 9"))
        """, Fixture.path("pictures/pictures-spread-ltr-no-cover.pdf"))
    let poppler = try runProcess("/usr/bin/pdfinfo", ["-f", "6", "-l", "7", book])
    #expect(poppler.out.contains("Pages:           9"), "\(poppler.out)")
    #expect(poppler.out.contains("Page    7 size:  20000 x 20000 pts"), "\(poppler.out)")

    let object = try suggestJSON(book)
    #expect(object["decision"] as? String == "left-edge", "\(object)")
    #expect(object["layout"] as? String == "no-cover", "\(object)")
    let spreads = evidence(object, "spreads").compactMap { $0["detail"] as? String }
    #expect(
      spreads == [
        "page 8 not rendered: poppler cannot load it, or it has no area",
        "page 9 not rendered: poppler cannot load it, or it has no area",
        "pages 3|4 join across the spine, left to right",
      ], "\(spreads)")
  }

  @Test("A book of 16 pages or more reads its script while its spines are drawn, in order")
  func longBookTogether() throws {
    // An Arabic scan's 3 pages, then four copies of a book whose pages 2|3 are one picture.
    let book = try madeBook(
      "long.pdf",
      by: """
        import sys, pikepdf
        pdf = pikepdf.open(sys.argv[1])
        for _ in range(4):
            with pikepdf.open(sys.argv[2]) as more:
                pdf.pages.extend(more.pages)
        pdf.save(sys.argv[3])
        """, Fixture.path("pictures/arabic-scan.pdf"),
      Fixture.path("pictures/pictures-spread-rtl-cover.pdf"))
    #expect(try IndependentReaders.qpdfPageCount(book) == 19)
    let object = try suggestJSON(book)
    #expect(object["decision"] as? String == "right-edge", "\(object)")
    #expect(object["layout"] as? String == "no-cover", "\(object)")
    let items = try #require(object["evidence"] as? [[String: Any]])
    #expect(
      items.compactMap { $0["source"] as? String } == ["text", "page-script", "spreads"],
      "\(items)")
    #expect(
      evidence(object, "page-script").first?["detail"] as? String
        == "Arabic script on pages 1-2")
    #expect(
      evidence(object, "spreads").first?["pages"] as? [Int]
        == [5, 6, 9, 10, 13, 14, 17, 18])
  }

  @Test("A book of 10,000 pages: the first 1,000 are compared, and the batch goes on")
  func tenThousandPages() throws {
    let book = try madeBook(
      "long.pdf",
      by: """
        import sys, pikepdf
        pdf = pikepdf.new()
        content = pdf.make_stream(b"0.5 g 0 0 300 450 re f")
        for _ in range(10000):
            pdf.add_blank_page(page_size=(300, 450))
            pdf.pages[-1].Contents = content
        pdf.save(sys.argv[1])
        """)
    let result = try PDFBindRunner.run(
      "suggest", book, Fixture.path("pictures/pictures-spread-rtl-cover.pdf"))
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out.contains(
        "spreads: no double-page picture joins across the spine on pages 1-1000 of 10000"),
      "\(result.out)")
    #expect(result.out.contains("pictures-spread-rtl-cover.pdf: right-edge, cover"))
  }

  @Test("A page holding a gigapixel image is not decoded: one line, and the batch goes on")
  func gigapixel() throws {
    let book = try madeBook(
      "gigapixel.pdf",
      by: """
        import sys, zlib, pikepdf
        pdf = pikepdf.new()
        pdf.add_blank_page(page_size=(600, 600))
        image = pikepdf.Stream(pdf, zlib.compress(b"\\x80" * 40000))
        image.Type, image.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
        image.Width, image.Height = 40000, 40000
        image.ColorSpace, image.BitsPerComponent = pikepdf.Name.DeviceGray, 8
        image.Filter = pikepdf.Name.FlateDecode
        page = pdf.pages[0]
        page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
        page.Contents = pdf.make_stream(b"q 600 0 0 600 0 0 cm /Im0 Do Q")
        pdf.save(sys.argv[1])
        """)
    let result = try PDFBindRunner.run(
      "suggest", book, Fixture.path("pictures/english-scan.pdf"))
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out.contains(
        "page 1 not rendered: it holds an image of 40000×40000 pixels, more than the 50 "
          + "megapixels pdfbind decodes"), "\(result.out)")
    #expect(result.out.contains("english-scan.pdf: left-edge"))
  }
}
