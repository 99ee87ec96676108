import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Issue 40, item 2: blackletter set so close that no row between its lines is blank, on a
/// scan with a dark border, is found as rows of print once the page is cropped to its paper;
/// pictures with even rows are not.
@Suite("Close-set rows of print")
struct CloseSetRowsTests {
  /// A heavy scan of close-set print: grey paper, a fifth of it in the grey of the print
  /// showing through from the other side, lines 12 pixels thick every 24, words of
  /// half-dark strokes, and a descender every 25 pixels reaching down to the next line, so no
  /// row between two lines is blank; a dark band beside the page (`darkSide` pixels, the
  /// table the book lay on) and a black scanner border along the top (`border` rows).
  /// `columns` sets the lines top to bottom.
  static func closeSetPage(
    darkSide: Int = 150, border: Int = 40, columns: Bool = false, seed: UInt64 = 3
  ) -> GreyImage {
    var random = SplitMix64(seed: seed)
    let (width, height) = (750, 900)
    var page = GreyImage(width: width, height: height, filledWith: 0)
    let paper = (left: 0, right: width - darkSide, top: border)
    for y in 0..<height {
      for x in 0..<width {
        page[x, y] =
          y < paper.top
          ? 5
          : x >= paper.right
            ? UInt8(50 + random.next() % 10)
            : random.next() % 5 == 0 ? 165 : UInt8(195 - Int(random.next() % 9))
      }
    }
    let (alongEnd, acrossEnd) =
      columns ? (height - 60, paper.right - 60) : (paper.right - 60, height - 60)
    var line = paper.top + 60
    while line + 24 < acrossEnd {
      var along = 60 + (columns ? paper.top : 0)
      while along < alongEnd {
        let word = 20 + Int(random.next() % 40)
        for step in along..<min(along + word, alongEnd) {
          for across in line..<(line + 12) where random.next() % 2 == 0 {
            let (x, y) = columns ? (across, step) : (step, across)
            page[x, y] = 45
          }
          // A descender: 3 pixels wide, down through the gap.
          if step % 25 < 3 {
            for across in (line + 12)..<(line + 24) {
              let (x, y) = columns ? (across, step) : (step, across)
              page[x, y] = 45
            }
          }
        }
        along += word + 10
      }
      line += 24
    }
    return page
  }

  @Test("The dark band beside the page and the scanner's border are cropped away")
  func crop() {
    let page = Self.closeSetPage()
    let cropped = PaperCrop.page(page)
    #expect(cropped.width == 600, "\(cropped.width)")
    #expect(cropped.height == 860, "\(cropped.height)")
    // A page with nothing around it is left as it is.
    let clean = Self.closeSetPage(darkSide: 0, border: 0)
    #expect(PaperCrop.page(clean) == clean)
  }

  /// Issue 40: a page is measured and read without its surroundings (the page worker's
  /// `pageOnPaper`) only where they are a tenth of its picture or more; narrower dark edges
  /// stay, as the rules were chosen with them.
  @Test("A page is read cropped where its surroundings are a tenth of the picture or more")
  func cropForReading() {
    let surrounded = Self.closeSetPage()  // a fifth of the width and 40 rows: 24% of it
    #expect(PaperCrop.croppedForReading(surrounded) == PaperCrop.page(surrounded))
    #expect(PaperCrop.croppedForReading(surrounded).width == 600)
    let edged = Self.closeSetPage(darkSide: 20, border: 10)  // 4% of the picture
    #expect(PaperCrop.page(edged).width == 730, "\(PaperCrop.page(edged).width)")
    #expect(PaperCrop.croppedForReading(edged) == edged)
  }

