/// Which way a picture continues across the spine between two consecutive pages.
enum SpineJoinDirection: Equatable, Sendable {
  /// Page k's right edge continues into page k+1's left edge (the book is bound on the left).
  case leftToRight
  /// Page k+1's right edge continues into page k's left edge (the book is bound on the right).
  case rightToLeft
}

/// A picture printed across the spine between pages `firstPage` and `firstPage + 1`.
struct SpineJoin: Equatable, Sendable {
  /// Index from 0 of the first of the two consecutive pages.
  let firstPage: Int
  let direction: SpineJoinDirection
  /// How clearly the pages join: the agreement along the seam (a correlation, at most 1) less
  /// the best agreement chance offers (the same seam shifted far, and the other direction).
  /// Every join found has at least `SpreadDetector.Thresholds.clearMargin`.
  let strength: Double
}

/// Why two consecutive pages were found not to join, for the evidence text.
enum SpineNoJoinReason: Equatable, Sendable {
  /// One of the pages has no picture.
  case notRendered
  /// One of the pictures is too small to compare.
  case tooSmall
  /// The pages' shapes differ too much to be the halves of one picture.
  case shapesDiffer
  /// The facing edges are blank, flat or hold too few crossing lines in both directions.
  case tooLittleDetail
  /// The edges agree as well at far shifts as at the seam: stripes, rows of text, a texture.
  case repeatedPattern
  /// The edges agree in both directions, so the order of the pages is not shown.
  case joinsBothWays
  /// Detail is there, but it does not continue across the seam.
  case noContinuity
}

/// What `SpreadDetector` found for one pair of consecutive pages.
struct SpinePairFinding: Equatable, Sendable {
  let firstPage: Int
  /// The join, or why there is none.
  let outcome: Result<SpineJoin, SpineNoJoin>
}

/// `SpineNoJoinReason` as an `Error`, so a finding can be a `Result`.
struct SpineNoJoin: Error, Equatable, Sendable {
  let reason: SpineNoJoinReason
}

/// Finds pictures printed across two facing pages (double-page pictures) from the pages'
/// pictures alone.
///
/// For each pair of consecutive pages it compares the facing edges both ways round: page k's
/// right edge against page k+1's left edge (a book bound on the left) and page k+1's right edge
/// against page k's left edge (bound on the right). A picture that crosses the spine makes its
/// lines and edges continue from one page into the other: the same rises and falls of level, at
/// the same rows, with the same sign, and the same levels around them. The detector asks for all
/// of that, over many lines, and only in one of the two directions: margins, white gutters,
/// ruled frames, rows of text and repeated textures look alike both ways round (or at every
/// shift) and decide nothing. A wrong join is far worse than a missed one, so every test is a
/// threshold with a margin over what unrelated pictures reach.
///
/// Each edge is prepared once per page (`SpineEdge`), so the cost is a few columns per page and
/// a few hundred row comparisons per pair.
struct SpreadDetector: Sendable {
  /// The limits a join must pass; see `SpreadDetectorTests` for the distributions they rest on.
  struct Thresholds: Sendable {
    /// Correlation of the row-to-row changes along the seam, at the best shift and loss.
    var continuity: Float = 0.6
    /// How much the seam's correlation must exceed the best one at far shifts (where a repeated
    /// pattern agrees as well) and the other direction's.
    var clearMargin: Float = 0.25
    /// Correlation of the levels themselves along the seam (a gutter shadow scales them; the
    /// correlation does not mind).
    var levelAgreement: Float = 0.5
    /// Distinct rises or falls of level along each edge.
    var features = 6
    /// Features of the left-hand edge that reappear on the right-hand one, same row and sign.
    var matchedFeatures = 5
    /// ... and as a share of the edge with fewer features.
    var matchedShare: Float = 0.5
    /// A rise or fall of at least this many levels per row (after smoothing) is a feature.
    var featureStep: Float = 2.5
  }

  var thresholds = Thresholds()
  /// Every page is scaled to this height before its edges are compared.
  var workingHeight = 160
  /// The most the halves of a picture may be shifted against each other, as a share of the
  /// page's height (scans are rarely aligned to the row).
  var largestShift = 0.025
  /// Scale differences between the halves tried beyond the plain shift.
  var scales: [Float] = [-0.03, -0.015, 0.015, 0.03]
  /// Pages whose height-to-width ratios differ by more than this factor are not compared.
  var largestShapeRatio = 1.25

