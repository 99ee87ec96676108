import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// SPEC round 3, evidence 7: which pages hold writing, which way its lines run, and what a
/// script reading on such a page says about the binding. Pictures are drawn here, so the
/// measures are shown apart from poppler and Tesseract.
@Suite("Script in the page pictures")
struct PageScriptTests {
  /// A page of print as a scanner gives it: grey paper with grain, a gutter shadow darkening
  /// toward the left edge, and lines of word-like marks; `columns` sets them top to bottom.
  static func printedPage(columns: Bool = false, seed: UInt64 = 1) -> GreyImage {
    var random = SplitMix64(seed: seed)
    let (width, height) = (600, 900)
    var page = GreyImage(width: width, height: height, filledWith: 225)
    for y in 0..<height {
      for x in 0..<width {
        let shadow = x < 60 ? (60 - x) : 0
        page[x, y] = UInt8(225 - shadow - Int(random.next() % 7))
      }
    }
    // Lines of 14-pixel marks, 26 pixels apart, within 70-pixel margins.
    var line = 70
    while line + 14 < (columns ? width : height) - 70 {
      var along = 70
      while along < (columns ? height : width) - 70 {
        let word = 10 + Int(random.next() % 50)
        for step in along..<min(along + word, (columns ? height : width) - 70) {
          for across in line..<(line + 14) where random.next() % 3 != 0 {
            let (x, y) = columns ? (across, step) : (step, across)
            page[x, y] = 40
          }
        }
        along += word + 8
      }
      line += 26
    }
    return page
  }

  /// A photograph-like page: smooth shades with no paper.
  static func photograph(seed: UInt64 = 2) -> GreyImage {
    var random = SplitMix64(seed: seed)
    var page = GreyImage(width: 600, height: 900, filledWith: 0)
    let phase = Double(random.next() % 100)
    for y in 0..<900 {
      for x in 0..<600 {
        let shade = 128 + 60 * sin(Double(x) / 40 + phase) + 50 * sin(Double(y) / 70)
        page[x, y] = UInt8(max(0, min(255, shade + Double(random.next() % 20))))
      }
    }
    return page
  }

  @Test("Print in rows on grey paper with a gutter shadow is running text in rows")
  func rows() {
    let layout = WritingLayout(Self.printedPage())
    #expect(layout.holdsWriting, "\(layout)")
    #expect(layout.lines == .rows)
    #expect(layout.isRunningText)
  }

  /// A comic page that leaves most of its rows blank without a line of text: an empty panel
  /// drawn as a frame over the top half, and one band of hatching below (bench/suggest's seed
  /// 5, manga-en-4 page 2, is such a page, with three balloons).
  static func emptyPanelPage() -> GreyImage {
    var page = GreyImage(width: 600, height: 900, filledWith: 250)
    for x in 40..<560 {
      for y in [40, 41, 42, 440, 441, 442] { page[x, y] = 20 }
    }
    for y in 40..<443 {
      for x in [40, 41, 42, 557, 558, 559] { page[x, y] = 20 }
    }
    for y in 480..<860 {
      for x in 40..<560 where (x + y) % 3 == 0 { page[x, y] = 30 }
    }
    return page
  }

  @Test("A page whose blank rows are an empty panel, not gaps between lines, is not running text")
  func emptyPanel() {
    let layout = WritingLayout(Self.emptyPanelPage())
    // It looks like writing in rows by its paper and blank rows...
    #expect(layout.lines == .rows, "\(layout)")
    #expect(layout.blockArea >= WritingLayout.runningTextBlock)
    // ... but it has three runs of marked rows where print has dozens.
    #expect(layout.linesInRows < WritingLayout.runningTextLines, "\(layout)")
    #expect(!layout.isRunningText)
    let print = WritingLayout(Self.printedPage())
    #expect(print.linesInRows >= 2 * WritingLayout.runningTextLines, "\(print)")
  }

