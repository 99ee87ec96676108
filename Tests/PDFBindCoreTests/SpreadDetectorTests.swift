import Foundation
import PDFBindTestSupport
import PropertyBased
import Testing

@testable import PDFBindCore

/// Double-page pictures: a picture cut in two at the spine joins its halves, in the order the
/// book reads them; margins, frames, text, textures and unrelated pictures join nothing.
///
/// The pictures are made from seeds (`SpreadPictures`): shaded areas, shapes and ink lines,
/// composed across the spine as a double-page picture is.
@Suite("Spread detector")
struct SpreadDetectorTests {
  let detector = SpreadDetector()

  // MARK: - Joins

  @Test("A picture cut in two joins page k's right edge to page k+1's left edge")
  func leftToRight() {
    let (left, right) = SpreadPictures.spread(seed: 2)
    let joins = detector.joins([left, right])
    #expect(joins.map(\.firstPage) == [0])
    #expect(joins.map(\.direction) == [.leftToRight])
    #expect(joins.allSatisfy { $0.strength > 0 && $0.strength <= 1 })
  }

  @Test("The same halves in the other order join right to left")
  func rightToLeft() {
    let (left, right) = SpreadPictures.spread(seed: 2)
    #expect(detector.joins([right, left]).map(\.direction) == [.rightToLeft])
  }

  @Test("Among unrelated pages only the pair that holds the picture joins, by its index")
  func inABook() {
    let (left, right) = SpreadPictures.spread(seed: 7)
    let pages = [
      SpreadPictures.natural(width: 200, height: 300, seed: 100),
      SpreadPictures.natural(width: 200, height: 300, seed: 101), left, right,
      SpreadPictures.natural(width: 200, height: 300, seed: 102),
    ]
    #expect(detector.joins(pages).map(\.firstPage) == [2])
    #expect(detector.joins(pages.reversed()).map(\.firstPage) == [1])
    #expect(detector.joins(pages.reversed()).map(\.direction) == [.rightToLeft])
    #expect(detector.findings(pages).map(\.firstPage) == [0, 1, 2, 3])
  }