  @Test("Close-set rows show no writing to the blank-row measures, but are rows of print")
  func closeRows() throws {
    let page = Self.closeSetPage()
    var layout = WritingLayout(page)
    #expect(!layout.holdsWriting, "\(layout)")
    #expect(layout.closeSetRows == nil)
    layout.measureCloseSetRows(in: page)
    let rows = try #require(layout.closeSetRows)
    #expect(rows.lightRows >= rows.lightColumns + WritingLayout.directionMargin, "\(rows)")
    #expect(rows.lines >= CloseSetRows.leastLines, "\(rows)")
    #expect(rows.pitchSpread <= CloseSetRows.mostPitchSpread, "\(rows)")
    #expect(layout.inCloseSetRows, "\(rows)")
    // Tesseract's Fraktur on it is blackletter, set left to right; any other script read
    // there (English manga pages came nearest, read as Cyrillic) decides nothing. Arabic
    // counts as on any page whose rows do not show: read surely upright (20), at what rows
    // ask (`rowsNeedNotShowOrientationConfidence`); less sure of it (9), not at 12.
    func read(_ script: String, orientationConfidence: Double = 20)
      -> PageScriptEvidence.PageReading
    {
      PageScriptEvidence.PageReading(
        page: 1, layout: layout,
        reading: ScriptReading(
          script: script, confidence: 12, orientation: 0,
          orientationConfidence: orientationConfidence))
    }
    #expect(read("Fraktur").says == .leftEdge)
    #expect(read("Fraktur").summary == "Fraktur, close-set rows")
    for script in ["Cyrillic", "Latin", "Greek"] {
      #expect(read(script).says == nil, "\(script)")
    }
    #expect(read("Arabic", orientationConfidence: 9).says == nil)
    #expect(read("Arabic").says == .rightEdge)
  }

  @Test("Squares of close-set rows count in light lines, where no line of them is blank")
  func squares() {
    // Light lines: close-set rows fill squares in rows; blank lines find none in them.
    let rows = Self.closeSetPage(darkSide: 0, border: 0)
    let light = WritingLayout.measure(rows, lightSquares: true).layout
    #expect(light.tilesInRows >= WritingLayout.leastRowTiles, "\(light)")
    #expect(light.tilesInRows >= 10 * light.tilesInColumns, "\(light)")
    #expect(WritingLayout.measure(rows).layout.tilesInRows == 0)
    let columns = WritingLayout.measure(
      Self.closeSetPage(darkSide: 0, border: 0, columns: true), lightSquares: true
    ).layout
    #expect(columns.tilesInColumns >= 10 * columns.tilesInRows, "\(columns)")
    #expect(columns.tilesInColumns >= WritingLayout.leastRowTiles, "\(columns)")
  }

  @Test("Close-set rows in squares are print where pictures spoil their pitch across the page")
  func rowsInSquares() {
    // Bengel's preface (1751) as suggest measured it: two columns of Fraktur between an
    // ornament and a woodcut, lines of no even pitch across the page's strips.
    var preface = CloseSetRows()
    (preface.lightRows, preface.lightColumns, preface.lines) = (0.50, 0.32, 34)
    (preface.pitchSpread, preface.gapsInLines) = (0.34, 0.34)
    (preface.ink, preface.blockArea) = (0.17, 0.99)
    #expect(!preface.areRunningText)
    (preface.squaresInRows, preface.squaresInColumns) = (18, 3)
    #expect(preface.inSquares && preface.areRunningText)
    // A manga page: about as many squares in rows, and more in columns.
    var manga = preface
    (manga.squaresInRows, manga.squaresInColumns) = (12, 18)
    #expect(!manga.areRunningText)
    // Too few squares, or a dark picture, is not print either.
    var few = preface
    few.squaresInRows = WritingLayout.leastRowTiles - 1
    few.squaresInColumns = 0
    #expect(!few.areRunningText)
    var dark = preface
    dark.ink = 0.45
    #expect(!dark.areRunningText)
  }

  @Test("Close-set columns, drawn staves and a photograph are not close-set rows")
  func notRows() {
    func measured(_ page: GreyImage) -> WritingLayout {
      var layout = WritingLayout(page)
      layout.measureCloseSetRows(in: page)
      return layout
    }
    let columns = measured(Self.closeSetPage(columns: true))
    #expect(!columns.inCloseSetRows, "\(String(describing: columns.closeSetRows))")
    // Staves: five drawn lines, evenly spaced, again and again; no gaps inside a line.
    var staves = GreyImage(width: 600, height: 900, filledWith: 230)
    for staff in 0..<12 {
      for line in 0..<5 {
        for y in (60 + staff * 66 + line * 9)..<(62 + staff * 66 + line * 9) {
          for x in 50..<550 { staves[x, y] = 30 }
        }
      }
    }
    #expect(!measured(staves).inCloseSetRows)
    #expect(!measured(PageScriptTests.photograph()).inCloseSetRows)
  }
}
