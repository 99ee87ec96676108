/// What surrounds the pages of a book scanned or photographed page after page: the table and
/// the stack of leaves beside a photographed page, the gutter's shadow and a sliver of the
/// facing page in a scan, a magazine's ruled frame. A book shows its left-hand and right-hand
/// pages alternately, so these repeat every two pages, at the same rows; where they sit at the
/// spine side of two consecutive pages, their profiles run on across the seam as a plain
/// picture's do, and the plain and smooth rules (`plainJoin`, `smoothJoin`) found joins that
/// no picture makes (the real bench's photographed Kant volume, a join at every pair, in
/// alternating directions; its scanned Meiji magazine, joins that decided a layout and, in one
/// book, the binding against its vertical writing). A frame printed on every page does the
/// same to the other rules: a mushaf's ornamented border joined by its changes of level alone,
/// a woodblock book's ruled frame by two measures of three, left to right in books bound on
/// the right (`right_to_left_probe.py`, two of them decided left-edge).
///
/// So each edge of a join, whatever rule found it, is compared with the same side of the page
/// two on and two back (what a repeating frame would match), as the seam is compared with
/// chance elsewhere: a join whose edges match that page about as well as each other is the
/// frame, not a picture.
struct RepeatingFrame {
  /// The edge of a false join matches the same side two pages away at least this well
  /// (profiles, `SeamProfile.bestCorrelation`): the real bench's false joins 0.77 to 1.00 (the
  /// Meiji magazine 0.77 to 0.83, the Kant volume 0.98 to 1.00), the probe's framed pages
  /// 0.82 to 0.99; the labelled joins of the generated sets of seeds 19 and 4 (83 joins,
  /// `bench/suggest/seams`) at most 0.54, of seeds 19, 2027 and 3040 (141) at most 0.64, and
  /// those found by rules other than the plain and smooth ones at most 0.45.
  static let leastCorrelation: Float = 0.6
  /// ... and within this much of the seam's own correlation: the false joins 0.03 under it or
  /// above; the labelled plain and smooth joins whose edges match two pages away at 0.3 or
  /// more stand 0.27 to 0.60 above it (seeds 19 and 4), 0.21 to 0.63 (seeds 19, 2027 and
  /// 3040); two joins of other rules match their seams less than that page, and only
  /// `leastCorrelation` keeps them (0.45 and 0.32).
  static let closeness: Float = 0.15

  /// Pages a pair's check reads: two back from its first page to two on from its second.
  static let reach = 2

  private var profiles: [Int: (left: SeamProfile, right: SeamProfile)] = [:]

  /// Keeps page `index`'s profiles (none for a page not prepared) and lets go of pages no
  /// pair still to be checked reads.
  mutating func keep(page index: Int, _ page: SpreadDetector.PreparedPage?) {
    profiles[index] = page.map { ($0.leftProfile, $0.rightProfile) }
    profiles[index - 2 * Self.reach - 2] = nil
  }

  /// `finding` as it stands, or no join where its join `repeats`.
  func checked(_ finding: SpinePairFinding) -> SpinePairFinding {
    guard case .success(let join) = finding.outcome, repeats(join) else { return finding }
    return SpinePairFinding(
      firstPage: finding.firstPage, outcome: .failure(SpineNoJoin(reason: .repeatingFrame)))
  }

  /// Whether `join` (read once the page `reach` past its second page is kept, or the book
  /// ended) is a repeating frame rather than a picture across the spine.
  func repeats(_ join: SpineJoin) -> Bool {
    guard
      let match = Self.correlations(
        firstPage: join.firstPage, direction: join.direction, edges: { profiles[$0] })
    else { return false }
    return match.frame >= Self.leastCorrelation && match.frame >= match.seam - Self.closeness
  }

  /// How well the seam of pages `firstPage` and `firstPage + 1` (from 0) joined in `direction`
  /// matches: its two edges each other (`seam`), and the best of either the same side of the
  /// pages two back and two on (`frame`, `-infinity` without any). `edges` gives a page's
  /// left and right edge profiles, nil for a page not prepared or outside the book; nil where
  /// the seam's own pages have none. bench/suggest/seams prints both for every pair.
  static func correlations(
    firstPage: Int, direction: SpineJoinDirection,
    edges: (Int) -> (left: SeamProfile, right: SeamProfile)?
  ) -> (seam: Float, frame: Float)? {
    // The seam's left-hand page's right edge and its right-hand page's left edge.
    let (leftHand, rightHand) =
      direction == .leftToRight ? (firstPage, firstPage + 1) : (firstPage + 1, firstPage)
    guard let left = edges(leftHand)?.right, let right = edges(rightHand)?.left else {
      return nil
    }
    let shifts = SpreadDetector.plainSeamShifts
    let steps = [-reach, reach]
    let away =
      steps.compactMap { edges(leftHand + $0)?.right }.map {
        left.bestCorrelation(with: $0, shifts: shifts)
      }
      + steps.compactMap { edges(rightHand + $0)?.left }.map {
        right.bestCorrelation(with: $0, shifts: shifts)
      }
    return (left.bestCorrelation(with: right, shifts: shifts), away.max() ?? -Float.infinity)
  }
}
