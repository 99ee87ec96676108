// measure.sh builds this as `measure`. It prints every measure `SpreadDetector` takes of every
// pair of consecutive pages of the labelled image books, as CSV, with the detector's outcome,
// the rule that joined and the label: the table the thresholds of Sources/PDFBindPages/Pictures/Spreads
// were chosen from. Built by measure.sh from the detector's own sources, so it measures exactly
// what `suggest` decides by.
//
// usage: measure PAGES LABELS     (PAGES: render_edges.py's output; LABELS: image-labels.tsv)
import Foundation

let pagesFolder = CommandLine.arguments[1]
let labels = (try? String(contentsOfFile: CommandLine.arguments[2], encoding: .utf8)) ?? ""
let detector = SpreadDetector()
print(
  (["book", "k", "label", "outcome", "rule", "same_sides"] + measureColumns + frameColumns)
    .joined(separator: ","))
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
  // Each page prepared once: a pair's two pages, and the pages two away `RepeatingFrame` reads.
  let prepared = pages.map { detector.prepare($0) }
  for finding in detector.findings(pages.map { Optional($0) }) {
    let k = finding.firstPage + 1
    let label = joined.contains(k) ? (rightToLeft ? "rtl" : "ltr") : "-"
    let (outcome, rule) = outcomeFields(finding)
    guard let earlier = prepared[k - 1], let later = prepared[k] else { continue }
    let row =
      [book, "\(k)", label, outcome, rule, "\(detector.sameSideMatches(earlier, later))"]
      + bothDirections(detector, earlier, later)
      + [SpineJoinDirection.leftToRight, .rightToLeft].flatMap {
        frameFields(prepared, firstPage: k - 1, $0)
      }
    print(row.joined(separator: ","))
  }
}
