// The measures `SpreadDetector` takes of one pair of pages, as CSV fields: main.swift (measure.sh)
// prints them for the labelled pairs, cross.swift (cross.sh --measures) for pairs of pages of
// different books, so a candidate rule can be checked against both.

import Foundation

/// The measures of one direction (`leftToRight`: page k's right edge into k+1's left), in the
/// order of `measureNames`.
func measures(
  _ detector: SpreadDetector, _ earlier: SpreadDetector.PreparedPage,
  _ later: SpreadDetector.PreparedPage, _ plain: PlainPairMeasures, _ direction: SpineJoinDirection
) -> [String] {
  let (leftHand, rightHand) = SpreadDetector.facingEdges(direction, earlier, later)
  let seam = detector.compare(leftHand: leftHand, rightHand: rightHand)
  let changes = detector.changeContinuity(direction, earlier, later)
  let plainSeam = plain.seam(direction)
  let numbers: [Float] = [
    Float(seam.matchedFeatures), Float(seam.fewerFeatures),
    Float(detector.chance(leftHand: leftHand, rightHand: rightHand)),
    seam.continuity, seam.levelAgreement, changes.seam, changes.chance,
    plainSeam.correlation, plain.correlationMargin(direction), plainSeam.farCorrelation,
    plainSeam.difference, plain.levelRatio(direction), plainSeam.spread,
  ]
  return numbers.map { String(format: "%.3f", $0) }
}

/// A pair's finding as the tables name it: `ltr` or `rtl` and the rule that joined, or the
/// reason there is no join and `-`.
func outcomeFields(_ finding: SpinePairFinding) -> (outcome: String, rule: String) {
  switch finding.outcome {
  case .success(let join): (join.direction == .leftToRight ? "ltr" : "rtl", "\(join.rule)")
  case .failure(let why): ("\(why.reason)", "-")
  }
}

/// The names of the measures of one direction.
let measureNames = [
  "matched", "fewer", "chance", "continuity", "levels", "changes", "changes_chance",
  "profile", "profile_margin", "profile_far", "difference", "level_ratio", "spread",
]

/// The column names of both directions' measures: `ltr_matched` … `rtl_spread`.
let measureColumns = ["ltr_", "rtl_"].flatMap { prefix in measureNames.map { prefix + $0 } }

/// Both directions' measures of a pair, `measureColumns` in order.
func bothDirections(
  _ detector: SpreadDetector, _ earlier: SpreadDetector.PreparedPage,
  _ later: SpreadDetector.PreparedPage
) -> [String] {
  let plain = detector.plainMeasures(earlier, later)
  return measures(detector, earlier, later, plain, .leftToRight)
    + measures(detector, earlier, later, plain, .rightToLeft)
}

/// The columns `frameFields` fills, for both directions.
let frameColumns = ["ltr_", "rtl_"].flatMap { prefix in
  ["frame_seam", "frame"].map { prefix + $0 }
}

/// What `RepeatingFrame` compares for a join of pages `firstPage` and `firstPage + 1` (from 0)
/// in `direction`: the seam's edges with each other, and the best of either with the same side
/// two pages away (`-inf` where the book has none).
func frameFields(
  _ prepared: [SpreadDetector.PreparedPage?], firstPage: Int, _ direction: SpineJoinDirection
) -> [String] {
  let match = RepeatingFrame.correlations(firstPage: firstPage, direction: direction) {
    prepared.indices.contains($0) ? prepared[$0].map { ($0.leftProfile, $0.rightProfile) } : nil
  }
  guard let match else { return ["-", "-"] }
  return [match.seam, match.frame].map { String(format: "%.3f", $0) }
}
