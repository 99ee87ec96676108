/// An entry of a cross-reference section: which object (and generation) it defines.
package struct XRefEntry: Equatable, Sendable {
  package var number: Int
  package var generation: Int
  package var inUse: Bool
  /// For an object stored in an object stream (type 2 in a cross-reference stream): that
  /// stream's object number.
  package var objectStream: Int? = nil
  /// In use: the object's offset (relative to the header); in an object stream: its index
  /// there.
  package var offset: Int = 0
}

/// The rows of a cross-reference stream (ISO 32000-1 §7.5.8.3), decoded: `/W` fields per row,
/// the objects `/Index` names, read in place without a struct per row.
package struct CrossReferenceRows: Sendable {
  let data: [UInt8]
  let widths: (type: Int, second: Int, third: Int)
  /// Each `/Index` pair and the row its first object is in.
  let ranges: [(first: Int, count: Int, firstRow: Int)]

  var rowLength: Int { widths.type + widths.second + widths.third }

  /// Checks `/W`, `/Size` and `/Index` against the decoded `data`. Strict: the data holds
  /// exactly the rows named, every type is 0, 1 or 2, and no object is named twice.
  package init?(dictionary: PDFValue, data: [UInt8], strictness: Strictness) {
    guard case .array(let widthValues)? = dictionary["W"], widthValues.count == 3,
      case .integer(let size)? = dictionary["Size"], size >= 0, size <= Int64(Int32.max)
    else { return nil }
    let widths = widthValues.map { if case .integer(let n) = $0 { Int(n) } else { -1 } }
    guard widths.allSatisfy({ (0...8).contains($0) }), widths.reduce(0, +) > 0 else { return nil }
    var pairs: [(first: Int, count: Int)] = [(0, Int(size))]
    if case .array(let index)? = dictionary["Index"] {
      guard index.count % 2 == 0 || strictness == .tolerant else { return nil }
      pairs = []
      for pair in stride(from: 0, to: index.count - 1, by: 2) {
        guard case .integer(let first) = index[pair], case .integer(let count) = index[pair + 1],
          first >= 0, count >= 0, first + count <= Int64(Int32.max)
        else { return nil }
        pairs.append((Int(first), Int(count)))
      }
    } else if dictionary["Index"] != nil {
      return nil
    }
    let rowLength = widths.reduce(0, +)
    var rows = 0
    var ranges: [(first: Int, count: Int, firstRow: Int)] = []
    for pair in pairs {
      guard rows + pair.count <= data.count / rowLength else { return nil }
      ranges.append((pair.first, pair.count, rows))
      rows += pair.count
    }
    self.data = data
    self.widths = (widths[0], widths[1], widths[2])
    self.ranges = ranges
    guard strictness == .strict else { return }
    guard rows * rowLength == data.count,
      widths[0] == 0 || (0..<rows).allSatisfy({ field(row: $0, 0, widths[0]) <= 2 })
    else { return nil }
    let sorted = ranges.filter { $0.count > 0 }.sorted { $0.first < $1.first }
    for (earlier, later) in zip(sorted, sorted.dropFirst())
    where earlier.first + earlier.count > later.first {
      return nil
    }
  }

  private func field(row: Int, _ start: Int, _ width: Int) -> Int {
    data.withUnsafeBufferPointer { Self.field($0, row * rowLength + start, width) }
  }

  private static func field(_ data: UnsafeBufferPointer<UInt8>, _ start: Int, _ width: Int) -> Int {
    var value = 0
    for index in start..<(start + width) { value = value << 8 | Int(data[index]) }
    return value
  }

  private static func entry(
    _ data: UnsafeBufferPointer<UInt8>, row: Int, number: Int,
    widths: (type: Int, second: Int, third: Int)
  ) -> XRefEntry {
    let start = row * (widths.type + widths.second + widths.third)
    let type = widths.type == 0 ? 1 : field(data, start, widths.type)
    let second = field(data, start + widths.type, widths.second)
    let third =
      widths.third == 0 ? 0 : field(data, start + widths.type + widths.second, widths.third)
    return XRefEntry(
      number: number, generation: type == 2 ? 0 : third, inUse: type != 0,
      objectStream: type == 2 ? second : nil, offset: type == 2 ? third : second)
  }

  /// Every entry, in row order (70,000 in a book: one pass, no closure per row).
  package var entries: [XRefEntry] {
    var entries: [XRefEntry] = []
    entries.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
    data.withUnsafeBufferPointer { data in
      for range in ranges {
        for index in 0..<range.count {
          entries.append(
            Self.entry(
              data, row: range.firstRow + index, number: range.first + index, widths: widths))
        }
      }
    }
    return entries
  }

  /// The entry for `number`, when a range names it (the first that does).
  package func entry(for number: Int) -> XRefEntry? {
    for range in ranges where number >= range.first && number < range.first + range.count {
      return data.withUnsafeBufferPointer {
        Self.entry($0, row: range.firstRow + number - range.first, number: number, widths: widths)
      }
    }
    return nil
  }

  /// The highest object number a range names.
  var highestNumber: Int? {
    ranges.filter { $0.count > 0 }.map { $0.first + $0.count - 1 }.max()
  }
}
