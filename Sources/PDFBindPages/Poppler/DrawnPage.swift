// A page drawn in a page worker, as it crosses to pdfbind: its size and its pixels.
import Glibc
import PDFBindCore

/// A page's size in points, as poppler loads it.
struct PageSize: Equatable, Sendable {
  var width: Double
  var height: Double
}

/// A picture in cairo's RGB24 pixels (a 32-bit word 0x00RRGGBB a pixel, row by row, no
/// padding): a page a worker drew, for preview's and review's canvas in pdfbind.
struct RGBPixels: Sendable {
  var width: Int
  var height: Int
  var words: [UInt32]
}

extension CairoSurface {
  /// The surface's pixels, copied out.
  func rgbPixels() -> RGBPixels {
    library.flush(surface)
    guard let data = library.surfaceData(surface) else {
      return RGBPixels(
        width: width, height: height, words: [UInt32](repeating: 0xFF_FFFF, count: width * height))
    }
    let stride = Int(library.surfaceStride(surface))
    var words = [UInt32](repeating: 0, count: width * height)
    words.withUnsafeMutableBytes { out in
      for row in 0..<height {
        memcpy(out.baseAddress! + row * width * 4, data + row * stride, width * 4)
      }
    }
    return RGBPixels(width: width, height: height, words: words)
  }

  /// Puts `pixels` on the surface with their top left corner at (`x`, `y`); what falls
  /// outside the surface is left out.
  func paste(_ pixels: RGBPixels, x: Int, y: Int) {
    library.flush(surface)
    guard let data = library.surfaceData(surface) else { return }
    let stride = Int(library.surfaceStride(surface))
    let columns = max(0, -x)..<min(pixels.width, width - x)
    guard !columns.isEmpty else { return }
    pixels.words.withUnsafeBytes { source in
      for row in max(0, -y)..<min(pixels.height, height - y) {
        memcpy(
          data + (y + row) * stride + (x + columns.lowerBound) * 4,
          source.baseAddress! + (row * pixels.width + columns.lowerBound) * 4, columns.count * 4)
      }
    }
    // cairo is told its pixels changed under it, or it may keep a stale copy.
    library.markDirty(surface)
  }
}
