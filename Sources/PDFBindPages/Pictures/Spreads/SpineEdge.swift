/// One side edge of a page picture, prepared once per page for `SpreadDetector`: the levels a
/// picture crossing that edge would show on the spine, predicted for each width of picture the
/// spine may have swallowed.
///
/// The page is scaled to a fixed working height first, so pages rendered at different sizes (or
/// halves of one picture rendered at slightly different scales) compare row for row. The levels
/// are carried across the lost width along the picture's own lines (the direction of equal level
/// measured in the few columns nearest the edge): an oblique line that leaves one page at row y
/// enters the other a few rows lower, and a plain comparison of the two edge columns would miss
/// it. Every later comparison is between two such predictions, one from each page.
struct SpineEdge: Sendable {
  enum Side: Sendable { case left, right }

  /// `predictedLevels[i]` for `SpineEdge.lostWidths[i]`: the levels at the middle of the spine.
  let predictedLevels: [[Float]]
  /// The change of `predictedLevels[i]` from row to row (central difference): where lines and
  /// edges cross the spine, and which way the level steps.
  let predictedChanges: [[Float]]
  /// For each row, the rows per column the picture's lines move going outward across the edge.
  /// A line that continues onto the facing page moves the opposite way there (outward is the
  /// other direction on that page).
  let lineTilt: [Float]
  /// The lines and edges crossing the spine, for each lost width.
  let features: [SpineFeatureSet]

  /// Total picture widths (working pixels, both pages together) the spine may have swallowed.
  /// At the working height of 160 rows a 2:3 page is about 107 pixels wide, so 3 pixels are
  /// about 3% of its width.
  static let lostWidths: [Float] = [0, 1, 2, 3]
  /// Columns of the edge strip, nearest the edge first.
  static let stripColumns = 4
  /// The outermost pixel column of a rendered page is often a partial or anti-aliased pixel
  /// (page sizes are not whole pixels), so it is left out and counted as lost width.
  static let skippedOuterColumns = 1.0

  /// `featureStep`: the least change of level per row that counts as a line or edge.
  init(_ image: GreyImage, side: Side, workingHeight: Int, featureStep: Float) {
    let nativePerWorking = Double(image.height) / Double(workingHeight)
    let columns = (0..<Self.stripColumns).map { column in
      let from = Self.skippedOuterColumns + Double(column) * nativePerWorking
      let band = Self.band(image, side: side, from: from, to: from + nativePerWorking)
      return SpineSignal.smoothed(
        SpineSignal.areaResampled(band, to: workingHeight), passes: 2)
    }
    let tilt = Self.lineTilt(columns)
    lineTilt = tilt
    // From the middle of the nearest working column to the middle of the spine: half a column,
    // the skipped native column, then half of the lost width.
    let toEdge = Float(0.5 + Self.skippedOuterColumns / nativePerWorking)
    var levels: [[Float]] = []
    var changes: [[Float]] = []
    for lost in Self.lostWidths {
      let predicted = Self.carried(columns[0], along: tilt, by: toEdge + lost / 2)
      levels.append(predicted)
      changes.append(SpineSignal.rowDifference(predicted))
    }
    predictedLevels = levels
    predictedChanges = changes
    features = changes.map { changes in
      SpineFeatureSet(
        SpineFeature.find(changes: changes, tilt: tilt, step: featureStep), height: workingHeight)
    }
  }

