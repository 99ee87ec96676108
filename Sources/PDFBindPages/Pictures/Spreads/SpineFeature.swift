/// A line or edge crossing a page's side edge: a row where the level (as carried to the spine)
/// rises or falls sharply, with the tilt of the picture's lines there.
struct SpineFeature: Equatable, Sendable {
  let row: Int
  /// The row-to-row change of level: its sign says dark-to-light or light-to-dark going down.
  let change: Float
  /// Rows per column the line moves going outward across the edge (`SpineEdge.lineTilt`).
  let tilt: Float

  /// Rows where the level rises or falls by at least `step` per row and more than on the rows
  /// just around (two either side), away from the ends.
  static func find(changes: [Float], tilt: [Float], step: Float) -> [SpineFeature] {
    let radius = 2
    guard changes.count > 2 * radius else { return [] }
    return (radius..<(changes.count - radius)).compactMap { row in
      let magnitude = abs(changes[row])
      guard magnitude >= step else { return nil }
      for other in (row - radius)...(row + radius) where other != row {
        let neighbour = abs(changes[other])
        if neighbour > magnitude || (neighbour == magnitude && other < row) { return nil }
      }
      return SpineFeature(row: row, change: changes[row], tilt: tilt[row])
    }
  }

  /// Whether `other`, met on the facing page's edge, is this line or edge continued: the same
  /// sign, a size within a factor of three (a gutter shadow dims both sides alike, not one
  /// threefold) and the same tilt. Going outward is the opposite way on the facing page, so a
  /// straight line's tilts there are opposite; on an edge of the same side (`sameSide`, for
  /// the chance comparisons) they are equal.
  func continues(into other: SpineFeature, sameSide: Bool = false) -> Bool {
    guard other.change * change > 0, abs(other.change) >= abs(change) / 3,
      abs(other.change) <= abs(change) * 3
    else { return false }
    let tolerance = 0.3 + 0.3 * max(abs(tilt), abs(other.tilt))
    return abs(sameSide ? tilt - other.tilt : tilt + other.tilt) <= tolerance
  }
}

/// The features of one edge for one lost width, with a row index for matching.
struct SpineFeatureSet: Sendable {
  let features: [SpineFeature]
  /// For each row, the index in `features` of the feature there, or -1.
  private let indexByRow: [Int]

  init(_ features: [SpineFeature], height: Int) {
    self.features = features
    var index = [Int](repeating: -1, count: height)
    for (position, feature) in features.enumerated() { index[feature.row] = position }
    indexByRow = index
  }

  var count: Int { features.count }

  /// How many of `left`'s features continue into this set's (each used once), when row y on
  /// the left meets row `(y - middle) * (1 + scale) + middle + shift` here; a feature may land
  /// up to 1.5 rows off (rounding, and lines slightly bent). `sameSide`: both sets are from
  /// edges on the same side of their pages (see `SpineFeature.continues`).
  func matched(from left: SpineFeatureSet, scale: Float, shift: Int, sameSide: Bool = false)
    -> Int
  {
    let height = indexByRow.count
    let middle = Float(height - 1) / 2
    // Called a few thousand times per pair of pages: no allocation on the heap.
    return withUnsafeTemporaryAllocation(of: Bool.self, capacity: features.count) { used in
      used.initialize(repeating: false)
      var count = 0
      for feature in left.features {
        let position = (Float(feature.row) - middle) * (1 + scale) + middle + Float(shift)
        let low = max(0, Int((position - 1.5).rounded(.up)))
        let high = min(height - 1, Int((position + 1.5).rounded(.down)))
        guard low <= high else { continue }
        var best = -1
        var bestDistance = Float.infinity
        for row in low...high {
          let candidate = indexByRow[row]
          guard candidate >= 0, !used[candidate],
            feature.continues(into: features[candidate], sameSide: sameSide)
          else { continue }
          let distance = abs(Float(row) - position)
          if distance < bestDistance {
            best = candidate
            bestDistance = distance
          }
        }
        if best >= 0 {
          used[best] = true
          count += 1
        }
      }
      return count
    }
  }
}
