/// The scanner's border or the table beyond a page's top and bottom edges: dark rows across
/// both side edges at the top or bottom of a scan. Where every page of a book sits in
/// the same border, its rise into paper lies at the same rows of every edge, and the seam
/// comparison read it as a plain picture running on across the spine (the real bench inside a
/// scanner's border, `transform_books.py border`: a will's pages 3|4 joined left to right at
/// 0.90, their edges' own paper at 0.13; a border wider on the right would have joined them
/// right to left). `ScannerBand` cuts such a band at one side; these rows are not cut, which
/// would move the page's rows against its neighbour's, but held: each takes the level of the
/// page's first row past them, so the edges begin where the page does and the rows stay in
/// line. The real bench's photographed Kant volume, whose pages joined at every pair until
/// `RepeatingFrame` undid them, no longer joins at all: the table above and below each page
/// made those joins.
///
/// A row counts while it is dark (`ScannerBand.darkest`) and neither side edge shows the
/// page's paper in it (`PaperCrop`'s measure of paper): a scanner's border and the
/// photograph's own dark ground beyond a sheet are often layered, and a side's band may stay
/// dark at one edge all the way down. At most `tallest` of the page: darker further, it is
/// the picture's own.
enum SurroundRows {
  /// At most this share of the page's height at each end: the test border is 4% and 6%,
  /// the table beyond a photographed leaf's corners 3-4% (`SeamProfile.trimmedRows`); a dark
  /// area reaching further is more likely the picture's own (a night sky bled to the edge).
  /// A leaf photographed on a dark ground lies inside the border with its ground: the
  /// right-to-left probe's Persian manuscript (`aocp` `mss_rbsc_ms_bw_ivanow_0157-1`, ground 6%
  /// below the leaf) reached 11% at its foot, and at 10% its two leaves' feet, at the same rows,
  /// joined left to right (SuggestRules 66; bench/suggest/README.md, "A leaf on a dark ground
  /// inside the border").
  static let tallest = 0.15
  /// The columns at each side read: within the 16 the spread evidence draws, whatever
  /// `ScannerBand` cut from one side.
  static let columns = 8

  /// The paper's level is the level this share of the edges' pixels reach, and a pixel
  /// within `nearPaper` levels below it is paper; an edge shows paper in a row where at
  /// least `leastPaperShare` of its pixels are. `PaperCrop`'s measures (0.7, 30 and 0.5, on
  /// the real bench's blackletter scans), repeated here for the spine's tools, which build
  /// without the writing's measures (bench/suggest/seams).
  static let paperPercentile = 0.7
  static let nearPaper = 30
  static let leastPaperShare = 0.5

  enum End { case top, bottom }

  /// The number of surround rows at `end` of `image`; 0 where there are none.
  static func height(_ image: GreyImage, end: End) -> Int {
    let strip = min(columns, image.width / 4)
    let tallestRows = Int(Double(image.height) * tallest)
    guard strip >= 1, tallestRows >= 1 else { return 0 }
    let sides = [Array(0..<strip), Array((image.width - strip)..<image.width)]
    // The paper's level from the edges' own pixels (the rest of a spine picture is not
    // drawn).
    var levels = [Int](repeating: 0, count: 256)
    for y in 0..<image.height {
      for side in sides { for x in side { levels[Int(image[x, y])] += 1 } }
    }
    let paper = Int(GreyImage.level(in: levels, reachedBy: paperPercentile))
    let nearPaperLevel = paper - nearPaper
    // A row is the surround while it is dark and neither edge shows paper in it: a side's
    // band or the table beyond the page may stay dark at one edge all the way down.
    func isSurround(_ y: Int) -> Bool {
      var sum = 0
      var showsPaper = false
      for side in sides {
        let near = side.reduce(0) { $0 + (Int(image[$1, y]) >= nearPaperLevel ? 1 : 0) }
        showsPaper = showsPaper || Double(near) >= leastPaperShare * Double(side.count)
        sum += side.reduce(0) { $0 + Int(image[$1, y]) }
      }
      return !showsPaper && Float(sum) / Float(2 * strip) <= ScannerBand.darkest
    }
    var height = 0
    while height < tallestRows, isSurround(end == .top ? height : image.height - 1 - height) {
      height += 1
    }
    // Dark all the way: the picture's own dark, or a page that is no paper.
    return height < tallestRows ? height : 0
  }

  /// `grey` and its colour strips with the surround rows at each end, and the blended row
  /// after them, holding the levels of the page's first row past them; the same pictures
  /// where there are none.
  static func held(in grey: GreyImage, colours: OpponentColours?)
    -> (grey: GreyImage, colours: OpponentColours?)
  {
    let top = height(grey, end: .top)
    let bottom = height(grey, end: .bottom)
    guard top > 0 || bottom > 0 else { return (grey, colours) }
    func held(_ image: GreyImage) -> GreyImage {
      var image = image
      let width = image.width
      func copy(row source: Int, to rows: Range<Int>) {
        let levels = image.pixels[(source * width)..<((source + 1) * width)]
        for y in rows {
          image.pixels.replaceSubrange((y * width)..<((y + 1) * width), with: levels)
        }
      }
      // The row where border and page meet is often a blend: the page shows past it.
      if top > 0 { copy(row: top + 1, to: 0..<(top + 1)) }
      if bottom > 0 {
        copy(row: image.height - 2 - bottom, to: (image.height - 1 - bottom)..<image.height)
      }
      return image
    }
    return (
      held(grey),
      colours.map { OpponentColours(redGreen: held($0.redGreen), yellowBlue: held($0.yellowBlue)) }
    )
  }
}
