/// Consecutive pages whose edges look alike (`EdgeLikeness`) and unlike every other page of the
/// book: the two halves of one picture whose seam `SpreadDetector` cannot follow (a texture,
/// a smooth photograph). They fix the pairing, as a join does, but not the binding: likeness
/// has no direction, the halves look alike whichever way round they face.
///
/// The limits are relative to the book, so pages that share a style (every page of a manga
/// screentoned, every page of a scan on the same paper) stand out from none of their
/// neighbours; what stands out is a pair the rest of the book does not resemble.
struct TwinPages: Sendable {
  /// Chosen on the labelled books of bench/suggest's four tuning sets (seeds 19, 5, 2027 and
  /// 3: 3,855 pairs of consecutive pages, as `TwinPagesMeasurement` draws them), where it finds
  /// 10 of the 19 double-page pictures the seam rules miss and no unrelated pair; the pair
  /// that came nearest passing stood at a ratio of 0.73.
  struct Thresholds: Sendable {
    /// Both pages hold detail in at least this share of their strips' blocks: pictures, not
    /// paper, margins or an album's mount. Without it, two pages of an Arabic scan (one 28%
    /// detailed) came within a ratio of 0.57.
    var coverage: Float = 0.3
    /// On both pages the strip at the spine holds detail in at least this share of its
    /// blocks, for one of the two ways the pages can face: the picture runs to the spine, as
    /// a double-page picture does. Album pages, whose photographs stop short of the edges,
    /// reached 0.35 where they looked alike (0.32 in seed 7, the one pair the rule took
    /// wrongly before it had this clause); the halves it finds 0.58-0.95.
    var spineCoverage: Float = 0.5
    /// The pair's distance is at most this share of the nearest either page comes to any
    /// other page. Unrelated pairs that pass the other clauses stood at 0.73 and above; the
    /// missed halves it finds at 0.09-0.25.
    var ratio: Float = 0.3
    /// ... and every other page is at least this far from both (`EdgeLikeness.distance`).
    /// Where a whole book looks alike, a ratio of small distances is noise: pages of print
    /// on one paper, their margins and gutter shadows at the edges, are 0.01-0.1 apart, and
    /// two of them came out at a ratio of 0.14 (`Fixtures/pictures`, drawn by poppler).
    /// The halves it finds stood 0.21-0.72 from the rest of their book.
    var separation: Float = 0.15
    /// Pages besides the pair that are compared, at least: in a shorter book, nothing stands
    /// out for lack of anything to stand out from.
    var otherPages = 4
    /// Pages whose same sides run this alike (`EdgeLikeness.sameSides`) are one page twice or
    /// pages of print, not the halves of a picture: pages of print with lines at their edges
    /// reached 0.97, the halves of a picture 0.87.
    var sameSides: Float = 0.95
  }

  var thresholds = Thresholds()

  init() {}

  /// The first page (index from 0) of each pair of consecutive pages that are twins, in
  /// order. A page that is nil (not drawn, or without detail at its edges) is no twin.
  func pairs(_ pages: [EdgeLikeness?]) -> [Int] {
    let limits = thresholds
    let compared = pages.indices.filter { pages[$0] != nil }
    guard compared.count >= limits.otherPages + 2 else { return [] }
    var found: [Int] = []
    for first in pages.indices.dropLast() {
      guard let earlier = pages[first], let later = pages[first + 1],
        earlier.coverage >= limits.coverage, later.coverage >= limits.coverage,
        reachesSpine(earlier, later), earlier.sameSides(as: later) < limits.sameSides
      else { continue }
      let distance = earlier.distance(to: later)
      // Any other page nearer than distance / ratio to either of the two rules the pair out.
      let farEnough = max(distance / limits.ratio, limits.separation)
      let standsOut = compared.allSatisfy { other in
        guard other != first, other != first + 1, let page = pages[other] else { return true }
        return earlier.distance(to: page) >= farEnough && later.distance(to: page) >= farEnough
      }
      if standsOut { found.append(first) }
    }
    return found
  }

  /// Whether the facing strips of both pages, one way round or the other, are covered.
  private func reachesSpine(_ earlier: EdgeLikeness, _ later: EdgeLikeness) -> Bool {
    let least = thresholds.spineCoverage
    return (earlier.sideCoverage.right >= least && later.sideCoverage.left >= least)
      || (earlier.sideCoverage.left >= least && later.sideCoverage.right >= least)
  }
}
