/// The flat colours of the pages of `Fixtures/layout/colours-N.pdf` (make_layout_fixtures.py):
/// a picture of spreads shows which page is where by colour.
public enum LayoutColours {
  /// Page k's colour is `palette[k - 1]`.
  public static let palette = [
    RGB(230, 25, 75), RGB(60, 180, 75), RGB(255, 225, 25), RGB(0, 130, 200), RGB(245, 130, 48),
    RGB(145, 30, 180), RGB(70, 240, 240), RGB(240, 50, 230), RGB(170, 110, 40), RGB(0, 128, 128),
    RGB(128, 0, 0), RGB(0, 0, 128),
  ]

  /// The page whose colour this is, if any.
  public static func page(_ colour: RGB?) -> Int? {
    guard let colour else { return nil }
    return palette.firstIndex { $0.distance(to: colour) <= 12 }.map { $0 + 1 }
  }
}
