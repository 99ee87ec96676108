/// What a page's edge strips look like as a whole, wherever they hold detail: how light, how
/// sharp and what colour. The halves of one picture look alike by these measures even where
/// nothing can be followed across the spine: moss, grass, a leaf's veins or an out-of-focus
/// petal lose the few pixels at the seam that would show a line run on, but not their grain,
/// their tones or their hues. `TwinPages` finds the pairs that look alike and unlike every
/// other page of the book.
///
/// Flat parts (paper, margins, an album's mount, a flat sky) are left out: two pages whose
/// strips are mostly the same blank mount look alike without sharing a picture.
struct EdgeLikeness: Sendable {
  /// The share of the strips' blocks that hold detail (`detailDeviation`).
  let coverage: Float
  /// The same share in the left strip and in the right one: a picture that runs to an edge
  /// covers nearly all of that side's strip.
  let sideCoverage: (left: Float, right: Float)
  /// Grey levels, 16 bins of 16 levels; shares of the detailed pixels.
  let levels: [Float]
  /// The steps of level to the next pixel right and down (their length), 16 bins spaced
  /// evenly in log(1 + step): grain, soft edges and sharp ones.
  let steps: [Float]
  /// The colour differences (`OpponentColours`), 8 × 8 bins of 16 levels around grey; a page
  /// in grey levels has all its pixels in the grey bin.
  let hues: [Float]
  /// The mean level of each row of blocks, in each strip: the left edge's, then the right's.
  let rowLevels: (left: [Float], right: [Float])

  /// Blocks of this many pixels a side are detailed or flat as a whole.
  static let blockSide = 4
  /// A block whose levels vary less than this (standard deviation) is flat: paper grain,
  /// JPEG noise and an album's mount stay under it at the size `suggest` draws pages.
  static let detailDeviation: Float = 3

  /// The likeness of the `columns` pixels at each side of `picture`; nil when none of them
  /// holds detail.
  init?(_ picture: SpinePicture, columns: Int) {
    let grey = picture.grey
    let colourStrip = picture.colours.map { $0.redGreen.width / 2 } ?? columns
    let strip = min(columns, colourStrip, grey.width / 2) / Self.blockSide * Self.blockSide
    let rows = grey.height / Self.blockSide * Self.blockSide
    guard strip > 0, rows > 0 else { return nil }
    var levels = [Float](repeating: 0, count: 16)
    var steps = [Float](repeating: 0, count: 16)
    var hues = [Float](repeating: 0, count: 64)
    var detailed = 0
    var blocks = 0
    var rowLevels: [[Float]] = [[], []]
    var detailedBySide = [0, 0]
    // Strip 0 is the page's left edge, strip 1 its right; the colour strips hold the same two
    // side by side (`OpponentColours`).
    for side in 0..<2 {
      let firstColumn = side == 0 ? 0 : grey.width - strip
      let colourColumn = picture.colours.map { side == 0 ? 0 : $0.redGreen.width - strip }
      for blockY in stride(from: 0, to: rows, by: Self.blockSide) {
        rowLevels[side].append(Self.mean(grey, x: firstColumn, y: blockY, width: strip))
        for blockX in stride(from: 0, to: strip, by: Self.blockSide) {
          blocks += 1
          guard
            Self.deviation(grey, x: firstColumn + blockX, y: blockY) >= Self.detailDeviation
          else { continue }
          detailed += 1
          detailedBySide[side] += 1
          for y in blockY..<(blockY + Self.blockSide) {
            for x in blockX..<(blockX + Self.blockSide) {
              let column = firstColumn + x
              let level = Int(grey[column, y])
              levels[level >> 4] += 1
              // Steps stay inside the strip and the picture.
              let right = x + 1 < strip ? Int(grey[column + 1, y]) : level
              let down = y + 1 < grey.height ? Int(grey[column, y + 1]) : level
              let across = right - level
              let along = down - level
              steps[Self.stepBin(squared: across * across + along * along)] += 1
              var hue = 4 * 8 + 4
              if let colours = picture.colours, let colourColumn {
                let redGreen = Int(colours.redGreen[colourColumn + x, y])
                let yellowBlue = Int(colours.yellowBlue[colourColumn + x, y])
                hue = Self.hueBin(redGreen) * 8 + Self.hueBin(yellowBlue)
              }
              hues[hue] += 1
            }
          }
        }
      }
    }
    guard detailed > 0 else { return nil }
    let pixels = Float(detailed * Self.blockSide * Self.blockSide)
    coverage = Float(detailed) / Float(blocks)
    sideCoverage = (
      2 * Float(detailedBySide[0]) / Float(blocks), 2 * Float(detailedBySide[1]) / Float(blocks)
    )
    self.levels = levels.map { $0 / pixels }
    self.steps = steps.map { $0 / pixels }
    self.hues = hues.map { $0 / pixels }
    self.rowLevels = (rowLevels[0], rowLevels[1])
  }

