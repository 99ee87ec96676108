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
/// Pictures with few sharp lines are judged by their levels instead: a smooth seam
/// (`smoothJoin`), a plain one (`plainJoin`), and where none of those decides, the seam's
/// measures weighed together (`agreedJoin`): levels that agree closely across the seam, or
/// several measures that each stand clear of chance. Where the grey levels show no join, a
/// page in colour is compared again by its colour differences (`colourJoin`): a picture whose
/// parts differ in hue more than in lightness shows its lines there.
///
/// A wrong join is far worse than a missed one: every limit has a margin over what unrelated
/// pictures reach (`SpreadDetectorTests` measures both).
///
/// Each edge is prepared once per page (`SpineEdge`: a few columns, scaled to 160 rows), about
/// 50 µs a page. A pair then costs some hundred alignments of a dozen features each, about
/// 30 µs; the chance comparisons (some 700 alignments more) run only for a pair that continues
/// in one direction. Measured on this machine's 2 cores, optimised: 200 pages with no double-
/// page pictures take 15-20 ms, 200 pages that are all double-page pictures about 35 ms.
struct SpreadDetector: Sendable {
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

  var thresholds = Thresholds()
  /// The limits of a plain seam's join (`plainJoin`).
  var plainSeams = PlainSeamThresholds()
  /// The limits of a join by the seam's measures together (`agreedJoin`).
  var agreement = SeamAgreementThresholds()
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
  func joins(_ pages: [SpinePicture?]) -> [SpineJoin] {
    findings(pages).compactMap { try? $0.outcome.get() }
  }

  /// The joins of pages in grey levels alone.
  func joins(_ pages: [GreyImage?]) -> [SpineJoin] {
    joins(pages.map { $0.map { SpinePicture(grey: $0) } })
  }

  /// The findings of pages in grey levels alone.
  func findings<Pages: Sequence>(_ pages: Pages) -> [SpinePairFinding]
  where Pages.Element == GreyImage? {
    findings(pages.lazy.map { $0.map { SpinePicture(grey: $0) } })
  }

  /// For every pair of consecutive pages, the join or the reason there is none.
  ///
  /// The pages are read once, in order, and only two are held prepared at a time (and six
  /// pages' edge profiles, for `RepeatingFrame`), so a lazy sequence of renders lets a book of
  /// any length pass in bounded memory.
  func findings<Pages: Sequence>(_ pages: Pages) -> [SpinePairFinding]
  where Pages.Element == SpinePicture? {
    var found: [SpinePairFinding] = []
    // The previous page: nil before the first; .some(nil) when it was not rendered.
    var previous: (rendered: Bool, prepared: PreparedPage?)? = nil
    var frame = RepeatingFrame()
    for (index, page) in pages.enumerated() {
      let current = (rendered: page != nil, prepared: page.flatMap(prepare))
      frame.keep(page: index, current.prepared)
      // The pair whose last page to compare with has come.
      let settled = index - RepeatingFrame.reach - 1
      if settled >= 0 { found[settled] = frame.checked(found[settled]) }
      if let previous {
        let outcome: Result<SpineJoin, SpineNoJoin>
        if !previous.rendered || !current.rendered {
          outcome = .failure(SpineNoJoin(reason: .notRendered))
        } else if let earlier = previous.prepared, let later = current.prepared {
          outcome = decide(first: index - 1, earlier, later)
        } else {
          outcome = .failure(SpineNoJoin(reason: .tooSmall))
        }
        found.append(SpinePairFinding(firstPage: index - 1, outcome: outcome))
      }
      previous = current
    }
    let unsettled = max(0, found.count - RepeatingFrame.reach)..<found.count
    for pair in unsettled { found[pair] = frame.checked(found[pair]) }
    return found
  }

  // MARK: - One page

  struct PreparedPage: Sendable {
    let aspect: Double
    let left: SpineEdge
    let right: SpineEdge
    /// The edges' profiles for plain seams (`plainJoin`).
    let leftProfile: SeamProfile
    let rightProfile: SeamProfile
    /// The colour differences' edges, prepared alike (`OpponentColours`: red against green,
    /// yellow against blue); empty for a page in grey levels.
    let colours: [PreparedPage]
  }

  /// The two edges that meet at the spine when a picture runs on in `direction` from page
  /// `earlier` to page `later`: the left-hand page's right edge and the right-hand page's left.
  static func facingEdges(
    _ direction: SpineJoinDirection, _ earlier: PreparedPage, _ later: PreparedPage
  ) -> (leftHand: SpineEdge, rightHand: SpineEdge) {
    direction == .leftToRight ? (earlier.right, later.left) : (later.right, earlier.left)
  }

  /// Pictures smaller than this (in either direction) are not compared: too few pixels to tell
  /// a picture from chance.
  static let smallestSide = 24

  func prepare(_ picture: SpinePicture) -> PreparedPage? {
    let aspect = picture.aspect
    let strips = picture.colours.map { [$0.redGreen, $0.yellowBlue] } ?? []
    let colours = strips.compactMap { prepare($0, aspect: aspect, colours: []) }
    return prepare(picture.grey, aspect: aspect, colours: colours.count == 2 ? colours : [])
  }

