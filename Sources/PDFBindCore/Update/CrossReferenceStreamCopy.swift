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

  /// The rows `rows` holds but object `omitted`'s; nil when no row is left.
  init?(_ rows: CrossReferenceRows, omitting omitted: Int) {
    // The first row given for a number is the one readers use.
    var kept: [Int: Int] = [:]
    for range in rows.ranges {
      for index in 0..<range.count where range.first + index != omitted {
        if kept[range.first + index] == nil {
          kept[range.first + index] = (range.firstRow + index) * rows.rowLength
        }
      }
    }
    guard !kept.isEmpty else { return nil }
    numbers = kept.keys.sorted()
    widths = [rows.widths.type, rows.widths.second, rows.widths.third]
    var bytes: [UInt8] = []
    bytes.reserveCapacity(numbers.count * rows.rowLength)
    for number in numbers {
      bytes += rows.data[kept[number]!..<kept[number]! + rows.rowLength]
    }
    self.rows = bytes
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
