/// The spreads a two-page view shows, as a pure function of the page count, the binding and
/// whether page 1 stands alone: no file, no rendering.
public enum Spreads {
  /// Spreads in reading order; each spread lists its page numbers (from 1) as they appear on
  /// screen, left to right. A right-edge binding mirrors every pair; `unknown` is laid out as
  /// `left-edge`, as viewers do.
  ///
  ///     pairs(pageCount: 6, binding: .rightEdge, cover: true)  // [[1], [3, 2], [5, 4], [6]]
  public static func pairs(pageCount: Int, binding: PageBinding, cover: Bool) -> [[Int]] {
    guard pageCount > 0 else { return [] }
    var spreads: [[Int]] = cover ? [[1]] : []
    var page = cover ? 2 : 1
    while page <= pageCount {
      let spread = page < pageCount ? [page, page + 1] : [page]
      spreads.append(binding == .rightEdge ? spread.reversed() : spread)
      page += 2
    }
    return spreads
  }

  /// `[1] [3|2] [5|4] [6]`: the form `pdfbind spreads` prints.
  public static func text(_ spreads: [[Int]]) -> String {
    spreads.map { "[" + $0.map(String.init).joined(separator: "|") + "]" }.joined(separator: " ")
  }
}