  func prepare(_ image: GreyImage) -> PreparedPage? {
    prepare(SpinePicture(grey: image))
  }

  /// `aspect`: the page's height to width (a page's colour strips are narrower than the page).
  private func prepare(_ image: GreyImage, aspect: Double, colours: [PreparedPage])
    -> PreparedPage?
  {
    guard image.width >= Self.smallestSide, image.height >= Self.smallestSide else { return nil }
    return PreparedPage(
      aspect: aspect,
      left: SpineEdge(
        image, side: .left, workingHeight: workingHeight, featureStep: thresholds.featureStep),
      right: SpineEdge(
        image, side: .right, workingHeight: workingHeight, featureStep: thresholds.featureStep),
      leftProfile: SeamProfile(image, side: .left, workingHeight: workingHeight),
      rightProfile: SeamProfile(image, side: .right, workingHeight: workingHeight),
      colours: colours)
  }

  // MARK: - One pair

  private func decide(first: Int, _ earlier: PreparedPage, _ later: PreparedPage)
    -> Result<SpineJoin, SpineNoJoin>
  {
    let grey = seamDecision(first: first, earlier, later)
    guard case .failure(let none) = grey, none.reason != .joinsBothWays,
      let join = colourJoin(first: first, earlier, later)
    else { return grey }
    return .success(join)
  }

  /// The join one set of edges (grey levels, or one colour difference) shows, or why none.
  /// `inColour`: the edges are a colour difference's, whose levels need not run on as grey
  /// levels do (`runOnLevelAgreement`): both differences must join alike instead.
  func seamDecision(
    first: Int, _ earlier: PreparedPage, _ later: PreparedPage, inColour: Bool = false
  ) -> Result<SpineJoin, SpineNoJoin> {
    let ratio = max(earlier.aspect, later.aspect) / min(earlier.aspect, later.aspect)
    guard ratio <= largestShapeRatio else { return .failure(SpineNoJoin(reason: .shapesDiffer)) }
    let forward = compare(leftHand: earlier.right, rightHand: later.left)
    let backward = compare(leftHand: later.right, rightHand: earlier.left)
    let plain = plainMeasures(earlier, later)
    let levelsRunOn = inColour ? nil : Self.runOnLevelAgreement
    let found = featureJoin(
      first: first, earlier, later, forward, backward, plain, levelsRunOn: levelsRunOn)
    switch found {
    case .success(let join):
      // Levels that agree closely the other way round outweigh lines that join this way.
      let direction = join.direction
      return levelsAgreeClosely(plain, direction.reversed)
        && !levelsAgreeClosely(plain, direction)
        ? .failure(SpineNoJoin(reason: .joinsBothWays)) : found
    case .failure:
      let agreed = agreedJoin(
        first: first, earlier, later, plain: plain, forward: forward, backward: backward,
        levelsRunOn: levelsRunOn)
      return agreed.map { .success($0) } ?? found
    }
  }

  /// The join the lines and edges crossing the seam show (`Thresholds`), or a smooth or
  /// plain picture's (`smoothJoin`, `plainJoin`), or why there is none.
  private func featureJoin(
    first: Int, _ earlier: PreparedPage, _ later: PreparedPage, _ forward: SeamComparison,
    _ backward: SeamComparison, _ plain: PlainPairMeasures, levelsRunOn: Float?
  ) -> Result<SpineJoin, SpineNoJoin> {
    let direction: SpineJoinDirection
    let (seam, reverse): (SeamComparison, SeamComparison)
    switch (forward.continues(thresholds), backward.continues(thresholds)) {
    case (true, true):
      return .failure(SpineNoJoin(reason: .joinsBothWays))
    case (false, false):
      if let join = smoothJoin(first: first, earlier, later, forward, backward, plain)
        ?? plainJoin(
          first: first, plain, forward: forward, backward: backward, levelsRunOn: levelsRunOn)
      {
        return .success(join)
      }
      let detailed = forward.hasDetail(thresholds) || backward.hasDetail(thresholds)
      return .failure(SpineNoJoin(reason: detailed ? .noContinuity : .tooLittleDetail))
    case (true, false):
      (direction, seam, reverse) = (.leftToRight, forward, backward)
    case (false, true):
      (direction, seam, reverse) = (.rightToLeft, backward, forward)
    }
    guard seam.standsAbove(reverse.matchedFeatures, thresholds) else {
      return .failure(SpineNoJoin(reason: .joinsBothWays))
    }
    let (leftHand, rightHand) = Self.facingEdges(direction, earlier, later)
    let farShifts = chance(leftHand: leftHand, rightHand: rightHand)
    let sameSides = sameSideMatches(earlier, later)
    guard seam.standsAbove(farShifts, thresholds), seam.standsAbove(sameSides, thresholds) else {
      return .failure(SpineNoJoin(reason: .repeatedPattern))
    }
    let best = max(farShifts, reverse.matchedFeatures, sameSides)
    let strength = Double(seam.matchedFeatures - best) / Double(seam.fewerFeatures)
    return .success(
      SpineJoin(firstPage: first, direction: direction, strength: strength, rule: .lines))
  }
}
