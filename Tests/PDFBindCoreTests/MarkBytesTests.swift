import Testing

@testable import PDFBindPages

/// Counting and finding marks a word at a time (`MarkBytes`) gives what reading byte by byte
/// gives, at every length and alignment a row of marks can have.
@Suite("Marks read a word at a time")
struct MarkBytesTests {
  /// Every row of 0 to 40 marks with a single mark, and rows of random marks, read from every
  /// offset 0 to 7 into a buffer (rows of a page start anywhere).
  static var rows: [[UInt8]] {
    var generator = SystemRandomNumberGenerator()
    var rows: [[UInt8]] = []
    for count in 0...40 {
      rows.append([UInt8](repeating: 0, count: count))
      for position in 0..<count {
        var row = [UInt8](repeating: 0, count: count)
        row[position] = 1
        rows.append(row)
      }
      for _ in 0..<20 {
        rows.append(
          (0..<count).map { _ in UInt8(Int.random(in: 0..<5, using: &generator) == 0 ? 1 : 0) })
      }
    }
    return rows
  }

  @Test("The count, the first mark and the last, as byte by byte")
  func sameAsBytes() {
    for row in Self.rows {
      for offset in 0..<8 {
        let buffer = [UInt8](repeating: 1, count: offset) + row + [1, 1, 1, 1, 1, 1, 1, 1]
        buffer.withUnsafeBytes { bytes in
          let start = bytes.baseAddress! + offset
          #expect(MarkBytes.ones(start, count: row.count) == row.reduce(0) { $0 + Int($1) })
          #expect(MarkBytes.first(start, count: row.count) == row.firstIndex(of: 1), "\(row)")
          #expect(MarkBytes.last(start, count: row.count) == row.lastIndex(of: 1), "\(row)")
        }
      }
    }
  }
}
