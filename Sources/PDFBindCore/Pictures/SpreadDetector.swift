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
/// lines and edges continue from one page into the other: the same rises and falls of level at
/// the same rows, with the same sign, size and tilt, and the same levels around them. The
/// detector asks for all of that, over several lines, in one direction only, and clearly more
/// than chance gives:
///
/// - the same edges moved far up or down (stripes, rows of text and textures agree there too),
/// - the other direction (margins, gutters and frames look alike both ways round),
/// - the two right edges, and the two left edges (lines that run across whole pages).
///
/// A wrong join is far worse than a missed one: every limit has a margin over what unrelated
/// pictures reach (`SpreadDetectorTests` measures both).
///
/// Each edge is prepared once per page (`SpineEdge`: a few columns, scaled to 160 rows). A pair
/// costs a few hundred correlations of 160 rows; the chance comparisons run only for the rare
/// pair that continues in one direction.
struct SpreadDetector: Sendable {
  /// The limits a join must pass; see `SpreadDetectorTests` for the distributions they rest on.
  struct Thresholds: Sendable {
    /// Correlation of the row-to-row changes along the seam, at the best shift and loss.
    var continuity: Float = 0.6
    /// How much the seam's correlation must exceed each chance comparison.
    var clearMargin: Float = 0.25
    /// Correlation of the levels themselves along the seam (a gutter shadow scales them; the
    /// correlation does not mind).
    var levelAgreement: Float = 0.5
    /// Distinct rises or falls of level along each of the two edges.
    var features = 6
    /// Features of the left-hand edge that continue on the right-hand one: same row, sign, size
    /// within a factor of three, and tilt.
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
    if seam.continuity - reverse.continuity < margin {
      return .failure(SpineNoJoin(reason: .joinsBothWays))
    }
    let (leftHand, rightHand) =
      direction == .leftToRight ? (earlier.right, later.left) : (later.right, earlier.left)
    let farShifts = chance(leftHand: leftHand, rightHand: rightHand)
    if seam.continuity - farShifts < margin {
      return .failure(SpineNoJoin(reason: .repeatedPattern))
    }
    let sameSides = sameSideAgreement(earlier, later)
    if seam.continuity - sameSides < margin {
      return .failure(SpineNoJoin(reason: .repeatedPattern))
    }
    let strength = seam.continuity - max(farShifts, reverse.continuity, sameSides, 0)
    return .success(SpineJoin(firstPage: first, direction: direction, strength: Double(strength)))
  }

  /// The rows the halves of one picture may be shifted by, either way.
  private var widestShift: Int { max(2, Int((largestShift * Double(workingHeight)).rounded())) }

  /// The seam between `leftHand`'s right edge and `rightHand`'s left edge, at the loss, shift
  /// and scale where the two agree best.
  func compare(leftHand: SpineEdge, rightHand: SpineEdge) -> SeamComparison {
    let best = bestAlignment(leftHand: leftHand, rightHand: rightHand, around: 0)
    let leftChanges = leftHand.predictedChanges[best.lost]
    let rightChanges = rightHand.predictedChanges[best.lost]
    let levels = best.correlation(
      leftHand.predictedLevels[best.lost], rightHand.predictedLevels[best.lost])
    let leftFeatures = Self.features(leftChanges, step: thresholds.featureStep)
    let rightFeatures = Self.features(rightChanges, step: thresholds.featureStep)
    let rightAligned = best.aligned(rightChanges)
    let rightTilt = best.aligned(rightHand.lineTilt)
    let matched = leftFeatures.filter { row in
      Self.continues(
        change: leftChanges[row], tilt: leftHand.lineTilt[row], at: row,
        into: rightAligned, tilts: rightTilt)
    }
    return SeamComparison(
      continuity: best.correlation, levelAgreement: levels,
      leftFeatures: leftFeatures.count, rightFeatures: rightFeatures.count,
      matchedFeatures: matched.count)
  }

  /// The best agreement of the row-to-row changes over every loss, scale and shift within
  /// `widestShift` of `centre`.
  func bestAlignment(leftHand: SpineEdge, rightHand: SpineEdge, around centre: Int)
    -> SeamAlignment
  {
    let widest = widestShift
    var best = SeamAlignment(lost: 0, scale: 0, shift: centre, correlation: -2)
    for lost in SpineEdge.lostWidths.indices {
      for shift in (centre - widest)...(centre + widest) {
        let alignment = SeamAlignment(lost: lost, scale: 0, shift: shift, correlation: 0)
        let correlation = alignment.correlation(
          leftHand.predictedChanges[lost], rightHand.predictedChanges[lost])
        if correlation > best.correlation {
          best = SeamAlignment(lost: lost, scale: 0, shift: shift, correlation: correlation)
        }
      }
    }
    // Scale only refines the best loss: the two hardly interact, and it keeps the search small.
    let lost = best.lost
    for scale in scales {
      for shift in (centre - widest)...(centre + widest) {
        let alignment = SeamAlignment(lost: lost, scale: scale, shift: shift, correlation: 0)
        let correlation = alignment.correlation(
          leftHand.predictedChanges[lost], rightHand.predictedChanges[lost])
        if correlation > best.correlation {
          best = SeamAlignment(lost: lost, scale: scale, shift: shift, correlation: correlation)
        }
      }
    }
    return best
  }

