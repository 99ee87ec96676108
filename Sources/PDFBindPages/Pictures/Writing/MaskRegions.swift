/// The 4-connected regions of a mask over a picture, each with its box and its size: the
/// regions of paper-white a speech balloon is one of (`SpeechBalloons`).
///
/// No label is kept per pixel: a region lies in its box, so a flood from its first pixel
/// that stays in the box finds it again (`filled`). A label of 4 bytes a pixel beside the
/// mask raised the page worker's peak, and screentone makes thousands of regions of white:
/// a region `kept` does not want is forgotten as soon as it is found.
struct MaskRegions {
  let width: Int
  let height: Int
  private let member: [Bool]
  private(set) var regions: [Region] = []

  /// One region: the box its pixels lie in (inclusive), how many there are, and its first
  /// pixel in reading order (an index into the mask).
  struct Region: Equatable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int
    var pixels = 0
    var first: Int

    init(minX: Int, minY: Int, maxX: Int, maxY: Int, pixels: Int = 0, first: Int) {
      (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
      self.pixels = pixels
      self.first = first
    }

    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
  }

  /// Finds the regions of `member` (`width * height`, row by row), a run of a row at a time
  /// (a region of a whole page's paper would otherwise stack every pixel), and keeps those
  /// `kept` says to.
  init(
    width: Int, height: Int, member: [Bool], kept: (Region) -> Bool = { _ in true }
  ) {
    precondition(member.count == width * height)
    self.width = width
    self.height = height
    self.member = member
    // What no region has taken yet.
    var open = member
    var regions: [Region] = []
    // Where runs of the region may start in the rows above and below those taken.
    var seeds: [Int32] = []
    for start in member.indices where open[start] {
      var region = Region(
        minX: start % width, minY: start / width, maxX: start % width, maxY: start / width,
        first: start)
      seeds.append(Int32(start))
      while let seed = seeds.popLast().map(Int.init) {
        guard open[seed] else { continue }
        let y = seed / width
        let row = y * width
        var left = seed - row
        var right = left
        while left > 0, open[row + left - 1] { left -= 1 }
        while right < width - 1, open[row + right + 1] { right += 1 }
        for x in left...right { open[row + x] = false }
        region.pixels += right - left + 1
        region.minX = min(region.minX, left)
        region.maxX = max(region.maxX, right)
        region.minY = min(region.minY, y)
        region.maxY = max(region.maxY, y)
        for next in [y - 1, y + 1] where next >= 0 && next < height {
          var inRun = false
          for x in left...right {
            let index = next * width + x
            if open[index] && !inRun { seeds.append(Int32(index)) }
            inRun = open[index]
          }
        }
      }
      if kept(region) { regions.append(region) }
    }
    self.regions = regions
  }

  /// Region `index`'s box as a mask (`region.width * region.height`, row by row): its own
  /// pixels, and the holes it encloses (what does not reach the box's edge around it).
  func filled(_ index: Int) -> (own: [Bool], holes: [Bool]) {
    let region = regions[index]
    let boxWidth = region.width
    let boxHeight = region.height
    // The region again: the mask's pixels reached from its first without leaving its box.
    var own = [Bool](repeating: false, count: boxWidth * boxHeight)
    let first =
      (region.first % width - region.minX) + (region.first / width - region.minY) * boxWidth
    Self.flood(from: [first], width: boxWidth, marking: &own) {
      member[(region.minY + $0 / boxWidth) * width + region.minX + $0 % boxWidth]
    }
    // What is not the region and reaches the box's edge is outside it; the rest are holes.
    var outside = [Bool](repeating: false, count: own.count)
    let edge = own.indices.filter {
      let (x, y) = ($0 % boxWidth, $0 / boxWidth)
      return x == 0 || y == 0 || x == boxWidth - 1 || y == boxHeight - 1
    }
    Self.flood(from: edge, width: boxWidth, marking: &outside) { !own[$0] }
    return (own, own.indices.map { !own[$0] && !outside[$0] })
  }

  /// Marks in `marked` (a box `width` wide, row by row) the pixels 4-connected to `starts`
  /// through those `passes` lets through, the starts among them.
  private static func flood(
    from starts: [Int], width: Int, marking marked: inout [Bool], passes: (Int) -> Bool
  ) {
    var stack: [Int] = []
    func visit(_ index: Int) {
      guard !marked[index], passes(index) else { return }
      marked[index] = true
      stack.append(index)
    }
    starts.forEach(visit)
    while let index = stack.popLast() {
      let x = index % width
      if x > 0 { visit(index - 1) }
      if x < width - 1 { visit(index + 1) }
      if index >= width { visit(index - width) }
      if index + width < marked.count { visit(index + width) }
    }
  }
}
