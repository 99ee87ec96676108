extension SpinePicture {
  /// The picture poppler draws of a page that is one scan over the whole of it, at `width`×
  /// `height` pixels with `edges` columns at each side (the rest white, as `spinePicture`
  /// draws), made from the scan decoded at least that large: each pixel the average of the
  /// area of the scan it covers, as cairo scales an image down.
  init(scan: DecodedJPEG, width: Int, height: Int, edges: Int) {
    let strip = min(edges, width / 2)
    let across = AreaWeights(from: scan.coveredWidth, of: scan.width, to: width)
    let down = AreaWeights(from: scan.coveredHeight, of: scan.height, to: height)
    // cairo's RGB24 words, 0x00RRGGBB, so the grey levels and colours come out of the one
    // conversion poppler's pictures go through.
    var words = [UInt32](repeating: 0xFF_FFFF, count: width * height)
    let channels = scan.channels
    let drawn = Array(0..<strip) + Array((width - strip)..<width)
    // The source columns the drawn columns average, at each side, as ranges of samples.
    let sides = [0..<strip, (width - strip)..<width].filter { !$0.isEmpty }.map { columns in
      let first = across.sources[columns.lowerBound].first?.index ?? 0
      let last = across.sources[columns.upperBound - 1].last?.index ?? 0
      return (first * channels)..<((last + 1) * channels)
    }
    // Down first, then across: each row of the picture is the weighted sum of a few rows of
    // the scan (runs of memory the loop vectorises), read only where the strips are.
    var column = [Float](repeating: 0, count: scan.width * channels)
    scan.pixels.withUnsafeBufferPointer { pixels in
      column.withUnsafeMutableBufferPointer { sums in
        for y in 0..<height {
          for samples in sides {
            for sample in samples { sums[sample] = 0 }
          }
          for (row, weight) in down.sources[y] {
            let start = row * scan.width * channels
            for samples in sides {
              for sample in samples {
                sums[sample] += weight * Float(pixels[start &+ sample])
              }
            }
          }
          for x in drawn {
            var levels: (Float, Float, Float) = (0, 0, 0)
            for (source, weight) in across.sources[x] {
              let at = source * channels
              levels.0 += weight * sums[at]
              levels.1 += weight * sums[at + (channels == 3 ? 1 : 0)]
              levels.2 += weight * sums[at + (channels == 3 ? 2 : 0)]
            }
            func level(_ sum: Float) -> UInt32 {
              UInt32(max(0, min(255, (sum + 0.5).rounded(.down))))
            }
            words[y * width + x] = level(levels.0) << 16 | level(levels.1) << 8 | level(levels.2)
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

/// The source pixels each pixel of a picture scaled down averages, with their weights: the
/// `extent` source pixels (of `count`; the last may be covered in part) are spread over
/// `target`, pixel `i` covering source `i·extent/target` to `(i+1)·extent/target`, and each
/// source pixel that span cuts weighs what of it the span covers.
struct AreaWeights {
  let sources: [[(index: Int, weight: Float)]]

  init(from extent: Double, of count: Int, to target: Int) {
    let span = extent / Double(target)
    sources = (0..<target).map { pixel in
      let start = Double(pixel) * span
      let end = Double(pixel + 1) * span
      return (Int(start)..<min(count, Int(end.rounded(.up)))).compactMap { index in
        let covered = min(end, Double(index + 1)) - max(start, Double(index))
        return covered > 0 ? (index, Float(covered / span)) : nil
      }
    }
  }
}