  /// What the same search finds with the right-hand edge moved far up or down, beyond any
  /// plausible misalignment: stripes, rows of text and textures agree there as well as at the
  /// seam. The search has the same freedom as at the seam, so chance gets the same chances.
  func chance(leftHand: SpineEdge, rightHand: SpineEdge) -> Float {
    let widest = widestShift
    var best: Float = -1
    // Windows of the same width as the seam's, side by side, from 2 to 10 windows away.
    for window in 1...4 {
      for sign in [-1, 1] {
        let centre = sign * (2 * window + 1) * widest
        guard abs(centre) + widest < workingHeight / 3 else { continue }
        let alignment = bestAlignment(leftHand: leftHand, rightHand: rightHand, around: centre)
        best = max(best, alignment.correlation)
      }
    }
    return best
  }

  /// The better agreement of the two pages' right edges with each other, or of their left
  /// edges: lines that run across whole pages (a horizon, ruled rows, stripes) meet there as
  /// well, where no picture crosses.
  func sameSideAgreement(_ earlier: PreparedPage, _ later: PreparedPage) -> Float {
    max(
      bestAlignment(leftHand: earlier.right, rightHand: later.right, around: 0).correlation,
      bestAlignment(leftHand: earlier.left, rightHand: later.left, around: 0).correlation)
  }

  /// Every measure of one pair, both directions with their chance comparisons, for tests and
  /// for tuning; nil where a page is too small to compare.
  func measures(_ earlier: GreyImage, _ later: GreyImage) -> SpinePairMeasures? {
    guard let first = prepare(earlier), let second = prepare(later) else { return nil }
    return SpinePairMeasures(
      forward: compare(leftHand: first.right, rightHand: second.left),
      backward: compare(leftHand: second.right, rightHand: first.left),
      forwardChance: chance(leftHand: first.right, rightHand: second.left),
      backwardChance: chance(leftHand: second.right, rightHand: first.left),
      sameSides: sameSideAgreement(first, second))
  }

  /// Rows where the level rises or falls by at least `step` per row and more than on the rows
  /// just around: the lines and edges crossing the seam.
  static func features(_ changes: [Float], step: Float) -> [Int] {
    let radius = 2
    guard changes.count > 2 * radius else { return [] }
    return (radius..<(changes.count - radius)).filter { row in
      let magnitude = abs(changes[row])
      guard magnitude >= step else { return false }
      for other in (row - radius)...(row + radius) where other != row {
        let neighbour = abs(changes[other])
        if neighbour > magnitude || (neighbour == magnitude && other < row) { return false }
      }
      return true
    }
  }

  /// Whether a line or edge (a level change of `change` at `row`, tilted by `tilt` rows per
  /// column outward) continues on the other side: within a row, with the same sign, a size
  /// within a factor of three (a gutter shadow dims both sides, not one threefold) and the
  /// same tilt. Going outward is the opposite way on the other page, so a straight line's
  /// tilts there are opposite.
  static func continues(
    change: Float, tilt: Float, at row: Int, into other: [Float?], tilts otherTilts: [Float?]
  ) -> Bool {
    for candidate in max(0, row - 1)...min(other.count - 1, row + 1) {
      guard let value = other[candidate], let otherTilt = otherTilts[candidate] else { continue }
      guard value * change > 0, abs(value) >= abs(change) / 3, abs(value) <= abs(change) * 3
      else { continue }
      let tiltTolerance = 0.3 + 0.3 * max(abs(tilt), abs(otherTilt))
      if abs(tilt + otherTilt) <= tiltTolerance { return true }
    }
    return false
  }
}

/// How the right-hand edge's rows line up with the left-hand edge's: row y on the left meets
/// row `(y - middle) * (1 + scale) + middle + shift` on the right, with `SpineEdge.lostWidths
/// [lost]` lost at the spine.
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
  /// `SpreadDetector.chance` for each direction.
  let forwardChance: Float
  let backwardChance: Float
  /// The better of right edge against right edge and left against left.
  let sameSides: Float

  /// How far `direction`'s continuity stands above every comparison chance offers.
  func margin(_ direction: SpineJoinDirection) -> Float {
    direction == .leftToRight
      ? forward.continuity - max(forwardChance, backward.continuity, sameSides)
      : backward.continuity - max(backwardChance, forward.continuity, sameSides)
  }
}

/// The measures of one seam, in one direction.
struct SeamComparison: Sendable {
  /// Correlation of the row-to-row changes at the best alignment.
  let continuity: Float
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
