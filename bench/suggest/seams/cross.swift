// cross.sh builds this as `cross`. Pairs pages of different books of the labelled image sets
// at random, as if they faced each other, and counts the joins `SpreadDetector` finds: every
// one is wrong. Real photographs, drawn art and text with the sets' scanning damage, at counts
// far beyond the few hundred unrelated picture pages the books themselves put side by side.
//
// With --measures it prints, as CSV, every measure of every pair (Measures.swift, as
// measure.sh's table has them for the labelled pairs), and the count on standard error: the
// other half of a candidate rule's check.
//
// usage: cross [--measures] PAIRS PAGES...  (PAGES: render_edges.py's output folders, one per set)
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
let printMeasures = arguments.first == "--measures"
if printMeasures { arguments.removeFirst() }
let pairCount = Int(arguments[0]) ?? 100_000
var pages: [(name: String, image: SpinePicture)] = []
for folder in arguments.dropFirst() {
  let books = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  for book in books.sorted() {
    let set = URL(fileURLWithPath: folder).deletingLastPathComponent().lastPathComponent
    for (index, picture) in readSpinePictures("\(folder)/\(book)").enumerated() {
      pages.append(("\(set)/\(book)/p-\(index + 1)", picture))
    }
  }
}
func bookOf(_ name: String) -> Substring { name[..<name.lastIndex(of: "/")!] }

let detector = SpreadDetector()

var generator = SplitMix64(seed: 2026)
var joined: [String] = []
var compared = 0
if printMeasures {
  print((["a", "b", "outcome", "same_sides"] + measureColumns).joined(separator: ","))
}
while compared < pairCount {
  let a = Int.random(in: 0..<pages.count, using: &generator)
  let b = Int.random(in: 0..<pages.count, using: &generator)
  guard bookOf(pages[a].name) != bookOf(pages[b].name) else { continue }
  compared += 1
  let finding = detector.findings([pages[a].image, pages[b].image])[0]
  if case .success(let join) = finding.outcome {
    joined.append("\(pages[a].name) | \(pages[b].name): \(join.direction), \(join.rule)")
  }
  if printMeasures, let earlier = detector.prepare(pages[a].image),
    let later = detector.prepare(pages[b].image)
  {
    let row =
      [
        pages[a].name, pages[b].name, outcomeFields(finding).outcome,
        "\(detector.sameSideMatches(earlier, later))",
      ]
      + bothDirections(detector, earlier, later)
    print(row.joined(separator: ","))
  }
}
let summary =
  "\(pages.count) pages; \(compared) pairs of pages of different books; joined: \(joined.count)"
if printMeasures {
  FileHandle.standardError.write(Data((summary + "\n").utf8))
} else {
  print(summary)
  joined.prefix(40).forEach { print("  " + $0) }
}
