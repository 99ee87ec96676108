/// How the marks on one page picture are laid out: whether they look like writing, whether
/// that writing runs in rows or in columns, and whether the page is running text or a page of
/// pictures (a comic, a photograph). Reads the picture only, so it is testable without a PDF.
///
/// The measures are simple and explainable: the share of dark marks, the share of mid-tones
/// (photographs, drawings and screentone have many; a scan of print has few), and the gaps
/// between lines. Lines of writing leave blank rows between them (or blank columns, for
/// vertical writing) that run across the whole text block; the page is read in strips so a
/// slightly tilted scan still shows its gaps.
struct WritingLayout: Equatable, Sendable {
  /// Share of the page's pixels that are dark marks.
  var ink: Double
  /// Share of the page's pixels in mid-tones (neither paper nor ink).
  var midtones: Double
  /// Share of the text block's rows that are blank across a strip, averaged over strips.
  var blankRows: Double
  /// Share of the text block's columns that are blank across a strip, averaged over strips.
  var blankColumns: Double
  /// Share of the page the marks' bounding box covers.
  var blockArea: Double

  /// The direction of the lines of writing on a page.
  enum Lines: String, Equatable, Sendable {
    case rows
    case columns
  }

  /// Levels darker than this are ink; between this and `paper`, mid-tones.
  static let inkLevel: UInt8 = 100
  static let paper: UInt8 = 200
  /// A row (or column) of a strip is blank when at most this share of it is ink: a scan's
  /// specks and the tail of a descender must not close a gap.
  static let blankLineShare = 0.01
  /// Ink share of a page of writing: at least a few lines, never a dark picture.
  static let writingInk = 0.01...0.30
  /// Mid-tones on a page of writing: a scan of print has few (anti-aliased edges, JPEG
  /// ringing); photographs and drawn pages have many.
  static let writingMidtones = 0.12
  /// Blank lines across a text block: prose at single spacing leaves at least a fifth of its
  /// rows blank; a picture leaves almost none.
  static let linesGap = 0.15
  /// The other direction must leave clearly fewer gaps for the lines to have a direction.
  static let directionMargin = 0.10
  /// Running text fills much of its page.
  static let runningTextBlock = 0.30

  init(ink: Double, midtones: Double, blankRows: Double, blankColumns: Double, blockArea: Double) {
    self.ink = ink
    self.midtones = midtones
    self.blankRows = blankRows
    self.blankColumns = blankColumns
    self.blockArea = blockArea
  }

  init(_ image: GreyImage) {
    let width = image.width
    let height = image.height
    guard width > 0, height > 0 else {
      self.init(ink: 0, midtones: 0, blankRows: 0, blankColumns: 0, blockArea: 0)
      return
    }
    var inkCount = 0
    var midtoneCount = 0
    var rowInk = [Int](repeating: 0, count: height)
    var columnInk = [Int](repeating: 0, count: width)
    image.pixels.withUnsafeBufferPointer { pixels in
      for y in 0..<height {
        for x in 0..<width {
          let level = pixels[y * width + x]
          if level < Self.inkLevel {
            inkCount += 1
            rowInk[y] += 1
            columnInk[x] += 1
          } else if level < Self.paper {
            midtoneCount += 1
          }
        }
      }
    }
    let area = Double(width * height)
    // The text block: rows and columns holding more than a speck of ink.
    let top = rowInk.firstIndex { $0 > 1 } ?? 0
    let bottom = rowInk.lastIndex { $0 > 1 } ?? 0
    let left = columnInk.firstIndex { $0 > 1 } ?? 0
    let right = columnInk.lastIndex { $0 > 1 } ?? 0
    let block = (left: left, right: right, top: top, bottom: bottom)
    let blockArea =
      inkCount == 0 ? 0 : Double((right - left + 1) * (bottom - top + 1)) / area
    self.init(
      ink: Double(inkCount) / area, midtones: Double(midtoneCount) / area,
      blankRows: Self.blankShare(image, block: block, alongRows: true),
      blankColumns: Self.blankShare(image, block: block, alongRows: false),
      blockArea: blockArea)
  }

  /// Whether the page holds writing: ink in the range of print, few mid-tones, and lines.
  var holdsWriting: Bool {
    Self.writingInk.contains(ink) && midtones <= Self.writingMidtones
      && max(blankRows, blankColumns) >= Self.linesGap
  }

  /// The direction of the lines, when the page holds writing and one direction clearly
  /// leaves more gaps than the other.
  var lines: Lines? {
    guard holdsWriting else { return nil }
    if blankRows >= blankColumns + Self.directionMargin { return .rows }
    if blankColumns >= blankRows + Self.directionMargin { return .columns }
    return nil
  }

  /// Running text: writing in lines over much of the page, not balloons among pictures.
  var isRunningText: Bool { lines != nil && blockArea >= Self.runningTextBlock }

  /// Strips across the block (four, or fewer on a small block): in each, the share of lines
  /// (rows when `alongRows`) with at most `blankLineShare` ink, averaged.
  private static func blankShare(
    _ image: GreyImage, block: (left: Int, right: Int, top: Int, bottom: Int), alongRows: Bool
  ) -> Double {
    let across = alongRows ? block.right - block.left + 1 : block.bottom - block.top + 1
    let along = alongRows ? block.bottom - block.top + 1 : block.right - block.left + 1
    guard across >= 8, along >= 8 else { return 0 }
    let strips = min(4, across / 8)
    var total = 0.0
    for strip in 0..<strips {
      let start = across * strip / strips
      let end = across * (strip + 1) / strips
      let limit = Int(Double(end - start) * blankLineShare)
      var blank = 0
      for line in 0..<along {
        var marks = 0
        for position in start..<end {
          let (x, y) =
            alongRows
            ? (block.left + position, block.top + line) : (block.left + line, block.top + position)
          if image[x, y] < inkLevel { marks += 1 }
        }
        if marks <= limit { blank += 1 }
      }
      total += Double(blank) / Double(along)
    }
    return total / Double(strips)
  }
}
