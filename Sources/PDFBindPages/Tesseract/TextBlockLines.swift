// What Tesseract's layout analysis finds on a page: its text blocks and which way their lines
// run. Tried for issue 40 beside pdfbind's own measures (bench/suggest/README.md, "Tesseract's
// layout analysis"); kept for one thing it measures that they do not: vertical lines on a page
// of writing among pictures, or on paper the marks do not stand out from; and lines across in
// a table or a form, whose rules and cells leave our own rows in doubt.

/// The share of a page Tesseract's text blocks cover, by the direction of their lines.
/// Tesseract's tab finder finds blocks of vertical lines (`textord_tabfind_vertical_text`) and
/// says their writing runs top to bottom; other text blocks say left to right (right to left
/// only after recognition, which pdfbind never asks for).
struct TextBlockLines: Equatable, Sendable {
  /// Share of the page's area in text blocks whose lines run top to bottom.
  var topToBottom = 0.0
  /// Share of the page's area in text blocks whose lines run across.
  var across = 0.0

  /// The resolution Tesseract is told for its layout analysis of a 1,600-pixel picture, not
  /// the page's: on the tuning part of the real bench, told the page's (its height over 11
  /// inches, about 100 to 145), it took a 2-up woodblock scan for one picture and found vertical
  /// blocks on a fifth of a manuscript page; told 300, on 0.38 and 0.50 of them.
  static let resolution = 300

  /// PolyBlockType's text kinds: flowing, heading, pull-out, table, vertical, caption
  /// (`tesseract/publictypes.h`); the others are pictures, rules and noise.
  static let textKinds: Set<Int32> = [1, 2, 3, 6, 7, 8]
  /// TessWritingDirection's WRITING_DIRECTION_TOP_TO_BOTTOM.
  static let writingTopToBottom: Int32 = 2

  init(topToBottom: Double = 0, across: Double = 0) {
    (self.topToBottom, self.across) = (topToBottom, across)
  }

  /// The blocks of `iterator` (at its first block) on a `width`×`height` picture.
  init(_ iterator: TesseractLibrary.Iterator, library: TesseractLibrary, width: Int, height: Int) {
    let page = Double(max(1, width * height))
    repeat {
      guard Self.textKinds.contains(library.blockType(iterator)) else { continue }
      var (left, top, right, bottom): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
      guard library.boundingBox(iterator, 0, &left, &top, &right, &bottom) != 0 else { continue }
      let share = Double(max(0, right - left)) * Double(max(0, bottom - top)) / page
      var (orientation, writing, order): (Int32, Int32, Int32) = (0, 0, 0)
      var deskew: Float = 0
      library.orientationAt(iterator, &orientation, &writing, &order, &deskew)
      if writing == Self.writingTopToBottom {
        topToBottom += share
      } else {
        across += share
      }
    } while library.nextIn(iterator, 0) != 0
  }
}