  @Test("Print under a full-width figure is running text, measured without the figure")
  func printWithFigure() {
    var page = Self.printedPage()
    let photograph = Self.photograph()
    for y in 70..<400 {
      for x in 70..<530 { page[x, y] = photograph[x, y] }
    }
    let layout = WritingLayout(page)
    #expect(layout.lines == .rows, "\(layout)")
    #expect(layout.isRunningText, "\(layout)")
    // A page that is all picture has nothing left to measure, and an empty panel's frame
    // above its band of hatching is not running text once the band is left out.
    #expect(WritingLayout(photograph).lines == nil)
    #expect(!WritingLayout(Self.emptyPanelPage()).isRunningText)
  }

  @Test("Print in columns runs in columns")
  func columns() {
    let layout = WritingLayout(Self.printedPage(columns: true))
    #expect(layout.lines == .columns, "\(layout)")
  }

  @Test("A page of writing is read whatever direction its lines show")
  func readWithoutDirection() {
    // Bengel's preface as suggest measures it: writing, but blank rows (0.19) and columns
    // (0.11) too close for a direction, and too few squares in rows for patches of rows.
    // Before SuggestRules 9 it was passed over as "no writing-like marks".
    let preface = WritingLayout(
      ink: 0.20, paper: 0.76, blankRows: 0.19, blankColumns: 0.11, blockArea: 0.99,
      tilesInRows: 3, tilesInColumns: 3)
    #expect(preface.holdsWriting && preface.lines == nil && !preface.linesTooShort)
    #expect(!preface.writingPatchesInRows)
    #expect(PageScriptEvidence.isRead(preface, page: 9, pagesToRead: 5))
    // Pictures that may hold balloons are read among the first pages only; a blank page never.
    let panels = WritingLayout(
      ink: 0.2, paper: 0.5, blankRows: 0.05, blankColumns: 0.05, blockArea: 1)
    #expect(PageScriptEvidence.isRead(panels, page: 4, pagesToRead: 5))
    #expect(!PageScriptEvidence.isRead(panels, page: 5, pagesToRead: 5))
    let blank = WritingLayout(ink: 0, paper: 1, blankRows: 0, blankColumns: 0, blockArea: 0)
    #expect(!PageScriptEvidence.isRead(blank, page: 0, pagesToRead: 5))
  }

  @Test("A photograph, a blank page and a black page hold no writing")
  func noWriting() {
    for page in [
      Self.photograph(), GreyImage(width: 600, height: 900, filledWith: 240),
      GreyImage(width: 600, height: 900, filledWith: 10),
      GreyImage(width: 1, height: 1, filledWith: 0),
    ] {
      let layout = WritingLayout(page)
      #expect(!layout.holdsWriting, "\(layout)")
      #expect(layout.lines == nil)
    }
  }

  static let runningRows = WritingLayout(
    ink: 0.1, paper: 0.9, blankRows: 0.45, blankColumns: 0.1, blockArea: 0.7, linesInRows: 30)
  static let runningColumns = WritingLayout(
    ink: 0.1, paper: 0.9, blankRows: 0.15, blankColumns: 0.6, blockArea: 0.7, linesInColumns: 30)
  /// A real page of a Siku Quanshu edition (vertical columns, small commentary two lines to a
  /// column): blank rows across it, but its squares of writing run in columns.
  static let rowsAcrossColumns = WritingLayout(
    ink: 0.13, paper: 0.81, blankRows: 0.23, blankColumns: 0.11, blockArea: 0.73,
    linesInRows: 22, linesInColumns: 16, tilesInRows: 5, tilesInColumns: 21)
  /// Writing in rows, but only nine lines of it: a manga page's horizontal balloons.
  static let fewRows = WritingLayout(
    ink: 0.1, paper: 0.9, blankRows: 0.45, blankColumns: 0.1, blockArea: 0.7, linesInRows: 9)
  /// The real bench's horizontal Japanese table: its cells' blank columns read as lines in
  /// columns, but its squares of writing run in rows as often as in columns.
  static let tableColumns = WritingLayout(
    ink: 0.05, paper: 0.9, blankRows: 0.08, blankColumns: 0.53, blockArea: 0.82,
    linesInRows: 5, linesInColumns: 39, tilesInRows: 10, tilesInColumns: 10)
  /// A vertical page with a horizontal heading or two: squares in rows, far fewer (the real
  /// bench's zh-vertical-handoc-yb: 2 against 5).
  static let columnsWithHeadings = WritingLayout(
    ink: 0.1, paper: 0.9, blankRows: 0.24, blankColumns: 0.51, blockArea: 0.99,
    linesInColumns: 9, tilesInRows: 2, tilesInColumns: 5)
  /// A comic or manga page: marks everywhere, little paper.
  static let pictures = WritingLayout(
    ink: 0.35, paper: 0.55, blankRows: 0.05, blankColumns: 0.02, blockArea: 0.95)

