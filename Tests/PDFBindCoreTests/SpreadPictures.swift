import Foundation
import PDFBindTestSupport

@testable import PDFBindCore
@testable import PDFBindPages

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
  static func valueNoise(width: Int, height: Int, random: inout SplitMix64) -> [Double] {
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

  static func ellipse(
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

  static func line(
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
}
