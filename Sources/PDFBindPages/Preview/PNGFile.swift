import PDFBindCore

/// The PNG files `preview` and `review` write, made from cairo's pixels: 8-bit RGB, each row
/// filtered as None, Sub or Up, whichever leaves the smallest differences (PNG's usual
/// heuristic), deflated at zlib's level 6. cairo's own writer leaves libpng its defaults
/// (all five filters tried on every row) and converts each pixel through a callback: on
/// bench/review's 1,000 books its thumbnails cost 8% of the processor time, about 0.8 ms
/// each; these 0.3 ms. The files come out 5% smaller than cairo's on those thumbnails, 7%
/// smaller than adaptive filtering's on thumbnails of the real bench's scans.
enum PNGFile {
  static let deflateLevel: Int32 = 6

  /// The PNG file of a picture of `width`×`height` pixels in cairo's RGB24 (a native-endian
  /// 32-bit word 0x00RRGGBB a pixel, row y's at `row(y)`); nil when zlib fails.
  static func encode(width: Int, height: Int, row: (Int) -> UnsafePointer<UInt32>) -> [UInt8]? {
    let rowBytes = 3 * width
    // Two rows of bytes, this one and the one above (zeros above the first), then the output:
    // a filter byte and the filtered row for each row.
    var rows = [UInt8](repeating: 0, count: 2 * rowBytes)
    var filtered = [UInt8](repeating: 0, count: height * (1 + rowBytes))
    rows.withUnsafeMutableBufferPointer { rows in
      filtered.withUnsafeMutableBufferPointer { out in
        var (current, above) = (rows.baseAddress!, rows.baseAddress! + rowBytes)
        for y in 0..<height {
          let words = row(y)
          for x in 0..<width {
            let word = words[x]
            current[3 * x] = UInt8(truncatingIfNeeded: word &>> 16)
            current[3 * x + 1] = UInt8(truncatingIfNeeded: word &>> 8)
            current[3 * x + 2] = UInt8(truncatingIfNeeded: word)
          }
          let start = out.baseAddress! + y * (1 + rowBytes)
          let filter = bestFilter(current, above: above, count: rowBytes)
          start[0] = filter.rawValue
          let target = start + 1
          switch filter {
          case .none:
            target.update(from: current, count: rowBytes)
          case .sub:
            for index in 0..<min(3, rowBytes) { target[index] = current[index] }
            for index in min(3, rowBytes)..<rowBytes {
              target[index] = current[index] &- current[index - 3]
            }
          case .up:
            for index in 0..<rowBytes { target[index] = current[index] &- above[index] }
          }
          swap(&current, &above)
        }
      }
    }
    guard
      let compressed = filtered.withUnsafeBytes({
        StreamFilters.deflate($0, level: deflateLevel)
      })
    else { return nil }
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    // Width, height, 8 bits a channel, colour type 2 (RGB), deflate, filters chosen by row,
    // no interlacing.
    let header =
      bigEndianBytes(width, width: 4) + bigEndianBytes(height, width: 4) + [8, 2, 0, 0, 0]
    append("IHDR", header, to: &file)
    append("IDAT", compressed, to: &file)
    append("IEND", [], to: &file)
    return file
  }

  /// PNG's filters kept here: each byte less nothing, less the byte of the pixel to its left,
  /// or less the byte above it.
  enum Filter: UInt8 {
    case none = 0
    case sub = 1
    case up = 2
  }

  /// The filter whose differences, read as signed bytes, add up to the least, for the `count`
  /// bytes of `row` under those of `above`.
  static func bestFilter(
    _ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int
  ) -> Filter {
    var (none, sub, up) = (0, 0, 0)
    for index in 0..<min(3, count) {
      none &+= Int(Int8(bitPattern: row[index]).magnitude)
      sub &+= Int(Int8(bitPattern: row[index]).magnitude)
      up &+= Int(Int8(bitPattern: row[index] &- above[index]).magnitude)
    }
    for index in min(3, count)..<count {
      let byte = row[index]
      none &+= Int(Int8(bitPattern: byte).magnitude)
      sub &+= Int(Int8(bitPattern: byte &- row[index - 3]).magnitude)
      up &+= Int(Int8(bitPattern: byte &- above[index]).magnitude)
    }
    if none <= sub, none <= up { return .none }
    return sub <= up ? .sub : .up
  }

  /// A chunk: its length, type, data and the CRC-32 of type and data.
  private static func append(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
    let typed = Array(type.utf8) + data
    file += bigEndianBytes(data.count, width: 4) + typed
    file += bigEndianBytes(typed.withUnsafeBytes { StreamFilters.crc32($0) }, width: 4)
  }
}
