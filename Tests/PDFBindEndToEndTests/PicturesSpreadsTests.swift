import Foundation
import PDFBindTestSupport
import Testing

/// Double-page pictures found from the pages alone (a scanner's band, colours of one lightness,
/// halves alike without a line across the spine), and `set`, `check` and `spreads` with
/// `--auto` acting on the pairing they fix.
extension PicturesTests {
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

}
