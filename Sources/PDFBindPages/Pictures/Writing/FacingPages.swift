/// A page picture that holds two facing pages (SPEC, round 4, "Two pages in one picture"): a
/// 2-up scan, a spread scanned whole. Such a picture is split at its gutter and each half is
/// read as a page. What finds one is a blank band down its middle, wide and centred: the
/// margins of two facing pages meet there, and one page's own layout leaves no such band.
///
/// The limits rest on the real bench's tuning part (bench/suggest/README.md, "Two pages in one
/// picture"): its three 2-up scans with a blank gutter (a woodblock book, a magazine spread, a
/// manga volume) showed a band of 0.080 to 0.090 of the width, centred at 0.49 to 0.50; its
/// one-page landscape pictures (a table, comic pages, a Hebrew snippet, a manuscript) 0.018 at
/// most. A 2-up scan whose binding is dark, a photograph of an open book and a spread whose
/// photograph crosses the gutter show no band, and are read whole as before. A page with
/// little on it shows a blank middle as well (the public test suites' landscape pages of a
/// few lines or a figure at one side: bench/sweep/README.md): pages of two facing pages hold
/// marks across most of each half, and their gutter is narrow.
enum FacingPages {
  /// Which half of a picture of two facing pages, as it lies in the picture.
  enum Half: Int, Equatable, Sendable, CaseIterable {
    case left = 0
    case right = 1

    var name: String { self == .left ? "left" : "right" }
  }

  /// Only a picture this much wider than it is tall may hold two facing pages (two portrait
  /// pages side by side are wider still; a square or portrait page is one page).
  static let leastAspect = 1.1
  /// The picture is measured at about this width, with blocks of pixels averaged: the width
  /// the bench's measure drew it at (`two_up_trial.py`).
  static let measuredWidth = 400
  /// The band must be at least this share of the width: four times the widest band of a
  /// one-page picture of the tuning part, and under two thirds of the narrowest gutter.
  static let leastBand = 0.05
  /// The band is at most this share of the width: the widest 2-up gutter of the tuning part
  /// was 0.090; on the 61 landscape pages of the sweep's test suites split without this
  /// limit, most bands were 0.19 to 0.30 (all the middle searched, blank).
  static let mostBand = 0.20
  /// Each side of the band has ink in at least this share of its columns: 0.75 to 0.92 on
  /// the tuning part's 2-up scans; on those pages of the sweep 0.00 to 0.37 on one side, but
  /// for a rotated form (0.57 and 0.71).
  static let leastInkedSide = 0.6
  /// The band's middle lies within this share of the width around the middle.
  static let centre = 0.45...0.55
  /// The band is looked for in this middle share of the width.
  static let searched = 0.35..<0.65
  /// A column holds ink where at least this share of its pixels (over the middle
  /// `inkedHeight` of the height, so a page edge or a ruler along the top and bottom does
  /// not count) are `inkContrast` levels darker than the paper (the picture's
  /// `paperPercentile` level).
  static let inkedColumn = 0.01
  static let inkedHeight = 0.1..<0.9
  static let inkContrast = 60
  static let paperPercentile = 0.90

  /// The column at which `image` splits into two facing pages (the middle of its gutter's
  /// blank band), or nil when it is one page.
  static func gutter(_ image: GreyImage) -> Int? {
    guard image.width >= measuredWidth,
      Double(image.width) > Double(image.height) * leastAspect
    else { return nil }
    let scale = max(1, image.width / measuredWidth)
    let small = averaged(image, by: scale)
    let inked = inkedColumns(small)
    let width = small.width
    var widest = 0
    var end = 0
    var run = 0
    for column in part(searched, of: width) {
      run = inked[column] ? 0 : run + 1
      if run > widest { (widest, end) = (run, column) }
    }
    let middle = (Double(end) + 0.5 - Double(widest) / 2) / Double(width)
    let band = Double(widest) / Double(width)
    guard band >= leastBand, band <= mostBand, centre.contains(middle) else { return nil }
    // Marks across most of each side: two pages, not one page's blank half.
    let sides = [inked[..<(end + 1 - widest)], inked[(end + 1)...]]
    guard
      sides.allSatisfy({
        !$0.isEmpty && Double($0.filter { $0 }.count) >= leastInkedSide * Double($0.count)
      })
    else { return nil }
    return Int(middle * Double(image.width))
  }

