extension SpinePicture {
  /// The picture poppler draws of a page that is one scan over the whole of it, at `width`×
  /// `height` pixels with `edges` columns at each side (the rest white, as `spinePicture`
  /// draws), made from the scan decoded whole: scaled down as cairo scales the image poppler
  /// hands it (`CairoGoodFilter`), so that the pixels are poppler's and the spread detector
  /// reads the same pages either way. nil when the scan is less than a third larger than the
  /// picture in either direction (cairo then filters another way): poppler draws the page.
  /// A page shown turned (`/Rotate`) is scaled whole as it lies and turned (its shown edges
  /// are the lying picture's rows), as `GreyImage(scan:)` turns its picture.
  init?(scan: DecodedScan, width: Int, height: Int, edges: Int) {
    let lying = Turning.lying(width: width, height: height, quarterTurns: scan.quarterTurns)
    guard let across = CairoGoodFilter(from: scan.width, to: lying.width), across.kind == .box,
      let down = CairoGoodFilter(from: scan.height, to: lying.height), down.kind == .box
    else { return nil }
    let strip = min(edges, width / 2)
    let drawn =
      scan.quarterTurns == 0
      ? Array(0..<strip) + Array((width - strip)..<width) : Array(0..<lying.width)
    // cairo's RGB24 words, so the grey levels and colours come out of the one conversion
    // poppler's pictures go through.
    var words = Turning.clockwise(
      scan.convolved(across: across, down: down, columns: drawn), width: lying.width,
      height: lying.height, by: scan.quarterTurns)
    if scan.quarterTurns != 0 {
      // Scaled whole as it lies; as shown, only the edge columns are drawn, the rest white.
      let middle = width - 2 * strip
      for row in 0..<height {
        let start = row * width + strip
        words.replaceSubrange(
          start..<(start + middle), with: repeatElement(UInt32(0xFF_FFFF), count: middle))
      }
    }
    self = words.withUnsafeBufferPointer { words in
      SpinePicture(rgb24Width: width, height: height, edgeColumns: edges) {
        words.baseAddress! + $0 * width
      }
    }
  }
}
