/// The speech balloons on a page of pictures, counted by their shape: taller than wide, or
/// wider than tall. A balloon is drawn around the lettering it holds, so its shape follows the
/// lines': Japanese lettered in vertical lines leaves a manga's balloons tall, and a
/// translation lettered into the same balloons keeps them; horizontal lettering (a western
/// comic, a Korean webtoon) leaves them wide or round (bench/suggest/README.md, "Speech
/// balloons").
///
/// A balloon is a region of paper-white enclosed by a darker outline (not reaching the
/// picture's edge), the size of a balloon, shaped like an ellipse (filling part of its box
/// and leaving the box's corners empty, as a table's cell or a page's frame does not), with
/// many small marks inside it (letters) that cover little of it.
struct SpeechBalloons: Equatable, Sendable {
  /// Balloons taller than wide (`tallAspect`), and wider than tall (`wideAspect`); round ones
  /// count as neither.
  var tall = 0
  var wide = 0

  /// A pixel is white from `whiteBelowPaper` levels under the picture's paper (the level
  /// `paperPercentile` of its pixels reach) up, and always from `lightestWhite` up: a scan's
  /// grey paper and its grain stay white, a balloon's outline and its letters do not.
  static let paperPercentile = 0.95
  static let whiteBelowPaper = 40
  static let lightestWhite = 215
  /// A balloon's box covers this share of the picture: several letters, less than a panel.
  static let boxShare = 0.002...0.12
  /// The region fills this share of its box: an ellipse 0.79, a tail adds some; a cell or a
  /// frame fills its box whole.
  static let boxFilled = 0.6...0.92
  /// Each corner of the box is a square of this share of its shorter side, and at least three
  /// of the four are mostly empty (`emptyCornerFill`): an ellipse's four are, a tail may fill
  /// one; a table's cell drawn skewed in a photograph fills two or more.
  static let cornerSide = 0.15
  static let emptyCornerFill = 0.2
  static let emptyCorners = 3
  /// Letters: the marks inside the region, each under `letterShare` of it, at least
  /// `leastLetters` of them, covering at most `mostInk` of it (a face's shading covers more).
  static let leastLetters = 8
  static let letterShare = 0.02
  static let mostInk = 0.35
  /// Height over width: over `tallAspect` a balloon is tall, under `wideAspect` wide...
  static let tallAspect = 1.15
  static let wideAspect = 0.87
  /// ... and over `tallestAspect` it is a strip, no balloon: a register's column between its
  /// rules, the edges of a photographed book's leaves (3.8 to 11.4 on a notarial register and
  /// a Latin manuscript of the handwriting probe, which made 5 tall balloons each). Of the
  /// real bench's tall balloons on manga pages, 95% are at most 3.0 (a Python trial).
  static let tallestAspect = 3.0

  init(tall: Int = 0, wide: Int = 0) {
    self.tall = tall
    self.wide = wide
  }

  /// Counts the balloons on `image`.
  init(_ image: GreyImage) {
    let width = image.width
    let height = image.height
    guard width > 2, height > 2 else { return }
    let paper = Int(image.level(reachedBy: Self.paperPercentile))
    let floor = UInt8(clamping: min(paper - Self.whiteBelowPaper, Self.lightestWhite))
    let pageArea = Double(width * height)
    // Only regions that may be balloons are kept: enclosed, of a balloon's size, no strip.
    let white = MaskRegions(width: width, height: height, member: image.pixels.map { $0 >= floor })
    {
      box in
      box.minX > 0 && box.minY > 0 && box.maxX < width - 1 && box.maxY < height - 1
        && Self.boxShare.contains(Double(box.width * box.height) / pageArea)
        && Double(box.height) / Double(box.width) <= Self.tallestAspect
    }
    for (index, box) in white.regions.enumerated()
    where Self.isBalloon(white.filled(index), width: box.width, height: box.height) {
      let aspect = Double(box.height) / Double(box.width)
      if aspect > Self.tallAspect { tall += 1 } else if aspect < Self.wideAspect { wide += 1 }
    }
  }

  /// Whether a region of white (`own`, in its box of `width`×`height`) with the `holes` it
  /// encloses is shaped as a balloon and holds letters.
  static func isBalloon(_ region: (own: [Bool], holes: [Bool]), width: Int, height: Int) -> Bool {
    let filled = zip(region.own, region.holes).map { $0 || $1 }
    let area = filled.count { $0 }
    guard boxFilled.contains(Double(area) / Double(width * height)) else { return false }
    let side = max(2, Int(Double(min(width, height)) * cornerSide))
    let corners = [(0, 0), (width - side, 0), (0, height - side), (width - side, height - side)]
    let empty = corners.count { corner in
      var inside = 0
      for y in corner.1..<(corner.1 + side) {
        for x in corner.0..<(corner.0 + side) where filled[y * width + x] { inside += 1 }
      }
      return Double(inside) <= emptyCornerFill * Double(side * side)
    }
    guard empty >= emptyCorners else { return false }
    let marks = MaskRegions(width: width, height: height, member: region.holes)
    let ink = marks.regions.reduce(0) { $0 + $1.pixels }
    let letters = marks.regions.count { Double($0.pixels) < letterShare * Double(area) }
    return letters >= leastLetters && Double(ink) <= mostInk * Double(area)
  }
}
