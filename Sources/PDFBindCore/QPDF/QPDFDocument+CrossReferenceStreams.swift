internal import CQPDF
import Glibc

// MARK: - Cross-reference stream rows and raw stream data (history)
// (Kept together: pdfbind's own reader of PDF syntax is to take both over.)

extension QPDFDocument {
  /// The entries of the cross-reference stream (`number`, `generation`): every object its
  /// `/Index` names, with its generation (0 for objects in object streams) and whether it is
  /// in use. Nil when qpdf cannot give the stream or its rows do not match `/W`.
  func crossReferenceStreamEntries(_ number: Int, generation: Int) -> [XRefEntry]? {
    let stream = qpdf_get_object_by_id(raw, Int32(clamping: number), Int32(clamping: generation))
    defer {
      qpdf_oh_release(raw, stream)
      discardError()
    }
    guard qpdf_oh_is_stream(raw, stream) == QPDF_TRUE,
      let dictionary = try? value(of: qpdf_oh_get_dict(raw, stream), resolve: true),
      case .array(let widthValues)? = dictionary["W"], widthValues.count == 3,
      case .integer(let size)? = dictionary["Size"],
      let data = try? streamData(stream, decoded: true)
    else { return nil }
    let widths = widthValues.map { if case .integer(let n) = $0 { Int(n) } else { -1 } }
    guard widths.allSatisfy({ (0...8).contains($0) }), widths.reduce(0, +) > 0 else { return nil }
    var ranges: [(first: Int, count: Int)] = [(0, Int(size))]
    if case .array(let index)? = dictionary["Index"] {
      ranges = stride(from: 0, to: index.count - 1, by: 2).compactMap { pair in
        guard case .integer(let first) = index[pair], case .integer(let count) = index[pair + 1]
        else { return nil }
        return (Int(first), Int(count))
      }
    }
    let rowLength = widths.reduce(0, +)
    var entries: [XRefEntry] = []
    var row = 0
    func field(_ width: Int, default fallback: Int) -> Int {
      defer { row += width }
      return width == 0 ? fallback : data[row..<row + width].reduce(0) { $0 << 8 | Int($1) }
    }
    for range in ranges where range.count >= 0 {
      for number in range.first..<(range.first + range.count) {
        guard row + rowLength <= data.count else { return nil }
        let type = field(widths[0], default: 1)
        let second = field(widths[1], default: 0)
        let third = field(widths[2], default: 0)
        entries.append(
          XRefEntry(
            number: number, generation: type == 2 ? 0 : third, inUse: type != 0,
            objectStream: type == 2 ? second : nil))
      }
    }
    return entries
  }

  /// A stream's data, decoded through its general-purpose filters or as stored.
  func streamData(_ stream: qpdf_oh, decoded: Bool) throws(BindingError) -> [UInt8] {
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    let status = qpdf_oh_get_stream_data(
      raw, stream, decoded ? qpdf_dl_generalized : qpdf_dl_none, nil, &buffer, &length)
    // qpdf allocates the buffer with malloc; it is ours to free.
    defer { free(buffer) }
    if status & QPDF_ERRORS != 0 { throw takeError(passwordGiven: true) }
    guard let buffer else { return [] }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }
}
