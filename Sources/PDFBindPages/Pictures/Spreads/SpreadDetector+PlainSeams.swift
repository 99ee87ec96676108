/// The limits a plain seam's join must pass (`SpreadDetector.plainJoin`), measured on the 93
/// labelled image books of bench/suggest (961 pairs of consecutive pages, 46 of them halves of
/// one picture) and checked on a held-out set made with another seed (bench/suggest/README.md).
struct PlainSeamThresholds: Sendable {
  /// Structure: both edges' profiles vary by at least this much (standard deviation, levels)
  /// once the slow drift is taken out. Paper, flat margins and grain stay under 3.
  var amplitude: Float = 4
  /// The profiles correlate at least this well at the seam. Labelled joins: 0.7 to 0.98 for
  /// most; no unrelated pair passed the margin below with more than 0.60.
  var correlation: Float = 0.75
  /// ... and by this much more than the best of the other direction, far shifts and the
  /// pages' same sides. Unrelated pairs reached 0.39 (at a correlation of 0.60).
  var margin: Float = 0.35
  /// ... and the edges nearest the spine vary in level by at least this much (standard
  /// deviation), as a picture that runs on does. A leaf's flat paper whose structure is a
  /// JPEG's block noise does not (`p35b-candide-ms` 1|2 at quality 25,
  /// bench/suggest/real/README.md: 1.7; SuggestRules 44, at 4), nor do two pages of print
  /// cropped close to it, whose lines of text meet row for row (`n59-latin-fauxvisage-1` 3|4
  /// in grey: 8.2, profiles 0.75; SuggestRules 56, at the smooth and agreement rules' limit,
  /// `SpreadDetector.Thresholds.pictureSpread`, which says what 11 rests on). The joins this
  /// rule finds on the labelled image books vary 21 or more (seeds 19, 4 and 5501); 13.6 or
  /// more on seeds 5 and 6 when the limit came.
  var profileSpread: Float = 11
  /// Levels: the edges nearest the spine vary by at least this much (standard deviation)...
  var levelSpread: Float = 8
  /// ... their profiles correlate at least this well at the seam, and by this much more than
  /// in the other direction and between the same sides: levels that agree by chance where
  /// both pages share a template (panel gutters at the same rows, a vignette) do not rise and
  /// fall together. 24 of the 26 labelled joins the levels find pass (0.3 and 0.1: 25).
  var levelCorrelation: Float = 0.4
  var levelCorrelationMargin: Float = 0.15
  /// ... and differ at the seam by at most this share of their least difference in any
  /// comparison by chance (the other direction, far shifts, the same sides). Labelled joins
  /// measured 0.09 to 0.75 (the plain ones 0.3 to 0.75); no unrelated pair went under 1.05.
  var levelRatio: Float = 0.75
}

extension SpreadDetector {
  /// A plain seam (`plainJoin`) or levels that agree closely (`levelsAgreeClosely`) join only
  /// when the levels differ along the seam by at least this much (levels, the mean
  /// difference): levels that agree within a level all down the seam are one flat fill, or the
  /// same drawing at the same rows on both pages, not a picture that runs on. pdfcpu's booklet
  /// of flat tan panels (`BookletFromPDFLedger_4Up…`: 0.16 levels in grey, 0.01 and 0.02 in
  /// its colours) and its page cut into 16 tiles (`ndown16_page_1.pdf`: 0.00) joined right to
  /// left by close levels and by a plain seam in colour; the labelled joins differ by 2 levels
  /// or more (close levels: 2 to 7; every join of the small sets of seeds 19 and 4: 2.8 to 17).
  /// A least number of lines and edges at the seam instead (3) would have lost a labelled join
  /// (seed 19's small set, zh-vertical-0 3|4, joined in its colours with none in grey).
  static let leastLevelDifference: Float = 1

  /// A join that rests on the levels' rises and falls alone (a plain seam, `plainJoin`; the
  /// changes far clear of chance, `agreedJoin`) also asks the levels themselves to correlate
  /// along the seam (`SeamComparison.levelAgreement`) by at least this much: a picture that
  /// runs on across the spine keeps its levels, not only their steps. The two sides of one
  /// sheet do not: a will's stitching thread and its hole, a register's ruled lines, a
  /// manuscript leaf's edge, seen on the recto's bound edge and again on the verso's, step at
  /// the same rows while the sheet's light and shadow differ (bench/suggest/README.md,
  /// "Handwritten wills": of 255 pairs of such scans, 10 joined, 8 of them at -0.36 to 0.75;
  /// two lit alike, at 0.91 and 0.94, still do). The labelled image books' joins these rules
  /// find in grey levels measured 0.82 to 1.00 (seeds 19, 2027 and 3; none lost): a thin
  /// margin either side, 0.03 and 0.04. A colour difference's levels are not asked
  /// (`seamDecision`): seed 19's hebrew-5 3|4 joins in both differences, its levels
  /// correlating less.
  static let runOnLevelAgreement: Float = 0.78

  /// The rows the halves of a plain seam may be shifted by: 3 of 160 rows, about 2% of the
  /// height (scans shift halves by up to 6 pixels of 1,500, and tilt them by up to 1°).
  static let plainSeamShifts = Array(-3...3)
  /// Far shifts: from 12 rows (beyond any misalignment and the drift window's reach of the
  /// structure) to 50, either way.
  static let plainSeamFarShifts = Array(-50...(-12)) + Array(12...50)

