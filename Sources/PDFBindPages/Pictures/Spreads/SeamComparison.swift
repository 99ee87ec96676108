/// How the right-hand edge's rows line up with the left-hand edge's: row y on the left meets
/// row `(y - middle) * (1 + scale) + middle + shift` on the right, with
/// `SpineEdge.lostWidths[lost]` lost at the spine.
struct SeamAlignment: Sendable {
  let lost: Int
  let scale: Float
  let shift: Int

  /// Rows within this distance of the top or bottom are left out: smoothing bends them.
  static let endRows = 2
  /// Flat stretches (variance of well under one level per row) carry no evidence.
  static let flat = Correlation.FlatInput.atMost(variance: 0.05)

  /// The correlation (Pearson) of `left` with `right` aligned, over the rows both cover; -1 when
  /// they overlap on less than half the rows or one of them is flat there.
  func correlation(_ left: [Float], _ right: [Float]) -> Float {
    let count = left.count
    let middle = Float(count - 1) / 2
    let top = Float(Self.endRows)
    let bottom = Float(count - 1 - Self.endRows)
    var pairs = Correlation()
    left.withUnsafeBufferPointer { left in
      right.withUnsafeBufferPointer { right in
        for row in Self.endRows..<(count - Self.endRows) {
          let position = (Float(row) - middle) * (1 + scale) + middle + Float(shift)
          guard position >= top, position <= bottom else { continue }
          let below = min(Int(position), count - 2)
          let fraction = position - Float(below)
          pairs.add(left[row], right[below] * (1 - fraction) + right[below + 1] * fraction)
        }
      }
    }
    guard pairs.count >= Float(count) / 2 else { return -1 }
    return pairs.coefficient(flat: Self.flat) ?? -1
  }
}

/// The measures of one pair of consecutive pages.
struct SpinePairMeasures: Sendable {
  /// Page k's right edge against page k+1's left edge.
  let forward: SeamComparison
  /// Page k+1's right edge against page k's left edge.
  let backward: SeamComparison
  /// `SpreadDetector.chance` for each direction: features matched at far shifts.
  let forwardChance: Int
  let backwardChance: Int
  /// Features matched between the right edges, or between the left edges.
  let sameSides: Int

  /// The features that continue across the seam in `direction`, less the most any chance
  /// comparison matches.
  func excess(_ direction: SpineJoinDirection) -> Int {
    direction == .leftToRight
      ? forward.matchedFeatures - max(forwardChance, backward.matchedFeatures, sameSides)
      : backward.matchedFeatures - max(backwardChance, forward.matchedFeatures, sameSides)
  }
}

/// The measures of one seam, in one direction, at its best alignment.
struct SeamComparison: Sendable {
  /// Lines and edges of the left-hand edge that continue on the right-hand one.
  let matchedFeatures: Int
  let leftFeatures: Int
  let rightFeatures: Int
  /// Correlation of the row-to-row changes of level.
  let continuity: Float
  /// Correlation of the levels themselves (a gutter shadow scales them; correlation does not
  /// mind).
  let levelAgreement: Float

  var fewerFeatures: Int { min(leftFeatures, rightFeatures) }

  func hasDetail(_ limits: SpreadDetector.Thresholds) -> Bool {
    fewerFeatures >= limits.features
  }

  /// Detail that continues across the seam: lines and edges, levels and their changes agree.
  func continues(_ limits: SpreadDetector.Thresholds) -> Bool {
    hasDetail(limits) && matchedFeatures >= limits.matchedFeatures
      && Float(matchedFeatures) >= limits.matchedShare * Float(fewerFeatures)
      && continuity >= limits.continuity && levelAgreement >= limits.levelAgreement
  }

  /// Whether this seam's matches clearly exceed `chance` matches found elsewhere.
  func standsAbove(_ chance: Int, _ limits: SpreadDetector.Thresholds) -> Bool {
    matchedFeatures - chance >= limits.excessFeatures
      && Float(matchedFeatures) >= limits.excessRatio * Float(chance)
  }
}