  /// The two halves of `image`, left then right, split at its gutter; nil when it is one page.
  static func halves(_ image: GreyImage) -> [GreyImage]? {
    guard let split = gutter(image) else { return nil }
    return [image.columns(0..<split), image.columns(split..<image.width)]
  }

  /// Whether each column of `image` holds ink.
  private static func inkedColumns(_ image: GreyImage) -> [Bool] {
    let darkest = Int(image.level(reachedBy: paperPercentile)) - inkContrast
    let rows = part(inkedHeight, of: image.height)
    var counts = [Int](repeating: 0, count: image.width)
    for y in rows {
      for x in 0..<image.width where Int(image[x, y]) < darkest { counts[x] += 1 }
    }
    let least = inkedColumn * Double(max(1, rows.count))
    return counts.map { Double($0) >= least }
  }

  /// The lines (rows or columns, of `count`) that lie in `shares` of them.
  private static func part(_ shares: Range<Double>, of count: Int) -> Range<Int> {
    Int(Double(count) * shares.lowerBound)..<Int(Double(count) * shares.upperBound)
  }

  /// `image` with each `scale`×`scale` block of pixels averaged into one (what drawing it
  /// smaller does).
  private static func averaged(_ image: GreyImage, by scale: Int) -> GreyImage {
    guard scale > 1 else { return image }
    let width = image.width / scale
    let height = image.height / scale
    var pixels = [UInt8](repeating: 0, count: width * height)
    let area = scale * scale
    for y in 0..<height {
      for x in 0..<width {
        var sum = 0
        for row in (y * scale)..<(y * scale + scale) {
          let start = row * image.width + x * scale
          for offset in 0..<scale { sum += Int(image.pixels[start + offset]) }
        }
        pixels[y * width + x] = UInt8((sum + area / 2) / area)
      }
    }
    return GreyImage(width: width, height: height, pixels: pixels)
  }
}

/// The writing layout of one page's picture: of the page, or of each of two facing pages it
/// holds (`FacingPages`) and of the whole, which is read when its halves say nothing.
enum DrawnLayout: Equatable, Sendable {
  case page(WritingLayout)
  case facing(whole: WritingLayout, left: WritingLayout, right: WritingLayout)

  /// Measured on `image`, and on its halves when it holds two facing pages: the layout, and
  /// the halves (left, right), which a worker keeps to read.
  static func measure(_ image: GreyImage) -> (layout: DrawnLayout, halves: [GreyImage]?) {
    let whole = WritingLayout(image)
    guard let halves = FacingPages.halves(image) else { return (.page(whole), nil) }
    let layout = DrawnLayout.facing(
      whole: whole, left: WritingLayout(halves[0]), right: WritingLayout(halves[1]))
    return (layout, halves)
  }

  /// The layout of the whole picture.
  var whole: WritingLayout {
    switch self {
    case .page(let layout), .facing(let layout, _, _): layout
    }
  }

  /// The layout of `half` of the picture, or of the whole when `half` is nil; nil for a half
  /// of a picture that holds one page.
  func layout(of half: FacingPages.Half?) -> WritingLayout? {
    guard let half else { return whole }
    return pages.first { $0.half == half }?.layout
  }

  /// Each page the picture holds, with the half it lies in when there are two.
  var pages: [(half: FacingPages.Half?, layout: WritingLayout)] {
    switch self {
    case .page(let layout): [(nil, layout)]
    case .facing(_, let left, let right): [(.left, left), (.right, right)]
    }
  }
}
