extension SpinePicture {
  /// The picture poppler draws of a page that is one scan over the whole of it, at `width`×
  /// `height` pixels with `edges` columns at each side (the rest white, as `spinePicture`
  /// draws), made from the scan decoded whole: scaled down as cairo scales the image poppler
  /// hands it (`CairoGoodFilter`), so that the pixels are poppler's and the spread detector
  /// reads the same pages either way. nil when the scan is less than a third larger than the
  /// picture in either direction (cairo then filters another way): poppler draws the page.
  init?(scan: DecodedScan, width: Int, height: Int, edges: Int) {
    guard let across = CairoGoodFilter(from: scan.width, to: width), across.kind == .box,
      let down = CairoGoodFilter(from: scan.height, to: height), down.kind == .box
    else { return nil }
    let strip = min(edges, width / 2)
    let drawn = Array(0..<strip) + Array((width - strip)..<width)
    // cairo's RGB24 words, so the grey levels and colours come out of the one conversion
    // poppler's pictures go through.
    let words = scan.convolved(across: across, down: down, columns: drawn)
    self = words.withUnsafeBufferPointer { words in
      SpinePicture(rgb24Width: width, height: height, edgeColumns: edges) {
        words.baseAddress! + $0 * width
      }
    }
  }
}