  @Test(
    "A real join survives what scanning and printing do to it",
    arguments: SpreadDamage.allCases)
  func survives(damage: SpreadDamage) {
    for seed: UInt64 in [2, 7, 8] {
      let (left, right) = SpreadPictures.spread(seed: seed, damage: damage)
      #expect(
        detector.joins([left, right]).map(\.direction) == [.leftToRight],
        "seed \(seed), \(damage)")
      #expect(
        detector.joins([right, left]).map(\.direction) == [.rightToLeft],
        "seed \(seed), \(damage), mirrored")
    }
  }

  /// Not every picture shows enough at the spine (a sky, a blank band): those are missed, on
  /// the safe side. The floors are about 15 points below what 500 seeds measure (see
  /// `measure`), and a join is never found the wrong way round.
  @Test(
    "Most double-page pictures are found, none the wrong way round",
    arguments: [
      (SpreadDamage.none, 0.7), (.lostAtSpine, 0.5), (.shifted, 0.7), (.jpegNoise, 0.7),
      (.gutterShadow, 0.7), (.scaled, 0.65), (.everything, 0.3),
    ])
  func mostAreFound(damage: SpreadDamage, floor: Double) {
    let seeds = UInt64(101)...120
    var found = 0
    for seed in seeds {
      let (left, right) = SpreadPictures.spread(seed: seed, damage: damage)
      let directions = detector.joins([left, right]).map(\.direction)
      #expect(directions.allSatisfy { $0 == .leftToRight }, "seed \(seed), \(damage)")
      found += directions.count
    }
    #expect(Double(found) >= floor * Double(seeds.count), "\(found) of \(seeds.count)")
  }

  @Test("Pages rendered at different sizes are compared at one height")
  func differentRenderedSizes() {
    let (left, right) = SpreadPictures.spread(seed: 2)
    let larger = SpreadPictures.resized(right, width: 260, height: 390)
    #expect(detector.joins([left, larger]).map(\.direction) == [.leftToRight])
  }

  // MARK: - Nothing to decide

  @Test("Blank, flat, tiny and missing pages join nothing, and say why")
  func nothingToCompare() {
    let white = GreyImage(width: 200, height: 300, filledWith: 255)
    let black = GreyImage(width: 200, height: 300, filledWith: 0)
    let dot = GreyImage(width: 1, height: 1, filledWith: 128)
    let empty = GreyImage(width: 0, height: 0, pixels: [])
    let pages: [GreyImage?] = [white, white, black, black, nil, white, dot, empty, dot]
    #expect(detector.joins(pages).isEmpty)
    let reasons = detector.findings(pages).map { finding -> SpineNoJoinReason? in
      if case .failure(let none) = finding.outcome { return none.reason }
      return nil
    }
    #expect(
      reasons == [
        .tooLittleDetail, .tooLittleDetail, .tooLittleDetail, .notRendered, .notRendered,
        .tooSmall, .tooSmall, .tooSmall,
      ])
    #expect(detector.joins([]).isEmpty)
    #expect(detector.joins([white]).isEmpty)
    #expect(detector.joins([nil, nil]).isEmpty)
  }

  @Test("A wide page next to a tall one is not compared")
  func shapesDiffer() {
    let (left, right) = SpreadPictures.spread(seed: 2)
    let squashed = SpreadPictures.resized(right, width: 200, height: 150)
    #expect(detector.joins([left, squashed]).isEmpty)
    let finding = detector.findings([left, squashed]).first
    #expect(finding?.outcome == .failure(SpineNoJoin(reason: .shapesDiffer)))
  }

  @Test(
    "Pages that look alike both ways round, or at every shift, decide nothing",
    arguments: LookAlikePages.allCases)
  func lookAlikes(kind: LookAlikePages) {
    for seed in UInt64(1)...6 {
      let pages = kind.pages(seed: seed)
      #expect(detector.joins(pages).isEmpty, "\(kind), seed \(seed)")
      #expect(detector.joins(pages.reversed()).isEmpty, "\(kind), seed \(seed), reversed")
    }
  }

  @Test("Odd sizes are compared or skipped, never a crash")
  func oddSizes() {
    let sizes = [(24, 24), (25, 4000), (4000, 25), (24, 300), (200, 24), (3, 900), (900, 3)]
    for (width, height) in sizes {
      let page = SpreadPictures.natural(width: width, height: height, seed: 9)
      #expect(detector.joins([page, page]).isEmpty, "\(width)x\(height)")
      #expect(detector.findings([page, nil, page]).count == 2)
    }
  }

  @Test("A picture repeated on every page joins nothing")
  func repeatedPicture() {
    // The same picture on every page: its right edge against its own left edge.
    let page = SpreadPictures.natural(width: 200, height: 300, seed: 5)
    #expect(detector.joins([page, page, page]).isEmpty)
  }

  /// The edges compared are the halves' own spine edges, full of lines: the hardest
  /// unrelated pages there are.
  @Test("Halves of different double-page pictures never join")
  func unrelatedPicturesNeverJoin() async {
    let count = ProcessInfo.processInfo.environment["PDFBIND_SPREAD_SEEDS"].flatMap(Int.init) ?? 30
    await propertyCheck(count: count, input: Gen.uint64()) { seed in
      let (left, _) = SpreadPictures.spread(seed: seed)
      let (_, right) = SpreadPictures.spread(seed: seed &+ 1, damage: .jpegNoise)
      #expect(detector.joins([left, right]).isEmpty, "seed \(seed)")
      #expect(detector.joins([right, left]).isEmpty, "seed \(seed), mirrored")
    }
  }

  // MARK: - Measured distributions

  /// The score distributions the thresholds rest on. Long, so it runs only when asked:
  /// `PDFBIND_SPREAD_MEASURE=500 swift test --filter SpreadDetector` (seeds per case).
  @Test(
    "Distributions of the seam measures",
    .enabled(if: ProcessInfo.processInfo.environment["PDFBIND_SPREAD_MEASURE"] != nil))
  func measure() {
    let count = Int(ProcessInfo.processInfo.environment["PDFBIND_SPREAD_MEASURE"] ?? "") ?? 200
    let seeds = 1...UInt64(count)
    var report: [String] = []
    for damage in SpreadDamage.allCases {
      let pairs = seeds.map { SpreadPictures.spread(seed: $0, damage: damage) }
      report.append(SpreadMeasurement(detector, "spread, \(damage)", pairs, joined: true).text)
    }
    let unrelated = seeds.map {
      (SpreadPictures.spread(seed: $0).left, SpreadPictures.spread(seed: $0 + 50_000).right)
    }
    report.append(SpreadMeasurement(detector, "unrelated", unrelated, joined: false).text)
    for kind in LookAlikePages.allCases {
      let pairs = seeds.map { seed in
        let pages = kind.pages(seed: seed)
        return (pages[0], pages[1])
      }
      report.append(SpreadMeasurement(detector, "\(kind)", pairs, joined: false).text)
    }
    print(report.joined(separator: "\n"))
  }
}