  init() {}

  /// The joins found, at most one per pair of consecutive pages, in page order. A page that is
  /// `nil` (not rendered) joins nothing.
  func joins(_ pages: [GreyImage?]) -> [SpineJoin] {
    findings(pages).compactMap { try? $0.outcome.get() }
  }

  /// For every pair of consecutive pages, the join or the reason there is none.
  func findings(_ pages: [GreyImage?]) -> [SpinePairFinding] {
    guard pages.count >= 2 else { return [] }
    let prepared = pages.map { $0.flatMap(prepare) }
    return (0..<(pages.count - 1)).map { first in
      let outcome: Result<SpineJoin, SpineNoJoin>
      switch (pages[first], pages[first + 1], prepared[first], prepared[first + 1]) {
      case (nil, _, _, _), (_, nil, _, _):
        outcome = .failure(SpineNoJoin(reason: .notRendered))
      case (_, _, nil, _), (_, _, _, nil):
        outcome = .failure(SpineNoJoin(reason: .tooSmall))
      case (_, _, let earlier?, let later?):
        outcome = decide(first: first, earlier, later)
      }
      return SpinePairFinding(firstPage: first, outcome: outcome)
    }
  }

  // MARK: - One page

  struct PreparedPage: Sendable {
    let aspect: Double
    let left: SpineEdge
    let right: SpineEdge
  }

  /// Pictures smaller than this (in either direction) are not compared: too few pixels to tell
  /// a picture from chance.
  static let smallestSide = 24

  func prepare(_ image: GreyImage) -> PreparedPage? {
    guard image.width >= Self.smallestSide, image.height >= Self.smallestSide else { return nil }
    return PreparedPage(
      aspect: Double(image.height) / Double(image.width),
      left: SpineEdge(image, side: .left, workingHeight: workingHeight),
      right: SpineEdge(image, side: .right, workingHeight: workingHeight))
  }

  // MARK: - One pair

  private func decide(first: Int, _ earlier: PreparedPage, _ later: PreparedPage)
    -> Result<SpineJoin, SpineNoJoin>
  {
    let ratio = max(earlier.aspect, later.aspect) / min(earlier.aspect, later.aspect)
    guard ratio <= largestShapeRatio else { return .failure(SpineNoJoin(reason: .shapesDiffer)) }
    let forward = compare(leftHand: earlier.right, rightHand: later.left)
    let backward = compare(leftHand: later.right, rightHand: earlier.left)
    let direction: SpineJoinDirection
    let (seam, reverse): (SeamComparison, SeamComparison)
    switch (forward.continues(thresholds), backward.continues(thresholds)) {
    case (true, true):
      return .failure(SpineNoJoin(reason: .joinsBothWays))
    case (false, false):
      let detailed = forward.hasDetail(thresholds) || backward.hasDetail(thresholds)
      return .failure(SpineNoJoin(reason: detailed ? .noContinuity : .tooLittleDetail))
    case (true, false):
      (direction, seam, reverse) = (.leftToRight, forward, backward)
    case (false, true):
      (direction, seam, reverse) = (.rightToLeft, backward, forward)
    }
    let margin = thresholds.clearMargin
    if seam.continuity - seam.chance < margin {
      return .failure(SpineNoJoin(reason: .repeatedPattern))
    }
    if seam.continuity - reverse.continuity < margin {
      return .failure(SpineNoJoin(reason: .joinsBothWays))
    }
    // Lines that run across whole pages (a horizon, ruled rows, stripes) also meet where no
    // picture crosses: the right edges of both pages, or their left edges, agree as well.
    let sameSides = sameSideAgreement(earlier, later)
    if seam.continuity - sameSides < margin {
      return .failure(SpineNoJoin(reason: .repeatedPattern))
    }
    let strength = seam.continuity - max(seam.chance, reverse.continuity, sameSides, 0)
    return .success(SpineJoin(firstPage: first, direction: direction, strength: Double(strength)))
  }

  /// The better agreement of the two pages' right edges with each other, or of their left
  /// edges: what lines running across whole pages give where no picture crosses.
  func sameSideAgreement(_ earlier: PreparedPage, _ later: PreparedPage) -> Float {
    max(
      compare(leftHand: earlier.right, rightHand: later.right).continuity,
      compare(leftHand: earlier.left, rightHand: later.left).continuity)
  }

