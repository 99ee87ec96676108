// The detector's safety and reach on the synthetic pictures of the tests, at counts the tests
// cannot afford: unrelated pairs whose edges are full of lines (both orders), every look-alike
// kind over many seeds, and double-page pictures under each kind of damage. Built with the
// detector's sources and the tests' picture makers by synthetic.sh; prints a table.
//
// usage: synthetic [UNRELATED-PER-START] [LOOK-ALIKE-SEEDS] [SPREAD-SEEDS]
//   defaults 6000, 300, 100: 36,000 unrelated comparisons, 2,400 look-alike pairs, 700 spreads

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let unrelatedPerStart = arguments.count > 0 ? arguments[0] : 6000
let lookAlikeSeeds = arguments.count > 1 ? arguments[1] : 300
let spreadSeeds = arguments.count > 2 ? arguments[2] : 100
let detector = SpreadDetector()

func join(_ pages: [GreyImage]) -> SpineJoin? { detector.joins(pages).first }
func line(_ name: String, _ counts: String, _ seeds: [UInt64]) {
  let shown = seeds.prefix(6).map(String.init).joined(separator: " ")
  let more = seeds.count > 6 ? " …" : ""
  print(
    name.padding(toLength: 40, withPad: " ", startingAt: 0) + counts
      + (seeds.isEmpty ? "" : "   seeds: \(shown)\(more)"))
}

// Unrelated: the left half of one spread beside the right half of another, JPEG-damaged, in
// both orders. Any join is a wrong one.
var wrong = 0
var wrongSeeds: [UInt64] = []
var compared = 0
for start in [UInt64(7), 99, 12345] {
  for index in 0..<unrelatedPerStart {
    let seed = start &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
    let (left, _) = SpreadPictures.spread(seed: seed)
    let (_, right) = SpreadPictures.spread(seed: seed &+ 1, damage: .jpegNoise)
    let joined = [[left, right], [right, left]].filter { join($0) != nil }.count
    compared += 2
    wrong += joined
    if joined > 0 { wrongSeeds.append(seed) }
  }
}
print("wrong joins (every one is wrong):")
line("  unrelated halves, both orders", "\(wrong) of \(compared)", wrongSeeds)
for kind in LookAlikePages.allCases {
  var joined: [UInt64] = []
  for seed in UInt64(1)...UInt64(lookAlikeSeeds) where join(kind.pages(seed: seed)) != nil {
    joined.append(seed)
  }
  line("  look-alike: \(kind)", "\(joined.count) of \(lookAlikeSeeds)", joined)
}

// Double-page pictures: found in reading order (left to right), or the wrong way.
print("double-page pictures (seeds 101-\(100 + spreadSeeds)), found / wrong way:")
for damage in SpreadDamage.allCases {
  var found = 0
  var wrongWay: [UInt64] = []
  for seed in UInt64(101)...UInt64(100 + spreadSeeds) {
    let (left, right) = SpreadPictures.spread(seed: seed, damage: damage)
    switch join([left, right])?.direction {
    case .leftToRight?: found += 1
    case .rightToLeft?: wrongWay.append(seed)
    case nil: break
    }
  }
  line("  \(damage)", "\(found) / \(wrongWay.count) of \(spreadSeeds)", wrongWay)
}