  @Test(
    "What one page's reading says",
    arguments: [
      ("Arabic", 90.0, 0, runningRows, PageBinding.rightEdge),
      ("Hebrew", 40, 0, runningRows, .rightEdge),
      ("Arabic", 90, 180, runningRows, nil),  // upside down: Tesseract misreading
      ("Arabic", 0.5, 0, runningRows, nil),  // a guess
      ("Arabic", 6.7, 0, runningRows, nil),  // real Armenian print, a script Tesseract lacks
      ("Arabic", 1.9, 0, runningRows, nil),  // real Tamil handwriting, likewise
      ("Arabic", 24, 0, runningRows, .rightEdge),  // the real bench's lowest Arabic page
      ("Arabic", 90, 0, pictures, .rightEdge),  // read surely, the rows need not show
      ("Hebrew", 12, 0, pictures, .rightEdge),  // off rows, but surely upright (at 20)
      ("Arabic", 3.3, 0, runningColumns, nil),  // a Greek title page of seed 5, read as Arabic
      ("Japanese", 2, 0, runningColumns, .rightEdge),
      ("Han", 1.1, 0, runningColumns, .rightEdge),
      ("Han", 1.1, 0, tableColumns, nil),  // a table's cells, set in rows
      ("Japanese", 2, 0, tableColumns, nil),
      ("Han", 1.3, 0, columnsWithHeadings, .rightEdge),
      ("Japanese", 2, 0, runningRows, .leftEdge),
      ("Japanese", 3.25, 0, fewRows, nil),  // seed 5's manga-ja-2: horizontal balloons
      ("Hangul", 2, 0, runningRows, .leftEdge),
      ("Latin", 8, 0, runningRows, .leftEdge),
      ("Cyrillic", 8, 0, runningRows, .leftEdge),
      ("Latin", 8, 0, pictures, nil),  // English balloons in a translated manga
      ("Latin", 2.8, 0, runningColumns, nil),  // vertical Chinese, misread
      ("Japanese", 2.5, 0, pictures, .rightEdge),  // a manga's balloons
      ("Japanese", 1.0, 0, pictures, nil),
      ("Han", 3, 0, pictures, nil),  // Chinese comics run either way
      ("Devanagari", 58, 0, runningRows, .leftEdge),  // real Hindi print
      ("Tamil", 21, 0, runningRows, .leftEdge),
      ("Devanagari", 6.1, 0, runningRows, .leftEdge),  // a Marathi newspaper's small print
      ("Bengali", 5, 0, runningRows, nil),  // leans only: generated Urdu read so at 2.2
      ("Devanagari", 9.2, 90, runningRows, nil),  // Tibetan, a script Tesseract lacks
      ("Bengali", 37, 0, pictures, nil),  // off rows of running text: balloons, a caption
      ("Thai", 30, 90, runningRows, nil),  // sideways
      ("Thaana", 90, 0, runningRows, nil),  // not among Tesseract's scripts: not weighed
    ] as [(String, Double, Int, WritingLayout, PageBinding?)])
  func pageSays(
    script: String, confidence: Double, orientation: Int, layout: WritingLayout,
    expected: PageBinding?
  ) {
    let page = Self.reading(
      3, script, layout, confidence: confidence, orientation: orientation)
    #expect(page.says == expected)
    if layout == Self.tableColumns {
      #expect(page.summary == "\(script)?, columns of cells set in rows, as in a table")
    }
  }

