// Two facing edges compared: a join by the smooth seam between them, how far the halves of one
// picture may be shifted, the seam at the best alignment, and what chance and a page's own
// edges would match.

extension SpreadDetector {
  /// The join of a smooth picture (`Thresholds.smoothFeatures`): exactly one direction runs on
  /// almost perfectly, the other does not, and chance matches fewer features; both edges show
  /// a picture's structure (`Thresholds.smoothStructure`), not a blank margin's.
  func smoothJoin(
    first: Int, _ earlier: PreparedPage, _ later: PreparedPage, _ forward: SeamComparison,
    _ backward: SeamComparison, _ plain: PlainPairMeasures
  ) -> SpineJoin? {
    let limits = thresholds
    func runsOn(
      _ seam: SeamComparison, reverse: SeamComparison, _ direction: SpineJoinDirection
    ) -> Bool {
      plain.seam(direction).structure >= limits.smoothStructure
        && plain.seam(direction).spread >= limits.pictureSpread
        && seam.fewerFeatures >= limits.smoothFeatures
        && seam.matchedFeatures >= limits.smoothFeatures
        && Float(seam.matchedFeatures) >= limits.matchedShare * Float(seam.fewerFeatures)
        && seam.continuity >= limits.smoothContinuity
        && seam.levelAgreement >= limits.smoothLevelAgreement
        && reverse.continuity < limits.smoothReverseContinuity
    }
    let direction: SpineJoinDirection
    let (seam, reverse): (SeamComparison, SeamComparison)
    switch (
      runsOn(forward, reverse: backward, .leftToRight),
      runsOn(backward, reverse: forward, .rightToLeft)
    ) {
    case (true, false): (direction, seam, reverse) = (.leftToRight, forward, backward)
    case (false, true): (direction, seam, reverse) = (.rightToLeft, backward, forward)
    default: return nil
    }
    let (leftHand, rightHand) = Self.facingEdges(direction, earlier, later)
    let best = max(
      chance(leftHand: leftHand, rightHand: rightHand), sameSideMatches(earlier, later),
      reverse.matchedFeatures)
    guard seam.matchedFeatures > best else { return nil }
    let strength = Double(seam.matchedFeatures - best) / Double(seam.fewerFeatures)
    return SpineJoin(firstPage: first, direction: direction, strength: strength, rule: .smoothSeam)
  }

  /// The rows the halves of one picture may be shifted by, either way.
  var widestShift: Int { max(2, Int((largestShift * Double(workingHeight)).rounded())) }

  /// The seam between `leftHand`'s right edge and `rightHand`'s left edge, at the loss, shift
  /// and scale where most of their lines and edges continue.
  func compare(leftHand: SpineEdge, rightHand: SpineEdge) -> SeamComparison {
    let best = bestAlignment(leftHand: leftHand, rightHand: rightHand, around: 0)
    let alignment = SeamAlignment(lost: best.lost, scale: best.scale, shift: best.shift)
    return SeamComparison(
      matchedFeatures: best.matched,
      leftFeatures: leftHand.features[best.lost].count,
      rightFeatures: rightHand.features[best.lost].count,
      continuity: alignment.correlation(
        leftHand.predictedChanges[best.lost], rightHand.predictedChanges[best.lost]),
      levelAgreement: alignment.correlation(
        leftHand.predictedLevels[best.lost], rightHand.predictedLevels[best.lost]))
  }

  /// The loss, scale and shift (within `widestShift` of `centre`) under which most of
  /// `leftHand`'s features continue into `rightHand`'s; ties go to the plainest alignment.
  func bestAlignment(
    leftHand: SpineEdge, rightHand: SpineEdge, around centre: Int, sameSide: Bool = false
  ) -> (matched: Int, lost: Int, scale: Float, shift: Int) {
    let widest = widestShift
    // Nearest the centre first, so a tie keeps the smaller shift.
    let shifts = [centre] + (1...widest).flatMap { [centre - $0, centre + $0] }
    var best = (matched: -1, lost: 0, scale: Float(0), shift: centre)
    for lost in SpineEdge.lostWidths.indices {
      let right = rightHand.features[lost]
      for shift in shifts {
        let matched = right.matched(
          from: leftHand.features[lost], scale: 0, shift: shift, sameSide: sameSide)
        if matched > best.matched { best = (matched, lost, 0, shift) }
      }
    }
    // Scale only refines the best loss: the two hardly interact, and it keeps the search small.
    let lost = best.lost
    for scale in scales {
      for shift in shifts {
        let matched = rightHand.features[lost].matched(
          from: leftHand.features[lost], scale: scale, shift: shift, sameSide: sameSide)
        if matched > best.matched { best = (matched, lost, scale, shift) }
      }
    }
    return best
  }

  /// What the same search finds with the right-hand edge moved far up or down, beyond any
  /// plausible misalignment: stripes, rows of text and textures match there as well as at the
  /// seam. The search has the same freedom as at the seam, so chance gets the same chances.
  func chance(leftHand: SpineEdge, rightHand: SpineEdge) -> Int {
    chanceCentres.reduce(0) { best, centre in
      max(best, bestAlignment(leftHand: leftHand, rightHand: rightHand, around: centre).matched)
    }
  }

  /// The far shifts chance is measured at (`chance`, `changeContinuity`): windows as wide as
  /// the seam's, side by side, from the second outward, either way, up to `chanceWindows` of
  /// them and as far as a third of the height; each is the centre of its window.
  var chanceCentres: [Int] {
    let widest = widestShift
    var centres: [Int] = []
    for window in 1...Self.chanceWindows {
      for sign in [-1, 1] {
        let centre = sign * (2 * window + 1) * widest
        if abs(centre) + widest < workingHeight / 3 { centres.append(centre) }
      }
    }
    return centres
  }

  /// Far windows either way, at most: at the working height of 160 rows (a widest shift of 4)
  /// the third of the height stops them first, after 5.
  static let chanceWindows = 8

  /// The more features that match between the two pages' right edges, or between their left
  /// edges: lines that run across whole pages (a horizon, ruled rows) and textures whose lines
  /// all run one way (grain, streaks, hatching) meet there as well, where no picture crosses.
  func sameSideMatches(_ earlier: PreparedPage, _ later: PreparedPage) -> Int {
    max(
      bestAlignment(leftHand: earlier.right, rightHand: later.right, around: 0, sameSide: true)
        .matched,
      bestAlignment(leftHand: earlier.left, rightHand: later.left, around: 0, sameSide: true)
        .matched)
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
      sameSides: sameSideMatches(first, second))
  }
}
