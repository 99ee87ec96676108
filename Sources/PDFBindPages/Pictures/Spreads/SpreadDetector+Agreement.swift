/// The limits of the rules that weigh a seam's measures together (`SpreadDetector.agreedJoin`),
/// measured on three sets of 93 labelled image books of bench/suggest (seeds 19, 2027 and 3:
/// 2,958 pairs of consecutive pages, 141 of them halves of one picture; the third made after
/// the first limits were chosen, and the changes-alone rule chosen with all three in view) and
/// on `SpreadDetectorTests`' synthetic pictures: on 18,000 unrelated pairs whose edges are full
/// of lines these rules add no join to the 9 the older plain-seam rule makes (but 3 of those 9
/// and 2 panel-border look-alikes would pass the agreement too, by the levels and their rises
/// and falls: both rules share that weakness).
struct SeamAgreementThresholds: Sendable {
  /// Levels that agree closely: where a picture runs on, the levels nearest the spine differ
  /// by a few levels across the seam, far less than in any comparison by chance
  /// (`PlainPairMeasures.levelRatio`), and the profiles correlate there but not at far shifts
  /// (stripes of one period correlate at every period). Unrelated pairs of the labelled books
  /// whose profiles correlate never went under a ratio of 1.42; `SpreadDetectorTests`'
  /// look-alikes went to 0.46 (panel borders at the same rows on both pages, differing by 13
  /// levels or more) and 0.31 (diagonal stripes, far correlation 0.99). The labelled joins
  /// this finds measured ratios of 0.25 to 0.46 and differences of 2 to 7 levels. Such a seam
  /// joins whatever lines that run across whole pages (a horizon, streaks) or repeat
  /// (screentone) say, and a join of lines the other way is then no join.
  var closeLevelRatio: Float = 0.5
  var closeLevelDifference: Float = 8
  var closeLevelSpread: Float = 8
  var closeLevelCorrelation: Float = 0.4
  var closeLevelFarCorrelation: Float = 0.5
  /// Agreement: at least `votes` of three kinds of evidence, each clear of what chance
  /// reaches, on a seam with detail (`detailFeatures` on each edge) whose levels correlate: lines
  /// and edges that continue; the levels' rises and falls (their changes, or the profiles);
  /// the levels themselves. Each alone is too weak (unrelated pairs pass any one of them),
  /// two together never did on the labelled books: with every limit 20% looser (features
  /// 4, levels 0.4, changes 0.16, profiles 0.12) still none passed; with the features' excess
  /// at 1 and the level ratio at 0.95, one did.
  var votes = 2
  var detailFeatures = 5
  var detailLevelAgreement: Float = 0.5
  /// Evidence 1: lines and edges that continue, beyond the best chance comparison (by a
  /// count and a factor: stripes of one period match nearly as well at far shifts).
  var lineExcessFeatures = 2
  var lineExcessRatio: Float = 1.5
  var lineMatchedFeatures = 5
  /// Evidence 2: the row-to-row changes of level correlate across the seam...
  var changeCorrelation: Float = 0.5
  /// ... and by this much more than at far shifts, the other way round and the same sides.
  var changeMargin: Float = 0.2
  /// ... or the edges' profiles (`SeamProfile`) correlate, and stand above chance.
  var profileCorrelation: Float = 0.5
  var profileMargin: Float = 0.15
  /// Evidence 3: the levels differ less across the seam than by chance.
  var levelVoteRatio: Float = 0.75
  var levelVoteSpread: Float = 6
  /// The changes alone decide when they stand far clear of chance: the changes correlate at
  /// least `strongChangeCorrelation` across a seam with `strongChangeFeatures` on each edge,
  /// and by `strongChangeMargin` more than anywhere by chance. Unrelated pairs reached a
  /// margin of 0.31 (with 0.65 and 13 features) and 0.29 (5 features); at 0.32, 0.56 and 6
  /// features still none passed.
  var strongChangeCorrelation: Float = 0.7
  var strongChangeMargin: Float = 0.4
  var strongChangeFeatures = 8
}

