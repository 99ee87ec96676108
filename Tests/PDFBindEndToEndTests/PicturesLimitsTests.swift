import Foundation
import PDFBindTestSupport
import Testing

/// Pages that are odd or many: empty and huge page boxes, pages poppler cannot load, long books,
/// 10,000 pages and a gigapixel image; each has one line and the batch goes on.
extension PicturesTests {
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
        "pages 8-9 not rendered: poppler cannot load it, or it has no area",
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
        "page 1 not rendered: it holds an image of 40000×40000 pixels, more than pdfbind "
          + "decodes (50 megapixels; 200 when the page is one JPEG scan)"), "\(result.out)")
    #expect(result.out.contains("english-scan.pdf: left-edge"))
  }

  /// The English scan's first page (720×1080, grey) made `factor` times larger in colour, as
  /// a phone photographs a page, and stored as `encoding` (`jpeg` or `flate`).
  func enlargedScan(factor: Int, encoding: String) throws -> String {
    try madeBook(
      "enlarged-\(factor)-\(encoding).pdf",
      by: """
        import io, sys, zlib, pikepdf
        from PIL import Image
        source = pikepdf.open(sys.argv[1])
        image = pikepdf.PdfImage(source.pages[0].images["/Im0"]).as_pil_image()
        factor, encoding = int(sys.argv[2]), sys.argv[3]
        large = image.convert("RGB").resize((image.width * factor, image.height * factor))
        pdf = pikepdf.new()
        pdf.add_blank_page(page_size=(large.width * 72 / 600, large.height * 72 / 600))
        if encoding == "jpeg":
            data = io.BytesIO()
            large.save(data, "JPEG", quality=75)
            stream = pikepdf.Stream(pdf, data.getvalue())
            stream.Filter = pikepdf.Name.DCTDecode
        else:
            stream = pikepdf.Stream(pdf, zlib.compress(large.tobytes(), 1))
            stream.Filter = pikepdf.Name.FlateDecode
        stream.Type, stream.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
        stream.Width, stream.Height = large.width, large.height
        stream.ColorSpace, stream.BitsPerComponent = pikepdf.Name.DeviceRGB, 8
        page = pdf.pages[0]
        page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=stream))
        width, height = page.MediaBox[2], page.MediaBox[3]
        page.Contents = pdf.make_stream(b"q %f 0 0 %f 0 0 cm /Im0 Do Q" % (width, height))
        pdf.save(sys.argv[4])
        """, Fixture.path("pictures/english-scan.pdf"), "\(factor)", encoding)
  }

  @Test(
    "A page that is one JPEG scan over 50 megapixels is decoded at half its size and read",
    .enabled(
      if: FileManager.default.fileExists(atPath: PicturesTests.turboJPEGLibrary),
      "needs Debian's libturbojpeg0"))
  func largeJPEGScan() throws {
    // 6480×9720 in colour: 63 megapixels, 189 MB decoded whole, 47 MB at half its size.
    let book = try enlargedScan(factor: 9, encoding: "jpeg")
    let images = try runProcess("/usr/bin/pdfimages", ["-list", book])
    #expect(images.out.contains(" 6480  9720  rgb     3   8  jpeg"), "\(images.out)")
    let object = try suggestJSON(book)
    #expect(object["decision"] as? String == "left-edge", "\(object)")
    let script = evidence(object, "page-script").compactMap { $0["detail"] as? String }
    #expect(script.contains { $0.contains("Latin script on page 1") }, "\(script)")
  }

  @Test("A page that is one scan over 50 megapixels but not a JPEG is not decoded: one line")
  func largeFlateScan() throws {
    let book = try enlargedScan(factor: 9, encoding: "flate")
    let result = try PDFBindRunner.run("suggest", book)
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out.contains(
        "page 1 not rendered: it holds an image of 6480×9720 pixels, more than pdfbind decodes"),
      "\(result.out)")
  }

  @Test("A scan under 400 pixels on its longer side is not read; one over it is")
  func scanTooSmallToRead() throws {
    // The Arabic scan's first page (720×1080) made smaller: at a third its letters are two or
    // three pixels tall, and what Tesseract names there is not evidence.
    func scaled(_ width: Int, _ height: Int) throws -> String {
      try ScanVariant.make(
        "scan-\(width)",
        """
        import io
        from PIL import Image
        picture = pikepdf.PdfImage(image).as_pil_image().resize((\(width), \(height)), Image.LANCZOS)
        buffer = io.BytesIO()
        picture.save(buffer, "JPEG", quality=90)
        image.write(buffer.getvalue(), filter=Name.DCTDecode)
        image.Width, image.Height = \(width), \(height)
        """, in: Fixture.temporaryDirectory())
    }
    let small = try suggestJSON(try scaled(240, 360))
    #expect(small["decision"] as? String == "undecided", "\(small)")
    let said = evidence(small, "page-script").compactMap { $0["detail"] as? String }
    #expect(
      said == [
        "page 1 not read: a scan of 240×360 pixels, too few to read writing from "
          + "(under 400 on its longer side)"
      ], "\(said)")
    let readable = try suggestJSON(try scaled(420, 630))
    #expect(readable["decision"] as? String == "right-edge", "\(readable)")
  }
}
