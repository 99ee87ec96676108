/// The profile of one side edge for plain seams: a photograph's sky, sand, water or grass
/// continues across the spine with too few sharp lines for `SpineEdge`'s features, but its
/// rises and falls of level at the scale of a few rows run on from one page into the other.
///
/// The profile is the mean of the working columns 1 to 3 from the edge (the outermost one is
/// often a partial pixel or the fill of a tilted scan), scaled to the working height, with the
/// level's slow drift (a gutter shadow, uneven light, a sky's gradient) taken out: what is left
/// is the picture's own structure, which matches only the facing half of the same picture. It
/// decides only against the same comparisons the features face: the other direction, far
/// shifts and the pages' same sides (`SpreadDetector.plainJoin`).
struct SeamProfile: Sendable {
  /// Level minus its mean over `driftRadius` rows either side, one value per working row less
  /// `trimmedRows` at each end.
  let values: [Float]
  /// The standard deviation of `values`: how much structure the edge shows.
  let amplitude: Float
  /// The levels of the working column nearest the edge (after the skipped outermost one), as
  /// they are, less `trimmedRows` at each end: where a plain picture runs on, the levels on
  /// both sides of the spine are nearly the same.
  let edgeLevels: [Float]
  /// The standard deviation of `edgeLevels`: a margin, paper or a flat colour has almost none.
  let edgeSpread: Float

  /// Rows around each row whose mean is the slow drift taken out: 15 of 160 rows keeps
  /// structures up to a fifth of the page tall.
  static let driftRadius = 15
  /// Rows left out at each end: the page's top and bottom rows are often paper, a trimmed
  /// edge, the fill of a tilted scan, or the table beyond a loose sheet's corners. Two sheets
  /// photographed on a dark table rise from it into paper near both ends, and the rise, with
  /// the drift it drags along, correlated as a plain picture does: at 3 rows a will of
  /// bench/suggest/README.md ("Handwritten wills", 0268) joined right to left, its table
  /// showing over 3-4% of the rows. At 5 it does not (0.60 at the seam, limit 0.75); over
  /// 300,000 pairs of pages of different books (`cross.sh`) 16 join against 24; of the nine
  /// generated sets' 423 labelled joins 348 are found against 349 (one lost and one gained in
  /// the tuning seeds, one lost in the held-out seed 3041), and no book's binding changes. Tables
  /// reaching past 4% of the rows still join (`SpreadPlainSeamTests.looseSheet` drawn larger).
  static let trimmedRows = 5
  /// Working columns from the edge that are read, after the skipped outermost one.
  static let columns = 1.0...4.0
  /// A profile is flat under a variance of 0.05 levels² a row: the drift taken out, what is
  /// left of paper or a flat colour.
  static let flat = Correlation.FlatInput.under(variance: 0.05)

  init(_ image: GreyImage, side: SpineEdge.Side, workingHeight: Int) {
    let nativePerWorking = Double(image.height) / Double(workingHeight)
    let band = SpineEdge.band(
      image, side: side, from: Self.columns.lowerBound * nativePerWorking,
      to: Self.columns.upperBound * nativePerWorking)
    let levels = Self.trimmed(SpineSignal.areaResampled(band, to: workingHeight))
    let nearest = SpineEdge.band(
      image, side: side, from: Self.columns.lowerBound * nativePerWorking,
      to: (Self.columns.lowerBound + 1) * nativePerWorking)
    edgeLevels = Self.trimmed(SpineSignal.areaResampled(nearest, to: workingHeight))
    edgeSpread = Self.deviation(edgeLevels)
    let count = levels.count
    let radius = Self.driftRadius
    // The drift: the mean over the window, the ends held (as if the edge rows went on).
    let drift = (0..<count).map { row in
      var sum: Float = 0
      for other in (row - radius)...(row + radius) { sum += levels[min(max(other, 0), count - 1)] }
      return sum / Float(2 * radius + 1)
    }
    values = (0..<count).map { levels[$0] - drift[$0] }
    amplitude = Self.deviation(values)
  }

  private static func trimmed(_ levels: [Float]) -> [Float] {
    Array(levels.dropFirst(trimmedRows).dropLast(trimmedRows))
  }

  private static func deviation(_ values: [Float]) -> Float {
    let count = Float(max(values.count, 1))
    let mean = values.reduce(0, +) / count
    return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / count).squareRoot()
  }

  /// The least mean difference of level between this left-hand edge and `rightHand`'s, moved
  /// by any of `shifts` rows (row y here meets row y + shift there).
  func leastDifference(from rightHand: SeamProfile, shifts: [Int]) -> Float {
    shifts.reduce(Float.infinity) { min($0, difference(from: rightHand, shift: $1)) }
  }

  /// The mean difference of level over the rows both cover, less `trimmedRows` at each end.
  func difference(from rightHand: SeamProfile, shift: Int) -> Float {
    let count = min(edgeLevels.count, rightHand.edgeLevels.count)
    let margin = Self.trimmedRows
    let low = max(margin, margin - shift)
    let high = min(count - margin, count - margin - shift)
    guard high > low else { return .infinity }
    var sum: Float = 0
    for row in low..<high { sum += abs(edgeLevels[row] - rightHand.edgeLevels[row + shift]) }
    return sum / Float(high - low)
  }

  /// The best correlation of this left-hand profile with `rightHand` moved by any of `shifts`
  /// rows (row y here meets row y + shift there); -1 when nothing overlaps with structure.
  func bestCorrelation(with rightHand: SeamProfile, shifts: [Int]) -> Float {
    shifts.reduce(-1) { max($0, correlation(with: rightHand, shift: $1)) }
  }

  /// Pearson correlation over the rows both cover, less `trimmedRows` more at each end; -1
  /// when they overlap on less than half the rows or one is flat there (under about a level).
  func correlation(with rightHand: SeamProfile, shift: Int) -> Float {
    let count = min(values.count, rightHand.values.count)
    let margin = Self.trimmedRows
    let low = max(margin, margin - shift)
    let high = min(count - margin, count - margin - shift)
    guard high - low >= count / 2 else { return -1 }
    var pairs = Correlation()
    for row in low..<high { pairs.add(values[row], rightHand.values[row + shift]) }
    return pairs.coefficient(flat: Self.flat) ?? -1
  }
}