  /// Every measure of one pair, both directions and the same-side comparison, for tests and
  /// for tuning; nil where the pages are not compared.
  func measures(_ earlier: GreyImage, _ later: GreyImage) -> SpinePairMeasures? {
    guard let first = prepare(earlier), let second = prepare(later) else { return nil }
    return SpinePairMeasures(
      forward: compare(leftHand: first.right, rightHand: second.left),
      backward: compare(leftHand: second.right, rightHand: first.left),
      sameSides: sameSideAgreement(first, second))
  }

  /// The seam between `leftHand`'s right edge and `rightHand`'s left edge, at the loss, shift
  /// and scale where the two agree best.
  func compare(leftHand: SpineEdge, rightHand: SpineEdge) -> SeamComparison {
    let height = workingHeight
    let widest = max(2, Int((largestShift * Double(height)).rounded()))
    var best = SeamAlignment(lost: 0, scale: 0, shift: 0, correlation: -2)
    for lost in SpineEdge.lostWidths.indices {
      for shift in -widest...widest {
        let alignment = SeamAlignment(lost: lost, scale: 0, shift: shift, correlation: 0)
        let correlation = alignment.correlation(
          leftHand.predictedSlopes[lost], rightHand.predictedSlopes[lost])
        if correlation > best.correlation {
          best = SeamAlignment(lost: lost, scale: 0, shift: shift, correlation: correlation)
        }
      }
    }
    let bestLost = best.lost
    for scale in scales {
      for shift in -widest...widest {
        let alignment = SeamAlignment(lost: bestLost, scale: scale, shift: shift, correlation: 0)
        let correlation = alignment.correlation(
          leftHand.predictedSlopes[bestLost], rightHand.predictedSlopes[bestLost])
        if correlation > best.correlation {
          best = SeamAlignment(
            lost: bestLost, scale: scale, shift: shift, correlation: correlation)
        }
      }
    }
    let leftSlopes = leftHand.predictedSlopes[best.lost]
    let rightSlopes = rightHand.predictedSlopes[best.lost]
    // Chance: the same comparison with the right-hand edge moved far from any plausible
    // misalignment. Stripes, rows of text and textures agree there as well as at the seam.
    var chance: Float = -1
    let nearestFar = 3 * widest
    let farthest = max(nearestFar, height / 4)
    for distance in nearestFar...farthest {
      for shift in [best.shift - distance, best.shift + distance] {
        let far = SeamAlignment(lost: best.lost, scale: best.scale, shift: shift, correlation: 0)
        chance = max(chance, far.correlation(leftSlopes, rightSlopes))
      }
    }
    let levels = best.correlation(
      leftHand.predictedLevels[best.lost], rightHand.predictedLevels[best.lost])
    let leftFeatures = Self.features(leftSlopes, step: thresholds.featureStep)
    let rightAligned = best.aligned(rightSlopes)
    let rightFeatures = Self.features(
      rightSlopes, step: thresholds.featureStep)
    let matched = leftFeatures.filter { row in
      Self.reappears(leftSlopes[row], near: row, in: rightAligned)
    }
    return SeamComparison(
      continuity: best.correlation, chance: chance, levelAgreement: levels,
      leftFeatures: leftFeatures.count, rightFeatures: rightFeatures.count,
      matchedFeatures: matched.count)
  }

  /// Rows where the level rises or falls by at least `step` per row and more than on the rows
  /// just around: the lines and edges crossing the seam.
  static func features(_ slopes: [Float], step: Float) -> [Int] {
    let radius = 2
    guard slopes.count > 2 * radius else { return [] }
    return (radius..<(slopes.count - radius)).filter { row in
      let magnitude = abs(slopes[row])
      guard magnitude >= step else { return false }
      for other in (row - radius)...(row + radius) where other != row {
        let neighbour = abs(slopes[other])
        if neighbour > magnitude || (neighbour == magnitude && other < row) { return false }
      }
      return true
    }
  }

  /// Whether a change of `slope` at `row` shows on the other side within a row, with the same
  /// sign and a size within a factor of three (a gutter shadow halves contrast, not more).
  static func reappears(_ slope: Float, near row: Int, in other: [Float?]) -> Bool {
    for candidate in max(0, row - 1)...min(other.count - 1, row + 1) {
      guard let value = other[candidate] else { continue }
      if value * slope > 0, abs(value) >= abs(slope) / 3, abs(value) <= abs(slope) * 3 {
        return true
      }
    }
    return false
  }
}

