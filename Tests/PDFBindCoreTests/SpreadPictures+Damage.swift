import Foundation
import PDFBindTestSupport

@testable import PDFBindCore
@testable import PDFBindPages

// What scanning and printing do to a double-page picture.
extension SpreadPictures {
  static func crop(_ image: GreyImage, x: Int, width: Int) -> GreyImage {
    image.columns(x..<(x + width))
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
