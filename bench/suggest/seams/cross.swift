// cross.sh builds this as `cross`. Pairs pages of different books of the labelled image sets
// at random, as if they faced each other, and counts the joins `SpreadDetector` finds: every
// one is wrong. Real photographs, drawn art and text with the sets' scanning damage, at counts
// far beyond the few hundred unrelated picture pages the books themselves put side by side.
//
// usage: cross PAIRS PAGES...     (PAGES: render_edges.py's output folders, one per set)
import Foundation

let pairCount = Int(CommandLine.arguments[1]) ?? 100_000
var pages: [(name: String, image: SpinePicture)] = []
for folder in CommandLine.arguments.dropFirst(2) {
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
while compared < pairCount {
  let a = Int.random(in: 0..<pages.count, using: &generator)
  let b = Int.random(in: 0..<pages.count, using: &generator)
  guard bookOf(pages[a].name) != bookOf(pages[b].name) else { continue }
  compared += 1
  if let join = detector.joins([pages[a].image, pages[b].image]).first {
    joined.append("\(pages[a].name) | \(pages[b].name): \(join.direction), \(join.rule)")
  }
}
print(
  "\(pages.count) pages; \(compared) pairs of pages of different books; joined: \(joined.count)")
joined.prefix(40).forEach { print("  " + $0) }
