/// A page as `SpreadDetector` reads it: its grey levels and, for a page in colour, the two
/// colour differences grey levels lose, at the columns nearest each side edge.
///
/// A picture whose parts differ in hue more than in lightness (a red flower on green leaves, an
/// orange petal on an orange ground) shows little at the spine in grey, and its halves are not
/// found to join; the colour differences show the same lines and edges there.
struct SpinePicture: Sendable {
  let grey: GreyImage
  /// nil for a page in grey levels (every pixel's red, green and blue within a level or two).
  let colours: OpponentColours?

  init(grey: GreyImage, colours: OpponentColours? = nil) {
    self.grey = grey
    self.colours = colours
  }
}

/// The colour differences of a page's edge strips, each as levels around 128: `redGreen` is
/// 128 + red − green, `yellowBlue` 128 + (red + green) / 2 − blue (clipped to 0...255). Each
/// image holds the strip at the page's left edge and then the strip at its right edge, side by
/// side, so its own left and right edges are the page's (`SpineEdge` reads a few columns from
/// each side).
struct OpponentColours: Equatable, Sendable {
  let redGreen: GreyImage
  let yellowBlue: GreyImage

  /// A page whose every pixel has its colour differences within this many levels of none is a
  /// page in grey levels (poppler draws a grey image with red, green and blue equal).
  static let greyTolerance = 2

  /// The colour differences of `columns` pixels at each side of a picture of `width`×`height`
  /// pixels whose pixel at column x of row y is `pixel(x, y)` (red, green, blue); nil when
  /// the strips hold no colour.
  static func edgeStrips(
    width: Int, height: Int, columns: Int, pixel: (Int, Int) -> (Int, Int, Int)
  ) -> OpponentColours? {
    let strip = max(1, min(columns, width / 2))
    let xs = Array(0..<strip) + Array((width - strip)..<width)
    var redGreen = [UInt8](repeating: 128, count: xs.count * height)
    var yellowBlue = redGreen
    var colourful = false
    for y in 0..<height {
      for (column, x) in xs.enumerated() {
        let (red, green, blue) = pixel(x, y)
        let first = red - green
        let second = (red + green) / 2 - blue
        if abs(first) > greyTolerance || abs(second) > greyTolerance { colourful = true }
        redGreen[y * xs.count + column] = UInt8(clamping: 128 + first)
        yellowBlue[y * xs.count + column] = UInt8(clamping: 128 + second)
      }
    }
    guard colourful else { return nil }
    return OpponentColours(
      redGreen: GreyImage(width: xs.count, height: height, pixels: redGreen),
      yellowBlue: GreyImage(width: xs.count, height: height, pixels: yellowBlue))
  }
}
