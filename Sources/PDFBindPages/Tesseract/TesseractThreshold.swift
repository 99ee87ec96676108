import PDFBindCore

/// A grey page picture made black and white exactly as Tesseract 5.3 makes it before reading
/// the script (its Otsu thresholding: `OtsuThreshold` and `OtsuStats` in
/// src/ccstruct/otsuthr.cpp, `ImageThresholder::ThresholdRectToPix`), laid out as Tesseract
/// holds its binary pictures (a leptonica picture of one bit a pixel). Given a grey picture,
/// Tesseract counts its histogram twice and fills a picture of thresholds as large as the page
/// that script detection never reads: a fifth of `review`'s time on books of flat colour.
/// Given these bits, the same blobs are found, so the readings are the same to the last digit
/// (`TesseractThresholdTests` compares the two).
struct TesseractThreshold {
  let width: Int
  let height: Int
  /// Rows of `wordsPerRow` words; pixel x is bit 31 - x % 32 of word x / 32, a one bit a
  /// mark, the last word's unused bits zero (leptonica's layout).
  let marks: [UInt32]
  var wordsPerRow: Int { (width + 31) / 32 }

  /// The threshold level, and whether the marks are the levels above it (light marks on a
  /// mostly dark page) or at and below it; nil when the picture is one level (all paper).
  let cut: (level: Int, marksAreLight: Bool)?

  init(_ image: GreyImage) {
    width = image.width
    height = image.height
    cut = Self.otsu(Self.histogram(image))
    let wordsPerRow = (image.width + 31) / 32
    let fullWords = image.width / 32
    // Every word is written: the full ones eight pixels at a time (`marked`), the last of a
    // row a pixel at a time.
    var marks = [UInt32](unsafeUninitializedCapacity: wordsPerRow * image.height) {
      _, count in count = wordsPerRow * image.height
    }
    let cutLevel = cut?.level ?? 255
    let light = cut?.marksAreLight ?? true
    let anyMarks = cut != nil
    image.pixels.withUnsafeBufferPointer { pixels in
      marks.withUnsafeMutableBufferPointer { marks in
        for y in 0..<image.height where wordsPerRow > 0 {
          let row = UnsafeRawPointer(pixels.baseAddress! + y * image.width)
          let out = marks.baseAddress! + y * wordsPerRow
          guard anyMarks else {
            out.update(repeating: 0, count: wordsPerRow)
            continue
          }
          for word in 0..<fullWords {
            var packed: UInt32 = 0
            for eighth in 0..<4 {
              let levels = row.loadUnaligned(
                fromByteOffset: word &* 32 &+ eighth &* 8, as: UInt64.self)
              packed = packed &<< 8 | Self.marked(levels, cut: cutLevel, light: light)
            }
            out[word] = packed
          }
          if fullWords < wordsPerRow {
            var packed: UInt32 = 0
            for x in (fullWords &* 32)..<(fullWords &* 32 &+ 32) {
              let level = Int(row.load(fromByteOffset: min(x, image.width - 1), as: UInt8.self))
              packed = packed &<< 1 | (x < image.width && (level > cutLevel) == light ? 1 : 0)
            }
            out[fullWords] = packed
          }
        }
      }
    }
    self.marks = marks
  }

  /// Eight pixels' marks (the first pixel the lowest byte of `levels`) as eight bits, the
  /// first pixel the highest: a mark is a level above `cut` when `light`, else at or below
  /// it. Each byte is compared at once (its low seven bits added to what takes them past
  /// `cut`'s into the top bit, then its own top bit weighed), and the flags gathered by a
  /// multiply that adds each into the top byte at its own bit.
  @inline(__always)
  static func marked(_ levels: UInt64, cut: Int, light: Bool) -> UInt32 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let tops = ones &* 0x80
    let lowAbove = ((levels & ~tops) &+ ones &* UInt64(0x7F - cut & 0x7F)) & tops
    let above = cut >= 0x80 ? levels & tops & lowAbove : (levels & tops) | lowAbove
    let flags = (light ? above : ~above & tops) &>> 7
    return UInt32(truncatingIfNeeded: (flags &* 0x8040_2010_0804_0201) &>> 56)
  }

  /// How many pixels have each level.
  static func histogram(_ image: GreyImage) -> [Int] {
    // Four histograms counted in turn, so a run of one level does not wait on its own count.
    var counts = [Int](repeating: 0, count: 4 * 256)
    image.pixels.withUnsafeBufferPointer { pixels in
      counts.withUnsafeMutableBufferPointer { counts in
        var index = 0
        while index + 4 <= pixels.count {
          counts[Int(pixels[index])] &+= 1
          counts[256 &+ Int(pixels[index &+ 1])] &+= 1
          counts[512 &+ Int(pixels[index &+ 2])] &+= 1
          counts[768 &+ Int(pixels[index &+ 3])] &+= 1
          index &+= 4
        }
        while index < pixels.count {
          counts[Int(pixels[index])] &+= 1
          index &+= 1
        }
      }
    }
    return (0..<256).map { counts[$0] + counts[256 + $0] + counts[512 + $0] + counts[768 + $0] }
  }

  /// Tesseract's Otsu threshold of a one-channel histogram, in its arithmetic (the same
  /// doubles, summed and multiplied in the same order, so ties fall the same way). The marks
  /// are the smaller side: the levels at and below the threshold when fewer than half the
  /// pixels are there, else those above it (Tesseract's `hi_value`, which for one channel
  /// comes to this in each of its cases).
  static func otsu(_ histogram: [Int]) -> (level: Int, marksAreLight: Bool)? {
    precondition(histogram.count == 256)
    // Pixel counts, and sums of their levels (Tesseract's mu_T and mu_t).
    var total = 0
    var levelSum = 0.0
    for level in 0..<256 {
      total += histogram[level]
      levelSum += Double(level) * Double(histogram[level])
    }
    var best = -1
    var bestBelow = 0
    var bestSpread = 0.0
    var below = 0
    var levelSumBelow = 0.0
    for level in 0..<255 {
      below += histogram[level]
      levelSumBelow += Double(level) * Double(histogram[level])
      if below == 0 { continue }
      let above = total - below
      if above == 0 { break }
      // The two sides' mean levels apart, squared, times both sides' counts.
      let difference = (levelSum - levelSumBelow) / Double(above) - levelSumBelow / Double(below)
      let spread = difference * (difference * Double(below) * Double(above))
      if best < 0 || spread > bestSpread {
        bestSpread = spread
        best = level
        bestBelow = below
      }
    }
    guard bestBelow != 0, bestBelow != total else { return nil }
    return (best, marksAreLight: !(Double(bestBelow) < Double(total) * 0.5))
  }
}
