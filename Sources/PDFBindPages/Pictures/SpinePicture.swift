/// A page as `SpreadDetector` reads it: its grey levels and, for a page in colour, the two
/// colour differences grey levels lose, at the columns nearest each side edge.
///
/// A picture whose parts differ in hue more than in lightness (a red flower on green leaves, an
/// orange petal on an orange ground) shows little at the spine in grey, and its halves are not
/// found to join; the colour differences show the same lines and edges there.
///
/// A scan's edges are read from where the page's own picture begins: a scanner's band at one
/// side (`ScannerBand`) is cut off here, once, for every reader of the page's edges, and a
/// border's or table's rows above and below the page (`SurroundRows`) hold the page's levels.
struct SpinePicture: Sendable {
  /// The page's height over its width, from the whole scan: a band cut off does not change
  /// the page's shape.
  let aspect: Double
  /// The grey levels, past a scanner's band, the surround's rows held.
  let grey: GreyImage
  /// nil for a page in grey levels, or whose colours hardly vary at its edges (tinted paper,
  /// coloured print and margins: `OpponentColours.leastVariation`); past a scanner's band,
  /// the surround's rows held as the grey levels' are.
  let colours: OpponentColours?

  init(grey scan: GreyImage, colours scanColours: OpponentColours? = nil) {
    aspect = Double(scan.height) / Double(scan.width)
    let cut = ScannerBand.cut(from: scan, colours: scanColours)
    (grey, colours) = SurroundRows.held(in: cut.grey, colours: cut.colours)
  }

  /// A picture of `width`×`height` pixels in cairo's RGB24 (row y's words at `row(y)`): its
  /// grey levels, and the colour differences of `edgeColumns` columns at each side.
  init(rgb24Width width: Int, height: Int, edgeColumns: Int, row: (Int) -> UnsafePointer<UInt32>) {
    self.init(
      grey: GreyImage(rgb24Width: width, height: height, row: row),
      colours: OpponentColours.edgeStrips(
        width: width, height: height, columns: edgeColumns, row: row))
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

  /// Edge strips whose colour differences both vary less than this (standard deviation, in
  /// levels) hold no picture in colour that grey levels might miss, and are not compared:
  /// poppler draws a grey image with red, green and blue equal (0), and the edges of pages of
  /// print in colour (tinted paper, uneven light) vary 2 levels at the median. The pages of
  /// the joins only colours found (bench/suggest/seams, ten labelled sets) vary 13-57.
  static let leastVariation: Float = 4

  /// The colour differences of `columns` pixels at each side of a picture of `width`×`height`
  /// pixels, each pixel a 32-bit word 0x00RRGGBB (cairo's RGB24), row y's at `row(y)`; nil
  /// when their colours vary less than `leastVariation`.
  static func edgeStrips(
    width: Int, height: Int, columns: Int, row: (Int) -> UnsafePointer<UInt32>
  ) -> OpponentColours? {
    let strip = max(1, min(columns, width / 2))
    let stripWidth = 2 * strip
    var redGreen = [UInt8](repeating: 128, count: stripWidth * height)
    var yellowBlue = redGreen
    redGreen.withUnsafeMutableBufferPointer { redGreen in
      yellowBlue.withUnsafeMutableBufferPointer { yellowBlue in
        for y in 0..<height {
          let words = row(y)
          for column in 0..<stripWidth {
            let word = words[column < strip ? column : width - stripWidth + column]
            let red = Int((word &>> 16) & 0xFF)
            let green = Int((word &>> 8) & 0xFF)
            let blue = Int(word & 0xFF)
            let index = y * stripWidth + column
            redGreen[index] = UInt8(clamping: 128 &+ red &- green)
            yellowBlue[index] = UInt8(clamping: 128 &+ (red &+ green) / 2 &- blue)
          }
        }
      }
    }
    guard max(deviation(redGreen), deviation(yellowBlue)) >= leastVariation else { return nil }
    return OpponentColours(
      redGreen: GreyImage(width: stripWidth, height: height, pixels: redGreen),
      yellowBlue: GreyImage(width: stripWidth, height: height, pixels: yellowBlue))
  }

  /// The standard deviation of `levels`.
  private static func deviation(_ levels: [UInt8]) -> Float {
    guard !levels.isEmpty else { return 0 }
    var sum = 0
    var squares = 0
    for level in levels {
      sum += Int(level)
      squares += Int(level) * Int(level)
    }
    let count = Float(levels.count)
    let mean = Float(sum) / count
    return max(0, Float(squares) / count - mean * mean).squareRoot()
  }
}
