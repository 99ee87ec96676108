/// What an update after a hybrid file (ISO 32000-1 §7.5.8.4) carries for the cross-reference
/// stream its newest trailer names in `/XRefStm`: the stream's rows again, under a new number,
/// so that the update's own trailer can name a stream of its own.
///
/// Both ways of pointing at the original stream fail a reader: Ghostscript finds the objects
/// in object streams only through the newest trailer's `/XRefStm`, so the update must name
/// one, and pypdf reads the stream of every trailer that names it, so naming the original
/// again makes it read (and cache) that object twice ("Overwriting cache"). The copy holds
/// every row but the original stream's own (that object is still the old stream, which the
/// older section defines; qpdf, too, reads it through that section), uncompressed, with the
/// original's `/W`.
struct CrossReferenceStreamCopy: Equatable, Sendable {
  /// `/W`: the widths of a row's three fields.
  var widths: [Int]
  /// The object numbers the rows are for, ascending.
  var numbers: [Int]
  /// The rows, `widths` bytes each, in the order of `numbers`, as the original stores them.
  var rows: [UInt8]

  /// The rows of a cross-reference stream with this `dictionary` and decoded `data`, leaving
  /// out object `omitted`; nil when `/W` or `/Index` is malformed, the data is short, or no row
  /// is left.
  init?(dictionary: PDFValue, decodedData data: [UInt8], omitting omitted: Int) {
    guard dictionary["Type"] == .name("XRef"), case .array(let widthValues)? = dictionary["W"],
      widthValues.count == 3, case .integer(let size)? = dictionary["Size"], size >= 0
    else { return nil }
    let widths = widthValues.map { if case .integer(let n) = $0 { Int(n) } else { -1 } }
    guard widths.allSatisfy({ (0...8).contains($0) }), widths.reduce(0, +) > 0 else { return nil }
    var ranges: [(first: Int, count: Int)] = [(0, Int(size))]
    if let index = dictionary["Index"] {
      guard case .array(let values) = index, values.count % 2 == 0 else { return nil }
      ranges = []
      for pair in stride(from: 0, to: values.count, by: 2) {
        guard case .integer(let first) = values[pair], case .integer(let count) = values[pair + 1],
          first >= 0, count >= 0, first <= Int64(Int32.max), count <= Int64(Int32.max)
        else { return nil }
        ranges.append((Int(first), Int(count)))
      }
    }
    let rowLength = widths.reduce(0, +)
    guard ranges.reduce(0, { $0 + $1.count }) <= data.count / rowLength else { return nil }
    // The first row given for a number is the one readers use.
    var kept: [Int: Int] = [:]
    var row = 0
    for range in ranges {
      for number in range.first..<(range.first + range.count) {
        if number != omitted, kept[number] == nil { kept[number] = row }
        row += rowLength
      }
    }
    guard !kept.isEmpty else { return nil }
    let numbers = kept.keys.sorted()
    var rows: [UInt8] = []
    rows.reserveCapacity(numbers.count * rowLength)
    for number in numbers { rows += data[kept[number]!..<kept[number]! + rowLength] }
    self.widths = widths
    self.numbers = numbers
    self.rows = rows
  }

  /// The copy as object `number`: `N 0 obj`, the stream dictionary, the rows, `endobj`.
  /// `size` is the update's `/Size`.
  func objectBytes(number: Int, size: Int) -> [UInt8] {
    var index: [PDFValue] = []
    var start = 0
    while start < numbers.count {
      var end = start + 1
      while end < numbers.count, numbers[end] == numbers[end - 1] + 1 { end += 1 }
      index += [.integer(Int64(numbers[start])), .integer(Int64(end - start))]
      start = end
    }
    let dictionary = PDFValue.dictionary([
      (Array("Type".utf8), .name("XRef")),
      (Array("Size".utf8), .integer(Int64(size))),
      (Array("W".utf8), .array(widths.map { .integer(Int64($0)) })),
      (Array("Index".utf8), .array(index)),
      (Array("Length".utf8), .integer(Int64(rows.count))),
    ])
    var out = Array("\(number) 0 obj\n".utf8)
    PDFSyntax.serialize(dictionary, into: &out)
    out += Array("\nstream\n".utf8)
    out += rows
    out += Array("\nendstream\nendobj\n".utf8)
    return out
  }
}
