internal import CZlib

/// The stream filters pdfbind's reader decodes (ISO 32000-1 §7.4): none, or `/FlateDecode` with
/// no predictor or a PNG predictor (`/Predictor` 10-15, one 8-bit colour, `/Columns`), which is
/// what cross-reference and object streams use. Anything else is nil: the caller declines.
/// Also zlib's deflate and CRC-32, for the PNG files preview and review write (`PNGFile`).
/// The only file that imports zlib.
package enum StreamFilters {
  /// The largest decoded stream accepted: a cross-reference stream of millions of objects fits,
  /// a decompression bomb does not.
  static let decodedLimit = 256 << 20

  package static func decode(_ data: UnsafeRawBufferPointer, dictionary: PDFValue) -> [UInt8]? {
    var filter = dictionary["Filter"]
    var parameters = dictionary["DecodeParms"]
    if case .array(let filters)? = filter {
      guard filters.count <= 1 else { return nil }
      filter = filters.first
      if case .array(let all)? = parameters {
        guard all.count <= 1 else { return nil }
        parameters = all.first
      }
    }
    switch filter {
    case nil, .null?:
      // One copy, not a byte-by-byte walk of the buffer (a book's stream is 400 KB).
      return [UInt8](unsafeUninitializedCapacity: data.count) { buffer, count in
        if let source = data.baseAddress, let target = buffer.baseAddress {
          target.update(from: source.assumingMemoryBound(to: UInt8.self), count: data.count)
        }
        count = data.count
      }
    case .name(let name)? where name == Array("FlateDecode".utf8):
      guard let inflated = inflate(data) else { return nil }
      return undoPredictor(inflated, parameters: parameters)
    default:
      return nil
    }
  }

  /// `data` as one zlib stream, deflated at `level` (1, fastest, to 9, smallest); nil when
  /// zlib fails (it runs out of memory).
  package static func deflate(_ data: UnsafeRawBufferPointer, level: Int32) -> [UInt8]? {
    guard let input = data.baseAddress, data.count <= Int(UInt32.max) else { return nil }
    let bound = Int(compressBound(uLong(data.count)))
    var status = Z_OK
    let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
      var length = uLongf(bound)
      status = compress2(
        buffer.baseAddress, &length, input.assumingMemoryBound(to: Bytef.self),
        uLong(data.count), level)
      count = status == Z_OK ? Int(length) : 0
    }
    return status == Z_OK ? output : nil
  }

  /// The CRC-32 of `data` (as PNG's chunks and zlib's gzip use it), continuing `crc`.
  package static func crc32(_ data: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    guard let bytes = data.baseAddress, data.count <= Int(UInt32.max) else { return crc }
    return UInt32(
      CZlib.crc32(uLong(crc), bytes.assumingMemoryBound(to: Bytef.self), uInt(data.count)))
  }

  /// The zlib stream in `data`, inflated; nil unless it ends properly.
  package static func inflate(_ data: UnsafeRawBufferPointer) -> [UInt8]? {
    withInflater(reading: data) { stream -> [UInt8]? in
      var output = [UInt8](repeating: 0, count: min(decodedLimit, max(4096, data.count * 4)))
      var produced = 0
      while true {
        if produced == output.count {
          guard output.count < decodedLimit else { return nil }
          output += [UInt8](repeating: 0, count: min(output.count, decodedLimit - output.count))
        }
        let status = output.withUnsafeMutableBytes { buffer in
          stream.pointee.next_out =
            buffer.baseAddress!.assumingMemoryBound(to: Bytef.self) + produced
          stream.pointee.avail_out = uInt(buffer.count - produced)
          let status = CZlib.inflate(stream, Z_NO_FLUSH)
          produced = buffer.count - Int(stream.pointee.avail_out)
          return status
        }
        if status == Z_STREAM_END { break }
        guard status == Z_OK || (status == Z_BUF_ERROR && produced == output.count) else {
          return nil
        }
      }
      output.removeSubrange(produced...)
      return output
    } ?? nil
  }

  /// The first `output.count` bytes the zlib stream in `data` inflates to, written to
  /// `output`: true when there are that many (what follows is not read, as poppler reads no
  /// further than an image's rows); false when the stream ends before or is damaged.
  package static func inflate(
    _ data: UnsafeRawBufferPointer, filling output: UnsafeMutableRawBufferPointer
  ) -> Bool {
    guard let target = output.baseAddress, output.count <= Int(UInt32.max) else { return false }
    return withInflater(reading: data) { stream in
      stream.pointee.next_out = target.assumingMemoryBound(to: Bytef.self)
      stream.pointee.avail_out = uInt(output.count)
      while true {
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        if stream.pointee.avail_out == 0 { return true }
        guard status == Z_OK else { return false }
      }
    } ?? false
  }

  /// `body` given a zlib inflater reading `data`; nil when there is nothing to read (or more
  /// than zlib's 4 GiB) or zlib cannot start one. The inflater lives on the heap, at one
  /// address (zlib's state points back at it), and zlib owns its state from inflateInit until
  /// inflateEnd, which runs on every path.
  private static func withInflater<Result>(
    reading data: UnsafeRawBufferPointer, _ body: (UnsafeMutablePointer<z_stream>) -> Result
  ) -> Result? {
    guard let input = data.baseAddress, data.count > 0, data.count <= Int(UInt32.max) else {
      return nil
    }
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer { stream.deallocate() }
    guard inflateInit_(stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      return nil
    }
    defer { inflateEnd(stream) }
    stream.pointee.next_in = UnsafeMutablePointer(
      mutating: input.assumingMemoryBound(to: Bytef.self))
    stream.pointee.avail_in = uInt(data.count)
    return body(stream)
  }

  /// Undoes a PNG predictor (RFC 2083 §6: each row starts with its filter type byte).
  static func undoPredictor(_ data: [UInt8], parameters: PDFValue?) -> [UInt8]? {
    guard let parameters, parameters != .null else { return data }
    func integer(_ key: String, default fallback: Int64) -> Int64? {
      switch parameters[key] {
      case nil, .null?: fallback
      case .integer(let value)?: value
      default: nil
      }
    }
    guard let predictor = integer("Predictor", default: 1),
      let columns = integer("Columns", default: 1),
      integer("Colors", default: 1) == 1, integer("BitsPerComponent", default: 8) == 8
    else { return nil }
    if predictor == 1 { return data }
    guard (10...15).contains(predictor), (1...1 << 20).contains(columns) else { return nil }
    let width = Int(columns)
    guard data.count % (width + 1) == 0 else { return nil }
    var output = data
    let rows = data.count / (width + 1)
    let undone = output.withUnsafeMutableBufferPointer {
      undoPNGPredictor($0, rows: rows, rowBytes: width, bytesPerPixel: 1)
    }
    guard undone else { return nil }
    output.removeSubrange((rows * width)...)
    return output
  }

  /// Undoes a PNG predictor in place: `data` starts with `rows` rows of a filter type byte
  /// (RFC 2083 §6) and `rowBytes` bytes, each pixel `bytesPerPixel` of them; they become
  /// `rows × rowBytes` bytes from its start. false on a filter type PNG does not have.
  package static func undoPNGPredictor(
    _ data: UnsafeMutableBufferPointer<UInt8>, rows: Int, rowBytes: Int, bytesPerPixel: Int
  ) -> Bool {
    let (needed, overflow) = rows.multipliedReportingOverflow(by: rowBytes &+ 1)
    guard let base = data.baseAddress, rows >= 0, rowBytes > 0, rowBytes < Int.max,
      bytesPerPixel > 0, !overflow, data.count >= needed
    else { return false }
    let step = bytesPerPixel
    for row in 0..<rows {
      // Row `row` moves back by `row + 1` bytes: each byte is read before it is written
      // over, and the row above, which the filters read, is already in its place.
      let source = base + row * (rowBytes + 1) + 1
      let target = base + row * rowBytes
      let above = row > 0 ? UnsafePointer(target - rowBytes) : nil
      switch source[-1] {
      case 0:
        for column in 0..<rowBytes { target[column] = source[column] }
      case 1:
        for column in 0..<rowBytes {
          let left = column >= step ? target[column - step] : 0
          target[column] = source[column] &+ left
        }
      case 2:
        for column in 0..<rowBytes { target[column] = source[column] &+ (above?[column] ?? 0) }
      case 3:
        for column in 0..<rowBytes {
          let left = column >= step ? Int(target[column - step]) : 0
          let up = Int(above?[column] ?? 0)
          target[column] = source[column] &+ UInt8(truncatingIfNeeded: (left + up) / 2)
        }
      case 4:
        for column in 0..<rowBytes {
          let left = column >= step ? Int(target[column - step]) : 0
          let up = Int(above?[column] ?? 0)
          let upLeft = column >= step ? Int(above?[column - step] ?? 0) : 0
          let estimate = left + up - upLeft
          let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
          let predicted = a <= b && a <= c ? left : (b <= c ? up : upLeft)
          target[column] = source[column] &+ UInt8(truncatingIfNeeded: predicted)
        }
      default:
        return false
      }
    }
    return true
  }
}
