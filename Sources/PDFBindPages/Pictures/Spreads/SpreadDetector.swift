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
  /// The limits of the lines' and the smooth seam's joins (SpreadDetector+Thresholds.swift).
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
