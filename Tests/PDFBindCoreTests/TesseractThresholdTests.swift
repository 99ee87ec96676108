import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Tesseract is given page pictures already black and white, made with its own Otsu
/// thresholding (`TesseractThreshold`): the same bits, so the same script readings, without
/// the full-size pictures its thresholder makes and script detection never reads.
@Suite("Page pictures made black and white as Tesseract makes them")
struct TesseractThresholdTests {
  static let tesseract = (try? ScriptDetector()) != nil

  /// A picture of `width`×`height` at `paper`, with `marks` pixels (in reading order from the
  /// top left) at `ink`.
  static func picture(width: Int, height: Int, paper: UInt8, ink: UInt8, marks: Int)
    -> GreyImage
  {
    var image = GreyImage(width: width, height: height, filledWith: paper)
    for index in 0..<marks { image.pixels[index * 7 % image.pixels.count] = ink }
    return image
  }

  /// Pixel (x, y) of the black-and-white picture: true for paper.
  static func isPaper(_ binary: TesseractThreshold, _ x: Int, _ y: Int) -> Bool {
    binary.marks[y * binary.wordsPerRow + x / 32] & (0x8000_0000 >> UInt32(x % 32)) == 0
  }

  /// A page of `paper` with `marks` pixels of `ink`, and where Otsu's rule parts them.
  struct Print: Sendable, CustomTestStringConvertible {
    var paper: UInt8
    var ink: UInt8
    var marks: Int
    var level: Int
    var marksAreLight: Bool
    var testDescription: String { "ink \(ink) on paper \(paper)" }
  }

  @Test(
    "Print is marked and paper is not: dark print on light paper, light print on a dark page",
    arguments: [
      Print(paper: 230, ink: 40, marks: 30, level: 40, marksAreLight: false),
      // The light levels are the smaller side: they are the marks.
      Print(paper: 30, ink: 220, marks: 40, level: 30, marksAreLight: true),
    ])
  func printAndPaper(print: Print) {
    let image = Self.picture(
      width: 20, height: 10, paper: print.paper, ink: print.ink, marks: print.marks)
    let binary = TesseractThreshold(image)
    #expect(binary.cut?.level == print.level)
    #expect(binary.cut?.marksAreLight == print.marksAreLight)
    for y in 0..<10 {
      for x in 0..<20 {
        #expect(Self.isPaper(binary, x, y) == (image[x, y] == print.paper), "(\(x), \(y))")
      }
    }
  }

  @Test("A picture of one level is all paper")
  func oneLevel() {
    let binary = TesseractThreshold(GreyImage(width: 13, height: 3, filledWith: 90))
    #expect(binary.cut == nil)
    #expect(binary.marks == [0, 0, 0])
  }

  @Test("Thirty-two pixels a word, the leftmost in the highest bit, a row's unused bits zero")
  func layout() {
    // Black at the left, white at the right, half each: the white is marked (the levels
    // above the threshold, as Tesseract takes the larger side for paper, ties to the dark).
    var image = GreyImage(width: 40, height: 2, filledWith: 255)
    for y in 0..<2 {
      for x in 0..<20 { image[x, y] = 0 }
    }
    let binary = TesseractThreshold(image)
    #expect(binary.cut?.marksAreLight == true)
    #expect(binary.wordsPerRow == 2)
    #expect(binary.marks == [0x0000_0FFF, 0xFF00_0000, 0x0000_0FFF, 0xFF00_0000])
  }

  @Test("Otsu's threshold: the level that best parts the histogram, the first of equals")
  func otsu() {
    var histogram = [Int](repeating: 0, count: 256)
    histogram[50] = 100
    histogram[60] = 100
    histogram[200] = 300
    histogram[210] = 300
    #expect(TesseractThreshold.otsu(histogram)?.level == 60)
    #expect(TesseractThreshold.otsu(histogram)?.marksAreLight == false)
    histogram = [Int](repeating: 0, count: 256)
    histogram[0] = 1
    histogram[255] = 1
    #expect(TesseractThreshold.otsu(histogram)?.level == 0)
    #expect(TesseractThreshold.otsu([Int](repeating: 0, count: 256)) == nil)
  }

  /// The pictures `suggest` reads: every page of the picture fixtures at the script's size,
  /// and drawn pages of print in rows and in columns, a photograph, a comic's empty panel,
  /// and print turned light on dark.
  static func pictures() throws -> [(name: String, image: GreyImage)] {
    var pictures: [(name: String, image: GreyImage)] = []
    for fixture in [
      "arabic-scan", "english-scan", "japanese-vertical-scan", "album",
      "pictures-spread-rtl-cover",
    ] {
      let path = Fixture.path("pictures/\(fixture).pdf")
      let (document, _) = try OpenedFile(path: FilePath(path), password: nil).qpdfRead()
      let pages = PagePictures(
        drawnBy: try BookPages.forTests(FilePath(path)), sizesFrom: document)
      for page in 0..<min(pages.pageCount, 3) {
        let side = PageScriptEvidence.pictureSide
        pictures.append(
          ("\(fixture) page \(page + 1)", try pages.picture(page, maxWidth: side, maxHeight: side)))
      }
    }
    var inverted = PageScriptTests.printedPage()
    inverted.pixels = inverted.pixels.map { 255 - $0 }
    pictures += [
      ("print in rows", PageScriptTests.printedPage()),
      ("print in columns", PageScriptTests.printedPage(columns: true)),
      ("a photograph", PageScriptTests.photograph()),
      ("an empty panel", PageScriptTests.emptyPanelPage()),
      ("light print on dark", inverted),
    ]
    return pictures
  }

  @Test(
    "Tesseract reads the same script, orientation and confidence from these bits as from grey",
    .enabled(if: tesseract, "needs Debian's libtesseract5 and tesseract-ocr-osd"))
  func sameReadings() throws {
    let detector = try ScriptDetector()
    var read = 0
    for (name, image) in try Self.pictures() {
      let resolution = PageScriptEvidence.resolution(image)
      let ours = detector.read(image, resolution: resolution, thresholding: .pdfbind)
      let theirs = detector.read(image, resolution: resolution, thresholding: .tesseract)
      #expect(ours == theirs, "\(name)")
      if theirs != nil { read += 1 }
    }
    // Not a comparison of two silences: most of these pages hold writing Tesseract reads.
    #expect(read >= 10, "\(read) pictures read")
  }
}