// MARK: - Test pictures

/// What happens to a double-page picture between the artwork and the page pictures.
enum SpreadDamage: String, CaseIterable, CustomStringConvertible, Sendable {
  case none
  /// Up to 2% of a page's width cut away at the spine (trimmed or lost in the binding).
  case lostAtSpine
  /// The halves shifted up to 2% of the height against each other.
  case shifted
  /// JPEG-like noise: grain, 8x8 blocks, levels rounded.
  case jpegNoise
  /// Both halves darkened in a ramp toward the spine.
  case gutterShadow
  /// One half scanned 2.5% larger than the other.
  case scaled
  /// All of the above at once.
  case everything

  var description: String { rawValue }
}

/// Test pictures made from a seed: natural-looking artwork (shaded areas, shapes, ink lines,
/// grain), spreads cut from it, and what scanning does to them.
enum SpreadPictures {
  /// A spread of two 200x300 pages cut from one 400x300 picture, then damaged. Most pictures
  /// are composed across the spine; `composedAcrossSpine: false` gives one with only what
  /// happens to fall there (often little: then nothing is decided, which is the safe side).
  static func spread(
    seed: UInt64, damage: SpreadDamage = .none, composedAcrossSpine: Bool = true
  ) -> (left: GreyImage, right: GreyImage) {
    var random = SplitMix64(seed: seed &* 7919 &+ 17)
    let width = 200
    let height = 300
    let whole = natural(
      width: 2 * width, height: height, seed: seed, spine: composedAcrossSpine ? width : nil)
    var left = crop(whole, x: 0, width: width)
    var right = crop(whole, x: width, width: width)
    let all = damage == .everything
    if damage == .lostAtSpine || all {
      let lost = Int.random(in: 1...4, using: &random)  // up to 2% of 200
      let fromLeft = Int.random(in: 0...lost, using: &random)
      left = losing(left, columns: fromLeft, atRight: true)
      right = losing(right, columns: lost - fromLeft, atRight: false)
    }
    if damage == .shifted || all {
      var rows = Int.random(in: 2...6, using: &random)  // up to 2% of 300
      if Bool.random(using: &random) { rows = -rows }
      right = shifted(right, rows: rows)
    }
    if damage == .scaled || all {
      let factor = Bool.random(using: &random) ? 1.025 : 1 / 1.025
      right = scaledContent(right, by: factor)
    }
    if damage == .gutterShadow || all {
      let depth = Double.random(in: 0.35...0.6, using: &random)
      let reach = Double.random(in: 10...24, using: &random)
      left = shadowed(left, depth: depth, reach: reach, spineAtRight: true)
      right = shadowed(right, depth: depth, reach: reach, spineAtRight: false)
    }
    if damage == .jpegNoise || all {
      left = jpegLike(left, seed: seed &+ 1)
      right = jpegLike(right, seed: seed &+ 2)
    }
    return (left, right)
  }

