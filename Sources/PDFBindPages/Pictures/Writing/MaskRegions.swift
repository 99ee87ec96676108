/// The 4-connected regions of a mask over a picture, each with its box and its size: the
/// regions of paper-white a speech balloon is one of (`SpeechBalloons`).
struct MaskRegions {
  let width: Int
  let height: Int
  /// Each pixel's region (its index in `regions` plus one), 0 outside the mask.
  private(set) var labels: [Int32]
  private(set) var regions: [Region] = []

  /// One region: the box its pixels lie in (inclusive), and how many there are.
  struct Region: Equatable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int
    var pixels = 0

    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
  }

  /// Labels the pixels of `member` (`width * height`, row by row) that lie together, a run of
  /// a row at a time (a region of a whole page's paper would otherwise stack every pixel).
  init(width: Int, height: Int, member: [Bool]) {
    precondition(member.count == width * height)
    self.width = width
    self.height = height
    var labels = [Int32](repeating: 0, count: width * height)
    var regions: [Region] = []
    // Where runs of the region may start in the rows above and below those labelled.
    var seeds: [Int32] = []
    for start in member.indices where member[start] && labels[start] == 0 {
      let label = Int32(regions.count + 1)
      var region = Region(
        minX: start % width, minY: start / width, maxX: start % width, maxY: start / width)
      seeds.append(Int32(start))
      while let seed = seeds.popLast().map(Int.init) {
        guard labels[seed] == 0 else { continue }
        let y = seed / width
        let row = y * width
        var left = seed - row
        var right = left
        while left > 0, member[row + left - 1], labels[row + left - 1] == 0 { left -= 1 }
        while right < width - 1, member[row + right + 1], labels[row + right + 1] == 0 {
          right += 1
        }
        for x in left...right { labels[row + x] = label }
        region.pixels += right - left + 1
        region.minX = min(region.minX, left)
        region.maxX = max(region.maxX, right)
        region.minY = min(region.minY, y)
        region.maxY = max(region.maxY, y)
        for next in [y - 1, y + 1] where next >= 0 && next < height {
          var inRun = false
          for x in left...right {
            let index = next * width + x
            let open = member[index] && labels[index] == 0
            if open && !inRun { seeds.append(Int32(index)) }
            inRun = open
          }
        }
      }
      regions.append(region)
    }
    self.labels = labels
    self.regions = regions
  }

  /// Region `index`'s box as a mask (`region.width * region.height`, row by row): its own
  /// pixels, and the holes it encloses (what does not reach the box's edge around it).
  func filled(_ index: Int) -> (own: [Bool], holes: [Bool]) {
    let region = regions[index]
    let label = Int32(index + 1)
    let boxWidth = region.width
    let boxHeight = region.height
    var own = [Bool](repeating: false, count: boxWidth * boxHeight)
    for y in 0..<boxHeight {
      let row = (region.minY + y) * width + region.minX
      for x in 0..<boxWidth where labels[row + x] == label { own[y * boxWidth + x] = true }
    }
    // What is not the region and reaches the box's edge is outside it; the rest are holes.
    var outside = [Bool](repeating: false, count: own.count)
    var stack: [Int] = []
    for y in 0..<boxHeight {
      for x in 0..<boxWidth where x == 0 || y == 0 || x == boxWidth - 1 || y == boxHeight - 1 {
        let index = y * boxWidth + x
        if !own[index] && !outside[index] {
          outside[index] = true
          stack.append(index)
        }
      }
    }
    while let index = stack.popLast() {
      let x = index % boxWidth
      let y = index / boxWidth
      func visit(_ next: Int) {
        guard !own[next], !outside[next] else { return }
        outside[next] = true
        stack.append(next)
      }
      if x > 0 { visit(index - 1) }
      if x < boxWidth - 1 { visit(index + 1) }
      if y > 0 { visit(index - boxWidth) }
      if y < boxHeight - 1 { visit(index + boxWidth) }
    }
    return (own, own.indices.map { !own[$0] && !outside[$0] })
  }
}
