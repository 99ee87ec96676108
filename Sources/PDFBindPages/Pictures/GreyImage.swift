import CPixelLoops

/// A picture in grey levels, row by row from the top left: 0 is black, 255 white. The page
/// evidence of `suggest` works on these plain values, so it is testable without a PDF, poppler
/// or Tesseract.
struct GreyImage: Equatable, Sendable {
  let width: Int
  let height: Int
  /// `width * height` levels.
  var pixels: [UInt8]

  init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height)
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A picture of one level.
  init(width: Int, height: Int, filledWith level: UInt8) {
    self.init(
      width: width, height: height,
      pixels: [UInt8](repeating: level, count: width * height))
  }

  /// A picture of `width`×`height` pixels in cairo's RGB24 (a native-endian 32-bit word
  /// 0x00RRGGBB a pixel, row y's at `row(y)`) as grey levels: ITU-R BT.601 luma.
  init(rgb24Width width: Int, height: Int, row: (Int) -> UnsafePointer<UInt32>) {
    // Every pixel is written below.
    var pixels = [UInt8](unsafeUninitializedCapacity: width * height) { _, count in
      count = width * height
    }
    pixels.withUnsafeMutableBufferPointer { grey in
      for y in 0..<height {
        CPixelLoops_grey_from_rgb24(row(y), grey.baseAddress! + y * width, width)
      }
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  subscript(x: Int, y: Int) -> UInt8 {
    get { pixels[y * width + x] }
    set { pixels[y * width + x] = newValue }
  }
}

extension GreyImage {
  /// The image less `left` columns at its left side and `right` at its right.
  func trimmed(left: Int, right: Int) -> GreyImage {
    columns(left..<(width - right))
  }

  /// The image of the given column ranges, side by side in order.
  func columns(_ ranges: Range<Int>...) -> GreyImage {
    precondition(ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= width })
    let keptWidth = ranges.reduce(0) { $0 + $1.count }
    var kept: [UInt8] = []
    kept.reserveCapacity(keptWidth * height)
    for y in 0..<height {
      for range in ranges {
        kept.append(
          contentsOf: pixels[(y * width + range.lowerBound)..<(y * width + range.upperBound)])
      }
    }
    return GreyImage(width: keptWidth, height: height, pixels: kept)
  }
}

extension GreyImage {
  /// The level `share` of the pixels reach (are at or below): the paper's level, for a share
  /// that print and pictures leave to it.
  func level(reachedBy share: Double) -> UInt8 {
    var histogram = [Int](repeating: 0, count: 256)
    for pixel in pixels { histogram[Int(pixel)] += 1 }
    return Self.level(in: histogram, reachedBy: share)
  }

  /// The level `share` of the pixels counted in `histogram` (256 counts, by level) reach.
  static func level(in histogram: [Int], reachedBy share: Double) -> UInt8 {
    let rank = Int(Double(histogram.reduce(0, +) - 1) * (1 - share))
    var lighter = 0
    var level = 255
    while level > 0 {
      lighter += histogram[level]
      if lighter > rank { break }
      level -= 1
    }
    return UInt8(level)
  }
}
