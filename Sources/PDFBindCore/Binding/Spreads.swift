/// The spreads a two-page view shows, as a pure function of the page count, the binding and
/// whether page 1 stands alone: no file, no rendering.
public enum Spreads {
  /// One spread as it appears on screen: the page left of the spine and the page right of it.
  /// A page alone keeps the side it would have in a full pair, so a left-edge cover sits right
  /// of the spine (a printed book's recto) and a right-edge cover left of it.
  public struct Spread: Equatable, Sendable {
    public var left: Int?
    public var right: Int?

    public init(left: Int?, right: Int?) {
      self.left = left
      self.right = right
    }

    /// The page numbers, left to right on screen.
    public var pages: [Int] { [left, right].compactMap { $0 } }
  }

  /// Spreads in reading order, each with its pages (numbered from 1) on their sides of the
  /// spine. A right-edge binding mirrors every pair; `unknown` is laid out as `left-edge`, as
  /// viewers do.
  public static func sides(pageCount: Int, binding: PageBinding, cover: Bool) -> [Spread] {
    guard pageCount > 0 else { return [] }
    // Each spread in reading order, the earlier page first; nil where a page has no partner
    // (before a cover, after an odd last page).
    var reading: [(first: Int?, second: Int?)] = cover ? [(nil, 1)] : []
    var page = cover ? 2 : 1
    while page <= pageCount {
      reading.append((page, page < pageCount ? page + 1 : nil))
      page += 2
    }
    return reading.map {
      binding == .rightEdge
        ? Spread(left: $0.second, right: $0.first) : Spread(left: $0.first, right: $0.second)
    }
  }

  /// Spreads in reading order; each spread lists its page numbers (from 1) as they appear on
  /// screen, left to right.
  ///
  ///     pairs(pageCount: 6, binding: .rightEdge, cover: true)  // [[1], [3, 2], [5, 4], [6]]
  public static func pairs(pageCount: Int, binding: PageBinding, cover: Bool) -> [[Int]] {
    sides(pageCount: pageCount, binding: binding, cover: cover).map(\.pages)
  }

  /// `[1] [3|2] [5|4] [6]`: the form `pdfbind spreads` prints.
  public static func text(_ spreads: [[Int]]) -> String {
    spreads.map { "[" + $0.map(String.init).joined(separator: "|") + "]" }.joined(separator: " ")
  }
}