  /// How alike the same sides of two pages run, row by row: the lesser correlation of the two
  /// left edges' row levels and of the two right edges'. The same page scanned twice, or two
  /// pages of print whose lines reach the edges, run alike on both sides; the halves of one
  /// picture show different parts of it there.
  func sameSides(as other: EdgeLikeness) -> Float {
    // The seams' own correlation, at no shift, over the rows both have: -1 where a side is
    // flat.
    func inPlace(_ first: [Float], _ second: [Float]) -> Float {
      let rows = min(first.count, second.count)
      return SeamAlignment(lost: 0, scale: 0, shift: 0).correlation(
        Array(first.prefix(rows)), Array(second.prefix(rows)))
    }
    return min(
      inPlace(rowLevels.left, other.rowLevels.left),
      inPlace(rowLevels.right, other.rowLevels.right))
  }

  /// How unlike two pages' strips are, from 0 (the same shares in every bin) to 1 (none in
  /// common): the mean over levels, steps and hues of half the sum of the shares' differences.
  func distance(to other: EdgeLikeness) -> Float {
    (Self.difference(levels, other.levels) + Self.difference(steps, other.steps)
      + Self.difference(hues, other.hues)) / 3
  }

  private static func difference(_ first: [Float], _ second: [Float]) -> Float {
    var sum: Float = 0
    for index in first.indices { sum += abs(first[index] - second[index]) }
    return sum / 2
  }

  /// The bins of the steps' lengths: bin `i` from 257^(i/16) − 1 levels, so log(1 + step) is
  /// split evenly from 0 to log 257 (a step of 255 levels and its diagonal share the last).
  /// Kept squared, to compare with a squared length.
  private static let squaredStepEdges: [Float] = {
    let ratio = Float(257).squareRoot().squareRoot().squareRoot().squareRoot()
    var power: Float = 1
    return (1..<16).map { _ in
      power *= ratio
      return (power - 1) * (power - 1)
    }
  }()

  private static func stepBin(squared: Int) -> Int {
    let length = Float(squared)
    var bin = 0
    while bin < squaredStepEdges.count, length >= squaredStepEdges[bin] { bin += 1 }
    return bin
  }

  /// 64...191 in eight bins of 16 levels; beyond it, the outer bins.
  private static func hueBin(_ level: Int) -> Int { min(7, max(0, (level - 64) >> 4)) }

  /// The mean level of `width` pixels by `blockSide` rows at `x`, `y`.
  private static func mean(_ image: GreyImage, x: Int, y: Int, width: Int) -> Float {
    var sum = 0
    for row in y..<(y + blockSide) {
      for column in x..<(x + width) { sum += Int(image[column, row]) }
    }
    return Float(sum) / Float(width * blockSide)
  }

  /// The standard deviation of the block of `blockSide` pixels a side at `x`, `y`.
  private static func deviation(_ image: GreyImage, x: Int, y: Int) -> Float {
    var sum = 0
    var squares = 0
    for row in y..<(y + blockSide) {
      for column in x..<(x + blockSide) {
        let level = Int(image[column, row])
        sum += level
        squares += level * level
      }
    }
    let count = Float(blockSide * blockSide)
    let mean = Float(sum) / count
    return max(0, Float(squares) / count - mean * mean).squareRoot()
  }
}