extension SpreadDetector {
  /// A join by the seam's measures together, asked when the lines and edges alone
  /// (`featureJoin`) leave the pair undecided: the one direction in which the levels agree
  /// closely, the changes of level run on far clear of chance, or enough measures agree.
  func agreedJoin(
    first: Int, _ earlier: PreparedPage, _ later: PreparedPage, plain: PlainPairMeasures,
    forward: SeamComparison, backward: SeamComparison, levelsRunOn: Float?
  ) -> SpineJoin? {
    let limits = agreement
    /// How clearly the seam in `direction` joins (0 to 1) and by which rule, or nil.
    func finding(_ direction: SpineJoinDirection) -> (strength: Double, rule: SpineJoinRule)? {
      if levelsAgreeClosely(plain, direction),
        plain.seam(direction).difference >= Self.leastLevelDifference
      {
        return (Double(1 - plain.levelRatio(direction)), .closeLevels)
      }
      let (seam, reverse) = direction == .leftToRight ? (forward, backward) : (backward, forward)
      guard seam.fewerFeatures >= limits.detailFeatures,
        seam.levelAgreement >= limits.detailLevelAgreement,
        plain.seam(direction).spread >= thresholds.pictureSpread
      else { return nil }
      let (leftHand, rightHand) = Self.facingEdges(direction, earlier, later)
      let chanceFeatures = max(
        chance(leftHand: leftHand, rightHand: rightHand), reverse.matchedFeatures,
        sameSideMatches(earlier, later))
      let changes = changeContinuity(direction, earlier, later)
      let changeMargin = changes.seam - changes.chance
      if seam.fewerFeatures >= limits.strongChangeFeatures,
        changes.seam >= limits.strongChangeCorrelation, changeMargin >= limits.strongChangeMargin,
        levelsRunOn.map({ seam.levelAgreement >= $0 }) ?? true
      {
        return (Double(min(1, changeMargin)), .changes)
      }
      let plainSeam = plain.seam(direction)
      // The changes and the profiles both follow the levels' rises and falls: together
      // they are one vote (unrelated synthetic pairs passed both at once, 4 in 6,000).
      let votes = [
        seam.matchedFeatures >= limits.lineMatchedFeatures
          && seam.matchedFeatures - chanceFeatures >= limits.lineExcessFeatures
          && Float(seam.matchedFeatures) >= limits.lineExcessRatio * Float(chanceFeatures),
        (changes.seam >= limits.changeCorrelation && changeMargin >= limits.changeMargin)
          || (plainSeam.correlation >= limits.profileCorrelation
            && plain.correlationMargin(direction) >= limits.profileMargin),
        plainSeam.spread >= limits.levelVoteSpread
          && plain.levelRatio(direction) <= limits.levelVoteRatio,
      ].filter { $0 }.count
      return votes >= limits.votes ? (Double(votes) / 3, .agreement) : nil
    }
    return SpineJoin.oneWay(
      first: first, leftToRight: finding(.leftToRight), rightToLeft: finding(.rightToLeft))
  }

  /// Whether the levels nearest the spine agree closely across the seam in `direction`.
  func levelsAgreeClosely(_ plain: PlainPairMeasures, _ direction: SpineJoinDirection) -> Bool {
    let limits = agreement
    let seam = plain.seam(direction)
    return seam.spread >= limits.closeLevelSpread && seam.difference <= limits.closeLevelDifference
      && seam.correlation >= limits.closeLevelCorrelation
      && seam.farCorrelation <= limits.closeLevelFarCorrelation
      && plain.levelRatio(direction) <= limits.closeLevelRatio
  }

  /// The best correlation of the row-to-row changes of level across the seam in `direction`
  /// (any lost width, scale and near shift), and the best any chance comparison reaches: far
  /// shifts, the other direction and the pages' same sides.
  func changeContinuity(
    _ direction: SpineJoinDirection, _ earlier: PreparedPage, _ later: PreparedPage
  ) -> (seam: Float, chance: Float) {
    let (leftHand, rightHand) = Self.facingEdges(direction, earlier, later)
    let (otherLeft, otherRight) = Self.facingEdges(direction.reversed, earlier, later)
    var chance = max(
      changeCorrelation(otherLeft, otherRight, around: 0),
      changeCorrelation(earlier.right, later.right, around: 0),
      changeCorrelation(earlier.left, later.left, around: 0))
    for centre in chanceCentres {
      chance = max(chance, changeCorrelation(leftHand, rightHand, around: centre))
    }
    return (changeCorrelation(leftHand, rightHand, around: 0), chance)
  }

  /// The best correlation of the predicted changes of level of `leftHand` and `rightHand`
  /// over every lost width, scale and shift within `widestShift` of `centre`.
  private func changeCorrelation(_ leftHand: SpineEdge, _ rightHand: SpineEdge, around centre: Int)
    -> Float
  {
    let widest = widestShift
    var best: Float = -1
    for lost in SpineEdge.lostWidths.indices {
      for scale in [0] + scales {
        for shift in (centre - widest)...(centre + widest) {
          let alignment = SeamAlignment(lost: lost, scale: scale, shift: shift)
          best = max(
            best,
            alignment.correlation(
              leftHand.predictedChanges[lost], rightHand.predictedChanges[lost]))
        }
      }
    }
    return best
  }
}