  /// Shaded areas (smooth value noise), filled and outlined shapes, ink strokes and grain.
  ///
  /// With `spine`, the picture is composed across that column the way a double-page picture
  /// is: a few more strokes and shapes cross it.
  static func natural(width: Int, height: Int, seed: UInt64, spine: Int? = nil) -> GreyImage {
    var random = SplitMix64(seed: seed)
    var canvas = valueNoise(width: width, height: height, random: &random)
    if let spine {
      for _ in 0..<Int.random(in: 2...4, using: &random) {
        ellipse(
          &canvas, width: width, height: height,
          centre: (
            Double(spine) + Double.random(in: -40...40, using: &random),
            Double.random(in: 0...Double(height), using: &random)
          ),
          radii: (
            Double.random(in: 45...90, using: &random), Double.random(in: 10...60, using: &random)
          ),
          angle: Double.random(in: -0.6...0.6, using: &random),
          fill: Double.random(in: 20...235, using: &random),
          outline: Bool.random(using: &random) ? Double.random(in: 0...50, using: &random) : nil,
          opacity: Double.random(in: 0.7...1, using: &random))
      }
      for _ in 0..<Int.random(in: 5...10, using: &random) {
        let y = Double.random(in: 0...Double(height), using: &random)
        let angle = Double.random(in: -1.0...1.0, using: &random)
        let reach = Double.random(in: 20...80, using: &random)
        line(
          &canvas, width: width, height: height,
          from: (Double(spine) - reach * cos(angle), y - reach * sin(angle)),
          to: (Double(spine) + reach * cos(angle), y + reach * sin(angle)),
          thickness: Double.random(in: 0.8...2.5, using: &random),
          ink: Double.random(in: 0...60, using: &random))
      }
    }
    let shapes = Int.random(in: 10...22, using: &random)
    for _ in 0..<shapes {
      let centreX = Double.random(in: 0...Double(width), using: &random)
      let centreY = Double.random(in: 0...Double(height), using: &random)
      let radiusX = Double.random(in: 8...70, using: &random)
      let radiusY = Double.random(in: 8...70, using: &random)
      let angle = Double.random(in: 0...Double.pi, using: &random)
      let fill = Double.random(in: 20...235, using: &random)
      let outline = Bool.random(using: &random) ? Double.random(in: 0...50, using: &random) : nil
      let opaque = Double.random(in: 0.6...1, using: &random)
      ellipse(
        &canvas, width: width, height: height,
        centre: (centreX, centreY), radii: (radiusX, radiusY), angle: angle,
        fill: fill, outline: outline, opacity: opaque)
    }
    let strokes = Int.random(in: 4...14, using: &random)
    for _ in 0..<strokes {
      let x0 = Double.random(in: 0...Double(width), using: &random)
      let y0 = Double.random(in: 0...Double(height), using: &random)
      let angle = Double.random(in: 0...Double.pi, using: &random)
      let length = Double.random(in: 30...max(30, Double(width)), using: &random)
      let thickness = Double.random(in: 0.8...2.5, using: &random)
      let ink = Double.random(in: 0...60, using: &random)
      line(
        &canvas, width: width, height: height, from: (x0, y0),
        to: (x0 + length * cos(angle), y0 + length * sin(angle)), thickness: thickness, ink: ink)
    }
    var grain = SplitMix64(seed: seed ^ 0xA5A5)
    return GreyImage(
      width: width, height: height,
      pixels: canvas.map { level in
        let noisy = level + Double.random(in: -3...3, using: &grain)
        return UInt8(max(0, min(255, noisy.rounded())))
      })
  }

