/// Joins that only the colours show: a picture whose parts differ in hue more than in
/// lightness (a red flower on green leaves, an orange petal on an orange ground, a comic's
/// flat colours) has little to compare at the spine in grey levels. Where the grey levels find
/// no join, and do not join both ways, the edges of the two colour differences
/// (`OpponentColours`) are compared by the same rules, each with its own chance comparisons.
///
/// A join counts when both colour differences join the same way, or when one of them shows
/// lines that continue (the rule with the most chance comparisons) and the other joins neither
/// way. Measured on the ten labelled sets of bench/suggest (seeds 19, 2027, 3, 5 and 4, 6-10;
/// 9,917 pairs of consecutive pages, 470 of them double-page pictures; `seams/measure.sh`):
/// grey levels found 398 joins, with the colours 407, none the wrong way round, and no pair
/// that is not a double-page picture joined. Over 200,000 pairs of pages of different books
/// (`seams/cross.sh`) the colours joined none; grey levels joined 10. Taking any one colour
/// difference's join by any rule would have found 5 more joins and joined 2 of 200,000
/// unrelated pairs (a plain and a smooth seam), so the other rules need both.
extension SpreadDetector {
  func colourJoin(first: Int, _ earlier: PreparedPage, _ later: PreparedPage) -> SpineJoin? {
    guard earlier.colours.count == 2, later.colours.count == 2 else { return nil }
    let outcomes = zip(earlier.colours, later.colours).map {
      seamDecision(first: first, $0, $1, inColour: true)
    }
    let joins = outcomes.compactMap { try? $0.get() }
    let found: SpineJoin
    switch joins.count {
    case 2:
      guard joins[0].direction == joins[1].direction else { return nil }
      found = joins[0].strength <= joins[1].strength ? joins[0] : joins[1]
    case 1:
      // The other difference's reason for no join: "both ways" is a disagreement.
      let otherReason = outcomes.compactMap { outcome -> SpineNoJoinReason? in
        guard case .failure(let none) = outcome else { return nil }
        return none.reason
      }.first
      guard joins[0].rule == .lines, otherReason != .joinsBothWays else { return nil }
      found = joins[0]
    default:
      return nil
    }
    return SpineJoin(
      firstPage: first, direction: found.direction, strength: found.strength, rule: .colours)
  }
}
