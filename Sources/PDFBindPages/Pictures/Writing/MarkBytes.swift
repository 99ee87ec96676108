/// Counting the marks (or the paper) of a run of pixels: the measures' masks hold one byte a
/// pixel, 0 or 1, so eight pixels are one 64-bit word and words add up byte by byte without
/// carrying. Every pixel of a 1,600-pixel page is counted several times (`WritingLayout`,
/// `TextTiles`); counted a byte at a time, or widened to counters lane by lane (Swift's SIMD
/// conversions are not inlined), these counts were most of the measures' time.
enum MarkBytes {
  /// Words added before their bytes are summed: each byte of the sum stays at most 31, and
  /// the eight of them at most 248, so the multiply that sums them never carries.
  private static let wordsPerSum = 31

  /// The number of 1s among the `count` bytes (each 0 or 1) from `start`.
  @inline(__always)
  static func ones(_ start: UnsafeRawPointer, count: Int) -> Int {
    let words = count / 8
    var total = 0
    var word = 0
    while word < words {
      let end = min(words, word &+ wordsPerSum)
      var sum: UInt64 = 0
      while word < end {
        sum &+= start.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
        word &+= 1
      }
      total &+= Int(truncatingIfNeeded: (sum &* 0x0101_0101_0101_0101) &>> 56)
    }
    var byte = words &* 8
    while byte < count {
      total &+= Int(start.load(fromByteOffset: byte, as: UInt8.self))
      byte &+= 1
    }
    return total
  }

  /// Adds each of the `count` bytes (each 0 or 1) from `start` to its counter in `counts`.
  @inline(__always)
  static func add(_ start: UnsafeRawPointer, count: Int, to counts: UnsafeMutablePointer<Int32>) {
    for index in 0..<count {
      counts[index] &+= Int32(start.load(fromByteOffset: index, as: UInt8.self))
    }
  }

  /// The index of the first 1 among the `count` bytes (each 0 or 1) from `start`, read a word
  /// at a time (a byte's 1 is its word's lowest set bit: x86 and ARM read words little-endian).
  @inline(__always)
  static func first(_ start: UnsafeRawPointer, count: Int) -> Int? {
    var byte = 0
    while byte &+ 8 <= count {
      let word = start.loadUnaligned(fromByteOffset: byte, as: UInt64.self)
      if word != 0 { return byte &+ word.littleEndian.trailingZeroBitCount / 8 }
      byte &+= 8
    }
    while byte < count {
      if start.load(fromByteOffset: byte, as: UInt8.self) != 0 { return byte }
      byte &+= 1
    }
    return nil
  }

  /// The index of the last 1 among the `count` bytes (each 0 or 1) from `start`.
  @inline(__always)
  static func last(_ start: UnsafeRawPointer, count: Int) -> Int? {
    var end = count
    while end >= 8 {
      let word = start.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)
      if word != 0 { return end &- 1 &- word.littleEndian.leadingZeroBitCount / 8 }
      end &-= 8
    }
    while end > 0 {
      end &-= 1
      if start.load(fromByteOffset: end, as: UInt8.self) != 0 { return end }
    }
    return nil
  }
}