  /// Four octaves of bilinear value noise, levels 40 to 220.
  private static func valueNoise(width: Int, height: Int, random: inout SplitMix64) -> [Double] {
    var canvas = [Double](repeating: 0, count: width * height)
    var amplitude = 1.0
    var total = 0.0
    for cells in [3, 6, 12, 24] {
      let columns = cells + 2
      let rows = cells * height / max(width, 1) + 3
      let grid = (0..<(columns * rows)).map { _ in Double.random(in: -1...1, using: &random) }
      let cell = Double(width) / Double(cells)
      for y in 0..<height {
        let gy = Double(y) / cell
        let row = min(Int(gy), rows - 2)
        let fy = gy - Double(row)
        for x in 0..<width {
          let gx = Double(x) / cell
          let column = min(Int(gx), columns - 2)
          let fx = gx - Double(column)
          let top = grid[row * columns + column] * (1 - fx) + grid[row * columns + column + 1] * fx
          let bottom =
            grid[(row + 1) * columns + column] * (1 - fx) + grid[(row + 1) * columns + column + 1]
            * fx
          canvas[y * width + x] += amplitude * (top * (1 - fy) + bottom * fy)
        }
      }
      total += amplitude
      amplitude *= 0.55
    }
    return canvas.map { 130 + 90 * $0 / total }
  }

  private static func ellipse(
    _ canvas: inout [Double], width: Int, height: Int, centre: (Double, Double),
    radii: (Double, Double), angle: Double, fill: Double, outline: Double?, opacity: Double
  ) {
    let reach = max(radii.0, radii.1) + 2
    let cosA = cos(angle)
    let sinA = sin(angle)
    let x0 = max(0, Int(centre.0 - reach))
    let x1 = min(width - 1, Int(centre.0 + reach))
    let y0 = max(0, Int(centre.1 - reach))
    let y1 = min(height - 1, Int(centre.1 + reach))
    guard x0 <= x1, y0 <= y1 else { return }
    for y in y0...y1 {
      for x in x0...x1 {
        let dx = Double(x) + 0.5 - centre.0
        let dy = Double(y) + 0.5 - centre.1
        let u = (dx * cosA + dy * sinA) / radii.0
        let v = (-dx * sinA + dy * cosA) / radii.1
        let r = (u * u + v * v).squareRoot()
        // Distance from the rim in pixels, roughly.
        let rim = (r - 1) * min(radii.0, radii.1)
        let inside = min(1, max(0, 0.5 - rim))
        var level = canvas[y * width + x]
        level += (fill - level) * inside * opacity
        if let outline {
          let ink = min(1, max(0, 1.2 - abs(rim)))
          level += (outline - level) * ink
        }
        canvas[y * width + x] = level
      }
    }
  }

  private static func line(
    _ canvas: inout [Double], width: Int, height: Int, from start: (Double, Double),
    to end: (Double, Double), thickness: Double, ink: Double
  ) {
    let dx = end.0 - start.0
    let dy = end.1 - start.1
    let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
    let x0 = max(0, Int(min(start.0, end.0) - thickness - 1))
    let x1 = min(width - 1, Int(max(start.0, end.0) + thickness + 1))
    let y0 = max(0, Int(min(start.1, end.1) - thickness - 1))
    let y1 = min(height - 1, Int(max(start.1, end.1) + thickness + 1))
    guard x0 <= x1, y0 <= y1 else { return }
    for y in y0...y1 {
      for x in x0...x1 {
        let px = Double(x) + 0.5 - start.0
        let py = Double(y) + 0.5 - start.1
        let along = min(max((px * dx + py * dy) / length, 0), length)
        let nearestX = start.0 + along * dx / length
        let nearestY = start.1 + along * dy / length
        let distance =
          ((Double(x) + 0.5 - nearestX) * (Double(x) + 0.5 - nearestX)
          + (Double(y) + 0.5 - nearestY) * (Double(y) + 0.5 - nearestY)).squareRoot()
        let cover = min(1, max(0, thickness / 2 + 0.5 - distance))
        canvas[y * width + x] += (ink - canvas[y * width + x]) * cover
      }
    }
  }