/// How the right-hand edge's rows line up with the left-hand edge's: row y on the left meets
/// row `(y - middle) * (1 + scale) + middle + shift` on the right.
struct SeamAlignment: Sendable {
  let lost: Int
  let scale: Float
  let shift: Int
  let correlation: Float

  /// Rows within this distance of the top or bottom are left out: smoothing bends them.
  static let endRows = 2

  /// `right` resampled onto the left-hand edge's rows; nil where it falls outside.
  func aligned(_ right: [Float]) -> [Float?] {
    let count = right.count
    let middle = Float(count - 1) / 2
    return (0..<count).map { row in
      let position = (Float(row) - middle) * (1 + scale) + middle + Float(shift)
      guard position >= Float(Self.endRows), position <= Float(count - 1 - Self.endRows) else {
        return nil
      }
      return SpineSignal.interpolated(right, at: position)
    }
  }

  /// The correlation (Pearson) of `left` with `right` aligned, over the rows both cover; -1 when
  /// they overlap on less than half the rows or one of them is flat there.
  func correlation(_ left: [Float], _ right: [Float]) -> Float {
    let count = left.count
    let middle = Float(count - 1) / 2
    let top = Float(Self.endRows)
    let bottom = Float(count - 1 - Self.endRows)
    var n: Float = 0
    var sumLeft: Float = 0
    var sumRight: Float = 0
    var sumLeftSquared: Float = 0
    var sumRightSquared: Float = 0
    var sumProduct: Float = 0
    left.withUnsafeBufferPointer { left in
      right.withUnsafeBufferPointer { right in
        for row in Self.endRows..<(count - Self.endRows) {
          let position = (Float(row) - middle) * (1 + scale) + middle + Float(shift)
          guard position >= top, position <= bottom else { continue }
          let below = min(Int(position), count - 2)
          let fraction = position - Float(below)
          let r = right[below] * (1 - fraction) + right[below + 1] * fraction
          let l = left[row]
          n += 1
          sumLeft += l
          sumRight += r
          sumLeftSquared += l * l
          sumRightSquared += r * r
          sumProduct += l * r
        }
      }
    }
    guard n >= Float(count) / 2 else { return -1 }
    let covariance = sumProduct - sumLeft * sumRight / n
    let varianceLeft = sumLeftSquared - sumLeft * sumLeft / n
    let varianceRight = sumRightSquared - sumRight * sumRight / n
    // Flat stretches (variance of well under one level per row) carry no evidence.
    guard varianceLeft > n * 0.05, varianceRight > n * 0.05 else { return -1 }
    return covariance / (varianceLeft * varianceRight).squareRoot()
  }
}

/// The measures of one pair of consecutive pages.
struct SpinePairMeasures: Sendable {
  /// Page k's right edge against page k+1's left edge.
  let forward: SeamComparison
  /// Page k+1's right edge against page k's left edge.
  let backward: SeamComparison
  /// The better of right edge against right edge and left against left.
  let sameSides: Float

  /// How far `direction`'s continuity stands above every comparison chance offers.
  func margin(_ direction: SpineJoinDirection) -> Float {
    let (seam, reverse) = direction == .leftToRight ? (forward, backward) : (backward, forward)
    return seam.continuity - max(seam.chance, reverse.continuity, sameSides)
  }
}

/// The measures of one seam, in one direction.
struct SeamComparison: Sendable {
  /// Correlation of the row-to-row changes at the best alignment.
  let continuity: Float
  /// The best correlation at far shifts.
  let chance: Float
  /// Correlation of the levels at the best alignment.
  let levelAgreement: Float
  let leftFeatures: Int
  let rightFeatures: Int
  let matchedFeatures: Int

  func hasDetail(_ limits: SpreadDetector.Thresholds) -> Bool {
    min(leftFeatures, rightFeatures) >= limits.features
  }

  /// Detail that continues across the seam: lines, levels and features agree.
  func continues(_ limits: SpreadDetector.Thresholds) -> Bool {
    hasDetail(limits) && continuity >= limits.continuity
      && levelAgreement >= limits.levelAgreement
      && matchedFeatures >= limits.matchedFeatures
      && Float(matchedFeatures)
        >= limits.matchedShare * Float(min(leftFeatures, rightFeatures))
  }
}
