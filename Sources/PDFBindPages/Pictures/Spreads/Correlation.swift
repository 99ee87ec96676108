/// Pearson's correlation of pairs of levels, summed one pair at a time: the one correlation of
/// the spread detector, for a seam's levels and their changes (`SeamAlignment.correlation`) and
/// for the profiles of plain seams (`SeamProfile.correlation`).
///
/// A side whose levels hardly vary carries no evidence: its correlation with anything is noise.
/// `coefficient(flat:)` then gives nil, and each caller says by which rule a side is flat
/// (``FlatInput``), as its limits were measured with it.
struct Correlation {
  private(set) var count: Float = 0
  private var sumLeft: Float = 0
  private var sumRight: Float = 0
  private var sumLeftSquared: Float = 0
  private var sumRightSquared: Float = 0
  private var sumProduct: Float = 0

  /// When one side counts as flat: by its sum of squared deviations from its mean, against
  /// `variance` levels² per pair (0.05 for both callers: well under one level's change per row).
  enum FlatInput {
    /// Flat when the sum is at most `variance` per pair (a seam's levels and changes).
    case atMost(variance: Float)
    /// Flat when the sum is under `variance` per pair (a plain seam's profiles).
    case under(variance: Float)

    func isFlat(_ squaredDeviations: Float, count: Float) -> Bool {
      switch self {
      case .atMost(let variance): !(squaredDeviations > count * variance)
      case .under(let variance): !(squaredDeviations >= count * variance)
      }
    }
  }

  init() {}

  /// Adds the pair (`left`, `right`).
  @inline(__always)
  mutating func add(_ left: Float, _ right: Float) {
    count += 1
    sumLeft += left
    sumRight += right
    sumLeftSquared += left * left
    sumRightSquared += right * right
    sumProduct += left * right
  }

  /// The correlation of the pairs added, from -1 to 1; nil when either side is flat by `flat`.
  func coefficient(flat: FlatInput) -> Float? {
    let covariance = sumProduct - sumLeft * sumRight / count
    let varianceLeft = sumLeftSquared - sumLeft * sumLeft / count
    let varianceRight = sumRightSquared - sumRight * sumRight / count
    guard !flat.isFlat(varianceLeft, count: count), !flat.isFlat(varianceRight, count: count)
    else { return nil }
    return covariance / (varianceLeft * varianceRight).squareRoot()
  }
}
