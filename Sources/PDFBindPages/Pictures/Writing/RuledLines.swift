import Glibc

/// Lines drawn across a page: a staff's five lines, a table's or a form's rules. Writing has
/// none: a row through a line of print is broken at every letter and word space, while a
/// drawn line is one run of marks. A page ruled with many of them is sheet music, a table or a
/// form, and Tesseract reads its script from the lines' pieces (pdfcpu's scanned sheet music,
/// `Wonderwall.pdf`, read as Arabic at 2.2 to 7.8 on its five pages).
enum RuledLines {
  /// A row holds a ruled line when one run of marks crosses this share of the page: a word
  /// of print drawn at 1,600 pixels spans a few percent of it, a footnote's rule a third of a
  /// column. A tilt of 1° breaks a line 2 pixels thick into runs of about 115 pixels, 10% of
  /// a page 1,131 pixels wide; the staves of the sheet music are level.
  static let leastRun = 0.2
  /// Rows holding ruled lines, in runs (each run one line), on a page that is ruled: the sheet
  /// music's pages held 37 to 68 (at runs of a quarter of the page to a tenth, the same); a
  /// page of writing holds its table's or heading's few rules: of the 52 pages that hold
  /// writing in seed 19's small set of labelled image books, 51 held 0 to 3 (one manga page
  /// 50, its panels' borders). Counted on pages that hold writing only (comic panels are
  /// ruled too).
  static let ruledPage = 10

  /// The number of ruled lines in `marks` (a picture's marks, row by row); `marksInRows`, when
  /// given, the marks of each row, spares reading the rows with too few to hold a line.
  static func count(_ marks: [Bool], width: Int, height: Int, marksInRows: [Int]? = nil) -> Int {
    let least = max(2, Int(Double(width) * leastRun))
    var lines = 0
    var previousRuled = false
    // Each row jumps from mark to mark (memchr) rather than testing every pixel: most of a
    // page's rows hold few marks, or none.
    marks.withUnsafeBytes { marks in
      guard let base = marks.baseAddress else { return }
      for y in 0..<height {
        let row = base + y * width
        var x = 0
        var ruled = false
        while x < width, marksInRows.map({ $0[y] >= least }) ?? true,
          let found = memchr(row + x, 1, width - x)
        {
          var end = UnsafeRawPointer(found) - row
          let start = end
          while end < width, row.load(fromByteOffset: end, as: UInt8.self) != 0 { end += 1 }
          if end - start >= least {
            ruled = true
            break
          }
          x = end
        }
        if ruled, !previousRuled { lines += 1 }
        previousRuled = ruled
      }
    }
    return lines
  }
}

extension WritingLayout {
  /// Lines of writing run along the longer side of their block, or not much the shorter: the
  /// side along the lines is at least this share of the side across them. One line of print
  /// leaves blank columns between its letters, as vertical writing leaves them between its
  /// lines, but its block is a strip many times wider than tall: pdf.js's `issue16224.pdf`,
  /// one line of hex digits, read as Japanese in columns at 3.9 on a block 0.035 as tall as
  /// wide. Vertical writing fills its page in columns (a block about as tall as wide, or
  /// taller), and so do rows of print: in seed 19's small set of labelled image books, pages
  /// in rows measure 1.05 to 1.77 (tall), in columns 1.47 to 1.70.
  static let leastLineShape = 0.2

  /// Whether lines in `direction` run along a block of their shape (`leastLineShape`).
  func linesAreLong(_ direction: Lines) -> Bool {
    guard blockAspect > 0 else { return false }
    let along = direction == .rows ? 1 / blockAspect : blockAspect
    return along >= Self.leastLineShape
  }

  /// Writing whose gaps show one direction, in lines too short for it (`linesAreLong`).
  var linesTooShort: Bool {
    guard holdsWriting, lines == nil else { return false }
    return blankRows >= blankColumns + Self.directionMargin
      || blankColumns >= blankRows + Self.directionMargin
  }

  /// A page ruled like sheet music, a table or a form: its marks are not a page of writing
  /// whatever script Tesseract reads in them.
  var isRuled: Bool { ruledLines >= RuledLines.ruledPage }

  /// A page of writing that is ruled (`isRuled`): its drawn lines make rows of any marks, so
  /// neither its rows nor the script Tesseract reads in them count as they do elsewhere.
  var ruledWriting: Bool { holdsWriting && isRuled }
}
