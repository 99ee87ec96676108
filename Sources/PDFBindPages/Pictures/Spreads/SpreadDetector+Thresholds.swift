// The limits the detector's rules must pass, apart from the plain seams' and the agreement's
// (`PlainSeamThresholds`, `SeamAgreementThresholds`), with what each rests on.

extension SpreadDetector {
  /// The limits a join must pass; `SpreadDetectorTests.measure` prints the distributions they
  /// rest on. Over 500 seeds per case no unrelated or look-alike pair passed them all; the
  /// nearest, halves of one photograph, had 5 continuing features against chance's 3.
  struct Thresholds: Sendable {
    /// A rise or fall of at least this many levels per row (after smoothing, at the working
    /// height) is a feature: a line or edge crossing the edge of the page.
    var featureStep: Float = 2.5
    /// Features along each of the two edges: fewer, and there is too little to go on.
    var features = 6
    /// Features of the left-hand edge that continue on the right-hand one (same row, sign,
    /// size within a factor of three, and tilt)...
    var matchedFeatures = 6
    /// ... and as a share of the edge with fewer features.
    var matchedShare: Float = 0.5
    /// Correlation of the row-to-row changes of level along the seam.
    var continuity: Float = 0.3
    /// Correlation of the levels themselves along the seam.
    var levelAgreement: Float = 0.5
    /// How many more features must continue across the seam than match in any chance
    /// comparison (far shifts, the other direction, the same sides)...
    var excessFeatures = 3
    /// ... and by what factor.
    var excessRatio: Float = 1.5
    /// A smooth picture (a photograph's sky, a blurred background) has few lines and edges at
    /// the spine, but its levels and their changes run on almost exactly. Such a seam joins
    /// with fewer features when both correlations are high, the other direction does not
    /// continue and chance matches fewer. On the 93 labelled image books (1,183 pairs of pages)
    /// the detailed rule alone found 21 of 48 double-page pictures; with this rule 31, and no
    /// unrelated pair joined. The margin: at 1 feature, continuity 0.3, levels 0.5 and the
    /// other direction up to 0.7 still no unrelated pair joins (35 found); what keeps them
    /// apart is the other direction and chance, which these limits do not loosen. The plain
    /// and agreement rules now find nearly everything it finds; over four labelled sets it
    /// alone finds one join (in the held-out set, seed 4), so it stays, kept off blank margins.
    var smoothFeatures = 3
    var smoothContinuity: Float = 0.6
    var smoothLevelAgreement: Float = 0.8
    /// The other direction's continuity must stay below this (SuggestRules 55; 0.5 before).
    /// Two pages of a real French book of 1893 (`n59-latin-kovalewsky-1`, a Gallica scan
    /// cropped close to the print), halved, grey, at JPEG quality 25 or fitted into 640 and
    /// 480 pixels, joined right to left as a smooth picture: 3 of 3 features, continuity 0.73
    /// to 0.76, the other direction 0.41 to 0.48. The smooth joins of the labelled sets run the other way at 0.23 at most (seed 19,
    /// its 13), 0.02 (seed 5501's 9) and -0.03 (seed 4's 9).
    var smoothReverseContinuity: Float = 0.35
    /// Both edges' profiles vary by at least this much (`SeamProfile.amplitude`, levels): a
    /// picture, not a blank margin. Scanned margins have a few features (a tilted page's
    /// corners, the lid's shadow) and levels that fall smoothly with the light, and two of them
    /// run on as a smooth picture does: 5 of the 7 wrong smooth joins among pages of different
    /// books (bench/suggest/seams/cross.sh, 300,000 pairs) had profiles varying by under half
    /// a level. With this limit the four labelled sets find the same joins as without it.
    /// The plain rule's limit (`PlainSeamThresholds.amplitude`, 4: paper, flat margins and
    /// grain stay under 3).
    var smoothStructure: Float = PlainSeamThresholds().amplitude
    /// A join by the smooth rule or by the seam's measures weighed together (`agreedJoin`,
    /// beyond levels that agree closely, which ask their own spread) asks both edges nearest
    /// the spine to vary in level by at least this much (standard deviation,
    /// `PlainSeam.spread`), as a picture's do; so does a plain seam's join by its profiles
    /// (`PlainSeamThresholds.profileSpread`). Two pages of a book cropped close to the print
    /// meet row for row, their lines of text at the same heights, and those rules joined them
    /// (SuggestRules 56): three real books, each pair's edges varying by 6.9 to 8.3 levels
    /// (`n59-latin-kovalewsky-1` 1|2 right to left, `n59-latin-fauxvisage-1` 3|4 and
    /// `n59-blackletter-vdsbb-1` 3|4 left to right, as they are or transformed; bench/suggest/
    /// real/README.md). The labelled image books' smooth joins vary by 14.5 or more, their
    /// agreement joins by 29.3 or more (seeds 19, 4 and 5501): 11 stands a third above the
    /// print's most and a third under the pictures' least.
    var pictureSpread: Float = PlainSeamThresholds().profileSpread
  }
}
