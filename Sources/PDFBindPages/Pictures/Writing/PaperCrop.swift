/// The page in a picture that shows more than the page (SPEC, round 4, "Pages as people have
/// them"): a scanner's dark border, the dark table or cloth a book was photographed on, the
/// black band beside a page edge. Bands along the picture's sides where little is near the
/// paper's level are cut away, so what is measured is the paper and what is printed on it.
enum PaperCrop {
  /// The paper's level is the level this share of the picture's pixels reach (as a column's
  /// paper in `WritingLayout.paperPercentile`): even with a third of the picture dark around
  /// the page, the page's paper is lighter than seven pixels in ten.
  static let paperPercentile = WritingLayout.paperPercentile
  /// A pixel is near the paper's level when at most this much darker: on the real bench's
  /// blackletter scans (tuning part, drawn at 1,600 pixels) the paper is at 184 to 234, a
  /// grey frame (dannhauer) about 40 below it, the table and the black border (kant-2,
  /// eiteritz) about 190 below; print's strokes are dark, but most of a line's pixels are
  /// paper.
  static let nearPaper = 30
  /// A row or column along a side is outside the page while less than this share of it is
  /// near the paper's level. Through the text blocks of those scans 95% of the columns hold
  /// 60% or more (the fewest 22 to 60%; leptonica's grey, unevenly lit page 30 to 40%, not cut
  /// as its sides are lighter): a cut into the print only loses lines. The crop is used for
  /// close-set rows (`WritingLayout.measureCloseSetRows`), and for reading a page whose
  /// surround is wide (`croppedForReading`).
  static let leastPaperShare = 0.5
  /// At most this share of the picture is cut from each side: the photographed kant-2 pages
  /// lose 33 to 35% of their area in all (up to a quarter of the width on the dark side);
  /// a picture that is mostly dark is not a page on a table, and is measured as it is.
  static let mostCut = 0.35
  /// A crop for reading a page (`croppedForReading`) is made only when what lies outside the
  /// page is at least this share of the picture. The rules were chosen on pictures as drawn,
  /// narrow dark edges included (a page edge's shadow, a scanner's thin band); cut away,
  /// such edges changed Tesseract's reading of pages it read well: on the real bench's tuning
  /// part, three right-edge pages (a 2-up woodblock scan, a magazine page, a kuzushiji page)
  /// lost 5 to 8% of their picture and their decision. The pages the crop lets decide there
  /// lost 10 to 31% (receipts on a table, a manuscript leaf on a dark ground, sheet music
  /// photographed), one 3%; a scanner's border of 5% and 3% of the width and 4% and 6% of the
  /// height (`transform_books.py border`) is 17%.
  static let leastCutForReading = 0.10

  /// `image` without the dark bands along its sides where they are at least
  /// `leastCutForReading` of it, else `image` itself: the picture a page's writing is
  /// measured and read on.
  static func croppedForReading(_ image: GreyImage) -> GreyImage {
    let cropped = page(image)
    let kept = Double(cropped.width * cropped.height) / Double(max(1, image.width * image.height))
    return kept <= 1 - leastCutForReading ? cropped : image
  }

  /// `image` without the dark bands along its sides, or `image` itself when it has none.
  static func page(_ image: GreyImage) -> GreyImage {
    let width = image.width
    let height = image.height
    guard width >= 8, height >= 8 else { return image }
    let paper = Int(image.level(reachedBy: paperPercentile))
    let floor = paper - nearPaper
    let near = image.pixels.map { Int($0) >= floor }
    // Counted row by row, in the order the pixels lie: the page worker crops every page it
    // reads, and a debug build's tests read many.
    func columns(_ rows: Range<Int>) -> Range<Int> {
      var counts = [Int](repeating: 0, count: width)
      for y in rows {
        let start = y * width
        for x in 0..<width where near[start + x] { counts[x] += 1 }
      }
      return trimmed(counts.map { Double($0) / Double(rows.count) })
    }
    let first = columns(0..<height)
    let rowShares = (0..<height).map { y in
      let start = y * width
      var count = 0
      for x in first where near[start + x] { count += 1 }
      return Double(count) / Double(first.count)
    }
    let rows = trimmed(rowShares)
    let second = columns(rows)
    let left = max(first.lowerBound, second.lowerBound)
    let right = min(first.upperBound, second.upperBound)
    guard left < right, rows != 0..<height || left != 0 || right != width else { return image }
    var pixels: [UInt8] = []
    pixels.reserveCapacity((right - left) * rows.count)
    for y in rows { pixels += image.pixels[(y * width + left)..<(y * width + right)] }
    return GreyImage(width: right - left, height: rows.count, pixels: pixels)
  }

  /// The part of a side's shares kept: from each end, the lines short of `leastPaperShare`
  /// are cut, at most `mostCut` of them.
  private static func trimmed(_ shares: [Double]) -> Range<Int> {
    let most = Int(Double(shares.count) * mostCut)
    var low = 0
    while low < most, shares[low] < leastPaperShare { low += 1 }
    var high = shares.count
    while shares.count - high < most, shares[high - 1] < leastPaperShare { high -= 1 }
    return low..<max(low + 1, high)
  }
}