  /// The join of a plain seam, asked only when no lines or edges decide (`decide`). A plain
  /// picture (sand, water, grass, a sky with clouds) runs on across the spine in its levels:
  /// its edges' profiles (`SeamProfile`) correlate, or their levels nearly agree, in exactly
  /// one direction, and clearly better than in the other direction, at far shifts and between
  /// the pages' same sides.
  /// `levelsRunOn`: the least the levels must correlate along the seam
  /// (`runOnLevelAgreement` in grey levels; nil: not asked).
  func plainJoin(
    first: Int, _ measures: PlainPairMeasures, forward: SeamComparison,
    backward: SeamComparison, levelsRunOn: Float? = runOnLevelAgreement
  ) -> SpineJoin? {
    let limits = plainSeams
    func strength(_ direction: SpineJoinDirection) -> Double? {
      let seam = measures.seam(direction)
      let levels = (direction == .leftToRight ? forward : backward).levelAgreement
      guard seam.difference >= Self.leastLevelDifference, levelsRunOn.map({ levels >= $0 }) ?? true
      else { return nil }
      var strength: Double? = nil
      let correlationMargin = measures.correlationMargin(direction)
      if seam.structure >= limits.amplitude, seam.spread >= limits.profileSpread,
        seam.correlation >= limits.correlation, correlationMargin >= limits.margin
      {
        strength = Double(correlationMargin)
      }
      let ratio = measures.levelRatio(direction)
      if seam.spread >= limits.levelSpread, ratio <= limits.levelRatio,
        seam.correlation >= limits.levelCorrelation,
        seam.correlation
          - max(measures.seam(direction.reversed).correlation, measures.sameCorrelation)
          >= limits.levelCorrelationMargin
      {
        strength = max(strength ?? 0, Double(1 - ratio))
      }
      return strength
    }
    return SpineJoin.oneWay(
      first: first, leftToRight: strength(.leftToRight).map { ($0, .plainSeam) },
      rightToLeft: strength(.rightToLeft).map { ($0, .plainSeam) })
  }

  /// The plain measures of one pair of pages, both directions and the same sides.
  func plainMeasures(_ earlier: PreparedPage, _ later: PreparedPage) -> PlainPairMeasures {
    let near = Self.plainSeamShifts
    return PlainPairMeasures(
      forward: plainSeam(leftHand: earlier.rightProfile, rightHand: later.leftProfile),
      backward: plainSeam(leftHand: later.rightProfile, rightHand: earlier.leftProfile),
      sameCorrelation: max(
        earlier.rightProfile.bestCorrelation(with: later.rightProfile, shifts: near),
        earlier.leftProfile.bestCorrelation(with: later.leftProfile, shifts: near)),
      sameDifference: min(
        earlier.rightProfile.leastDifference(from: later.rightProfile, shifts: near),
        earlier.leftProfile.leastDifference(from: later.leftProfile, shifts: near)))
  }

  private func plainSeam(leftHand: SeamProfile, rightHand: SeamProfile) -> PlainSeam {
    PlainSeam(
      structure: min(leftHand.amplitude, rightHand.amplitude),
      correlation: leftHand.bestCorrelation(with: rightHand, shifts: Self.plainSeamShifts),
      farCorrelation: leftHand.bestCorrelation(with: rightHand, shifts: Self.plainSeamFarShifts),
      spread: min(leftHand.edgeSpread, rightHand.edgeSpread),
      difference: leftHand.leastDifference(from: rightHand, shifts: Self.plainSeamShifts),
      farDifference: leftHand.leastDifference(from: rightHand, shifts: Self.plainSeamFarShifts))
  }
}

/// One direction's plain measures: at the seam (near shifts) and at far shifts.
struct PlainSeam: Sendable {
  /// The smaller amplitude of the two profiles (`SeamProfile.amplitude`).
  var structure: Float
  var correlation: Float
  var farCorrelation: Float
  /// The smaller spread of the two edges' levels (`SeamProfile.edgeSpread`).
  var spread: Float
  var difference: Float
  var farDifference: Float
}

/// The plain measures of a pair of consecutive pages (`SpreadDetector.plainMeasures`).
struct PlainPairMeasures: Sendable {
  /// Page k's right edge against page k+1's left edge.
  let forward: PlainSeam
  /// Page k+1's right edge against page k's left edge.
  let backward: PlainSeam
  /// The best correlation of the two right edges' profiles, or the two left edges'.
  let sameCorrelation: Float
  /// The least level difference of the two right edges, or the two left edges.
  let sameDifference: Float

  func seam(_ direction: SpineJoinDirection) -> PlainSeam {
    direction == .leftToRight ? forward : backward
  }

  /// How far the profiles' correlation at the seam stands above the best of the other
  /// direction, far shifts and the same sides.
  func correlationMargin(_ direction: SpineJoinDirection) -> Float {
    let seam = seam(direction)
    return seam.correlation
      - max(self.seam(direction.reversed).correlation, seam.farCorrelation, sameCorrelation)
  }

  /// The levels' least difference at the seam as a share of the least of the other
  /// direction, far shifts and the same sides: under 1, the levels run on better across the
  /// seam than anywhere by chance; infinite when a chance comparison matches exactly.
  func levelRatio(_ direction: SpineJoinDirection) -> Float {
    let seam = seam(direction)
    let chance = min(self.seam(direction.reversed).difference, seam.farDifference, sameDifference)
    return chance > 0 ? seam.difference / chance : .infinity
  }
}

extension SpineJoinDirection {
  var reversed: SpineJoinDirection { self == .leftToRight ? .rightToLeft : .leftToRight }
}
