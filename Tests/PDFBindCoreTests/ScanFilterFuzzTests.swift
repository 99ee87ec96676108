import PDFBindTestSupport
import PropertyBased
import Testing

@testable import PDFBindCore

/// The byte-level code a Flate scan goes through before poppler's arithmetic takes over
/// (`ScanDecoder`): zlib inflating exactly an image's bytes, and PNG's predictor undone in
/// place. Each property has an oracle that does not reuse the code under test; a smoke run
/// by default, `make fuzz-properties` runs `PDFBIND_FUZZ_COUNT` of each.
@Suite("Fuzz: Flate scans' filters")
struct ScanFilterFuzzTests {
  /// PNG's filters undone the plain way (RFC 2083 §6), row by row into a second array.
  static func unfiltered(_ data: [UInt8], rows: Int, rowBytes: Int, bytesPerPixel: Int)
    -> [UInt8]?
  {
    var out = [UInt8](repeating: 0, count: rows * rowBytes)
    for row in 0..<rows {
      let type = data[row * (rowBytes + 1)]
      for column in 0..<rowBytes {
        let x = Int(data[row * (rowBytes + 1) + 1 + column])
        let a = column >= bytesPerPixel ? Int(out[row * rowBytes + column - bytesPerPixel]) : 0
        let b = row > 0 ? Int(out[(row - 1) * rowBytes + column]) : 0
        let c =
          row > 0 && column >= bytesPerPixel
          ? Int(out[(row - 1) * rowBytes + column - bytesPerPixel]) : 0
        let p = a + b - c
        let paeth =
          abs(p - a) <= abs(p - b) && abs(p - a) <= abs(p - c)
          ? a : abs(p - b) <= abs(p - c) ? b : c
        let predictor: Int
        switch type {
        case 0: predictor = 0
        case 1: predictor = a
        case 2: predictor = b
        case 3: predictor = (a + b) / 2
        case 4: predictor = paeth
        default: return nil
        }
        out[row * rowBytes + column] = UInt8((x + predictor) % 256)
      }
    }
    return out
  }

  @Test("PNG's predictor undone in place is the plain way's result, any pixel width")
  func predictorInPlace() async {
    await propertyCheck(count: FuzzTests.count, input: Gen.uint64()) { seed in
      var random = SplitMix64(seed: seed)
      let bytesPerPixel = 1 + Int(random.next() % 4)
      let rowBytes = bytesPerPixel * (1 + Int(random.next() % 12))
      let rows = Int(random.next() % 10)
      // A filter type past 4 now and then: refused.
      var data = (0..<rows * (rowBytes + 1)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      for row in 0..<rows {
        data[row * (rowBytes + 1)] = UInt8(random.next() % (random.next() % 20 == 0 ? 7 : 5))
      }
      let expected = Self.unfiltered(
        data, rows: rows, rowBytes: rowBytes, bytesPerPixel: bytesPerPixel)
      var inPlace = data
      let undone = inPlace.withUnsafeMutableBufferPointer {
        StreamFilters.undoPNGPredictor(
          $0, rows: rows, rowBytes: rowBytes, bytesPerPixel: bytesPerPixel)
      }
      #expect(undone == (expected != nil), "seed \(seed)")
      if let expected {
        #expect(Array(inPlace.prefix(rows * rowBytes)) == expected, "seed \(seed)")
      }
    }
  }

  @Test("Inflating to fill a buffer gives the stream's first bytes, or false when there are fewer")
  func inflateFilling() async {
    await propertyCheck(count: FuzzTests.count, input: Gen.uint64()) { seed in
      var random = SplitMix64(seed: seed)
      let plain = (0..<Int(random.next() % 3_000)).map { _ in
        UInt8(truncatingIfNeeded: random.next() % 4)
      }
      var stream = plain.withUnsafeBytes { StreamFilters.deflate($0, level: 6) } ?? []
      // Now and then cut short, or damaged (which zlib may notice only at the end: what it
      // gave before may be wrong, and the picture poppler draws would be too).
      let kind = random.next() % 4
      if kind == 0, !stream.isEmpty {
        stream[Int(random.next() % UInt64(stream.count))] ^= UInt8(1 + random.next() % 255)
      } else if kind == 1 {
        stream = Array(stream.prefix(Int(random.next() % UInt64(stream.count + 1))))
      }
      let want = 1 + Int(random.next() % UInt64(plain.count + 10))
      var buffer = [UInt8](repeating: 0xAA, count: want)
      let filled = stream.withUnsafeBytes { data in
        buffer.withUnsafeMutableBytes { StreamFilters.inflate(data, filling: $0) }
      }
      // The oracle: the stream inflated whole, to its end (`inflate(_:)`, which grows its
      // output and needs the stream's end), and the bytes that were compressed.
      if let whole = stream.withUnsafeBytes({ StreamFilters.inflate($0) }) {
        #expect(filled == (whole.count >= want), "seed \(seed)")
        if filled { #expect(buffer == Array(whole.prefix(want)), "seed \(seed)") }
      }
      if kind != 0, filled { #expect(buffer == Array(plain.prefix(want)), "seed \(seed)") }
      if want > plain.count { #expect(!filled || kind == 0, "seed \(seed)") }
    }
  }
}