  static func crop(_ image: GreyImage, x: Int, width: Int) -> GreyImage {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * image.height)
    for y in 0..<image.height {
      pixels += image.pixels[(y * image.width + x)..<(y * image.width + x + width)]
    }
    return GreyImage(width: width, height: image.height, pixels: pixels)
  }

  /// `columns` columns removed at one side; the page keeps its width by repeating its outer
  /// edge (as a scan trimmed at the spine and re-centred would).
  static func losing(_ image: GreyImage, columns: Int, atRight: Bool) -> GreyImage {
    guard columns > 0 else { return image }
    var result = image
    for y in 0..<image.height {
      for x in 0..<image.width {
        let source = atRight ? max(0, x - columns) : min(image.width - 1, x + columns)
        result[x, y] = image[source, y]
      }
    }
    return result
  }

  static func shifted(_ image: GreyImage, rows: Int) -> GreyImage {
    var result = image
    for y in 0..<image.height {
      let source = min(max(y - rows, 0), image.height - 1)
      for x in 0..<image.width { result[x, y] = image[x, source] }
    }
    return result
  }

  /// The content enlarged (or reduced) by `factor` about the page's top spine-side corner
  /// (the left edge here), at the same picture size; uncovered pixels white.
  static func scaledContent(_ image: GreyImage, by factor: Double) -> GreyImage {
    var result = GreyImage(width: image.width, height: image.height, filledWith: 255)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let sx = (Double(x) + 0.5) / factor - 0.5
        let sy = (Double(y) + 0.5) / factor - 0.5
        if let level = bilinear(image, x: sx, y: sy) { result[x, y] = level }
      }
    }
    return result
  }

  /// The picture resampled to a new size.
  static func resized(_ image: GreyImage, width: Int, height: Int) -> GreyImage {
    var result = GreyImage(width: width, height: height, filledWith: 255)
    for y in 0..<height {
      for x in 0..<width {
        let sx = (Double(x) + 0.5) * Double(image.width) / Double(width) - 0.5
        let sy = (Double(y) + 0.5) * Double(image.height) / Double(height) - 0.5
        result[x, y] = bilinear(image, x: sx, y: sy, clamped: true) ?? 255
      }
    }
    return result
  }

  private static func bilinear(_ image: GreyImage, x: Double, y: Double, clamped: Bool = false)
    -> UInt8?
  {
    var x = x
    var y = y
    if clamped {
      x = min(max(x, 0), Double(image.width - 1))
      y = min(max(y, 0), Double(image.height - 1))
    }
    guard x >= 0, y >= 0, x <= Double(image.width - 1), y <= Double(image.height - 1) else {
      return nil
    }
    let x0 = min(Int(x), image.width - 2)
    let y0 = min(Int(y), image.height - 2)
    let fx = x - Double(x0)
    let fy = y - Double(y0)
    let top = Double(image[x0, y0]) * (1 - fx) + Double(image[x0 + 1, y0]) * fx
    let bottom = Double(image[x0, y0 + 1]) * (1 - fx) + Double(image[x0 + 1, y0 + 1]) * fx
    return UInt8((top * (1 - fy) + bottom * fy).rounded())
  }

  /// Darker toward the spine: level times 1 - depth * e^(-distance / reach).
  static func shadowed(_ image: GreyImage, depth: Double, reach: Double, spineAtRight: Bool)
    -> GreyImage
  {
    var result = image
    for x in 0..<image.width {
      let distance = Double(spineAtRight ? image.width - 1 - x : x)
      let factor = 1 - depth * exp(-distance / reach)
      for y in 0..<image.height {
        result[x, y] = UInt8((Double(image[x, y]) * factor).rounded())
      }
    }
    return result
  }

  /// Grain, then each 8x8 block's mean rounded to 6 levels and each pixel's difference from it
  /// to 10: the blocks and flattened detail of a low-quality JPEG.
  static func jpegLike(_ image: GreyImage, seed: UInt64) -> GreyImage {
    var random = SplitMix64(seed: seed)
    var result = image
    for blockY in stride(from: 0, to: image.height, by: 8) {
      for blockX in stride(from: 0, to: image.width, by: 8) {
        let ys = blockY..<min(blockY + 8, image.height)
        let xs = blockX..<min(blockX + 8, image.width)
        var levels: [Double] = []
        for y in ys {
          for x in xs {
            levels.append(Double(image[x, y]) + Double.random(in: -4...4, using: &random))
          }
        }
        let mean = levels.reduce(0, +) / Double(levels.count)
        let roundedMean = (mean / 6).rounded() * 6
        var index = 0
        for y in ys {
          for x in xs {
            let detail = ((levels[index] - mean) / 10).rounded() * 10
            result[x, y] = UInt8(max(0, min(255, roundedMean + detail)))
            index += 1
          }
        }
      }
    }
    return result
  }
}

