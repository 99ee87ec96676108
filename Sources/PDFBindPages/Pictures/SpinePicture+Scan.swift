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

/// One direction of the filter cairo 1.16 (Debian 12's) scales an image down with when asked
/// for CAIRO_FILTER_GOOD, as poppler asks: pixman's separable convolution with a box kernel
/// as wide as the scale, its weights in 16.16 fixed point for each of a number of phases
/// (sub-pixel positions), each target pixel's position taken from pixman's fixed-point
/// transform, which cairo corrects at the middle of what it paints, and the source's edge
/// pixels repeated past its edges (poppler pads the image). Each step rounds as cairo and
/// pixman do: the fixtures' pages come out as poppler draws them to the pixel
/// (WholePageScanTests), and 1,957 of 1,987 pages of two labelled image sets of
/// bench/suggest; on the other 30, 1 to 10 of their 9,600 levels differ by one, where
/// poppler's own matrix (it turns the image upside down and back) rounds a position the
/// other way.
struct CairoGoodFilter {
  /// Taps per target pixel.
  let width: Int
  /// 16 less the bits of phase.
  let phaseShift: Int
  /// `width` weights for each phase, each 16.16.
  let weights: [Int32]
  /// Where target pixel 0's centre falls in the source, 16.16, and the step to the next.
  let start: Int
  let step: Int
  let sourceCount: Int

  /// nil when cairo would not filter this way: a scale down of less than 4/3.
  init?(from source: Int, to target: Int) {
    // The pattern's scale, as cairo derives it: the inverse of the drawing's scale.
    let scale = 1.0 / (Double(target) / Double(source))
    guard source > 0, target > 0, scale >= 1.0 / 0.75 else { return nil }
    let span = min(scale, 16)
    width = Int((span + 1).rounded(.up))
    var bits = 0
    while span * Double(1 << bits) <= 128 { bits += 1 }
    phaseShift = 16 - bits
    weights = Self.boxWeights(span: span, width: width, phases: 1 << bits)
    sourceCount = source
    // pixman's transform: the scale in 16.16, and the translation cairo's correction finds,
    // which makes the middle of the painted area land where the exact scale puts it.
    step = Self.fixed(scale)
    let middle = Double(target) / 2
    var translation = 0
    for _ in 0..<5 {
      let mapped = Self.transform(Self.fixed(middle), scale: step, translation: translation)
      let error = (Double(mapped) / 65_536 * (1 / scale) - middle) * scale
      let correction = Self.fixed(error)
      translation -= correction
      if correction == 0 { break }
    }
    start = Self.transform(0x8000, scale: step, translation: translation)
  }

  /// The source pixels target pixel `index` reads (the source's edges repeated past them) and
  /// their weights.
  func taps(of index: Int) -> (sources: [Int], weights: ArraySlice<Int32>) {
    let position = start + index * step
    let centred = ((position >> phaseShift) << phaseShift) + ((1 << phaseShift) >> 1)
    let phase = (centred & 0xFFFF) >> phaseShift
    let offset = ((width << 16) - 65_536) >> 1
    let first = (centred - 1 - offset) >> 16
    return (
      (first..<(first + width)).map { min(max($0, 0), sourceCount - 1) },
      weights[(phase * width)..<((phase + 1) * width)]
    )
  }

  /// cairo's box kernel: the part of pixel `x` (its centre, from the box's) a box `span`
  /// pixels wide covers.
  private static func box(_ x: Double, _ span: Double) -> Double {
    max(0, min(min(span, 1), min((span + 1) / 2 - x, (span + 1) / 2 + x)))
  }

  /// The box kernel's weights for each phase, normalised as cairo does: each weight truncated
  /// to 16.16, scaled by the total, and what that leaves of 1 put on the middle tap.
  private static func boxWeights(span: Double, width: Int, phases: Int) -> [Int32] {
    var weights: [Int32] = []
    let step = 1.0 / Double(phases)
    for phase in 0..<phases {
      let fraction = (Double(phase) + 0.5) * step
      let first = (fraction - Double(width) / 2 - 0.5).rounded(.up) - fraction + 0.5
      var total = 0.0
      var taps: [Int32] = (0..<width).map { tap in
        let value = box(first + Double(tap), span)
        total += value
        return Int32(value * 65_536)
      }
      let inverse = 1 / total
      var sum: Int32 = 0
      for tap in taps.indices {
        taps[tap] = Int32(Double(taps[tap]) * inverse)
        sum += taps[tap]
      }
      taps[width / 2] += 65_536 - sum
      weights += taps
    }
    return weights
  }

  /// A double in 16.16 fixed point, rounded to the nearest (ties to even), as cairo converts.
  private static func fixed(_ value: Double) -> Int {
    Int((value * 65_536).rounded(.toNearestOrEven))
  }

  /// pixman's transform of a 16.16 coordinate: integer and fractional parts multiplied apart,
  /// the fraction's product rounded.
  private static func transform(_ value: Int, scale: Int, translation: Int) -> Int {
    scale * (value >> 16) + ((scale * (value & 0xFFFF) + 0x8000) >> 16) + translation
  }
}
