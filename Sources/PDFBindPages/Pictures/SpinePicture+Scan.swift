extension SpinePicture {
  /// The picture poppler draws of a page that is one scan over the whole of it, at `width`×
  /// `height` pixels with `edges` columns at each side (the rest white, as `spinePicture`
  /// draws), made from the scan decoded whole: scaled down as cairo scales the image poppler
  /// hands it (`CairoGoodFilter`), so that the pixels are poppler's and the spread detector
  /// reads the same pages either way. nil when the scan is less than a third larger than the
  /// picture in either direction (cairo then filters another way): poppler draws the page.
  init?(scan: DecodedJPEG, width: Int, height: Int, edges: Int) {
    guard let across = CairoGoodFilter(from: scan.width, to: width),
      let down = CairoGoodFilter(from: scan.height, to: height)
    else { return nil }
    let strip = min(edges, width / 2)
    let drawn = Array(0..<strip) + Array((width - strip)..<width)
    // Each drawn column's taps, one after another: the source columns and their weights.
    let taps = across.width
    var columnSources: [Int] = []
    var columnWeights: [Int] = []
    for x in drawn {
      let (sources, weights) = across.taps(of: x)
      columnSources += sources
      columnWeights += weights.map(Int.init)
    }
    let channels = scan.channels
    // cairo's RGB24 words, 0x00RRGGBB, so the grey levels and colours come out of the one
    // conversion poppler's pictures go through.
    var words = [UInt32](repeating: 0xFF_FFFF, count: width * height)
    scan.pixels.withUnsafeBufferPointer { pixels in
      columnSources.withUnsafeBufferPointer { columnSources in
        columnWeights.withUnsafeBufferPointer { columnWeights in
          words.withUnsafeMutableBufferPointer { words in
            for y in 0..<height {
              let (rows, rowWeights) = down.taps(of: y)
              for index in drawn.indices {
                var sums = (0, 0, 0)
                for (row, rowWeight) in zip(rows, rowWeights) where rowWeight != 0 {
                  let start = row * scan.width
                  for tap in (index * taps)..<((index + 1) * taps) {
                    // pixman: the two weights' product, rounded to 16 fractional bits.
                    let weight = (Int(rowWeight) &* columnWeights[tap] &+ 0x8000) &>> 16
                    let at = (start &+ columnSources[tap]) &* channels
                    sums.0 &+= Int(pixels[at]) &* weight
                    if channels == 3 {
                      sums.1 &+= Int(pixels[at &+ 1]) &* weight
                      sums.2 &+= Int(pixels[at &+ 2]) &* weight
                    }
                  }
                }
                if channels == 1 { sums = (sums.0, sums.0, sums.0) }
                func level(_ sum: Int) -> UInt32 {
                  UInt32(min(255, max(0, (sum &+ 0x8000) &>> 16)))
                }
                words[y * width + drawn[index]] =
                  level(sums.0) << 16 | level(sums.1) << 8 | level(sums.2)
              }
            }
          }
        }
      }
    }
    self = words.withUnsafeBufferPointer { words in
      SpinePicture(rgb24Width: width, height: height, edgeColumns: edges) {
        words.baseAddress! + $0 * width
      }
    }
  }
}