/// Pairs of pages that must decide nothing.
enum LookAlikePages: String, CaseIterable, CustomStringConvertible, Sendable {
  /// Pictures inside white margins.
  case whiteMargins
  /// Comic panels: black frames, white gutters, artwork inside.
  case framedPanels
  /// Panels that run to the page edge, with ruled borders across both pages at one height.
  case panelBordersToTheEdge
  /// Rows of dark marks at the same line spacing on both pages, running to the edge.
  case textToTheEdge
  /// Horizontal stripes.
  case stripes
  /// Diagonal stripes of one period on both pages.
  case diagonalStripes
  /// A checkerboard.
  case checkerboard
  /// Vertical frame lines parallel to the edge, nothing else.
  case frameLines

  var description: String { rawValue }

  func pages(seed: UInt64) -> [GreyImage] {
    var random = SplitMix64(seed: seed &* 104_729 &+ 3)
    let width = 200
    let height = 300
    switch self {
    case .whiteMargins:
      return [seed, seed + 1].map { seed in
        var page = GreyImage(width: width, height: height, filledWith: 255)
        let art = SpreadPictures.natural(width: width - 40, height: height - 50, seed: seed)
        for y in 0..<art.height { for x in 0..<art.width { page[x + 20, y + 25] = art[x, y] } }
        return page
      }
    case .framedPanels:
      return [seed, seed + 7].map { seed in
        Self.panels(width: width, height: height, seed: seed, gutter: 8, toTheEdge: false)
      }
    case .panelBordersToTheEdge:
      return [seed, seed + 7].map { seed in
        Self.panels(width: width, height: height, seed: seed, gutter: 8, toTheEdge: true)
      }
    case .textToTheEdge:
      let spacing = Int.random(in: 8...14, using: &random)
      return [seed, seed + 1].map { seed in
        var marks = SplitMix64(seed: seed)
        var page = GreyImage(width: width, height: height, filledWith: 250)
        for top in stride(from: 12, to: height - spacing, by: spacing) {
          var x = 0
          while x < width {
            let word = Int.random(in: 3...9, using: &marks)
            for dx in 0..<word where x + dx < width {
              for dy in 0..<(spacing * 2 / 3) where Int.random(in: 0...2, using: &marks) > 0 {
                page[x + dx, top + dy] = UInt8.random(in: 10...60, using: &marks)
              }
            }
            x += word + Int.random(in: 2...4, using: &marks)
          }
        }
        return page
      }
    case .stripes:
      let period = Int.random(in: 6...40, using: &random)
      let image = GreyImage(
        width: width, height: height,
        pixels: (0..<(width * height)).map { index in
          (index / width) % period < period / 2 ? 30 : 220
        })
      return [image, image]
    case .diagonalStripes:
      let period = Double.random(in: 8...60, using: &random)
      let slope = Double.random(in: 0.3...2, using: &random)
      return [0, 1].map { page in
        GreyImage(
          width: width, height: height,
          pixels: (0..<(width * height)).map { index in
            let x = Double(index % width + page * width)
            let y = Double(index / width)
            return sin(2 * .pi * (y + slope * x) / period) > 0 ? 40 : 210
          })
      }
    case .checkerboard:
      let square = Int.random(in: 5...30, using: &random)
      let image = GreyImage(
        width: width, height: height,
        pixels: (0..<(width * height)).map { index in
          ((index % width) / square + (index / width) / square) % 2 == 0 ? 20 : 235
        })
      return [image, image]
    case .frameLines:
      let inset = Int.random(in: 2...12, using: &random)
      var page = GreyImage(width: width, height: height, filledWith: 255)
      for y in 0..<height {
        for x in [inset, inset + 1, width - 1 - inset, width - 2 - inset] { page[x, y] = 0 }
      }
      return [page, page]
    }
  }

