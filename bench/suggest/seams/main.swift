// measure.sh builds this as `measure`. It prints every measure `SpreadDetector` takes of every
// pair of consecutive pages of the labelled image books, as CSV, with the detector's outcome,
// the rule that joined and the label: the table the thresholds of Sources/PDFBindCore/Pictures
// were chosen from. Built by measure.sh from the detector's own sources, so it measures exactly
// what `suggest` decides by.
//
// usage: measure PAGES LABELS     (PAGES: render_edges.py's output; LABELS: image-labels.tsv)
import Foundation

/// The measures of one direction (`leftToRight`: page k's right edge into k+1's left).
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

let pagesFolder = CommandLine.arguments[1]
let labels = (try? String(contentsOfFile: CommandLine.arguments[2], encoding: .utf8)) ?? ""
let detector = SpreadDetector()
let names = [
  "matched", "fewer", "chance", "continuity", "levels", "changes", "changes_chance",
  "profile", "profile_margin", "profile_far", "difference", "level_ratio", "spread",
]
print(
  (["book", "k", "label", "outcome", "rule", "same_sides"]
    + ["ltr_", "rtl_"].flatMap { prefix in
      names.map { prefix + $0 }
    }).joined(separator: ","))
for line in labels.split(separator: "\n").dropFirst() {
  let columns = line.split(separator: "\t").map(String.init)
  let book = String(columns[0].dropLast(4))
  let folder = "\(pagesFolder)/\(book)"
  let pages = readSpinePictures(folder)
  guard !pages.isEmpty else { continue }
  let joined = columns[4] == "-" ? [] : columns[4].split(separator: ",").compactMap { Int($0) }
  // The labelled join runs in the book's reading order; the conflict books' pictures join
  // left to right whatever their script says.
  let rightToLeft = columns[2] == "right-edge" && !book.hasPrefix("conflict")
  for finding in detector.findings(pages.map { Optional($0) }) {
    let k = finding.firstPage + 1
    let label = joined.contains(k) ? (rightToLeft ? "rtl" : "ltr") : "-"
    let (outcome, rule): (String, String)
    switch finding.outcome {
    case .success(let join):
      (outcome, rule) = (join.direction == .leftToRight ? "ltr" : "rtl", "\(join.rule)")
    case .failure(let why): (outcome, rule) = ("\(why.reason)", "-")
    }
    guard let earlier = detector.prepare(pages[k - 1]), let later = detector.prepare(pages[k])
    else { continue }
    let plain = detector.plainMeasures(earlier, later)
    let row =
      [book, "\(k)", label, outcome, rule, "\(detector.sameSideMatches(earlier, later))"]
      + measures(detector, earlier, later, plain, .leftToRight)
      + measures(detector, earlier, later, plain, .rightToLeft)
    print(row.joined(separator: ","))
  }
}
