/// The scanner's bed or lid caught beyond a page: a narrow dark band of even level along a side
/// edge of a scan. Where a book was scanned open and cut into pages, or cropped loosely, the
/// band can sit on the spine side, over the seam of a double-page picture: the spine comparison
/// would read the band's flat levels instead of the picture, and the halves would not be found
/// to join. A `SpinePicture` begins where the page's own picture does, for `SpreadDetector`
/// and `EdgeLikeness` alike.
///
/// Only a band that is dark, even along the whole edge, narrow, followed by something clearly
/// different, and at one side of the page only counts: paper margins are light, a picture's
/// dark parts are not even along a whole page, a dark area wider than `widest` is the picture
/// itself, and dark margins at both sides are a dark page's (an album's mount).
enum ScannerBand {
  /// At most this share of the page's width: the bands of scans are 1-3% of it (bench/suggest's
  /// scans draw 0.8-3%); wider, the dark columns are more likely the picture's own.
  static let widest = 0.04
  /// The band's columns are at most this light (mean level): scanner lids and beds beyond a
  /// page are black or dark grey; paper is far lighter.
  static let darkest: Float = 100
  /// ... and vary at most this much down the page (standard deviation, levels): even, as a lid
  /// is; scanner noise and JPEG keep it at 2-3 levels, a picture's dark parts vary far more.
  static let evenness: Float = 12
  /// ... and differ from the band's first column by at most this much (the band's level).
  static let sameLevel: Float = 12
  /// The page beyond the band differs from the band's level by at least this much, on average
  /// down the page (the two columns after the one where band and page meet, which is often a
  /// blend of both): lighter, as paper is, or varied, as a picture is; a dark area of the
  /// picture that goes on evenly past the band is no edge to read from.
  static let contrast: Float = 30

  /// The band's width in pixel columns at `side` of `image`; 0 where there is none.
  static func width(_ image: GreyImage, side: SpineEdge.Side) -> Int {
    let widestColumns = Int(Double(image.width) * widest)
    guard widestColumns >= 1, image.width >= widestColumns + 3 else { return 0 }
    func pixelColumn(_ inward: Int) -> Int { side == .left ? inward : image.width - 1 - inward }
    func column(_ inward: Int) -> (mean: Float, deviation: Float) {
      let x = pixelColumn(inward)
      var sum: Float = 0
      var squares: Float = 0
      for y in 0..<image.height {
        let level = Float(image[x, y])
        sum += level
        squares += level * level
      }
      let count = Float(max(image.height, 1))
      let mean = sum / count
      return (mean, max(0, squares / count - mean * mean).squareRoot())
    }
    let first = column(0)
    guard first.mean <= darkest, first.deviation <= evenness else { return 0 }
    var width = 1
    while width < widestColumns {
      let next = column(width)
      guard next.mean <= darkest, next.deviation <= evenness,
        abs(next.mean - first.mean) <= sameLevel
      else { break }
      width += 1
    }
    // The column where band and page meet is often a blend; the page shows after it.
    var difference: Float = 0
    for inward in [width + 1, width + 2] {
      for y in 0..<image.height {
        difference += abs(Float(image[pixelColumn(inward), y]) - first.mean)
      }
    }
    return difference / Float(2 * max(image.height, 1)) >= contrast ? width : 0
  }
}

extension ScannerBand {
  /// The scan without the band at one of its side edges: the grey levels and the colour strips
  /// lose the same columns, so both keep the page's own edges.
  static func cut(from grey: GreyImage, colours: OpponentColours?)
    -> (grey: GreyImage, colours: OpponentColours?)
  {
    let left = width(grey, side: .left)
    let right = width(grey, side: .right)
    // The lid or bed shows beyond one edge of a page; dark, even margins at both sides are the
    // page's own (an album's dark mount around its photographs).
    guard (left > 0) != (right > 0) else { return (grey, colours) }
    // The colour strips hold both sides' columns side by side (`OpponentColours`): each side
    // loses its band and keeps as many columns as the other, the nearest its edge. Strips left
    // too narrow for the spine comparison (it reads about 9 columns of a page 300 pixels high)
    // are left out, not misread.
    let colours = colours.flatMap { colours -> OpponentColours? in
      let strip = colours.redGreen.width / 2
      let kept = strip - max(left, right)
      guard kept >= 10 else { return nil }
      func trimmed(_ strips: GreyImage) -> GreyImage {
        strips.columns(left..<(left + kept), (2 * strip - right - kept)..<(2 * strip - right))
      }
      return OpponentColours(
        redGreen: trimmed(colours.redGreen), yellowBlue: trimmed(colours.yellowBlue))
    }
    return (grey.trimmed(left: left, right: right), colours)
  }
}