  /// A page of framed panels: rows of one to three panels with black borders and natural
  /// artwork inside, separated by white gutters (or running to the page edge).
  static func panels(width: Int, height: Int, seed: UInt64, gutter: Int, toTheEdge: Bool)
    -> GreyImage
  {
    var random = SplitMix64(seed: seed)
    var page = GreyImage(width: width, height: height, filledWith: 255)
    let art = SpreadPictures.natural(width: width, height: height, seed: seed &+ 999)
    let margin = toTheEdge ? 0 : 12
    // The same row heights on every page: a template.
    let rowEdges = [margin, height / 3, 2 * height / 3, height - margin]
    for row in 0..<3 {
      let top = rowEdges[row] + (row == 0 ? 0 : gutter / 2)
      let bottom = rowEdges[row + 1] - (row == 2 ? 0 : gutter / 2)
      let panelsInRow = Int.random(in: 1...3, using: &random)
      var left = margin
      for panel in 0..<panelsInRow {
        let right =
          panel == panelsInRow - 1
          ? width - margin : left + (width - 2 * margin) / panelsInRow - gutter / 2
        for y in top..<bottom {
          for x in left..<right {
            let border = y - top < 2 || bottom - 1 - y < 2 || x - left < 2 || right - 1 - x < 2
            page[x, y] = border ? 0 : art[x, y]
          }
        }
        left = right + gutter
      }
    }
    return page
  }
}

/// Counts and quantiles of the detector's measures over pairs of pages that should join left
/// to right (`joined`) or not at all.
struct SpreadMeasurement {
  let text: String

  init(
    _ detector: SpreadDetector, _ name: String, _ pairs: [(GreyImage, GreyImage)], joined: Bool
  ) {
    var right = 0
    var wrong = 0
    var reasons: [String: Int] = [:]
    var share: [Float] = []
    var excess: [Float] = []
    for (first, second) in pairs {
      switch detector.findings([first, second]).first?.outcome {
      case .success(let join):
        if joined && join.direction == .leftToRight { right += 1 } else { wrong += 1 }
      case .failure(let none): reasons["\(none.reason)", default: 0] += 1
      case nil: break
      }
      guard let measures = detector.measures(first, second) else { continue }
      // For pairs that should not join, the better-looking direction.
      let direction: SpineJoinDirection =
        joined || measures.forward.matchedFeatures >= measures.backward.matchedFeatures
        ? .leftToRight : .rightToLeft
      let seam = direction == .leftToRight ? measures.forward : measures.backward
      if seam.hasDetail(detector.thresholds) {
        share.append(Float(seam.matchedFeatures) / Float(seam.fewerFeatures))
      }
      if seam.continues(detector.thresholds) { excess.append(Float(measures.excess(direction))) }
    }
    let counts =
      joined
      ? "found \(right)/\(pairs.count), wrong direction \(wrong)"
      : "joined \(wrong)/\(pairs.count)"
    text = """
      \(name): \(counts); no join: \(reasons.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        matched share, with detail (\(share.count))  \(Self.quantiles(share))
        excess matched, where it continues (\(excess.count))  \(Self.quantiles(excess))
      """
  }

  /// Minimum, 1%, 5%, 25%, 50%, 75%, 95%, 99% and maximum.
  static func quantiles(_ values: [Float]) -> String {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return "-" }
    return [0, 0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99, 1].map { share in
      String(format: "%5.2f", sorted[min(sorted.count - 1, Int(share * Double(sorted.count)))])
    }.joined(separator: " ")
  }
}