  @Test("Rows across squares of writing in columns say nothing; a horizontal page's rows do")
  func rowsAcrossColumnsOfWriting() {
    let layout = Self.rowsAcrossColumns
    #expect(layout.lines == .rows && layout.isRunningText && layout.rowsOfColumns)
    let page = Self.reading(1, "Han", layout, confidence: 1.3)
    #expect(page.says == nil && page.leans == nil)
    #expect(page.summary == "Han?, rows across squares of writing in columns")
    // Whatever the script: such rows are no running text (vertical Chinese misread as Latin).
    #expect(!layout.inRowsOfText)
    #expect(Self.reading(1, "Latin", layout, confidence: 8).says == nil)
    // The squares a horizontal page shows (seed 19's ja-horizontal-1, page 3: 32 and 8).
    var horizontal = layout
    (horizontal.tilesInRows, horizontal.tilesInColumns) = (32, 8)
    #expect(Self.reading(1, "Han", horizontal, confidence: 1.3).says == .leftEdge)
  }

  /// The real bench's scanned Chinese maths book (`n66b-chinese-qwenvl-1`) read as Japanese in
  /// rows at 0.58, under the 0.8 that decides: its line said "Japanese, horizontal lines ...:
  /// says nothing", as if the script were sure. It is doubted now, as the other lines doubt it.
  @Test(
    "Chinese or Japanese lines read with too little confidence name the script in doubt",
    arguments: [
      (runningRows, "horizontal lines", PageBinding.leftEdge),
      // A few rows are no running text (a manga's balloons): in doubt however sure the script.
      (fewRows, "a few horizontal lines", nil),
      (runningColumns, "vertical lines", .rightEdge),
    ] as [(WritingLayout, String, PageBinding?)])
  func linesInDoubt(layout: WritingLayout, lines: String, sureSays: PageBinding?) {
    let weak = Self.reading(1, "Japanese", layout, confidence: 0.58)
    #expect(weak.says == nil)
    #expect(weak.summary == "Japanese?, \(lines)")
    let sure = Self.reading(1, "Japanese", layout, confidence: 2)
    #expect(sure.says == sureSays)
    #expect(sure.summary == (sureSays == nil ? "Japanese?, \(lines)" : "Japanese, \(lines)"))
  }

  static func reading(
    _ page: Int, _ script: String, _ layout: WritingLayout = runningRows, confidence: Double = 50,
    orientation: Int = 0
  ) -> PageScriptEvidence.PageReading {
    .init(
      page: page, layout: layout,
      reading: ScriptReading(script: script, confidence: confidence, orientation: orientation))
  }

  /// A page read to its end that found no script. Beside it, a page that points with no second
  /// is one of three read, too little to decide (`pagesToAgree`).
  static func unreadable(_ page: Int) -> PageScriptEvidence.PageReading {
    .init(page: page, layout: runningRows, reading: nil)
  }

  @Test("Tesseract or its data missing is one line that says so")
  func unavailable() {
    #expect(
      RuntimeLibrary.Unavailable(
        .tesseract, .notInstalled(detail: "libtesseract.so.5: cannot open")
      )
      .scriptEvidence.hasPrefix("not available (Tesseract is not installed"))
    #expect(
      RuntimeLibrary.Unavailable(.scriptData, .missingData(searched: ["/nowhere"])).scriptEvidence
        .contains("osd.traineddata is not in /nowhere"))
  }
}
