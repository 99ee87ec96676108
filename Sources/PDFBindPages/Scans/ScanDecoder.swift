import PDFBindCore

/// A scan decoded whole: `channels` bytes a pixel (1: grey; 3: red, green, blue), row by row
/// from the top left.
struct DecodedScan {
  let width: Int
  let height: Int
  let channels: Int
  /// At least `width × height × channels` bytes (a decoder's buffer, reused).
  let pixels: [UInt8]
  /// Quarter turns clockwise its page is shown turned by (`WholePageScan.quarterTurns`).
  var quarterTurns = 0
}

/// Decodes the pages that are one scan (`WholePageScan`): JPEG through libjpeg-turbo
/// (`JPEGDecoder`), Flate through zlib and PNG's predictor. One per page worker, used by
/// one request at a time.
final class ScanDecoder {
  /// nil when libturbojpeg is not installed or makes no decompressor: poppler then draws the
  /// JPEG scans.
  private let jpeg = JPEGDecoder()
  /// The pixels of the last scan, kept for the next: a page of a book of scans is decoded
  /// into the memory the page before it was (a `DecodedScan` still holding them gets its own
  /// copy when the next is written).
  private var buffer: [UInt8] = []

  /// `scan` decoded, in grey levels or in red, green and blue as its dictionary declares:
  /// whole when its pixels fit in `budget` bytes, else a JPEG at the least reduction that
  /// fits (1/2, 1/4 or 1/8 of its size, decoded so by libjpeg: a photograph over the
  /// megapixels poppler is let decode). nil when it does not fit even so, or its data do not
  /// hold an image of the size and colours its dictionary declares, or are damaged: poppler
  /// then draws the page, its own way, where it may.
  func decode(_ scan: WholePageScan, budget: Int) -> DecodedScan? {
    // The sizes are the dictionary's, whatever it says: multiplied without overflow.
    func fits(_ size: (width: Int, height: Int)) -> Bool {
      ImageSize(width: size.width, height: size.height).pixels <= budget / scan.channels
    }
    var (width, height) = (scan.width, scan.height)
    let decoded: Bool
    switch scan.encoding {
    case .jpeg:
      guard let jpeg,
        let reduction = JPEGDecoder.reductions.first(where: {
          fits(JPEGDecoder.reduced(scan, by: $0))
        })
      else { return nil }
      (width, height) = JPEGDecoder.reduced(scan, by: reduction)
      let count = width * height * scan.channels
      if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
      decoded = buffer.withUnsafeMutableBufferPointer {
        jpeg.decode(scan, reduction: reduction, into: $0)
      }
    case .flate(let pngPredicted):
      guard fits((width, height)) else { return nil }
      let count = width * height * scan.channels
      // Predicted rows are inflated with their filter type bytes, then packed in place.
      let inflated = count + (pngPredicted ? scan.height : 0)
      if buffer.count < inflated { buffer = [UInt8](repeating: 0, count: inflated) }
      decoded = buffer.withUnsafeMutableBufferPointer { pixels in
        let rows = UnsafeMutableRawBufferPointer(start: pixels.baseAddress, count: inflated)
        guard scan.data.withUnsafeBytes({ StreamFilters.inflate($0, filling: rows) }) else {
          return false
        }
        return !pngPredicted
          || StreamFilters.undoPNGPredictor(
            pixels, rows: scan.height, rowBytes: scan.width * scan.channels,
            bytesPerPixel: scan.channels)
      }
    }
    guard decoded else { return nil }
    return DecodedScan(
      width: width, height: height, channels: scan.channels, pixels: buffer,
      quarterTurns: scan.quarterTurns)
  }
}
