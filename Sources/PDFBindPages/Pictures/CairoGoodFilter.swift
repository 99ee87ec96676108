import CPixelLoops

/// One direction of the filter cairo 1.16 (Debian 12's) scales an image with when asked for
/// CAIRO_FILTER_GOOD, as poppler asks, in one of its two kinds:
///
/// - scaled down by a third or more (`box`): pixman's separable convolution with a box kernel
///   as wide as the scale, its weights in 16.16 fixed point for each of a number of phases
///   (sub-pixel positions);
/// - scaled down by less, or up by less than 4 times (`bilinear`): pixman's bilinear filter,
///   its two weights in 7 bits (poppler asks for no filter at 4 times or more).
///
/// Either way, each target pixel's position is taken from pixman's fixed-point transform,
/// which cairo corrects at the middle of what it paints, and the source's edge pixels are
/// repeated past its edges (poppler pads the image). Each step rounds as cairo and pixman do:
/// the fixtures' pages come out as poppler draws them to the pixel (WholePageScanTests), and
/// 1,957 of 1,987 spine pictures of two labelled image sets of bench/suggest; on the other 30,
/// 1 to 10 of their 9,600 levels differ by one, where poppler's own matrix (it turns the image
/// upside down and back) rounds a position the other way.
struct CairoGoodFilter {
  enum Kind: Equatable {
    case box
    case bilinear
  }

  let kind: Kind
  /// Taps per target pixel.
  let width: Int
  /// 16 less the bits of phase.
  let phaseShift: Int
  /// `width` weights for each phase: 16.16 for the box, 7 bits (0...128) for the bilinear
  /// filter, as pixman weighs them.
  let weights: [Int32]
  /// Where target pixel 0's centre falls in the source, 16.16, and the step to the next.
  let start: Int
  let step: Int
  let sourceCount: Int
  /// The pixels it scales to.
  let targetCount: Int

  /// The filter cairo scales `source` pixels to `target` with, of the kind the scale asks;
  /// nil for a scale up of 4 times or more.
  init?(from source: Int, to target: Int) {
    // The pattern's scale, as cairo derives it: the inverse of the drawing's scale.
    let scale = 1.0 / (Double(target) / Double(source))
    guard source > 0, target > 0, scale > 0.25 else { return nil }
    kind = scale >= 1.0 / 0.75 ? .box : .bilinear
    switch kind {
    case .box:
      let span = min(scale, 16)
      width = Int((span + 1).rounded(.up))
      var bits = 0
      while span * Double(1 << bits) <= 128 { bits += 1 }
      phaseShift = 16 - bits
      weights = Self.boxWeights(span: span, width: width, phases: 1 << bits)
    case .bilinear:
      // 7 bits of phase: the weights of the pixels either side.
      width = 2
      phaseShift = 9
      weights = (0..<128).flatMap { phase in [Int32(128 - phase), Int32(phase)] }
    }
    sourceCount = source
    targetCount = target
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
    let first: Int
    let phase: Int
    switch kind {
    case .box:
      let centred = ((position >> phaseShift) << phaseShift) + ((1 << phaseShift) >> 1)
      phase = (centred & 0xFFFF) >> phaseShift
      let offset = ((width << 16) - 65_536) >> 1
      first = (centred - 1 - offset) >> 16
    case .bilinear:
      // The pixel whose centre is at or left of the position, and the next.
      let left = position - 0x8000
      phase = (left >> phaseShift) & 0x7F
      first = left >> 16
    }
    return (
      (first..<(first + width)).map { min(max($0, 0), sourceCount - 1) },
      weights[(phase * width)..<((phase + 1) * width)]
    )
  }

  /// The taps of target pixels `indices`, one after another, as `CPixelLoops` reads them.
  func table(of indices: some Collection<Int>) -> (sources: [Int32], weights: [Int32]) {
    var sources: [Int32] = []
    var weights: [Int32] = []
    sources.reserveCapacity(indices.count * width)
    weights.reserveCapacity(indices.count * width)
    for index in indices {
      let taps = taps(of: index)
      sources += taps.sources.map { Int32($0) }
      weights += taps.weights
    }
    return (sources, weights)
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

extension DecodedScan {
  /// The scan scaled by the box filters `across` and `down` (`CairoGoodFilter`, both of that
  /// kind), in cairo's RGB24 words (0x00RRGGBB), one row of `across`'s target width after
  /// another; of the target columns only `columns` are drawn, the rest left white.
  func convolved(across: CairoGoodFilter, down: CairoGoodFilter, columns drawn: [Int])
    -> [UInt32]
  {
    precondition(across.kind == .box && down.kind == .box)
    let (width, height) = (across.targetCount, down.targetCount)
    let columns = across.table(of: drawn)
    let rows = down.table(of: 0..<height)
    var words = [UInt32](repeating: 0xFF_FFFF, count: width * height)
    pixels.withUnsafeBufferPointer { source in
      words.withUnsafeMutableBufferPointer { words in
        CPixelLoops_scale_columns_to_rgb24(
          source.baseAddress!, self.width, Int32(channels), columns.sources, columns.weights,
          Int32(across.width), rows.sources, rows.weights, Int32(down.width),
          drawn.map { Int32($0) }, drawn.count, words.baseAddress!, width, height)
      }
    }
    return words
  }
}