  /// The mean of the image's pixel columns between `from` and `to` pixels in from the edge
  /// (fractional columns weighted by how much of them the range covers), one value per row.
  static func band(_ image: GreyImage, side: Side, from: Double, to: Double) -> [Float] {
    var weights: [(column: Int, weight: Float)] = []
    var position = from
    while position < to - 1e-9 {
      let inward = Int(position.rounded(.down))
      let next = min(to, Double(inward + 1))
      if inward < image.width {
        let column = side == .left ? inward : image.width - 1 - inward
        weights.append((column, Float(next - position)))
      }
      position = next
    }
    let total = weights.reduce(0) { $0 + $1.weight }
    var band = [Float](repeating: 0, count: image.height)
    guard total > 0 else { return band }
    image.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<image.height {
        let start = row * image.width
        var sum: Float = 0
        for (column, weight) in weights { sum += Float(pixels[start + column]) * weight }
        band[row] = sum / total
      }
    }
    return band
  }

  /// Rows per column that the picture's lines move, row by row, going outward across the edge:
  /// the direction of equal level (where `dL/dx + tilt * dL/dy = 0`), fitted over a few rows.
  private static func lineTilt(_ columns: [[Float]]) -> [Float] {
    let height = columns[0].count
    // Outward change of level per column. A gutter shadow adds the same ramp on every row;
    // its mean is taken out so the shadow does not read as a tilt of every line.
    var across = (0..<height).map { (columns[0][$0] - columns[2][$0]) / 2 }
    let meanAcross = across.reduce(0, +) / Float(max(height, 1))
    for row in 0..<height { across[row] -= meanAcross }
    let down = [columns[0], columns[1], columns[2]].map(SpineSignal.rowDifference)
    var crossed = [Float](repeating: 0, count: height)
    var squared = [Float](repeating: 0, count: height)
    for row in 0..<height {
      let vertical = (down[0][row] + down[1][row] + down[2][row]) / 3
      crossed[row] = across[row] * vertical
      squared[row] = vertical * vertical
    }
    let crossedMean = SpineSignal.boxMean(crossed, radius: 3)
    let squaredMean = SpineSignal.boxMean(squared, radius: 3)
    // The regulariser keeps faint or noisy rows (level changes of a few steps) from steering.
    let regulariser: Float = 25
    let steepest: Float = 2
    return (0..<height).map { row in
      let tilt = -crossedMean[row] / (squaredMean[row] + regulariser)
      return min(max(tilt, -steepest), steepest)
    }
  }

  /// `levels` carried `distance` columns outward along the lines of `tilt`.
  private static func carried(_ levels: [Float], along tilt: [Float], by distance: Float)
    -> [Float]
  {
    (0..<levels.count).map { row in
      SpineSignal.interpolated(levels, at: Float(row) - tilt[row] * distance)
    }
  }
}

/// Small operations on a profile: one level per row along an edge.
enum SpineSignal {
  /// `values` resampled to `count` entries, each the mean of the stretch of `values` it covers.
  static func areaResampled(_ values: [Float], to count: Int) -> [Float] {
    let source = values.count
    guard source > 0, count > 0 else { return [Float](repeating: 0, count: max(count, 0)) }
    if source == count { return values }
    var prefix = [Double](repeating: 0, count: source + 1)
    for index in 0..<source { prefix[index + 1] = prefix[index] + Double(values[index]) }
    // The integral of the step function `values` from 0 to x.
    func integral(_ x: Double) -> Double {
      let whole = min(Int(x.rounded(.down)), source - 1)
      return prefix[whole] + (x - Double(whole)) * Double(values[whole])
    }
    let step = Double(source) / Double(count)
    return (0..<count).map { index in
      let start = Double(index) * step
      let end = Double(index + 1) * step
      return Float((integral(end) - integral(start)) / step)
    }
  }

  /// `passes` rounds of the [1 2 1] / 4 filter; the ends keep their own level.
  static func smoothed(_ values: [Float], passes: Int) -> [Float] {
    var current = values
    guard current.count > 2 else { return current }
    for _ in 0..<passes {
      var next = current
      for index in 1..<(current.count - 1) {
        next[index] = (current[index - 1] + 2 * current[index] + current[index + 1]) / 4
      }
      current = next
    }
    return current
  }

  /// Central difference, row to row; zero at both ends.
  static func rowDifference(_ values: [Float]) -> [Float] {
    var difference = [Float](repeating: 0, count: values.count)
    guard values.count > 2 else { return difference }
    for index in 1..<(values.count - 1) {
      difference[index] = (values[index + 1] - values[index - 1]) / 2
    }
    return difference
  }

  /// The mean over the rows within `radius`, clipped at the ends.
  static func boxMean(_ values: [Float], radius: Int) -> [Float] {
    let count = values.count
    var prefix = [Float](repeating: 0, count: count + 1)
    for index in 0..<count { prefix[index + 1] = prefix[index] + values[index] }
    return (0..<count).map { index in
      let low = max(0, index - radius)
      let high = min(count, index + radius + 1)
      return (prefix[high] - prefix[low]) / Float(high - low)
    }
  }

  /// The level at a fractional row, linear between rows, held at the ends.
  static func interpolated(_ values: [Float], at position: Float) -> Float {
    let last = values.count - 1
    guard last > 0 else { return values.first ?? 0 }
    let clamped = min(max(position, 0), Float(last))
    let below = min(Int(clamped), last - 1)
    let fraction = clamped - Float(below)
    return values[below] * (1 - fraction) + values[below + 1] * fraction
  }
}
